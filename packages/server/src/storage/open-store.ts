import path from 'node:path';
import type { Config } from '../config.ts';
import { localMediaStore } from './local-store.ts';
import type { MediaStore } from './store.ts';

/** The media store the configuration asks for: an S3-compatible bucket when S3_BUCKET is set, else local disk. */
export async function openMediaStore(config: Pick<Config, 'dataDir' | 'mediaDir' | 's3'>): Promise<MediaStore> {
  if (!config.s3) return localMediaStore(config.mediaDir);
  // Loaded only when used: a local-disk install never loads the AWS SDK.
  const { s3MediaStore } = await import('./s3-store.ts');
  // Originals are copied here for ffmpeg: on the data disk, not a possibly small tmpfs.
  return s3MediaStore(config.s3, { workRoot: path.join(config.dataDir, 'work') });
}
