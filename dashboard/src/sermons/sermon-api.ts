import type { CallRequest } from '@kerygma/api/transport';
import type { broadcasterContracts } from '@kerygma/domain/contracts/broadcasters';
import type { mediaContracts } from '@kerygma/domain/contracts/media';
import type { sermonContracts } from '@kerygma/domain/contracts/sermons';
import { call, routeOf } from '../session.ts';

/**
 * The calls the sermon screens make, by their contracts' routes (the schemas stay out of the
 * first screen's script; the forms' chunks bring the zod schemas they check with).
 */
type Sermons = typeof sermonContracts;
type Media = typeof mediaContracts;
type Broadcasters = typeof broadcasterContracts;

export const routes = {
  sermonList: routeOf<Sermons['sermonList']>({ method: 'GET', path: '/node/sermons' }),
  sermonDetail: routeOf<Sermons['sermonDetail']>({ method: 'GET', path: '/node/sermons/:sermonID' }),
  mediaTracker: routeOf<Media['mediaTracker']>({ method: 'GET', path: '/node/sermons/:sermonID/media_tracker' }),
  startUpload: routeOf<Media['startUpload']>({ method: 'POST', path: '/media' }),
  encodingOptions: routeOf<Media['encodingOptions']>({
    method: 'PATCH',
    path: '/node/sermons/:sermonID/encoding_options',
  }),
  deleteMedia: routeOf<Media['deleteMedia']>({ method: 'POST', path: '/jobs/delete' }),
  speakers: routeOf<Broadcasters['broadcasterSpeakers']>({
    method: 'GET',
    path: '/node/broadcasters/:broadcasterID/speakers',
  }),
  series: routeOf<Broadcasters['broadcasterSeriesList']>({
    method: 'GET',
    path: '/node/broadcasters/:broadcasterID/series',
  }),
  highlighted: routeOf<Broadcasters['highlightedSermons']>({
    method: 'GET',
    path: '/node/broadcasters/:broadcasterID/highlighted_sermons',
  }),
};

type ListQuery = NonNullable<CallRequest<Sermons['sermonList']>['query']>;

/** The broadcaster's sermons in every publish state it asks for (the session's cookies say who asks). */
export const listSermons = (query: ListQuery, signal?: AbortSignal) =>
  call<Sermons['sermonList']>(routes.sermonList, { query, signal, noCache: true });

export const sermonDetail = (sermonID: string, signal?: AbortSignal) =>
  call<Sermons['sermonDetail']>(routes.sermonDetail, {
    params: { sermonID },
    query: { lite: false },
    signal,
    noCache: true,
  });

export const mediaTracker = (sermonID: string, signal?: AbortSignal) =>
  call<Media['mediaTracker']>(routes.mediaTracker, { params: { sermonID }, signal, noCache: true });
