import type { ApiClient } from '@kerygma/api/client';
import { ApiRequestError } from '@kerygma/api/request';
import type { LiteBroadcaster } from '@kerygma/domain/catalogue';
import {
  type ScheduledWebcast,
  WEBCAST_MEDIA_PASS_COOKIE,
  type Webcast,
  type WebcastLite,
} from '@kerygma/domain/contracts/webcasts';
import { formatDateTime } from './format.ts';
import { orNotFound } from './not-found.ts';

/**
 * What the webcast pages load (spec §2 Webcasts and its route entry checks, §4 webcast states,
 * §7 Webcasts): the webcasts live now with their count, the scheduled ones coming up (issue 27),
 * the replays, a broadcaster's webcasts, and one webcast (live or its replay) behind its password
 * or a manager's preview.
 */

/**
 * Pages that list what is live now change whenever a webcast starts or stops: browsers and
 * shared caches keep them seconds, not the catalogue's minute, and may show them stale only
 * briefly (not the site's five minutes of stale-while-revalidate). The server's page cache drops
 * them at once when a webcast's state changes (render-tags.ts `webcasts`).
 */
export const LIVE_CACHE_CONTROL = 'public, max-age=10, stale-while-revalidate=20';
/** Replays per page of /webcasts/recent and a broadcaster's webcasts. */
export const WEBCAST_PAGE_SIZE = 25;
/** Scheduled webcasts shown under 'Coming up'. */
export const COMING_UP_COUNT = 10;

export const webcastPath = (w: Pick<WebcastLite, 'broadcasterID' | 'webcastID'>) =>
  `/webcasts/${encodeURIComponent(w.broadcasterID)}/${encodeURIComponent(w.webcastID)}`;
export const broadcasterWebcastsPath = (broadcasterID: string) => `/webcasts/${encodeURIComponent(broadcasterID)}`;

/** The webcasts live now, newest first, and how many there are; the scheduled ones coming up, soonest first. */
export async function loadLiveWebcasts(
  api: ApiClient,
): Promise<{ webcasts: WebcastLite[]; count: number; comingUp: ScheduledWebcast[] }> {
  const [list, { count }, scheduled] = await Promise.all([
    api.webcastsInProgress(),
    api.webcastsInProgressCount(),
    api.webcastsScheduled(undefined, COMING_UP_COUNT),
  ]);
  return { webcasts: list.results, count, comingUp: scheduled.results };
}

/**
 * The broadcaster's next scheduled webcast, for its page's banner when it is not live; only
 * for one that may webcast (the answer ties the page to the webcast changes, render-tags.ts).
 */
export async function loadNextScheduled(
  api: ApiClient,
  broadcaster: { broadcasterID: string; canWebcast: boolean; webcastInProgress: boolean },
): Promise<ScheduledWebcast | undefined> {
  if (!broadcaster.canWebcast || broadcaster.webcastInProgress) return undefined;
  return (await api.webcastsScheduled(broadcaster.broadcasterID, 1)).results[0];
}

/** A page of the recent replays; undefined past the last page. */
export async function loadWebcastHistory(api: ApiClient, page: number) {
  const list = await api.webcastHistory(page, WEBCAST_PAGE_SIZE);
  return page > 1 && list.results.length === 0 ? undefined : list;
}

export type BroadcasterWebcasts = {
  broadcaster: LiteBroadcaster;
  /** Its webcast live now (spec §4: at most one open webcast per broadcaster). */
  live: WebcastLite[];
  /** Its listed replays on this page, newest first. */
  replays: WebcastLite[];
  /** Its scheduled webcasts coming up, soonest first. */
  comingUp: ScheduledWebcast[];
  totalCount: number;
  next: string | null;
};

/**
 * A broadcaster's webcasts (spec §2 route check: without a webcastID, its webcasts in progress;
 * 'Broadcaster not found' when it does not exist): undefined for an unknown broadcaster or a
 * page past the last one.
 */
export async function loadBroadcasterWebcasts(
  api: ApiClient,
  broadcasterID: string,
  page: number,
): Promise<BroadcasterWebcasts | undefined> {
  const broadcaster = (await orNotFound(api.broadcaster(broadcasterID, true))) as LiteBroadcaster | undefined;
  if (!broadcaster) return undefined;
  const [list, scheduled] = await Promise.all([
    api.broadcasterWebcasts(broadcaster.broadcasterID, page, WEBCAST_PAGE_SIZE),
    api.webcastsScheduled(broadcaster.broadcasterID, COMING_UP_COUNT),
  ]);
  if (page > 1 && list.results.length === 0) return undefined;
  return {
    broadcaster,
    live: list.results.filter((w) => w.state === 'live'),
    replays: list.results.filter((w) => w.state === 'ended'),
    comingUp: scheduled.results,
    totalCount: list.totalCount,
    next: list.next,
  };
}

