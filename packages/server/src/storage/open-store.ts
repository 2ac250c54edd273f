import path from 'node:path';
import type { Config } from '../config.ts';
import { localMediaStore } from './local-store.ts';
import type { MediaStore } from './store.ts';

/**
 * The media store the configuration asks for: an S3-compatible bucket when S3_BUCKET is set
 * (checked now, so that a wrong bucket, endpoint or key stops the start, not the first upload),
 * else local disk.
 */
export async function openMediaStore(config: Pick<Config, 'dataDir' | 'mediaDir' | 's3'>): Promise<MediaStore> {
  if (!config.s3) return localMediaStore(config.mediaDir);
  // Loaded only when used: a local-disk install never loads the AWS SDK.
  const { HeadBucketCommand } = await import('@aws-sdk/client-s3');
  const { s3Client, s3MediaStore } = await import('./s3-store.ts');
  const client = s3Client(config.s3);
  try {
    await client.send(new HeadBucketCommand({ Bucket: config.s3.bucket }));
  } catch (error) {
    const e = error as Error & { $metadata?: { httpStatusCode?: number } };
    const status = e.$metadata?.httpStatusCode;
    throw new Error(
      `Invalid S3_BUCKET: cannot open bucket ${JSON.stringify(config.s3.bucket)}` +
        ` at ${config.s3.endpoint ?? 'AWS'} (${status ? `HTTP ${status}` : e.name}: ${e.message || 'no message'})`,
    );
  }
  // Originals are copied here for ffmpeg: on the data disk, not a possibly small tmpfs.
  return s3MediaStore(config.s3, { client, workRoot: path.join(config.dataDir, 'work') });
}
