import type { EditableSermon } from '@kerygma/domain/contracts/sermon-editing';
import { SERMON_LANGUAGES } from '@kerygma/domain/languages';
import { useCallback, useEffect, useState } from 'react';
import { useI18n } from '../../i18n.tsx';
import { errorText } from '../../shell/query.ts';
import { useToast } from '../../shell/toasts.tsx';
import { api } from '../sermon-api.ts';
import { MediaTracker } from './MediaTracker.tsx';
import { type UploadStatus, type UploadType, useTusUpload } from './tus-upload.ts';

/** The sermon's media: audio or video upload, the tracker, captions and the video's encoding options. */
export function MediaPanel({ sermon, onMediaChanged }: { sermon: EditableSermon; onMediaChanged: () => void }) {
  const { t } = useI18n();
  const [watching, setWatching] = useState(false);
  const watch = useCallback(() => setWatching(true), []);
  const finished = useCallback(() => {
    setWatching(false);
    onMediaChanged();
  }, [onMediaChanged]);
  return (
    <section className="media-panel" aria-labelledby="media-title">
      <h2 id="media-title">{t('dashboard.media.title')}</h2>
      <p>
        {sermon.hasAudio && t('dashboard.media.hasAudio')} {sermon.hasVideo && t('dashboard.media.hasVideo')}
        {!sermon.hasAudio && !sermon.hasVideo && t('dashboard.media.none')}
      </p>
      <FileUpload
        sermonID={sermon.sermonID}
        label={t('dashboard.media.audioOrVideo')}
        accept="audio/*,video/*"
        typeOf={(file) => (file.type.startsWith('video/') ? 'original-video' : 'original-audio')}
        onDone={watch}
      />
      <MediaTracker sermonID={sermon.sermonID} watching={watching} onFinished={finished} />
      <Captions sermonID={sermon.sermonID} defaultLanguage={sermon.languageCode} />
      {sermon.hasVideo && <EncodingOptions sermonID={sermon.sermonID} />}
    </section>
  );
}

function FileUpload({
  sermonID,
  label,
  accept,
  typeOf,
  language,
  onDone,
}: {
  sermonID: string;
  label: string;
  accept: string;
  typeOf: (file: File) => UploadType;
  language?: string;
  onDone: () => void;
}) {
  const upload = useTusUpload(sermonID, language);
  const { status } = upload;
  const doneGuid = status.kind === 'done' ? status.guid : null;
  useEffect(() => {
    if (doneGuid) onDone();
  }, [doneGuid, onDone]);
  return (
    <div className="upload">
      <label>
        <span>{label}</span>
        <input
          type="file"
          accept={accept}
          disabled={status.kind === 'uploading'}
          onChange={(e) => {
            const file = e.target.files?.[0];
            if (!file) return;
            void upload.start(file, typeOf(file));
          }}
        />
      </label>
      <UploadProgress status={status} onResume={upload.resume} />
    </div>
  );
}

function UploadProgress({ status, onResume }: { status: UploadStatus; onResume: () => void }) {
  const { t } = useI18n();
  if (status.kind === 'idle') return null;
  if (status.kind === 'done') return <p role="status">{t('dashboard.media.uploaded')}</p>;
  const percent = status.total ? Math.floor((status.sent / status.total) * 100) : 0;
  return (
    <div className="progress">
      <progress max={100} value={percent} aria-label={t('dashboard.media.uploading')}>
        {percent}%
      </progress>
      <span>{percent}%</span>
      {status.kind === 'uploading' && status.retrying && <span role="status">{t('dashboard.media.reconnecting')}</span>}
      {status.kind === 'failed' && (
        <>
          <span role="alert">{t('dashboard.media.uploadFailed')}</span>
          <button type="button" onClick={onResume}>
            {t('dashboard.media.resume')}
          </button>
        </>
      )}
    </div>
  );
}

const noop = () => undefined;

/** Captions (spec §5: srt or vtt files), one file per language. */
function Captions({ sermonID, defaultLanguage }: { sermonID: string; defaultLanguage: string }) {
  const { t } = useI18n();
  const [language, setLanguage] = useState(defaultLanguage);
  return (
    <fieldset className="captions">
      <legend>{t('dashboard.media.captions')}</legend>
      <label>
        <span>{t('dashboard.media.captionLanguage')}</span>
        <select value={language} onChange={(e) => setLanguage(e.target.value)}>
          {SERMON_LANGUAGES.map((l) => (
            <option key={l.languageCode} value={l.languageCode}>
              {l.name}
            </option>
          ))}
        </select>
      </label>
      <FileUpload
        key={language}
        sermonID={sermonID}
        label={t('dashboard.media.captionFile')}
        accept=".srt,.vtt,text/vtt"
        typeOf={() => 'caption'}
        language={language}
        onDone={noop}
      />
    </fieldset>
  );
}

/** Where the video starts and where its thumbnail is taken, in seconds (spec §3 encoding options). */
function EncodingOptions({ sermonID }: { sermonID: string }) {
  const { t } = useI18n();
  const toast = useToast();
  const [trim, setTrim] = useState('');
  const [thumb, setThumb] = useState('');
  const [busy, setBusy] = useState(false);
  const seconds = (v: string) => (v.trim() === '' ? null : Number(v));
  return (
    <form
      className="encoding-options"
      onSubmit={(e) => {
        e.preventDefault();
        setBusy(true);
        api
          .encodingOptions({
            params: { sermonID },
            body: { videoTrimStart: seconds(trim), videoThumbPosition: seconds(thumb) },
          })
          .then(() => toast('success', t('dashboard.media.encodingSaved')))
          .catch((error: unknown) => toast('error', errorText(error, t('dashboard.editor.saveFailed'))))
          .finally(() => setBusy(false));
      }}
    >
      <h3>{t('dashboard.media.encodingOptions')}</h3>
      <label>
        <span>{t('dashboard.media.trimStart')}</span>
        <input type="number" min={0} step={0.1} value={trim} onChange={(e) => setTrim(e.target.value)} />
      </label>
      <label>
        <span>{t('dashboard.media.thumbPosition')}</span>
        <input type="number" min={0} step={0.1} value={thumb} onChange={(e) => setThumb(e.target.value)} />
      </label>
      <button type="submit" disabled={busy}>
        {t('dashboard.media.encodingSave')}
      </button>
    </form>
  );
}
