import { useEffect } from 'react';
import { NavLink, Outlet, useLocation, useNavigate } from 'react-router';
import { useI18n, useSitePath } from '../i18n.tsx';
import { loadSession, signOut, useUser } from '../session.ts';
import { useArea, useAreaPath } from './area.ts';
import { BroadcasterProvider, rememberBroadcaster, useChosenBroadcaster } from './broadcaster.tsx';
import { NAV_ITEMS } from './nav.ts';

/**
 * Every dashboard screen's frame (spec §2 layouts: 'dashboard', or 'dashboard-django' under
 * /django): the guards (signed in, a broadcaster to manage), the navigation and the screen.
 */
export function Layout() {
  const user = useSignedIn();
  if (!user) return <Loading />;
  return <SignedInLayout user={user} />;
}

/**
 * The signed-in user, once known; signed out, the §2 auth-required guard sends the browser to
 * sign-in with `next` (this path and query). Undefined while the session loads.
 */
export function useSignedIn(): ReturnType<typeof useUser> {
  const user = useUser();
  const sitePath = useSitePath();
  const location = useLocation();

  useEffect(() => {
    void loadSession();
  }, []);

  useEffect(() => {
    if (user === null) {
      const next = `${location.pathname}${location.search}`;
      window.location.assign(`${sitePath('/user/login')}?next=${encodeURIComponent(next)}`);
    }
  }, [user, location.pathname, location.search, sitePath]);
  return user;
}

export function Loading() {
  const { t } = useI18n();
  return (
    <p className="loading" role="status">
      {t('dashboard.shell.loading')}
    </p>
  );
}

function SignedInLayout({ user }: { user: NonNullable<ReturnType<typeof useUser>> }) {
  const { t } = useI18n();
  const area = useArea();
  const to = useAreaPath();
  const sitePath = useSitePath();
  const navigate = useNavigate();
  const context = useChosenBroadcaster(user);

  useEffect(() => {
    if (context) rememberBroadcaster(context.broadcasterID);
  }, [context]);

  if (!context) {
    return (
      <main id="main" className="card">
        <h1>{t('dashboard.title')}</h1>
        <p>{t('dashboard.shell.noBroadcaster')}</p>
        <a className="button" href={sitePath('/broadcaster/sign-up')}>
          {t('dashboard.shell.becomeBroadcaster')}
        </a>
      </main>
    );
  }
  const items = NAV_ITEMS.filter((item) => !item.roles || item.roles.some((r) => context.roles.includes(r)));
  return (
    <BroadcasterProvider value={context}>
      <div className={area === 'django' ? 'layout layout-django' : 'layout'}>
        <a className="skip-link" href="#main">
          {t('nav.skipToContent')}
        </a>
        {area !== 'django' && (
          <header className="top">
            <a className="brand" href={sitePath('/')} aria-label={t('site.logoAlt')}>
              {t('site.name')}
            </a>
            {context.choices.length > 1 && (
              <label className="switcher">
                <span className="visually-hidden">{t('dashboard.shell.broadcaster')}</span>
                <select
                  value={context.broadcasterID}
                  onChange={(e) => {
                    rememberBroadcaster(e.target.value);
                    navigate(`${to('/sermons')}?broadcasterID=${encodeURIComponent(e.target.value)}`);
                  }}
                >
                  {context.choices.map((id) => (
                    <option key={id} value={id}>
                      {id}
                    </option>
                  ))}
                </select>
              </label>
            )}
            <span className="user-name">{user.display_name || user.username}</span>
            <button
              type="button"
              className="link-button"
              onClick={() => void signOut().finally(() => window.location.assign(sitePath('/')))}
            >
              {t('dashboard.shell.signOut')}
            </button>
          </header>
        )}
        <nav className="side-nav" aria-label={t('dashboard.shell.navigation')}>
          <ul>
            {items.map((item) => (
              <li key={item.path}>
                <NavLink to={to(item.path)}>{t(item.label)}</NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <main id="main" tabIndex={-1}>
          <Outlet />
        </main>
      </div>
    </BroadcasterProvider>
  );
}
