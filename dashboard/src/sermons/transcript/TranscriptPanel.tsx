import { ApiRequestError } from '@kerygma/api/request';
import type { EditableSermon } from '@kerygma/domain/contracts/sermon-editing';
import type { Transcript } from '@kerygma/domain/contracts/transcripts';
import type { MessageKey } from '@kerygma/i18n/t';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useI18n } from '../../i18n.tsx';
import { errorText, isNotFound } from '../../shell/query.ts';
import { useToast } from '../../shell/toasts.tsx';
import { api } from '../sermon-api.ts';
import { SegmentList, useSegmentRows } from './SegmentList.tsx';
import { checkRows, type RowProblems, toRows } from './segment-rows.ts';

/**
 * The media tracker's states of a transcription run (spec §4 media pipeline: transcript
 * scheduled, completed, failed). Until the server writes them, a transcription asked for here
 * is followed by polling the transcript itself.
 */
const RUN = { scheduled: 'transcript-scheduled', completed: 'transcript-completed', failed: 'transcript-failed' };
const POLL_MS = 5000;
const NO_PROBLEMS: RowProblems = new Map();

/**
 * One number per transcript object: the editor is keyed by it, so a save or a publish (a new
 * object) loads fresh rows, while a refetch of the same transcript (the same object, by the
 * query's structural sharing) keeps the edits in progress.
 */
const versions = new WeakMap<Transcript, number>();
let lastVersion = 0;
function versionOf(transcript: Transcript): number {
  let version = versions.get(transcript);
  if (version === undefined) {
    version = ++lastVersion;
    versions.set(transcript, version);
  }
  return version;
}

type Status =
  | 'none'
  | 'making'
  | 'failed'
  | 'draft'
  | 'published'
  | 'hidden'
  | 'captions'
  | 'writtenDraft'
  | 'writtenPublished';

type Run = { state: string; timestamp: number };

/**
 * Where the transcript stands, from the transcript (null: none), the tracker's last
 * transcription run, and whether a new one was asked for here and has not come yet.
 */
function statusOf(transcript: Transcript | null, run: Run | undefined, asked: boolean): Status {
  const newer = run && (!transcript || run.timestamp >= transcript.updated);
  if (asked || (newer && run.state === RUN.scheduled)) return 'making';
  if (!transcript) return newer && run.state === RUN.failed ? 'failed' : 'none';
  if (transcript.source === 'caption') return 'captions';
  if (transcript.captionState === 'none') return 'hidden';
  if (transcript.source === 'manual') return transcript.captionState === 'draft' ? 'writtenDraft' : 'writtenPublished';
  return transcript.captionState;
}

const ENGINE_LABELS: Record<string, MessageKey | undefined> = {
  whisper: 'dashboard.transcript.engineWhisper',
  pocketsphinx: 'dashboard.transcript.enginePocketsphinx',
};

/**
 * The sermon's transcript (issue 26): where it stands (none, being made, a draft of automatic
 * captions, published, from the church's own captions), its segments to correct and save, the
 * draft's publishing as captions, and a new transcription.
 */
