import { Link } from 'react-router';
import { useI18n } from '../i18n.tsx';
import { useAreaPath } from './area.ts';

/** Which dashboard list a missing page belongs to (spec §2 "dashboard error view"). */
export type ErrorKind = 'sermon' | 'article' | 'page';

/** The dashboard's error view: its title, the §2 text and a link back. */
export function ErrorView({ kind = 'page' }: { kind?: ErrorKind }) {
  const { t } = useI18n();
  const to = useAreaPath();
  const title =
    kind === 'sermon'
      ? t('dashboard.error.sermonNotFound')
      : kind === 'article'
        ? t('dashboard.error.articleNotFound')
        : t('dashboard.error.title');
  const back =
    kind === 'sermon'
      ? { path: '/sermons', page: t('dashboard.error.sermons') }
      : kind === 'article'
        ? { path: '/articles', page: t('dashboard.error.articles') }
        : { path: '/overview', page: t('dashboard.error.overview') };
  return (
    <section className="error-view" aria-labelledby="error-title">
      <h1 id="error-title">{title}</h1>
      <p>{t('dashboard.error.text')}</p>
      <Link to={to(back.path)}>{t('dashboard.error.returnTo', { page: back.page })}</Link>
    </section>
  );
}
