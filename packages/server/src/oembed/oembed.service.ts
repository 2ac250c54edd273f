import type { Media, Sermon } from '@kerygma/domain/catalogue';
import {
  broadcasterEmbedPath,
  type EmbedKind,
  embedIframe,
  embedMediaFor,
  embedSize,
  sermonEmbedPath,
} from '@kerygma/domain/embeds';
import { getTranslator } from '@kerygma/i18n/t';
import type { ApiDeps } from '../app-deps.ts';
import { broadcasterDetail } from '../broadcasters/broadcasters.service.ts';
import type { Urls } from '../catalogue/dto.ts';
import { sermonDetail } from '../sermons/sermons.service.ts';
import type { OembedTarget } from './oembed-url.ts';

/** How long consumers may cache an answer, in seconds (also the HTTP max-age). */
export const OEMBED_CACHE_AGE = 3600;

/** An oEmbed 1.0 response of type rich or video (https://oembed.com §2.3.4). */
export type OembedResponse = {
  type: 'rich' | 'video';
  version: '1.0';
  title: string;
  author_name?: string;
  author_url?: string;
  provider_name: string;
  provider_url: string;
  cache_age: number;
  html: string;
  width: number;
  height: number;
  thumbnail_url?: string;
  thumbnail_width?: number;
  thumbnail_height?: number;
};

export type OembedLimits = { maxwidth?: number | undefined; maxheight?: number | undefined };

/** Width of the video ladder rung a thumbnail is taken from (the highest one made), by quality label. */
const RUNG_WIDTH: Record<string, number> = { '1080p': 1920, high: 1280, '720p': 1280, low: 640, '360p': 640 };

/** The sermon's video thumbnail with its size (§9: height 0.5625 of the width), when it has one. */
function thumbnail(sermon: Sermon, video: readonly Media[]) {
  const width = RUNG_WIDTH[video[0]?.quality ?? ''];
  if (!sermon.videoThumbnail || !width) return {};
  return { thumbnail_url: sermon.videoThumbnail, thumbnail_width: width, thumbnail_height: Math.round(width * 0.5625) };
}

/**
 * The oEmbed answer for a target: an iframe of its embed player sized within the limits. Embeds
 * are English only (spec §2), so are their titles. Unknown sermons and broadcasters are 404s.
 */
export async function oembedFor(
  { db, entities }: Pick<ApiDeps, 'db' | 'entities'>,
  target: OembedTarget,
  limits: OembedLimits,
  urls: Urls,
): Promise<OembedResponse> {
  const t = await getTranslator('en');
  const provider = { provider_name: t('site.name'), provider_url: `${urls.origin}/`, cache_age: OEMBED_CACHE_AGE };
  const frame = (kind: EmbedKind, path: string, title: string) => {
    const size = embedSize(kind, limits.maxwidth, limits.maxheight);
    const html = embedIframe({ src: `${urls.origin}${path}`, ...size, title: t('embed.frameTitle', { title }) });
    return { html, ...size };
  };

  if (target.kind === 'broadcaster') {
    const broadcaster = await broadcasterDetail(db, target.broadcasterID, true, urls);
    const title = t('embed.latestFrom', { name: broadcaster.displayName });
    return {
      type: 'rich',
      version: '1.0',
      title,
      author_name: broadcaster.displayName,
      author_url: `${urls.origin}/broadcasters/${encodeURIComponent(broadcaster.broadcasterID)}`,
      ...provider,
      ...frame('playlist', broadcasterEmbedPath(broadcaster.broadcasterID), title),
    };
  }

  const sermon = (await sermonDetail(db, entities, target.sermonID, false, urls)) as Sermon;
  // A sermon without playable media still embeds (its player says so) as audio.
  const media = embedMediaFor(sermon.media, target.media) ?? 'audio';
  return {
    type: media === 'video' ? 'video' : 'rich',
    version: '1.0',
    title: sermon.fullTitle,
    author_name: sermon.speaker.displayName,
    author_url: `${urls.origin}/speakers/${sermon.speaker.speakerID}`,
    ...provider,
    ...frame(media, sermonEmbedPath(sermon.sermonID, media), sermon.fullTitle),
    ...(media === 'video' ? thumbnail(sermon, sermon.media.video) : {}),
  };
}
