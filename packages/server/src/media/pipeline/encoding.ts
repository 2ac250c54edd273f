import type { Db } from '../../db/db.ts';
import { enqueue, listJobs } from '../../jobs/queue.ts';
import type { UploadRow } from '../uploads/uploads.queries.ts';

export type EncodeJobName = 'media.encode-audio' | 'media.encode-video';

export const encodeJobFor = (type: UploadRow['upload_type']): EncodeJobName | null =>
  type === 'original-audio' ? 'media.encode-audio' : type === 'original-video' ? 'media.encode-video' : null;

/**
 * Queues an encode of an audio or video original, in the caller's transaction. A job for the
 * same original that is still queued reads the sermon's encoding options when it starts, so it
 * is reused; a running one is not (it may have read old options): a new job is queued and the
 * older one's results are dropped when it finishes (media.jobs.ts stillWanted).
 */
export async function queueEncode(
  tx: Db,
  upload: Pick<UploadRow, 'sermon_id' | 'guid' | 'upload_type'>,
): Promise<{ name: EncodeJobName; jobID: number } | null> {
  const name = encodeJobFor(upload.upload_type);
  if (!name) return null;
  const queued = await listJobs(tx, { sermonId: upload.sermon_id, name, state: 'queued', limit: 50 });
  const same = queued.find((j) => (j.payload as { uploadId?: string }).uploadId === upload.guid);
  if (same) return { name, jobID: same.id };
  const jobID = await enqueue(tx, name, { sermonId: upload.sermon_id, uploadId: upload.guid });
  return { name, jobID: jobID as number };
}
