import type { CallRequest } from '@kerygma/api/transport';
import type { mediaContracts } from '@kerygma/domain/contracts/media';
import type { sermonEditingContracts } from '@kerygma/domain/contracts/sermon-editing';
import type { transcriptContracts } from '@kerygma/domain/contracts/transcripts';
import { call, routeOf } from '../session.ts';

/**
 * The calls the sermon screens make, by their contracts' routes: the first screen ships no zod;
 * the forms' chunks bring the schemas they check with.
 */
type Editing = typeof sermonEditingContracts;
type Media = typeof mediaContracts;
type Transcripts = typeof transcriptContracts;
type Request<C extends keyof Editing> = CallRequest<Editing[C]>;

const routes = {
  dashboardSermonList: routeOf<Editing['dashboardSermonList']>({
    method: 'GET',
    path: '/node/broadcasters/:broadcasterID/legacy-sermon-list',
  }),
  createSermon: routeOf<Editing['createSermon']>({ method: 'POST', path: '/node/sermons' }),
  editableSermon: routeOf<Editing['editableSermon']>({ method: 'GET', path: '/node/sermons/:sermonID/editor' }),
  updateSermon: routeOf<Editing['updateSermon']>({ method: 'PATCH', path: '/node/sermons/:sermonID' }),
  setSermonPublishState: routeOf<Editing['setSermonPublishState']>({
    method: 'PUT',
    path: '/node/sermons/:sermonID/publish_state',
  }),
  duplicateSermon: routeOf<Editing['duplicateSermon']>({ method: 'POST', path: '/node/sermons/:sermonID/duplicate' }),
  deleteSermon: routeOf<Editing['deleteSermon']>({ method: 'DELETE', path: '/node/sermons/:sermonID' }),
  sermonConfig: routeOf<Editing['sermonConfig']>({ method: 'GET', path: '/sermon_config' }),
  editorDropdownContents: routeOf<Editing['editorDropdownContents']>({
    method: 'GET',
    path: '/node/sermons/:sermonID/editor_dropdown_contents',
  }),
  editableSpeakers: routeOf<Editing['editableSpeakers']>({
    method: 'GET',
    path: '/node/broadcasters/:broadcasterID/editable_speakers',
  }),
  createSpeaker: routeOf<Editing['createSpeaker']>({ method: 'POST', path: '/node/speakers' }),
  updateSpeaker: routeOf<Editing['updateSpeaker']>({ method: 'PATCH', path: '/node/speakers/:speaker' }),
  deleteSpeaker: routeOf<Editing['deleteSpeaker']>({ method: 'DELETE', path: '/node/speakers/:speaker' }),
  editableSeries: routeOf<Editing['editableSeries']>({
    method: 'GET',
    path: '/node/broadcasters/:broadcasterID/editable_series',
  }),
  createSeries: routeOf<Editing['createSeries']>({ method: 'POST', path: '/node/broadcasters/:broadcasterID/series' }),
  updateSeries: routeOf<Editing['updateSeries']>({ method: 'PATCH', path: '/node/series/:seriesID' }),
  deleteSeries: routeOf<Editing['deleteSeries']>({ method: 'DELETE', path: '/node/series/:seriesID' }),
  mediaTracker: routeOf<Media['mediaTracker']>({ method: 'GET', path: '/node/sermons/:sermonID/media_tracker' }),
  startUpload: routeOf<Media['startUpload']>({ method: 'POST', path: '/media' }),
  encodingOptions: routeOf<Media['encodingOptions']>({
    method: 'PATCH',
    path: '/node/sermons/:sermonID/encoding_options',
  }),
  sermonTranscript: routeOf<Transcripts['sermonTranscript']>({
    method: 'GET',
    path: '/node/sermons/:sermonID/transcript',
  }),
  updateSermonTranscript: routeOf<Transcripts['updateSermonTranscript']>({
    method: 'PUT',
    path: '/node/sermons/:sermonID/transcript',
  }),
  publishSermonCaptions: routeOf<Transcripts['publishSermonCaptions']>({
    method: 'POST',
    path: '/node/sermons/:sermonID/transcript/publish',
  }),
  transcribeSermon: routeOf<Transcripts['transcribeSermon']>({
    method: 'POST',
    path: '/node/sermons/:sermonID/transcript/transcribe',
  }),
};

