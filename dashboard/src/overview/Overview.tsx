import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useMemo } from 'react';
import { type A, routes } from '../account/account-api.ts';
import { NextBill } from '../account/billing/NextBill.tsx';
import { accountKey, ScreenFrame, useBroadcasterParams } from '../account/screen.tsx';
import { mayOpen } from '../account/screens.ts';
import { formatDay } from '../dates.ts';
import { useI18n } from '../i18n.tsx';
import { call } from '../session.ts';
import { useBroadcaster } from '../shell/broadcaster.tsx';
import { chartColumns } from './chart-data.ts';

// uPlot comes with the chart, after the figures.
const PlaysChart = lazy(() => import('./PlaysChart.tsx'));

/** The dashboard overview: lifetime figures, recent plays and downloads, per sermon, notices, the next bill. */
export default function Overview() {
  const { t, lang } = useI18n();
  const params = useBroadcasterParams();
  const { roles } = useBroadcaster();
  const number = useMemo(() => new Intl.NumberFormat(lang), [lang]);
  const read = <T,>(name: string, fetcher: (signal: AbortSignal) => Promise<T>, enabled = true) => ({
    queryKey: accountKey(params.broadcasterID, name),
    queryFn: ({ signal }: { signal: AbortSignal }) => fetcher(signal),
    enabled,
  });
  const lifetime = useQuery(
    read('lifetime', (signal) => call<A['lifetimeStats']>(routes.lifetimeStats, { params, signal, noCache: true })),
  );
  const recent = useQuery(
    read('recent', (signal) => call<A['recentStats']>(routes.recentStats, { params, signal, noCache: true })),
  );
  const sermons = useQuery(
    read('sermon-stats', (signal) => call<A['sermonStats']>(routes.sermonStats, { params, signal, noCache: true })),
  );
  const notices = useQuery(
    read('notices', (signal) => call<A['broadcasterNotices']>(routes.notices, { params, signal, noCache: true })),
  );
  const mayBill = mayOpen(roles, 'billing');
  const bill = useQuery(
    read('next-bill', (signal) => call<A['nextBill']>(routes.nextBill, { params, signal, noCache: true }), mayBill),
  );
  const days = recent.data?.days ?? [];
  const columns = useMemo(
    () => (days.length ? chartColumns(days, days[days.length - 1]?.date ?? '', days.length) : null),
    [days],
  );

  return (
    <ScreenFrame title={t('dashboardAccount.overview.title')} pending={lifetime.isPending} error={lifetime.error}>
      {() => (
        <>
          {lifetime.data && (
            <section aria-labelledby="lifetime">
              <h2 id="lifetime">{t('dashboardAccount.overview.lifetime')}</h2>
              <dl className="figures">
                <div>
                  <dt>{t('dashboardAccount.overview.sermons')}</dt>
                  <dd>{number.format(lifetime.data.sermons)}</dd>
                </div>
                <div>
                  <dt>{t('dashboardAccount.overview.plays')}</dt>
                  <dd>{number.format(lifetime.data.plays)}</dd>
                </div>
                <div>
                  <dt>{t('dashboardAccount.overview.downloads')}</dt>
                  <dd>{number.format(lifetime.data.downloads)}</dd>
                </div>
              </dl>
            </section>
          )}

          <section aria-labelledby="recent">
            <h2 id="recent">{t('dashboardAccount.overview.recent')}</h2>
            {columns && (
              <Suspense fallback={<div className="chart" aria-busy="true" />}>
                <PlaysChart
                  columns={columns}
                  label={t('dashboardAccount.overview.chartLabel', { days: days.length })}
                />
              </Suspense>
            )}
            {days.length > 0 && (
              <details>
                <summary>{t('dashboardAccount.overview.chartTable')}</summary>
                <table>
                  <thead>
                    <tr>
                      <th scope="col">{t('dashboardAccount.overview.date')}</th>
                      <th scope="col">{t('dashboardAccount.overview.plays')}</th>
                      <th scope="col">{t('dashboardAccount.overview.downloads')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {days.map((d) => (
                      <tr key={d.date}>
                        <th scope="row">{formatDay(d.date)}</th>
                        <td>{number.format(d.plays)}</td>
                        <td>{number.format(d.downloads)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </details>
            )}
          </section>

          <section aria-labelledby="per-sermon">
            <h2 id="per-sermon">{t('dashboardAccount.overview.perSermon')}</h2>
            {sermons.data && sermons.data.results.length === 0 && <p>{t('dashboardAccount.overview.noSermons')}</p>}
            {sermons.data && sermons.data.results.length > 0 && (
              <table>
                <thead>
                  <tr>
                    <th scope="col">{t('dashboardAccount.overview.sermon')}</th>
                    <th scope="col">{t('dashboardAccount.overview.plays')}</th>
                    <th scope="col">{t('dashboardAccount.overview.downloads')}</th>
                  </tr>
                </thead>
                <tbody>
                  {sermons.data.results.map((s) => (
                    <tr key={s.sermonID}>
                      <th scope="row">
                        {s.fullTitle}
                        {s.preachDate && <span className="hint"> {formatDay(s.preachDate)}</span>}
                      </th>
                      <td>{number.format(s.plays)}</td>
                      <td>{number.format(s.downloads)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </section>

          <section aria-labelledby="notices">
            <h2 id="notices">{t('dashboardAccount.overview.notices')}</h2>
            {notices.data && notices.data.results.length === 0 && <p>{t('dashboardAccount.overview.noNotices')}</p>}
            <ul>
              {notices.data?.results.map((n) => (
                <li key={n.noticeID}>
                  <strong>{n.title}</strong> {n.text}
                </li>
              ))}
            </ul>
          </section>

          {mayBill && bill.data && (
            <section aria-labelledby="next-bill">
              <h2 id="next-bill">{t('dashboardAccount.overview.nextBill')}</h2>
              <NextBill answer={bill.data} />
            </section>
          )}
        </>
      )}
    </ScreenFrame>
  );
}
