import path from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { optionalSession, signInRequired } from '../../accounts/guards.ts';
import type { ApiDeps } from '../../app-deps.ts';
import { notFound } from '../../errors.ts';
import { parseInput } from '../../http/parse.ts';
import { imageSizes, isImageKey } from '../../images/image-sizes.ts';
import { isDeleted } from '../../sermon-editing/sermon-editing.queries.ts';
import {
  type ByteRange,
  contentDisposition,
  isValidKey,
  type MediaStore,
  RangeNotSatisfiableError,
  safeFileName,
} from '../../storage/store.ts';
import { isTranscriptFileKey } from '../../transcripts/transcripts.ts';
import { isOriginalKey, originalAccess } from './originals.ts';
import { webpThumbnails } from './video-thumbnails.ts';

/** `download`: '1' (or 'true') downloads under the file's own name; any other value is the name. */
const mediaQuery = z.object({ download: z.string().max(300).optional() });

/** The name a download is saved under: the asked one, made safe and ending in the file's extension. */
function downloadName(key: string, asked: string): string {
  const own = path.posix.basename(key);
  if (asked === '1' || asked === 'true') return own;
  const ext = path.posix.extname(key);
  const name = safeFileName(asked);
  return name.toLowerCase().endsWith(ext.toLowerCase()) ? name : `${name}${ext}`;
}

const VIDEO = /\.(mp4|m4v|webm|mov)$/i;
const PLAYABLE = /\.(mp3|m4a|aac|mp4|m4v|webm|mov|m3u8)$/i;
const PLAYLIST = /\.m3u8$/i;

/**
 * Media files, with HTTP range requests (seeking in players), and as a download with a file
 * name when `?download=1`. Downloads are counted, and so are plays: a player's first request for
 * a stream (no range, or a range from byte 0). Files on local disk are sent from here; objects
 * in S3 are a redirect to the bucket (presigned) or its CDN, so media bytes never pass through
 * the app, except HLS playlists behind presigned URLs (see streamThrough). A video thumbnail's
 * WebP size that is missing is made from its JPEG first (video-thumbnails.ts).
 */
export function mediaRoutes(app: FastifyInstance, { db, media, counters, now }: ApiDeps) {
  const guardDeps = { db, now: now ?? Date.now };
  const ensureThumbnail = webpThumbnails(media);
  const ensureImageSize = imageSizes(media);
  app.get('/media/*', async (req, reply) => {
    // Already percent-decoded by the router (decoding again breaks keys holding '%').
    const key = (req.params as { '*': string })['*'];
    if (!isValidKey(key)) throw notFound('error.mediaNotFound');
    // The broadcaster's own originals: only to its API key and managers, never kept in shared caches.
    const access = isOriginalKey(key) ? await originalAccess(guardDeps, req, key) : 'public';
    if (access === 'none') throw notFound('error.mediaNotFound');
    const owner = access === 'owner';
    // The raw transcript only to signed-in users (spec §6); kept out of shared caches.
    const signedInOnly = isTranscriptFileKey(key);
    if (signedInOnly && !(await optionalSession(guardDeps, req))) throw signInRequired();
    const personal = owner || signedInOnly;
    // A deleted sermon's media are kept for a restore, but no longer served (sermon-editing/).
    const sermonId = key.split('/')[0] as string;
    if (!owner && (await isDeleted(db, sermonId))) throw notFound('error.mediaNotFound');
    if (personal) reply.header('vary', 'x-api-key, cookie, authorization');
    const { download } = parseInput(mediaQuery, req.query);
    const saveAs = download ? downloadName(key, download) : undefined;
    await ensureThumbnail(key);
    await ensureImageSize(key);
    const where = await media.locate(key, { downloadName: saveAs, private: personal });
    const kind = VIDEO.test(key) ? 'video' : 'audio';
    // Counted are listeners' plays and downloads of a sermon's media, not a broadcaster fetching
    // its own original, nor pictures (`users/<key>/<size>.jpg`, accounts/profile.service.ts;
    // `images/…`, images/).
    const counted = !owner && sermonId !== 'users' && !isImageKey(key);
    if (counted && saveAs) counters.record(sermonId, 'download', kind);
    else if (counted && PLAYABLE.test(key) && /^(bytes=0-\d*)?$/.test(req.headers.range ?? '')) {
      counters.record(sermonId, 'play', kind);
    }
    if ('file' in where) {
      if (saveAs) reply.header('content-disposition', contentDisposition(saveAs));
      if (personal) {
        reply.header('cache-control', 'private, no-store');
        return reply.sendFile(path.basename(where.file), path.dirname(where.file), { cacheControl: false });
      }
      // Cache a day, a picture for good (its URL changes with it); sendFile writes Cache-Control
      // itself, a header set beforehand would be replaced.
      const cache = isImageKey(key) ? { maxAge: 31_536_000_000, immutable: true } : { maxAge: 86_400_000 };
      return reply.sendFile(path.basename(where.file), path.dirname(where.file), cache);
    }
    if (PLAYLIST.test(key) && where.signed) return streamThrough(media, key, req.headers.range, reply);
    // A presigned URL is good for a day: browsers may reuse the redirect for an hour.
    reply.header(
      'cache-control',
      personal ? 'private, no-store' : `${where.signed ? 'private' : 'public'}, max-age=3600`,
    );
    return reply.redirect(where.url, 302);
  });
}

/**
 * Sends an object from the store through the app. Used for HLS playlists behind presigned URLs:
 * players resolve a playlist's relative segment links against its URL, and a signed URL's query
 * would not carry over, so the playlist is served from here and each segment is redirected.
 */
async function streamThrough(media: MediaStore, key: string, rangeHeader: string | undefined, reply: FastifyReply) {
  const range = parseRange(rangeHeader);
  try {
    const object = await media.stream(key, range);
    reply
      .type(object.contentType)
      .header('accept-ranges', 'bytes')
      .header('content-length', object.end - object.start + 1)
      .header('cache-control', 'public, max-age=86400');
    if (range) reply.code(206).header('content-range', `bytes ${object.start}-${object.end}/${object.size}`);
    return reply.send(object.body);
  } catch (error) {
    if (!(error instanceof RangeNotSatisfiableError)) throw error;
    reply.header('content-range', `bytes */${error.size}`);
    // Answered as JSON by the error handler, like a bad range of a local file.
    throw Object.assign(new Error('Range Not Satisfiable'), { statusCode: 416 });
  }
}

/** One 'bytes=start-[end]' range; anything else (suffix or several ranges) is answered whole, as HTTP allows. */
function parseRange(header: string | undefined): ByteRange | undefined {
  const m = /^bytes=(\d+)-(\d*)$/.exec(header ?? '');
  if (!m) return undefined;
  return { start: Number(m[1]), end: m[2] ? Number(m[2]) : undefined };
}
