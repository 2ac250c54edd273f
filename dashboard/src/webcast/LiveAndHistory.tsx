import type { Webcast, WebcastLite } from '@kerygma/domain/contracts/webcasts';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useRef } from 'react';
import { useI18n } from '../i18n.tsx';
import { useBroadcaster } from '../shell/broadcaster.tsx';
import { errorText } from '../shell/query.ts';
import { HealthReport } from './HealthReport.tsx';
import { useLiveStream } from './live-stream.ts';
import { POLL_MS, webcastApi, webcastKeys } from './webcast-api.ts';

/** How often the list is asked again while nothing is live, to notice a webcast starting. */
const IDLE_POLL_MS = 30_000;
const inProgress = (w: WebcastLite) => w.state !== 'ended';

function useFormats() {
  const { lang } = useI18n();
  return useMemo(
    () => ({
      number: new Intl.NumberFormat(lang),
      time: new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short' }),
    }),
    [lang],
  );
}

/**
 * What its publisher sends, as viewers get it: the live webcast played muted, with controls
 * (its managers' view: a password-protected one plays too).
 */
function LivePreview({ webcast }: { webcast: WebcastLite }) {
  const { t } = useI18n();
  const { broadcasterID } = useBroadcaster();
  const video = useRef<HTMLVideoElement>(null);
  const { webcastID } = webcast;
  const managed = useQuery({
    queryKey: ['webcast-preview', webcastID],
    queryFn: ({ signal }) =>
      webcastApi.webcast({ params: { broadcasterID, webcastID }, query: { preview: true }, signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
  useLiveStream(video, managed.data?.hlsURL);
  return (
    <video
      ref={video}
      className="webcast-preview"
      muted
      controls
      playsInline
      aria-label={t('webcastScreen.live.preview', { title: webcast.title })}
    />
  );
}

/** The live webcast: its preview, stream health (spec §4) and latest events, asked again while it is live. */
function LiveWebcast({ webcast }: { webcast: WebcastLite }) {
  const { t } = useI18n();
  const { number } = useFormats();
  const webcastID = webcast.webcastID;
  const health = useQuery({
    queryKey: ['webcast-health', webcastID],
    queryFn: ({ signal }) => webcastApi.health({ params: { webcastID }, signal }),
    refetchInterval: POLL_MS,
  });
  const stats = useQuery({
    queryKey: ['webcast-stats', webcastID],
    queryFn: ({ signal }) => webcastApi.stats({ params: { webcastID }, signal }),
    refetchInterval: POLL_MS,
  });
  return (
    <div>
      <p>
        <strong>{webcast.title}</strong> — {t(`webcastScreen.state.${webcast.state}`)}
      </p>
      <LivePreview webcast={webcast} />
      {health.data && <HealthReport health={health.data} />}
      {stats.data && (
        <p>
          {t('webcastScreen.live.viewers', {
            peak: number.format(stats.data.peakViewers),
            total: number.format(stats.data.totalViewers),
          })}
        </p>
      )}
    </div>
  );
}

/** One past webcast with its viewers (spec §7 webcast stats). */
function PastWebcast({ webcast }: { webcast: WebcastLite | Webcast }) {
  const { t } = useI18n();
  const { number, time } = useFormats();
  // Stopped by the server (spec §8): said with the words of its health event.
  const stopped = 'stopReason' in webcast ? webcast.stopReason : null;
  const stats = useQuery({
    queryKey: ['webcast-stats', webcast.webcastID],
    queryFn: ({ signal }) => webcastApi.stats({ params: { webcastID: webcast.webcastID }, signal }),
  });
  return (
    <tr>
      <td>
        <span>{webcast.title}</span>
        {stopped && (
          <>
            <br />
            <small>{t(`webcastScreen.event.killed-${stopped}`)}</small>
          </>
        )}
      </td>
      <td>{webcast.startTimestamp ? time.format(webcast.startTimestamp * 1000) : ''}</td>
      <td>{stats.data ? number.format(stats.data.peakViewers) : ''}</td>
      <td>{stats.data ? number.format(stats.data.totalViewers) : ''}</td>
      <td>{stats.data ? number.format(Math.round(stats.data.minutesWatched)) : ''}</td>
    </tr>
  );
}

/** The broadcaster's live webcast, if any, and its earlier ones with their viewers. */
export function LiveAndHistory() {
  const { t } = useI18n();
  const { number } = useFormats();
  const { broadcasterID } = useBroadcaster();
  const list = useQuery({
    queryKey: webcastKeys.webcasts(broadcasterID),
    queryFn: ({ signal }) => webcastApi.webcasts({ params: { broadcasterID }, query: { pageSize: 25 }, signal }),
    refetchInterval: (q) => (q.state.data?.results.some(inProgress) ? POLL_MS : IDLE_POLL_MS),
  });
  const totals = useQuery({
    queryKey: ['webcast-totals', broadcasterID],
    queryFn: ({ signal }) => webcastApi.totals({ params: { broadcasterID }, signal }),
  });
  if (list.isError) return <p role="alert">{errorText(list.error, t('dashboard.shell.loadFailed'))}</p>;
  const webcasts = list.data?.results ?? [];
  const live = webcasts.find(inProgress);
  const past = webcasts.filter((w) => w.state === 'ended');
  return (
    <>
      <section className="card" aria-labelledby="webcast-live">
        <h2 id="webcast-live">{t('webcastScreen.live.title')}</h2>
        {live ? <LiveWebcast webcast={live} /> : <p>{t('webcastScreen.live.none')}</p>}
      </section>
      <section className="card" aria-labelledby="webcast-history">
        <h2 id="webcast-history">{t('webcastScreen.history.title')}</h2>
        {totals.data && totals.data.webcastCount > 0 && (
          <p>
            {t('webcastScreen.history.totals', {
              count: number.format(totals.data.webcastCount),
              viewers: number.format(totals.data.totalViewers),
              minutes: number.format(Math.round(totals.data.minutesWatched)),
            })}
          </p>
        )}
        {past.length === 0 ? (
          <p>{t('webcastScreen.history.none')}</p>
        ) : (
          <table>
            <thead>
              <tr>
                <th scope="col">{t('webcastScreen.history.webcast')}</th>
                <th scope="col">{t('webcastScreen.history.started')}</th>
                <th scope="col">{t('webcastScreen.history.peak')}</th>
                <th scope="col">{t('webcastScreen.history.total')}</th>
                <th scope="col">{t('webcastScreen.history.minutes')}</th>
              </tr>
            </thead>
            <tbody>
              {past.map((w) => (
                <PastWebcast key={w.webcastID} webcast={w} />
              ))}
            </tbody>
          </table>
        )}
      </section>
    </>
  );
}
