import { randomUUID } from 'node:crypto';
import { copyFile, link, rm } from 'node:fs/promises';
import path from 'node:path';
import type { JobContext, JobPayload } from '../jobs/job-types.ts';
import { enqueue } from '../jobs/queue.ts';
import { uploadReceived } from '../media/media-state.ts';
import { encodeJobFor } from '../media/pipeline/encoding.ts';
import type { PipelineDeps } from '../media/pipeline/media.jobs.ts';
import { buildDemoOriginals, type DemoOriginal } from './demo-media.ts';
import { writeDemoReplay } from './demo-webcasts.ts';

/**
 * The 'demo.media' job the seed queues: renders the demo sermons' original recordings and
 * hands each to the pipeline exactly as an upload would arrive (stored original, upload row,
 * tracker entries, encode job, in one transaction per sermon), and writes the demo webcasts'
 * replays from the video originals. Running it twice is safe: sermons that already have an
 * upload are skipped (replays are written again).
 */
export function demoMedia({ db, media }: PipelineDeps) {
  return async (p: JobPayload<'demo.media'>, ctx: Pick<JobContext, 'signal' | 'log'>) => {
    const done = await db.query<{ sermon_id: string }>(
      'SELECT DISTINCT sermon_id FROM media_upload WHERE sermon_id = ANY($1::text[])',
      [p.sermons.map((s) => s.sermonId)],
    );
    const skip = new Set(done.map((r) => r.sermon_id));
    const [exists] = await db.query('SELECT 1 FROM sermon WHERE sermon_id = ANY($1::text[]) LIMIT 1', [
      p.sermons.map((s) => s.sermonId),
    ]);
    if (!exists) return; // the catalogue was reset meanwhile
    const ready = async (o: DemoOriginal) => {
      for (const r of p.replays ?? [])
        if (r.sermonId === o.sermonId && p.liveDir)
          await writeDemoReplay(db, o.file, p.liveDir, r.webcastId, ctx.signal);
      if (skip.has(o.sermonId)) return;
      const guid = randomUUID();
      const storageKey = `${o.sermonId}/original/${guid}${path.extname(o.file)}`;
      // A copy: the render cache keeps its file.
      const dir = await media.workDir();
      try {
        const copy = path.join(dir, path.basename(o.file));
        await link(o.file, copy).catch(() => copyFile(o.file, copy));
        await media.moveIn(storageKey, copy);
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
      await db.transaction(async (tx) => {
        const [sermon] = await tx.query('SELECT 1 FROM sermon WHERE sermon_id = $1 FOR UPDATE', [o.sermonId]);
        if (!sermon) return;
        await tx.query('INSERT INTO media_upload (guid, sermon_id, upload_type, filename) VALUES ($1, $2, $3, $4)', [
          guid,
          o.sermonId,
          o.uploadType,
          o.filename,
        ]);
        await uploadReceived(
          tx,
          { sermonId: o.sermonId, guid, twoStep: false, attachment: false },
          { sizeBytes: o.sizeBytes, storageKey, durationSeconds: o.durationSeconds, detail: o.detail },
        );
        const name = encodeJobFor(o.uploadType);
        // The demo's originals are the same on every seed: their renditions are cached beside them.
        const renditionCache = path.join(p.cacheDir, 'renditions');
        if (name) await enqueue(tx, name, { sermonId: o.sermonId, uploadId: guid, renditionCache });
      });
    };
    const sermons = p.sermons.map((s) => ({
      sermonId: s.sermonId,
      hasVideo: s.video,
      displayTitle: s.title,
      subtitle: s.subtitle ?? null,
      bibleText: s.bibleText ?? null,
      moreInfoText: s.description ?? null,
      languageCode: s.language ?? 'en',
    }));
    const { failed } = await buildDemoOriginals(sermons, {
      cacheDir: p.cacheDir,
      ready,
      signal: ctx.signal,
      warn: (message) => ctx.log.info({}, message),
    });
    if (failed.length) throw new Error(`demo media failed for ${failed.join('; ')}`);
  };
}