export function TranscriptPanel({
  sermon,
  onDirty,
  onCaptionsChanged,
}: {
  sermon: EditableSermon;
  onDirty: (dirty: boolean) => void;
  onCaptionsChanged: () => void;
}) {
  const { t } = useI18n();
  const toast = useToast();
  const queryClient = useQueryClient();
  const { sermonID } = sermon;
  const key = ['transcript', sermonID];
  // While a transcript is being made both are polled; the tracker's runs say when one is made
  // after an upload, and a request from here waits for a transcript other than the one it saw.
  const [polling, setPolling] = useState(false);
  const [asked, setAsked] = useState<{ updated: number | null; run: number | null } | null>(null);
  const transcript = useQuery({
    queryKey: key,
    queryFn: async ({ signal }) => {
      try {
        return await api.sermonTranscript({ params: { sermonID }, signal });
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },
    refetchInterval: polling ? POLL_MS : false,
  });
  const tracker = useQuery({
    queryKey: ['media-tracker', sermonID],
    queryFn: ({ signal }) => api.mediaTracker({ params: { sermonID }, signal }),
    refetchInterval: polling ? POLL_MS : false,
  });
  const run = tracker.data?.events.findLast((e) => Object.values(RUN).includes(e.state));
  const updated = transcript.data?.updated ?? null;
  const runFinished = run && run.state !== RUN.scheduled ? run.timestamp : null;
  // What was asked for came: another transcript, or the news of a run that ended without one.
  const answered = asked && (updated !== asked.updated || (runFinished !== null && runFinished !== asked.run));
  useEffect(() => {
    if (answered) setAsked(null);
  }, [answered]);
  const status = transcript.isSuccess ? statusOf(transcript.data, run, asked !== null && !answered) : null;
  useEffect(() => setPolling(status === 'making'), [status]);
  // A run that finished after the transcript shown: load the new one.
  const newerRun =
    transcript.isSuccess && runFinished !== null && (updated === null || runFinished > updated) ? runFinished : null;
  useEffect(() => {
    if (newerRun !== null) void queryClient.invalidateQueries({ queryKey: ['transcript', sermonID] });
  }, [newerRun, queryClient, sermonID]);

  // The segment list is made when first opened, then kept (open across saves, edits kept when closed).
  const [opened, setOpened] = useState(false);
  const [busy, setBusy] = useState(false);
  const transcribe = async () => {
    if (transcript.data && !window.confirm(t('dashboard.transcript.transcribeConfirm'))) return;
    setBusy(true);
    try {
      await api.transcribeSermon({ params: { sermonID } });
      toast('success', t('dashboard.transcript.transcribing'));
      setAsked({ updated, run: runFinished });
    } catch (error) {
      const noEngine = error instanceof ApiRequestError && error.status === 503;
      toast(
        'error',
        noEngine ? t('dashboard.transcript.noEngine') : errorText(error, t('dashboard.editor.saveFailed')),
      );
    } finally {
      setBusy(false);
    }
  };
  const changed = (next: Transcript) => queryClient.setQueryData(key, next);
  // Writing one by hand where there is none: an editor of one empty line, saved as a draft.
  const [writing, setWriting] = useState<Transcript | null>(null);
  const write = () =>
    setWriting({
      sermonID,
      languageCode: sermon.languageCode,
      source: 'manual',
      captionState: 'draft',
      segments: [{ start: 0, end: Math.min(5, sermon.durationSeconds || 5), text: '' }],
      updated: 0,
    });
  const shown = transcript.data ?? writing;
  const media = sermon.hasAudio || sermon.hasVideo;

  const engine = transcript.data && ENGINE_LABELS[transcript.data.source];
  return (
    <section className="transcript-panel" aria-labelledby="transcript-title">
      <h2 id="transcript-title">{t('dashboard.transcript.title')}</h2>
      {transcript.isError && <p role="alert">{errorText(transcript.error, t('dashboard.shell.loadFailed'))}</p>}
      {transcript.isPending && <p role="status">{t('dashboard.shell.loading')}</p>}
      {status && (
        <p>
          {t('dashboard.transcript.stateIs')} <strong>{t(`dashboard.transcript.status.${status}`)}</strong>
        </p>
      )}
      {engine && <p className="hint">{t(engine)}</p>}
      {shown && (
        <TranscriptEditor
          key={versionOf(shown)}
          transcript={shown}
          unsaved={!transcript.data}
          opened={opened || (!transcript.data && writing !== null)}
          onOpen={() => setOpened(true)}
          durationSeconds={sermon.durationSeconds}
          onDirty={onDirty}
          onChanged={changed}
          onPublished={(next) => {
            changed(next);
            onCaptionsChanged();
          }}
        />
      )}
      {media && status !== 'making' && (
        <div className="actions">
          <button type="button" onClick={transcribe} disabled={busy}>
            {t('dashboard.transcript.transcribe')}
          </button>
          {!shown && (status === 'none' || status === 'failed') && (
            <button type="button" onClick={write}>
              {t('dashboard.transcript.write')}
            </button>
          )}
        </div>
      )}
    </section>
  );
}

/** The segments to correct, Save, and for a draft 'Publish as captions'. Keyed by the transcript loaded. */
function TranscriptEditor({
  transcript,
  unsaved,
  opened,
  onOpen,
  durationSeconds,
  onDirty,
  onChanged,
  onPublished,
}: {
  transcript: Transcript;
  /** Written here and not yet saved: nothing to publish. */
  unsaved: boolean;
  opened: boolean;
  onOpen: () => void;
  durationSeconds: number;
  onDirty: (dirty: boolean) => void;
  onChanged: (next: Transcript) => void;
  onPublished: (next: Transcript) => void;
}) {
  const { t } = useI18n();
  const toast = useToast();
  const params = { sermonID: transcript.sermonID };
  const initial = useMemo(() => toRows(transcript.segments), [transcript]);
  const [problems, setProblems] = useState<RowProblems>(NO_PROBLEMS);
  const [busy, setBusy] = useState(false);
  const listRef = useRef<HTMLDivElement>(null);
  const check = () => checkRows(rows.current, transcript.segments, durationSeconds);
  // Once a save found problems, each change checks again, so a corrected row loses its message.
  const { rows, dirty, onEdit, added, addRow } = useSegmentRows(initial, () => {
    if (problems.size) setProblems(check().problems ?? NO_PROBLEMS);
  });
  useEffect(() => {
    onDirty(dirty);
  }, [dirty, onDirty]);
  useEffect(
    () => () => {
      onDirty(false);
    },
    [onDirty],
  );

  const act = async (action: () => Promise<void>) => {
    setBusy(true);
    try {
      await action();
    } catch (error) {
      toast('error', errorText(error, t('dashboard.editor.saveFailed')));
    } finally {
      setBusy(false);
    }
  };
  const save = () => {
    const checked = check();
    if (checked.problems) {
      setProblems(checked.problems);
      requestAnimationFrame(() => listRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return;
    }
    void act(async () => {
      onChanged(await api.updateSermonTranscript({ params, body: { segments: checked.segments } }));
      toast('success', t('dashboard.transcript.saved'));
    });
  };
  const written = transcript.source === 'manual';
  const publish = () =>
    act(async () => {
      onPublished(await api.publishSermonCaptions({ params }));
      toast(
        'success',
        t(written ? 'dashboard.transcript.publishedWrittenToast' : 'dashboard.transcript.publishedToast'),
      );
    });

  return (
    <>
      {transcript.captionState === 'draft' && !unsaved && (
        <div className="transcript-publish">
          <p className="hint">
            {t(written ? 'dashboard.transcript.publishWritten' : 'dashboard.transcript.publishExplained')}
          </p>
          {dirty && <p className="hint">{t('dashboard.transcript.saveFirst')}</p>}
          <button type="button" onClick={publish} disabled={busy || dirty}>
            {t('dashboard.transcript.publish')}
          </button>
        </div>
      )}
      <details className="transcript-segments" open={opened} onToggle={(e) => e.currentTarget.open && onOpen()}>
        <summary>{t('dashboard.transcript.correct', { count: transcript.segments.length })}</summary>
        {opened && transcript.segments.length > 0 && (
          <div ref={listRef}>
            <p className="hint">{t('dashboard.transcript.timesHint')}</p>
            <div className="actions">
              <button type="button" className="button" onClick={save} disabled={busy || !dirty}>
                {t('dashboard.transcript.save')}
              </button>
              {dirty && <span className="hint">{t('dashboard.editor.unsaved')}</span>}
              {problems.size > 0 && (
                <span role="alert">{t('dashboard.transcript.problems', { count: problems.size })}</span>
              )}
            </div>
            <SegmentList initial={initial} added={added} problems={problems} onEdit={onEdit} />
            <button type="button" onClick={addRow}>
              {t('dashboard.transcript.addLine')}
            </button>
          </div>
        )}
      </details>
    </>
  );
}