export type WebcastAccess = {
  /** The password the visitor typed into the page's form. */
  password?: string | undefined;
  /** `?preview`: a manager's look at a webcast not public yet (with the visitor's cookie). */
  preview?: boolean;
  /** The visitor's Cookie header: the page's copy of the media pass, and a manager's session for a preview. */
  cookie?: string | undefined;
  /**
   * Passes on the cookies for the visitor's browser: the media pass a right password earns (the
   * player's playlist and segments need it) and the page's copy of it (`pagePassCookie`).
   */
  setCookie?: (value: string) => void;
};

/**
 * The page's copy of a protected webcast's media pass, so that a visitor who gave the right
 * password is not asked again on a reload or a later visit (until the pass's 2 hours are over,
 * each visit renewing it, or the password changes, which voids it): the API's own pass cookie is
 * scoped to /live-media/<id>/, which the page's requests do not carry. Path `/` and named per
 * webcast, rather than the page's path: a Path matches by prefix, so `/webcasts/b/w` would not
 * cover `/de/webcasts/b/w` (nor the other locales' prefixes, nor /live/b leading there), and the
 * visitor would be asked again in another language. httpOnly, SameSite=Lax, Secure and Max-Age as
 * the API gave its pass (it decides Secure from the public origin). Only for IDs that are safe
 * as a cookie name (webcast IDs are digits).
 */
export const pagePassCookie = (webcastID: string) =>
  /^[\w-]{1,40}$/.test(webcastID) ? `${WEBCAST_MEDIA_PASS_COOKIE}_${webcastID}` : undefined;

/** A cookie's value in a Cookie header. */
function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

/** The page's copy (Path=/) of the media pass the one-webcast call set (`setCookie`: its Set-Cookie). */
function pageCopy(name: string, setCookie: string): string | undefined {
  const [pair = '', ...attributes] = setCookie.split(';').map((a) => a.trim());
  const value = pair.startsWith(`${WEBCAST_MEDIA_PASS_COOKIE}=`) && pair.slice(WEBCAST_MEDIA_PASS_COOKIE.length + 1);
  if (!value) return undefined;
  const maxAge = attributes.find((a) => /^max-age=\d+$/i.test(a));
  const secure = attributes.some((a) => a.toLowerCase() === 'secure');
  return [
    `${name}=${value}`,
    'Path=/',
    ...(maxAge ? [maxAge] : []),
    'HttpOnly',
    ...(secure ? ['Secure'] : []),
    'SameSite=Lax',
  ].join('; ');
}

export type WebcastPage =
  | { kind: 'found'; webcast: Webcast }
  /** Protected by a password: the form, and whether the one given was wrong. */
  | { kind: 'password'; wrong: boolean }
  /** spec §2: 'Webcast replay not found'. */
  | { kind: 'notFound' };

/**
 * One webcast (spec §2 route check): live, or an ended one's replay (an unlisted one too: by its
 * link only, never in a list); 'Webcast replay not found' unless it exists, or the preview is
 * asked by its managers or a site admin. A password-protected one asks for its password, unless
 * the visitor holds the page's copy of its media pass (`pagePassCookie`), sent on in its place.
 */
export async function loadWebcast(
  api: ApiClient,
  broadcasterID: string,
  webcastID: string,
  access: WebcastAccess = {},
): Promise<WebcastPage> {
  const passName = pagePassCookie(webcastID);
  const pass = passName && cookieValue(access.cookie, passName);
  // The visitor's cookies go on only with a preview (its session); the pass alone otherwise.
  const cookie = [access.preview ? access.cookie : undefined, pass ? `${WEBCAST_MEDIA_PASS_COOKIE}=${pass}` : undefined]
    .filter(Boolean)
    .join('; ');
  const setCookie = access.setCookie;
  try {
    const webcast = (await api.webcast(broadcasterID, webcastID, {
      password: access.password,
      preview: access.preview,
      cookie: cookie || undefined,
      setCookie:
        setCookie &&
        ((value) => {
          setCookie(value);
          const copy = passName && pageCopy(passName, value);
          if (copy) setCookie(copy);
        }),
    })) as Webcast;
    return { kind: 'found', webcast };
  } catch (error) {
    if (error instanceof ApiRequestError) {
      if (error.status === 403) return { kind: 'password', wrong: Boolean(access.password) };
      if (error.status === 404 || error.status === 400) return { kind: 'notFound' };
    }
    throw error;
  }
}

/** Where /live/{broadcasterID} leads: its live webcast, else its webcasts; undefined: no such broadcaster. */
export async function liveDestination(api: ApiClient, broadcasterID: string): Promise<string | undefined> {
  const broadcaster = await orNotFound(api.broadcaster(broadcasterID, true));
  if (!broadcaster) return undefined;
  const { results } = await api.webcastsInProgress(broadcaster.broadcasterID);
  const live = results[0];
  return live ? webcastPath(live) : broadcasterWebcastsPath(broadcaster.broadcasterID);
}

/**
 * When a webcast started or a scheduled one starts, in the page's language, on the site's clock
 * (spec §9: US Eastern; the page is the same for every visitor), the zone named.
 */
export function startedLabel(startTimestamp: number, lang: string): string {
  return formatDateTime(startTimestamp, lang, { zoneNamed: true });
}
