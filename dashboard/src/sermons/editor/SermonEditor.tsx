import type { EditableSermon } from '@kerygma/domain/contracts/sermon-editing';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useParams } from 'react-router';
import { useLeaveWarning } from '../../forms/form.ts';
import { useI18n } from '../../i18n.tsx';
import { ErrorView } from '../../shell/ErrorView.tsx';
import { errorText, isNotFound } from '../../shell/query.ts';
import { MediaPanel } from '../media/MediaPanel.tsx';
import { api } from '../sermon-api.ts';
import { TranscriptPanel } from '../transcript/TranscriptPanel.tsx';
import { PublishPanel } from './PublishPanel.tsx';
import { SermonFieldsForm } from './SermonFieldsForm.tsx';

/**
 * `sermons/{sermonID}` (spec §2 route entry check: the sermon, the sermon config and the
 * editor's pickers; the Bible's structure ships with the editor): the fields, the media, the
 * publish state and the transcript. A missing sermon shows the 'Sermon Not Found' view.
 */
export function SermonEditor() {
  const { t } = useI18n();
  const { sermonID = '' } = useParams();
  const queryClient = useQueryClient();
  const [dirty, setDirty] = useState(false);
  const [transcriptDirty, setTranscriptDirty] = useState(false);
  // One leave warning for both forms: a router keeps only one blocker.
  useLeaveWarning(dirty || transcriptDirty);
  const sermon = useQuery({
    queryKey: ['sermon', sermonID],
    queryFn: ({ signal }) => api.editableSermon({ params: { sermonID }, signal }),
  });
  const config = useQuery({
    queryKey: ['sermon-config'],
    queryFn: ({ signal }) => api.sermonConfig({ signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
  const pickers = useQuery({
    queryKey: ['editor-pickers', sermonID],
    queryFn: ({ signal }) => api.editorDropdownContents({ params: { sermonID }, signal }),
  });
  const changed = useCallback(
    (next: EditableSermon) => {
      queryClient.setQueryData(['sermon', sermonID], next);
      void queryClient.invalidateQueries({ queryKey: ['sermons'] });
    },
    [queryClient, sermonID],
  );
  const mediaChanged = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: ['sermon', sermonID] }),
    [queryClient, sermonID],
  );

  if (sermon.isError && isNotFound(sermon.error)) return <ErrorView kind="sermon" />;
  const failed = sermon.error ?? config.error ?? pickers.error;
  if (failed) return <p role="alert">{errorText(failed, t('dashboard.shell.loadFailed'))}</p>;
  if (!sermon.data || !config.data || !pickers.data) return <p role="status">{t('dashboard.shell.loading')}</p>;
  return (
    <article className="editor" aria-labelledby="editor-title">
      <h1 id="editor-title">{sermon.data.fullTitle}</h1>
      <div className="editor-columns">
        <SermonFieldsForm
          sermon={sermon.data}
          config={config.data}
          pickers={pickers.data}
          onSaved={changed}
          onDirty={setDirty}
        />
        <div className="editor-side">
          <PublishPanel sermon={sermon.data} dirty={dirty} onChanged={changed} />
          <MediaPanel sermon={sermon.data} onMediaChanged={mediaChanged} />
        </div>
      </div>
      <TranscriptPanel sermon={sermon.data} onDirty={setTranscriptDirty} onCaptionsChanged={mediaChanged} />
    </article>
  );
}
