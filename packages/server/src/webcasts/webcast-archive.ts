import { rm } from 'node:fs/promises';
import path from 'node:path';
import { DEFAULT_EVENT_TYPE } from '@kerygma/domain/event-types';
import { UNKNOWN_SPEAKER, UNTITLED_SERMON } from '@kerygma/domain/sermon-editing';
import { run } from '@kerygma/ffmpeg/run';
import type { Db } from '../db/db.ts';
import { insertUpload } from '../media/uploads/uploads.queries.ts';
import { finishUpload } from '../media/uploads/uploads.service.ts';
import { insertSermon, placeholderSpeaker } from '../sermon-editing/sermon-editing.queries.ts';
import type { MediaStore } from '../storage/store.ts';
import { PLAYLIST } from './hls-packager.ts';
import type { WebcastRow } from './webcasts.queries.ts';

/**
 * Archiving an ended webcast (spec §4): its HLS recording joined into one file (no
 * re-encoding), a draft sermon of its broadcaster made for it, titled after the webcast, and the
 * file handed to the media pipeline as that sermon's original upload, which queues its encoding
 * as any upload's does. The sermon and the webcast name each other (archived_webcast_id,
 * archived_sermon_id). Its managers then complete and publish the draft.
 */
export async function archiveWebcast(
  deps: { db: Db; media: MediaStore },
  w: WebcastRow,
  hlsDir: string,
): Promise<string> {
  const { db, media } = deps;
  const work = await media.workDir();
  try {
    const file = path.join(work, w.audio_only ? 'webcast.m4a' : 'webcast.mp4');
    await run('ffmpeg', [
      '-y',
      '-loglevel',
      'error',
      '-i',
      path.join(hlsDir, PLAYLIST),
      '-c',
      'copy',
      '-bsf:a',
      'aac_adtstoasc',
      '-movflags',
      '+faststart',
      file,
    ]);
    const upload = await db.transaction(async (tx) => {
      const [b] = await tx.query<{ language_code: string }>(
        'SELECT language_code FROM broadcaster WHERE broadcaster_id = $1',
        [w.broadcaster_id],
      );
      const title = w.title.trim() || UNTITLED_SERMON;
      const sermonId = await insertSermon(tx, w.broadcaster_id, {
        full_title: title,
        display_title: title,
        subtitle: null,
        bible_text: null,
        bible_sort: null,
        speaker_id: await placeholderSpeaker(tx, UNKNOWN_SPEAKER),
        series_id: null,
        event_type: DEFAULT_EVENT_TYPE,
        language_code: b?.language_code ?? 'en',
        preach_date: new Date((w.start_time ?? 0) * 1000).toISOString().slice(0, 10),
        keywords: '',
        more_info_text: w.description.trim() || null,
        accept_copyright: false,
      });
      await tx.query('UPDATE sermon SET archived_webcast_id = $1 WHERE sermon_id = $2', [w.webcast_id, sermonId]);
      await tx.query('UPDATE webcast SET archived_sermon_id = $1 WHERE webcast_id = $2', [sermonId, w.webcast_id]);
      return insertUpload(tx, {
        sermonId,
        uploadType: w.audio_only ? 'original-audio' : 'original-video',
        languageCode: null,
        filename: path.basename(file),
        twoStep: false,
      });
    });
    await finishUpload(db, media, upload.guid, file);
    return upload.sermon_id;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
