import type { Db } from '../../db/db.ts';

/** How much each of a sermon's counters grows in one flush (media-counters.ts). */
export type CountIncrement = {
  sermonId: string;
  downloads: number;
  videoDownloads: number;
  plays: number;
  audioPlays: number;
  videoPlays: number;
};

/** Adds the increments to the sermons' counters in one statement; a play also sets last_play_time. */
export async function addCounts(db: Db, rows: readonly CountIncrement[]): Promise<void> {
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
      rows.map((r) => r.downloads),
      rows.map((r) => r.videoDownloads),
      rows.map((r) => r.plays),
      rows.map((r) => r.audioPlays),
      rows.map((r) => r.videoPlays),
    ],
  );
}
