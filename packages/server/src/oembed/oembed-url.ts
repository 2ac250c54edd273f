import type { EmbedMedia } from '@kerygma/domain/embeds';
import { localeFromPath } from '@kerygma/i18n/locales';

/** What a pasted link shows as a player: one sermon (in a medium, if the link names one) or a broadcaster's latest. */
export type OembedTarget =
  | { kind: 'sermon'; sermonID: string; media?: EmbedMedia }
  | { kind: 'broadcaster'; broadcasterID: string };

const MEDIA: Record<string, EmbedMedia> = { a: 'audio', audio: 'audio', v: 'video', video: 'video' };
/** Old ASP pages and their sermon id parameter names (any case), as in the site's legacy redirects. */
const LEGACY_PAGES = new Set(['/sermoninfo.asp', '/sermon.asp', '/playpopup.asp']);
const LEGACY_ID_PARAMS = new Set(['sid', 's', 'sermonid']);

const id = '([^/]{1,100})';
const PATTERNS: readonly [RegExp, (m: string[]) => OembedTarget | undefined][] = [
  // /sermons/{id}, /sermons/{id}/{a|v|audio|video}
  [
    new RegExp(`^/sermons/${id}(?:/([a-z]+))?$`),
    ([, sermonID = '', media]) =>
      media === undefined
        ? { kind: 'sermon', sermonID }
        : MEDIA[media]
          ? { kind: 'sermon', sermonID, media: MEDIA[media] }
          : undefined,
  ],
  // The embed itself, and the legacy player routes.
  [
    new RegExp(`^/embed/classic/player/([av])/${id}$`),
    ([, media = '', sermonID = '']) => ({ kind: 'sermon', sermonID, media: MEDIA[media] }),
  ],
  [
    new RegExp(`^/player/sermon/legacy(/video)?/${id}$`),
    ([, video, sermonID = '']) => ({ kind: 'sermon', sermonID, media: video ? 'video' : 'audio' }),
  ],
  [/^\/(?:sermon|sermoninfo)\/(\d{1,40})$/, ([, sermonID = '']) => ({ kind: 'sermon', sermonID })],
  [new RegExp(`^/broadcasters/${id}$`), ([, broadcasterID = '']) => ({ kind: 'broadcaster', broadcasterID })],
  [new RegExp(`^/embed/classic/player/l/${id}$`), ([, broadcasterID = '']) => ({ kind: 'broadcaster', broadcasterID })],
];

/**
 * The player target of a URL on this site (`hosts`: the host names it answers to), with or
 * without a locale prefix, a trailing slash or a medium suffix; old sermoninfo.asp links too.
 * Undefined for anything else, including links to other sites.
 */
export function oembedTarget(raw: string, hosts: ReadonlySet<string>): OembedTarget | undefined {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return undefined;
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !hosts.has(url.host.toLowerCase())) return undefined;
  const trimmed = url.pathname.length > 1 ? url.pathname.replace(/\/+$/, '') : url.pathname;
  const path = localeFromPath(trimmed.replace(/^\/en(?=\/|$)/i, '')).rest;

  if (LEGACY_PAGES.has(path.toLowerCase())) {
    for (const [name, value] of url.searchParams) {
      if (LEGACY_ID_PARAMS.has(name.toLowerCase()) && /^\d{1,40}$/.test(value.trim()))
        return { kind: 'sermon', sermonID: value.trim() };
    }
    return undefined;
  }
  for (const [pattern, target] of PATTERNS) {
    const match = pattern.exec(path);
    if (!match) continue;
    let decoded: string[];
    try {
      decoded = match.map((part) => (part === undefined ? part : decodeURIComponent(part)) as string);
    } catch {
      return undefined;
    }
    return target(decoded);
  }
  return undefined;
}
