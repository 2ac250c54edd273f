import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { useI18n } from '../i18n.tsx';
import { Loading, useSignedIn } from '../shell/Layout.tsx';
import { errorText } from '../shell/query.ts';
import { HealthReport } from '../webcast/HealthReport.tsx';
import { POLL_MS, webcastApi } from '../webcast/webcast-api.ts';

/**
 * /admin/webcast-health (spec §2 Admin): for site admins at any hour, every webcast live or
 * waiting for its encoder, the worst health first, asked again every few seconds. The server
 * answers site admins only; anyone else sees its refusal.
 */
export function WebcastHealthOverview() {
  const user = useSignedIn();
  const { t, lang } = useI18n();
  const time = useMemo(() => new Intl.DateTimeFormat(lang, { timeStyle: 'short' }), [lang]);
  const overview = useQuery({
    queryKey: ['webcast-health-overview'],
    queryFn: ({ signal }) => webcastApi.healthOverview({ signal }),
    refetchInterval: POLL_MS,
    enabled: !!user,
    retry: false,
  });
  if (!user) return <Loading />;
  const webcasts = overview.data?.results ?? [];
  return (
    <main id="main" className="card">
      <p>
        <Link to="/admin">{t('webcastScreen.admin.back')}</Link>
      </p>
      <h1>{t('webcastScreen.admin.title')}</h1>
      <p>{t('webcastScreen.admin.intro')}</p>
      {overview.isError && <p role="alert">{errorText(overview.error, t('dashboard.shell.loadFailed'))}</p>}
      {overview.isSuccess && webcasts.length === 0 && <p>{t('webcastScreen.admin.none')}</p>}
      {webcasts.map((w) => (
        <section key={w.webcastID} className="card" aria-labelledby={`webcast-${w.webcastID}`}>
          <h2 id={`webcast-${w.webcastID}`}>
            {w.broadcasterName}: {w.title}
          </h2>
          <p>
            {t(`webcastScreen.state.${w.webcastState}`)}
            {w.startTimestamp !== null &&
              ` · ${t('webcastScreen.admin.since', { time: time.format(w.startTimestamp * 1000) })}`}
          </p>
          <HealthReport health={w} />
        </section>
      ))}
    </main>
  );
}
