import type { Db } from '../../db/db.ts';

/**
 * Download and play counts of media requests. Requests only bump an in-process tally; it goes
 * to the database in one statement every `flushMs` (and on shutdown), so counting never slows
 * a response and a burst of plays is one write, not thousands.
 */
export type MediaCounters = {
  record(sermonId: string, event: 'download' | 'play', kind: 'audio' | 'video'): void;
  flush(): Promise<void>;
  stop(): Promise<void>;
};

const COLUMNS = {
  'download:audio': ['download_count'],
  'download:video': ['video_download_count'],
  'play:audio': ['play_count', 'audio_play_count'],
  'play:video': ['play_count', 'video_play_count'],
} as const;

export function mediaCounters(db: Db, { flushMs = 5000, onError = (_e: unknown) => {} } = {}): MediaCounters {
  let tally = new Map<string, number>(); // '<sermonId>\t<event>:<kind>' → count
  const flush = async () => {
    if (tally.size === 0) return;
    const batch = tally;
    tally = new Map();
    const rows = [...batch].map(([key, n]) => {
      const [sermonId, what] = key.split('\t') as [string, keyof typeof COLUMNS];
      return { sermonId, what, n };
    });
    const sums = (column: string) =>
      rows.map((r) => ((COLUMNS[r.what] as readonly string[]).includes(column) ? r.n : 0));
    await db.query(
      `UPDATE sermon s SET download_count = s.download_count + u.d, video_download_count = s.video_download_count + u.vd,
              play_count = s.play_count + u.p, audio_play_count = s.audio_play_count + u.ap,
              video_play_count = s.video_play_count + u.vp,
              last_play_time = CASE WHEN u.p > 0 THEN now() ELSE s.last_play_time END
         FROM (SELECT id, sum(d)::int d, sum(vd)::int vd, sum(p)::int p, sum(ap)::int ap, sum(vp)::int vp
                 FROM unnest($1::text[], $2::int[], $3::int[], $4::int[], $5::int[], $6::int[]) AS x(id, d, vd, p, ap, vp)
                GROUP BY id) u
        WHERE s.sermon_id = u.id`,
      [
        rows.map((r) => r.sermonId),
        sums('download_count'),
        sums('video_download_count'),
        sums('play_count'),
        sums('audio_play_count'),
        sums('video_play_count'),
      ],
    );
  };
  const timer = setInterval(() => flush().catch(onError), flushMs);
  timer.unref();
  return {
    record(sermonId, event, kind) {
      const key = `${sermonId}\t${event}:${kind}`;
      tally.set(key, (tally.get(key) ?? 0) + 1);
    },
    flush,
    async stop() {
      clearInterval(timer);
      await flush();
    },
  };
}
