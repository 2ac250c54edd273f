import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { useParams } from 'react-router';
import { useMapConfig } from '../account/screen.tsx';
import { useI18n } from '../i18n.tsx';
import { playGoLiveChime } from './chime.ts';
import { LivePreview } from './LivePreview.tsx';
import { useBroadcasterPlaces, useGroupBroadcasters, useLiveWebcasts } from './live-data.ts';
import { type MarkerPlace, mapMarkers } from './markers.ts';
import { gridColumns, type WallScope, wallPage, wallWebcasts } from './rotation.ts';
import { readVideoWallSettings } from './settings.ts';

const LiveMap = lazy(() => import('./LiveMap.tsx'));

/**
 * /video-wall/broadcaster/{broadcasterID?} and /video-wall/group/{group?}: the live webcasts'
 * previews in turn (rotation.ts) beside the map of live broadcasters; without an ID or group,
 * everyone's. Unattended, it reloads every resetFrequency minutes (§9).
 */
export function WallScreen() {
  const { t } = useI18n();
  const { broadcasterID, group } = useParams();
  const [settings] = useState(readVideoWallSettings);
  const live = useLiveWebcasts(broadcasterID);
  const members = useGroupBroadcasters(group);

  const scope = useMemo<WallScope | null>(() => {
    if (broadcasterID) return { kind: 'broadcaster', broadcasterID };
    if (group === undefined) return { kind: 'all' };
    return members.data ? { kind: 'group', broadcasterIDs: members.data } : null;
  }, [broadcasterID, group, members.data]);
  const webcasts = useMemo(() => (scope && live.data ? wallWebcasts(live.data, scope) : []), [scope, live.data]);

  const elapsed = useElapsed(webcasts.length, settings);
  const { shown, page, pages } = wallPage(webcasts, settings, elapsed);
  const [heard, setHeard] = useState<string | null>(null);
  const loading = live.isPending || (group !== undefined && members.isPending);
  useGoLiveChime(loading ? null : webcasts.map((w) => w.webcastID), settings);
  useReloadEvery(settings.resetFrequency);
  const failed = live.isError || members.isError;
  const title = broadcasterID
    ? t('videoWall.wall.broadcasterTitle', { broadcasterID })
    : group
      ? t('videoWall.wall.groupTitle', { group })
      : t('videoWall.wall.allTitle');

  return (
    <main id="main" className="video-wall-screen">
      <h1 className="visually-hidden">{title}</h1>
      <section className="video-wall-previews" aria-label={t('videoWall.wall.previews')}>
        {loading ? (
          <p role="status">{t('dashboard.shell.loading')}</p>
        ) : failed ? (
          <p role="alert">{t('dashboardAccount.common.loadFailed')}</p>
        ) : shown.length === 0 ? (
          <p className="video-wall-empty" role="status">
            {t('videoWall.wall.noneLive')}
          </p>
        ) : (
          <>
            <div
              className="video-wall-grid"
              style={{ gridTemplateColumns: `repeat(${gridColumns(shown.length)}, 1fr)` }}
            >
              {shown.map((w) => (
                <LivePreview
                  key={`${page}-${w.webcastID}`}
                  webcast={w}
                  volume={heard === w.webcastID ? settings.previewVolume : null}
                  onPick={() => setHeard((now) => (now === w.webcastID ? null : w.webcastID))}
                />
              ))}
            </div>
            {pages > 1 && (
              <p className="video-wall-page" role="status">
                {t('videoWall.wall.page', { page: page + 1, pages, count: webcasts.length })}
              </p>
            )}
          </>
        )}
      </section>
      <LiveBroadcastersMap broadcasterIDs={webcasts.map((w) => w.broadcasterID.toLowerCase())} settings={settings} />
    </main>
  );
}

type Settings = ReturnType<typeof readVideoWallSettings>;

function LiveBroadcastersMap({ broadcasterIDs, settings }: { broadcasterIDs: string[]; settings: Settings }) {
  const { t } = useI18n();
  const maps = useMapConfig();
  const key = [...new Set(broadcasterIDs)].join(',');
  const unique = useMemo(() => (key ? key.split(',') : []), [key]);
  const live = useBroadcasterPlaces(unique);
  const seen = useSeenPlaces(live, settings.markerResetFrequency);
  const markers = useMemo(() => mapMarkers(live, seen, settings), [live, seen, settings]);
  if (!maps.data) return <aside className="video-wall-map-frame" aria-busy={maps.isPending} />;
  return (
    <aside className="video-wall-map-frame">
      <Suspense fallback={null}>
        <LiveMap
          tileURL={maps.data.maps.tileURL}
          attribution={maps.data.maps.tileAttribution}
          baseZoom={settings.baseZoom}
          markers={markers}
          label={t('videoWall.map.label')}
        />
      </Suspense>
    </aside>
  );
}

/**
 * Milliseconds since the previews started, advanced only when the page is due to change (one
 * timer per page, none while everything fits); restarted when the number of webcasts changes.
 */
function useElapsed(count: number, settings: Settings): number {
  const [clock, setClock] = useState(() => {
    const at = performance.now();
    return { count, startedAt: at, now: at };
  });
  let current = clock;
  if (clock.count !== count) {
    const at = performance.now();
    current = { count, startedAt: at, now: at };
    setClock(current);
  }
  const elapsed = current.now - current.startedAt;
  const { nextChangeMs } = wallPage(Array.from({ length: count }), settings, elapsed);
  useEffect(() => {
    if (nextChangeMs === null) return;
    const timer = setTimeout(() => setClock((c) => ({ ...c, now: performance.now() })), nextChangeMs);
    return () => clearTimeout(timer);
  }, [nextChangeMs]);
  return elapsed;
}

/** Every place seen live since the last clearing (every `minutes`), oldest first. */
function useSeenPlaces(live: MarkerPlace[], minutes: number): MarkerPlace[] {
  const [seen, setSeen] = useState<MarkerPlace[]>([]);
  useEffect(() => {
    if (live.length > 0)
      setSeen((before) => [...before.filter((p) => !live.some((l) => l.broadcasterID === p.broadcasterID)), ...live]);
  }, [live]);
  useEffect(() => {
    const timer = setInterval(() => setSeen([]), minutes * 60_000);
    return () => clearInterval(timer);
  }, [minutes]);
  return seen;
}

/**
 * The chime for a webcast that was not live at the last look; none for those live when the wall
 * starts, nor while the list loads (`null`).
 */
function useGoLiveChime(webcastIDs: string[] | null, settings: Settings) {
  const known = useRef<Set<string> | null>(null);
  const key = webcastIDs?.join(',') ?? null;
  useEffect(() => {
    if (key === null) return;
    const ids = key ? key.split(',') : [];
    if (known.current && ids.some((id) => !known.current?.has(id))) playGoLiveChime(settings);
    known.current = new Set(ids);
  }, [key, settings]);
}

/** Reloads the whole wall every `minutes` (0: never), as it runs for days unattended. */
function useReloadEvery(minutes: number) {
  useEffect(() => {
    if (minutes <= 0) return;
    const timer = setTimeout(() => window.location.reload(), minutes * 60_000);
    return () => clearTimeout(timer);
  }, [minutes]);
}
