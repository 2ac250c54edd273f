import { useI18n } from '../i18n.tsx';

/** Previous / 'Page 2 of 5' / next under a list (spec §9 page sizes). */
export function Pager({ page, pages, onPage }: { page: number; pages: number; onPage: (page: number) => void }) {
  const { t } = useI18n();
  if (pages <= 1) return null;
  return (
    <nav className="pager" aria-label={t('dashboard.shell.pages')}>
      <button type="button" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('dashboard.shell.previous')}
      </button>
      <span>{t('dashboard.shell.pageOf', { page, pages })}</span>
      <button type="button" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {t('dashboard.shell.next')}
      </button>
    </nav>
  );
}
