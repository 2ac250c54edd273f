import type { LiteSermon } from '@kerygma/domain/catalogue';
import { VIDEO_THUMBNAIL_WIDTHS, videoThumbnailHeight } from '@kerygma/domain/media';
import type { Translate } from '@kerygma/i18n/t';
import { bibleTextName, eventTypeName } from './catalogue-names.ts';
import { formatDate, formatDuration, isoDuration } from './format.ts';
import { escapeHtml as e } from './html.ts';
import { isSizedImage, sizedImage, sizedSrcset } from './images.ts';
import { markedHtml, snippetHtml } from './search-match.ts';

export type SermonRowColumns = { showSpeaker: boolean; showBroadcaster: boolean; showSeries: boolean };
export type SermonRowContext = { t: Translate; href: (path: string) => string; lang: string };

/**
 * A video sermon's still beside its row: shown 96×54 (spec §9 thumbnail sizes 96 and 360; the
 * 360 serves screens of 2× and more), lazy, and only from the WebP sizes (a JPEG would be the
 * full frame).
 */
const THUMB_WIDTH = 96;
const THUMB = {
  width: THUMB_WIDTH,
  height: videoThumbnailHeight(THUMB_WIDTH),
  // Only sizes the media store makes (a missing one is a 404, not a resize).
  widths: VIDEO_THUMBNAIL_WIDTHS.filter((width) => width <= 360),
};

const duration = (s: LiteSermon) => (s.audioDurationSeconds > 0 ? s.audioDurationSeconds : s.videoDurationSeconds);

/**
 * The `<li>` rows of <SermonList> as HTML: title, subtitle, speaker, broadcaster, series, date,
 * Bible text, event type, duration and a video badge (and a video's still), every value escaped;
 * in a search's results, the searched words marked in the title and the snippet that matched
 * (lib/search-match.ts). Built as a string
 * because a sermon list is the largest part of most pages and Astro's per-element rendering of
 * 25 rows cost a tenth of a list page's render (bench/README.md, "Site pages").
 */
export function sermonRowsHtml(
  sermons: readonly LiteSermon[],
  { showSpeaker, showBroadcaster, showSeries }: SermonRowColumns,
  { t, href, lang }: SermonRowContext,
  /** 'div': a row inside an item that holds more (the library's lists, islands/library/SermonRows.tsx). */
  tag: 'li' | 'div' = 'li',
): string {
  const video = e(t('sermon.video'));
  let html = '';
  for (const s of sermons) {
    const language = e(s.languageCode);
    const page = e(href(`/sermons/${encodeURIComponent(s.sermonID)}`));
    const still = s.hasVideo && s.videoThumbnailResizable && isSizedImage(s.videoThumbnailResizable);
    html += `<${tag} class="sermon-row${still ? ' with-thumb' : ''}" data-sermon-id="${e(s.sermonID)}">`;
    const title = s.searchMatch?.title.length ? markedHtml(s.searchMatch.title) : e(s.displayTitle);
    html += `<a class="sermon-title" href="${page}" lang="${language}">${title}</a>`;
    // The still links to the sermon too, out of the tab order and hidden from screen readers
    // (the title is the same link).
    if (still) {
      const url = s.videoThumbnailResizable as string;
      html += `<a class="sermon-thumb" href="${page}" tabindex="-1" aria-hidden="true"><img src="${e(sizedImage(url, THUMB.width))}" srcset="${e(sizedSrcset(url, THUMB.widths))}" sizes="${THUMB.width}px" width="${THUMB.width}" height="${THUMB.height}" alt="" loading="lazy" decoding="async"></a>`;
    }
    const subtitle = shownSubtitle(s);
    if (subtitle) html += `<span class="sermon-subtitle" lang="${language}">${e(subtitle)}</span>`;
    html += '<span class="sermon-meta">';
    if (showSpeaker) html += `<a href="${e(href(`/speakers/${s.speaker.speakerID}`))}">${e(s.speaker.displayName)}</a>`;
    if (showBroadcaster) {
      const b = s.broadcaster;
      html += `<a href="${e(href(`/broadcasters/${encodeURIComponent(b.broadcasterID)}`))}">${e(b.shortName || b.displayName)}</a>`;
    }
    // A series has no language of its own: its sermons' is the best guess. (Broadcasters in
    // lists have none either; their names are left in the page's language.)
    if (showSeries && s.series)
      html += `<a href="${e(href(`/series/${s.series.seriesID}`))}" lang="${language}">${e(s.series.title)}</a>`;
    html += `</span><span class="sermon-meta"><time datetime="${e(s.preachDate)}">${e(formatDate(s.preachDate, lang))}</time>`;
    if (s.bibleText) {
      const bible = bibleTextName(t, s.bibleText);
      html += `<span${bible.lang ? ` lang="${bible.lang}"` : ''}>${e(bible.text)}</span>`;
    }
    if (s.eventType) html += `<span>${e(eventTypeName(t, s.eventType, s.displayEventType))}</span>`;
    const seconds = duration(s);
    if (seconds > 0) html += `<time datetime="${isoDuration(seconds)}">${formatDuration(seconds)}</time>`;
    if (s.hasVideo) html += `<span class="sermon-badge">${video}</span>`;
    html += '</span>';
    if (s.searchMatch) html += snippetHtml(s.sermonID, s.searchMatch, s.languageCode, { t, href });
    html += `</${tag}>`;
  }
  return html;
}

const comparable = (text: string) => text.replace(/\s+/g, ' ').trim().toLowerCase();

/**
 * A sermon's subtitle as shown: none when it only repeats the series title, which the row and
 * the sermon page show as a link anyway (most catalogues fill the subtitle with the series).
 */
export function shownSubtitle(s: Pick<LiteSermon, 'subtitle' | 'series'>): string | null {
  if (!s.subtitle) return null;
  return s.series && comparable(s.series.title) === comparable(s.subtitle) ? null : s.subtitle;
}
