import { Link } from 'react-router';
import { useI18n } from '../i18n.tsx';
import { Loading, useSignedIn } from '../shell/Layout.tsx';
import PendingBroadcasters from './PendingBroadcasters.tsx';

/**
 * /admin (spec §2 Admin): for site admins, signed in (the §2 guard); the server refuses every
 * call to anyone else, and the screen shows that refusal: the broadcaster sign-ups waiting for
 * approval while payments are not configured, and a link to the webcasts' health.
 */
export function AdminArea() {
  const user = useSignedIn();
  const { t } = useI18n();
  if (!user) return <Loading />;
  return (
    <main id="main" className="card">
      <p>
        <Link to="/admin/webcast-health">{t('webcastScreen.admin.title')}</Link>
      </p>
      <PendingBroadcasters t={t} />
    </main>
  );
}
