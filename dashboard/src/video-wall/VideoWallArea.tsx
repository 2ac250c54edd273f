import { mayUseVideoWall } from '@kerygma/domain/roles';
import { useEffect } from 'react';
import { NavLink, Outlet } from 'react-router';
import { useI18n } from '../i18n.tsx';
import { Loading, useSignedIn } from '../shell/Layout.tsx';
import './video-wall.css';

/**
 * /video-wall (spec §2 video wall, its 'video-wall' layout): signed in (the §2 guard), then only
 * for the VideoWall role or a site admin (§6); anyone else gets the 503 refusal on every screen.
 */
export function VideoWallArea() {
  const user = useSignedIn();
  const { t } = useI18n();

  useEffect(() => {
    document.title = `${t('videoWall.title')} – ${t('site.name')}`;
  }, [t]);

  if (!user) return <Loading />;
  if (!mayUseVideoWall(user)) {
    return (
      <main id="main" className="card" data-status="503">
        <h1>{t('dashboardAccount.common.unavailable')}</h1>
      </main>
    );
  }
  return (
    <div className="video-wall">
      <nav className="video-wall-nav" aria-label={t('videoWall.nav.label')}>
        <NavLink to="group">{t('videoWall.nav.wall')}</NavLink>
        <NavLink to="qr">{t('videoWall.nav.qr')}</NavLink>
        <NavLink to="admin">{t('videoWall.nav.settings')}</NavLink>
      </nav>
      <Outlet />
    </div>
  );
}
