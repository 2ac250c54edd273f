import { nameKey } from '@kerygma/i18n/name-key';
import type { MessageKey } from '@kerygma/i18n/t';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useI18n } from '../../i18n.tsx';
import { api } from '../sermon-api.ts';

/** Spec §4 tracker stages, by the label the server gives them. */
const STAGE_LABELS = new Set([
  'upload received',
  'syncing',
  'thumbnail',
  'waveform',
  'encoding',
  'encoding syncing',
  'waiting for video',
  'waiting for advanced settings',
  'extracting audio from video',
  'encoding error',
  'pipeline error',
  'upload failed',
  'delayed',
]);
/**
 * The last states of a run (media/pipeline/media.jobs.ts): an upload's renditions saved on the
 * sermon ('encoded-audio', 'encoded-video'), then, when it has both, whether they are linked.
 */
const FINISHED = new Set(['encoded-audio', 'encoded-video', 'media-linked', 'media-unlinked', 'media-deleted']);
const POLL_MS = 2000;

/** The live stages of the sermon's media after an upload (`GET media_tracker`), polled until done. */
export function MediaTracker({
  sermonID,
  watching,
  onFinished,
}: {
  sermonID: string;
  watching: boolean;
  onFinished: () => void;
}) {
  const { t } = useI18n();
  const query = useQuery({
    queryKey: ['media-tracker', sermonID],
    queryFn: ({ signal }) => api.mediaTracker({ params: { sermonID }, signal }),
    refetchInterval: (q) => {
      const data = q.state.data;
      const finished = data && (data.failed || FINISHED.has(data.state ?? ''));
      return watching && !finished ? POLL_MS : false;
    },
  });
  const data = query.data;
  const finished = !!data && (data.failed || FINISHED.has(data.state ?? ''));
  useEffect(() => {
    if (watching && finished) onFinished();
  }, [watching, finished, onFinished]);
  const stages = (data?.events ?? []).filter((e) => e.stage && STAGE_LABELS.has(e.stage));
  if (stages.length === 0) return null;
  const label = (stage: string) => t(`dashboard.media.stage.${nameKey(stage)}` as MessageKey);
  return (
    <div className="tracker">
      <h3>{t('dashboard.media.progress')}</h3>
      <ol aria-live="polite">
        {stages.map((e) => (
          <li key={`${e.timestamp}-${e.state}`} className={e.failed ? 'failed' : undefined}>
            {label(e.stage ?? '')}
          </li>
        ))}
      </ol>
      {finished && !data?.failed && <p role="status">{t('dashboard.media.ready')}</p>}
      {data?.mediaUnlinked && <p className="hint">{t('dashboard.media.unlinked')}</p>}
    </div>
  );
}
