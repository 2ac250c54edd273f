import { useEffect } from 'react';
import { useParams } from 'react-router';
import { useI18n, useSitePath } from '../i18n.tsx';
import { loadSession, signOut, useUser } from '../session.ts';
import { ErrorView } from '../shell/ErrorView.tsx';
import { postToParent } from '../shell/frame.ts';
import { useToast } from '../shell/toasts.tsx';

/**
 * The classic admin's embeds (spec §2: /django/embed/link-user, payment-method-input,
 * user-dropdown): small frames that tell the page around them what happened, by message.
 */
export function DjangoEmbed() {
  const { embed } = useParams();
  useEffect(() => {
    void loadSession();
  }, []);
  if (embed === 'link-user') return <LinkUser />;
  if (embed === 'payment-method-input') return <PaymentMethodInput />;
  if (embed === 'user-dropdown') return <UserDropdown />;
  return <ErrorView />;
}

function SignInFirst() {
  const { t } = useI18n();
  const sitePath = useSitePath();
  return (
    <a className="button" href={sitePath('/user/login')} target="_top">
      {t('dashboard.signIn')}
    </a>
  );
}

/** Links the signed-in user to the classic admin's broadcaster: the parent makes the link. */
function LinkUser() {
  const { t } = useI18n();
  const toast = useToast();
  const user = useUser();
  if (user === undefined) return <p role="status">{t('dashboard.shell.loading')}</p>;
  if (user === null) return <SignInFirst />;
  return (
    <div className="embed">
      <p>{t('dashboard.embeds.linkAs', { name: user.display_name || user.username })}</p>
      <button
        type="button"
        className="button"
        onClick={() => {
          postToParent({ type: 'link-user', userID: user.user_id, username: user.username });
          toast('success', t('dashboard.embeds.linked'));
        }}
      >
        {t('dashboard.embeds.link')}
      </button>
    </div>
  );
}

/** Payments are not built yet (issue 24): the frame says so, and tells the parent. */
function PaymentMethodInput() {
  const { t } = useI18n();
  useEffect(() => {
    postToParent({ type: 'payment-method', configured: false });
  }, []);
  return <p className="embed">{t('dashboard.embeds.paymentsNotConfigured')}</p>;
}

/** The classic admin's user menu: settings and sign out, chosen here and done by the parent. */
function UserDropdown() {
  const { t } = useI18n();
  const user = useUser();
  const sitePath = useSitePath();
  if (user === undefined) return null;
  if (user === null) return <SignInFirst />;
  return (
    <details className="embed user-dropdown">
      <summary>{user.display_name || user.username}</summary>
      <ul>
        <li>
          <a
            href={sitePath('/user/settings')}
            target="_top"
            onClick={() => postToParent({ type: 'user-dropdown', action: 'settings' })}
          >
            {t('nav.settings')}
          </a>
        </li>
        <li>
          <button
            type="button"
            className="link-button"
            onClick={() => {
              postToParent({ type: 'user-dropdown', action: 'sign-out' });
              void signOut();
            }}
          >
            {t('dashboard.shell.signOut')}
          </button>
        </li>
      </ul>
    </details>
  );
}
