import { rm } from 'node:fs/promises';
import path from 'node:path';
import { FEED_IMPORT_LIMITS } from '@kerygma/domain/contracts/feed-import';
import type { Db } from '../db/db.ts';
import type { JobContext, JobPayload } from '../jobs/job-types.ts';
import { insertUpload, uploadByGuid } from '../media/uploads/uploads.queries.ts';
import { finishUpload } from '../media/uploads/uploads.service.ts';
import type { MediaStore } from '../storage/store.ts';
import * as q from './feed-import.queries.ts';
import { FetchError, fetchToFile } from './safe-fetch.ts';

export type FeedImportJobDeps = {
  db: Db;
  media: MediaStore;
  /** FEED_IMPORT_ALLOW_LOOPBACK (off unless set). */
  feedImport?: { allowLoopback: boolean } | undefined;
};

/** The longest an episode's file may take to arrive (a 2 GB video on a slow host). */
const MEDIA_FETCH_TIMEOUT_MS = 60 * 60_000;

/** The file name an enclosure is kept under (the upload's `filename`), from its address. */
function fileName(url: string): string {
  const last = decodeURIComponent(new URL(url).pathname.split('/').pop() ?? '').replace(/[^\w.-]+/g, '_');
  return last.slice(-100) || 'episode';
}

/**
 * 'feeds.import-media': fetches an imported item's enclosure (checked like any address a
 * broadcaster gives: safe-fetch.ts) and hands it to the media pipeline exactly as an upload:
 * the original kept in the media store, checked by its content, then the encode job. The item
 * shows where it is (fetching, encoding; done once its sermon plays; failed with the reason).
 * A run again (lease lost, restart, retry) picks up where the last one stopped: an original
 * already received is not fetched again. A failure stays on this item: the sermon is kept and
 * the other items go on.
 */
export function importMediaJob(deps: FeedImportJobDeps) {
  const { db, media } = deps;
  return async (p: JobPayload<'feeds.import-media'>, ctx: Pick<JobContext, 'attempt' | 'maxAttempts' | 'signal'>) => {
    const item = await q.mediaItem(db, p.importId, p.position);
    if (!item?.sermon_id || !item.enclosure_url) return; // discarded, or its sermon deleted for good
    const sermonId = item.sermon_id;
    if (item.media_state === 'encoding' || item.media_state === 'done') return;

    // An upload slot made by an earlier run and not yet filled is reused; a received one goes on.
    let upload = item.upload_guid ? await uploadByGuid(db, item.upload_guid) : undefined;
    if (upload && upload.state !== 'created') {
      await q.setMediaState(db, p.importId, p.position, upload.state === 'failed' ? 'failed' : 'encoding', {
        error: upload.state === 'failed' ? { key: 'feedImport.error.notMedia' } : null,
      });
      return;
    }
    const video = item.enclosure_type?.toLowerCase().startsWith('video/') ?? false;
    upload ??= await insertUpload(db, {
      sermonId,
      uploadType: video ? 'original-video' : 'original-audio',
      languageCode: null,
      filename: fileName(item.enclosure_url),
      twoStep: false,
    });
    await q.setMediaState(db, p.importId, p.position, 'fetching', { uploadGuid: upload.guid });

    const dir = await media.workDir();
    try {
      const file = path.join(dir, 'original');
      await fetchToFile(item.enclosure_url, file, {
        allowLoopback: deps.feedImport?.allowLoopback ?? false,
        maxBytes: FEED_IMPORT_LIMITS.mediaMaxBytes,
        totalTimeoutMs: MEDIA_FETCH_TIMEOUT_MS,
        signal: ctx.signal,
      });
      const received = await finishUpload(db, media, upload.guid, file);
      if (received.state === 'failed')
        await q.setMediaState(db, p.importId, p.position, 'failed', { error: { key: 'feedImport.error.notMedia' } });
      else await q.setMediaState(db, p.importId, p.position, 'encoding');
    } catch (error) {
      // A passing failure (a timeout, a 5xx, our own storage) is tried again while attempts
      // remain; a refusal (a private address, too large, a 404) and the last attempt stay failed.
      const refusal = error instanceof FetchError ? error : null;
      const again = (refusal?.transient ?? true) && ctx.attempt < ctx.maxAttempts;
      const reason = refusal?.ref ?? { key: 'feedImport.error.mediaFailed' };
      await q.setMediaState(db, p.importId, p.position, again ? 'waiting' : 'failed', { error: reason });
      if (again || !refusal) throw error;
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  };
}