/** `api.updateSermon({ params: { sermonID }, body })`: each sermon-editing and media call, for the signed-in user. */
export const api = {
  dashboardSermonList: (r: Request<'dashboardSermonList'>) =>
    call<Editing['dashboardSermonList']>(routes.dashboardSermonList, { ...r, noCache: true }),
  createSermon: (r: Request<'createSermon'>) => call<Editing['createSermon']>(routes.createSermon, r),
  editableSermon: (r: Request<'editableSermon'>) =>
    call<Editing['editableSermon']>(routes.editableSermon, { ...r, noCache: true }),
  updateSermon: (r: Request<'updateSermon'>) => call<Editing['updateSermon']>(routes.updateSermon, r),
  setSermonPublishState: (r: Request<'setSermonPublishState'>) =>
    call<Editing['setSermonPublishState']>(routes.setSermonPublishState, r),
  duplicateSermon: (r: Request<'duplicateSermon'>) => call<Editing['duplicateSermon']>(routes.duplicateSermon, r),
  deleteSermon: (r: Request<'deleteSermon'>) => call<Editing['deleteSermon']>(routes.deleteSermon, r),
  sermonConfig: (r: Request<'sermonConfig'> = {}) => call<Editing['sermonConfig']>(routes.sermonConfig, r),
  editorDropdownContents: (r: Request<'editorDropdownContents'>) =>
    call<Editing['editorDropdownContents']>(routes.editorDropdownContents, { ...r, noCache: true }),
  editableSpeakers: (r: Request<'editableSpeakers'>) =>
    call<Editing['editableSpeakers']>(routes.editableSpeakers, { ...r, noCache: true }),
  createSpeaker: (r: Request<'createSpeaker'>) => call<Editing['createSpeaker']>(routes.createSpeaker, r),
  updateSpeaker: (r: Request<'updateSpeaker'>) => call<Editing['updateSpeaker']>(routes.updateSpeaker, r),
  deleteSpeaker: (r: Request<'deleteSpeaker'>) => call<Editing['deleteSpeaker']>(routes.deleteSpeaker, r),
  editableSeries: (r: Request<'editableSeries'>) =>
    call<Editing['editableSeries']>(routes.editableSeries, { ...r, noCache: true }),
  createSeries: (r: Request<'createSeries'>) => call<Editing['createSeries']>(routes.createSeries, r),
  updateSeries: (r: Request<'updateSeries'>) => call<Editing['updateSeries']>(routes.updateSeries, r),
  deleteSeries: (r: Request<'deleteSeries'>) => call<Editing['deleteSeries']>(routes.deleteSeries, r),
  mediaTracker: (r: CallRequest<Media['mediaTracker']>) =>
    call<Media['mediaTracker']>(routes.mediaTracker, { ...r, noCache: true }),
  startUpload: (r: CallRequest<Media['startUpload']>) => call<Media['startUpload']>(routes.startUpload, r),
  encodingOptions: (r: CallRequest<Media['encodingOptions']>) =>
    call<Media['encodingOptions']>(routes.encodingOptions, r),
  sermonTranscript: (r: CallRequest<Transcripts['sermonTranscript']>) =>
    call<Transcripts['sermonTranscript']>(routes.sermonTranscript, { ...r, noCache: true }),
  updateSermonTranscript: (r: CallRequest<Transcripts['updateSermonTranscript']>) =>
    call<Transcripts['updateSermonTranscript']>(routes.updateSermonTranscript, r),
  publishSermonCaptions: (r: CallRequest<Transcripts['publishSermonCaptions']>) =>
    call<Transcripts['publishSermonCaptions']>(routes.publishSermonCaptions, r),
  transcribeSermon: (r: CallRequest<Transcripts['transcribeSermon']>) =>
    call<Transcripts['transcribeSermon']>(routes.transcribeSermon, r),
};
