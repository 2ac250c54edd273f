import type { mediaContracts } from '@kerygma/domain/contracts/media';
import type { sermonEditingContracts } from '@kerygma/domain/contracts/sermon-editing';
import type { transcriptContracts } from '@kerygma/domain/contracts/transcripts';
import { callOf } from '../session.ts';

/**
 * The calls the sermon screens make, by their contracts' routes: the first screen ships no zod;
 * the forms' chunks bring the schemas they check with.
 */
type Editing = typeof sermonEditingContracts;
type Media = typeof mediaContracts;
type Transcripts = typeof transcriptContracts;

/** `api.updateSermon({ params: { sermonID }, body })`: each sermon-editing and media call, for the signed-in user. */
export const api = {
  dashboardSermonList: callOf<Editing['dashboardSermonList']>(
    { method: 'GET', path: '/node/broadcasters/:broadcasterID/legacy-sermon-list' },
    { fresh: true },
  ),
  createSermon: callOf<Editing['createSermon']>({ method: 'POST', path: '/node/sermons' }),
  editableSermon: callOf<Editing['editableSermon']>(
    { method: 'GET', path: '/node/sermons/:sermonID/editor' },
    { fresh: true },
  ),
  updateSermon: callOf<Editing['updateSermon']>({ method: 'PATCH', path: '/node/sermons/:sermonID' }),
  setSermonPublishState: callOf<Editing['setSermonPublishState']>({
    method: 'PUT',
    path: '/node/sermons/:sermonID/publish_state',
  }),
  duplicateSermon: callOf<Editing['duplicateSermon']>({ method: 'POST', path: '/node/sermons/:sermonID/duplicate' }),
  deleteSermon: callOf<Editing['deleteSermon']>({ method: 'DELETE', path: '/node/sermons/:sermonID' }),
  sermonConfig: callOf<Editing['sermonConfig']>({ method: 'GET', path: '/sermon_config' }),
  editorDropdownContents: callOf<Editing['editorDropdownContents']>(
    { method: 'GET', path: '/node/sermons/:sermonID/editor_dropdown_contents' },
    { fresh: true },
  ),
  editableSpeakers: callOf<Editing['editableSpeakers']>(
    { method: 'GET', path: '/node/broadcasters/:broadcasterID/editable_speakers' },
    { fresh: true },
  ),
  createSpeaker: callOf<Editing['createSpeaker']>({ method: 'POST', path: '/node/speakers' }),
  updateSpeaker: callOf<Editing['updateSpeaker']>({ method: 'PATCH', path: '/node/speakers/:speaker' }),
  deleteSpeaker: callOf<Editing['deleteSpeaker']>({ method: 'DELETE', path: '/node/speakers/:speaker' }),
  editableSeries: callOf<Editing['editableSeries']>(
    { method: 'GET', path: '/node/broadcasters/:broadcasterID/editable_series' },
    { fresh: true },
  ),
  createSeries: callOf<Editing['createSeries']>({ method: 'POST', path: '/node/broadcasters/:broadcasterID/series' }),
  updateSeries: callOf<Editing['updateSeries']>({ method: 'PATCH', path: '/node/series/:seriesID' }),
  deleteSeries: callOf<Editing['deleteSeries']>({ method: 'DELETE', path: '/node/series/:seriesID' }),
  mediaTracker: callOf<Media['mediaTracker']>(
    { method: 'GET', path: '/node/sermons/:sermonID/media_tracker' },
    { fresh: true },
  ),
  startUpload: callOf<Media['startUpload']>({ method: 'POST', path: '/media' }),
  encodingOptions: callOf<Media['encodingOptions']>({
    method: 'PATCH',
    path: '/node/sermons/:sermonID/encoding_options',
  }),
  sermonTranscript: callOf<Transcripts['sermonTranscript']>(
    { method: 'GET', path: '/node/sermons/:sermonID/transcript' },
    { fresh: true },
  ),
  updateSermonTranscript: callOf<Transcripts['updateSermonTranscript']>({
    method: 'PUT',
    path: '/node/sermons/:sermonID/transcript',
  }),
  publishSermonCaptions: callOf<Transcripts['publishSermonCaptions']>({
    method: 'POST',
    path: '/node/sermons/:sermonID/transcript/publish',
  }),
  transcribeSermon: callOf<Transcripts['transcribeSermon']>({
    method: 'POST',
    path: '/node/sermons/:sermonID/transcript/transcribe',
  }),
};
