import { BIBLE_BOOKS, bookSlug, parseBibleText, renameBooks } from '@kerygma/domain/bible';
import { EVENT_TYPES } from '@kerygma/domain/event-types';
import { type FeedFormat, type FeedOwner, feedPath } from '@kerygma/domain/feeds';
import { isLocale, type LocaleCode, localizePath } from '@kerygma/i18n/locales';
import { nameKey } from '@kerygma/i18n/name-key';
import { getTranslator, type MessageKey, type Translate } from '@kerygma/i18n/t';
import { CACHE_TAGS } from '../catalogue/catalogue-changes.ts';
import { mediaUrl, type Urls } from '../catalogue/dto.ts';
import type { EntityCache } from '../catalogue/entity-cache.ts';
import { type Cursor, encodeCursor } from '../catalogue/keyset.ts';
import type { BroadcasterRow, SermonWithEntities, SpeakerRow } from '../catalogue/rows.ts';
import type { Db } from '../db/db.ts';
import { imageUrlsOf } from '../images/image-urls.ts';
import { withEntities } from '../sermons/sermons.queries.ts';
import { xmlText } from '../xml-text.ts';
import { coverPath } from './cover.ts';
import type { FeedChannel, FeedFile, FeedItem, FeedModel, FeedPerson } from './feed-model.ts';
import {
  episodeNumbers,
  type FeedBroadcasterRow,
  type FeedItemRow,
  type FeedMediaRow,
  feedBroadcaster,
  feedPage,
} from './feeds.queries.ts';
import { podcastGuid } from './podcast-guid.ts';

/** A feed page's items: the newest 300, older ones on the pages its `next` links lead to (RFC 5005). */
export const FEED_PAGE_ITEMS = 300;
/** A clip longer than this is no soundbite (the namespace suggests 15 to 120 seconds). */
const SOUNDBITE_MAX_SECONDS = 120;
/**
 * A clip's soundbite starts a second in: the Podcast Index's own parser (podcast-partytime)
 * drops a soundbite whose start is 0, and a clip's first second is rarely its point.
 */
const SOUNDBITE_START = 1;

export type FeedRequest = {
  owner: FeedOwner;
  id: string;
  format: FeedFormat;
  /** Page 2 on: the keys of the last item of the page before. */
  page: number;
  after: readonly string[] | undefined;
};

type Owner = {
  broadcaster: BroadcasterRow;
  account: FeedBroadcasterRow;
  ownerId: string | number;
  title: string;
  description: string;
  author: string;
  pagePath: string;
  picture: { kind: 'broadcaster_profile' | 'speaker_portrait' | 'series_artwork'; stored: string | null };
  speaker: SpeakerRow | null;
  seriesId: number | null;
};

/** A page's sermon with its speaker (and broadcaster and series) rows. */
type FeedSermon = FeedItemRow & Pick<SermonWithEntities, 'b' | 'sp' | 'se'>;

type Deps = { db: Db; entities: EntityCache; websubHub: string | null };

const KNOWN_EVENT_TYPES = new Set<string>(EVENT_TYPES);

/** The feed's language: the broadcaster's when the site speaks it, else English. */
const feedLocale = (languageCode: string): LocaleCode => (isLocale(languageCode) ? languageCode : 'en');

/** Who and what a feed is of; undefined when there is no such feed (a series that is no podcast). */
async function findOwner(deps: Deps, owner: FeedOwner, id: string, t: (lang: string) => Promise<Translate>) {
  if (owner === 'broadcaster') {
    const b = (await deps.entities.broadcasters([id.toLowerCase()])).get(id.toLowerCase());
    const account = b && (await feedBroadcaster(deps.db, b.broadcaster_id));
    if (!b || !account) return undefined;
    const tr = await t(b.language_code);
    return {
      broadcaster: b,
      account,
      ownerId: b.broadcaster_id,
      title: b.display_name,
      description: b.about_us || tr('feeds.channel.broadcasterDescription', { name: b.display_name }),
      author: b.display_name,
      pagePath: `/broadcasters/${b.broadcaster_id}`,
      picture: { kind: 'broadcaster_profile', stored: b.image_url },
      speaker: null,
      seriesId: null,
    } satisfies Owner;
  }
  if (!/^\d{1,15}$/.test(id)) return undefined;
  const numeric = Number(id);
  if (owner === 'speaker') {
    const sp = (await deps.entities.speakers([numeric])).get(numeric);
    if (!sp || sp.placeholder) return undefined;
    // A speaker's feed speaks for the speaker; its broadcaster is the one the speaker belongs to, if any.
    const home = sp.broadcaster_lock ?? null;
    const b = home ? (await deps.entities.broadcasters([home])).get(home) : undefined;
    const account = b ? await feedBroadcaster(deps.db, b.broadcaster_id) : undefined;
    const tr = await t(b?.language_code ?? 'en');
    return {
      broadcaster: b ?? null,
      account: account ?? null,
      ownerId: numeric,
      title: tr('feeds.channel.speakerTitle', { name: sp.display_name }),
      description: sp.bio || tr('feeds.channel.speakerDescription', { name: sp.display_name }),
      author: sp.display_name,
      pagePath: `/speakers/${sp.speaker_id}`,
      picture: { kind: 'speaker_portrait' as const, stored: sp.portrait_url },
      speaker: sp,
      seriesId: null,
    };
  }
  const se = (await deps.entities.series([numeric])).get(numeric);
  if (!se?.podcast_enabled) return undefined;
  const b = (await deps.entities.broadcasters([se.broadcaster_id])).get(se.broadcaster_id);
  const account = b && (await feedBroadcaster(deps.db, b.broadcaster_id));
  if (!b || !account) return undefined;
  const tr = await t(b.language_code);
  return {
    broadcaster: b,
    account,
    ownerId: numeric,
    title: se.title,
    description: se.description || tr('feeds.channel.seriesDescription', { title: se.title, name: b.display_name }),
    author: se.podcast_speaker_name ?? b.display_name,
    pagePath: `/series/${se.series_id}`,
    picture: se.image_url
      ? { kind: 'series_artwork' as const, stored: se.image_url }
      : { kind: 'broadcaster_profile' as const, stored: b.image_url },
    speaker: null,
    seriesId: se.series_id,
  };
}

/** The title of a feed (its drawn cover shows it), or undefined when there is no such feed. */
export async function feedTitle(deps: Deps, owner: FeedOwner, id: string): Promise<string | undefined> {
  return (await findOwner(deps, owner, id, (lang) => getTranslator(feedLocale(lang))))?.title;
}

/** The channel's artwork as JPEGs of 1400 and 3000 pixels: the stored picture's sizes, else a drawn cover. */
function artwork(urls: Urls, owner: FeedOwner, id: string | number, picture: Owner['picture']) {
  const resizable = picture.stored ? imageUrlsOf(picture.kind, picture.stored, urls.origin).resizableURL : '';
  if (resizable.includes('{size}'))
    return { url1400: resizable.replace('{size}', '1400'), url3000: resizable.replace('{size}', '3000') };
  return {
    url1400: `${urls.origin}${coverPath(owner, id, 1400)}`,
    url3000: `${urls.origin}${coverPath(owner, id, 3000)}`,
  };
}

function personOf(urls: Urls, locale: LocaleCode, sp: SpeakerRow): FeedPerson {
  const portrait = sp.portrait_url ? imageUrlsOf('speaker_portrait', sp.portrait_url, urls.origin) : null;
  return {
    name: sp.display_name,
    role: 'host',
    href: urls.origin + localizePath(`/speakers/${sp.speaker_id}`, locale),
    img: portrait ? portrait.resizableURL.replace('{size}', '400') : null,
  };
}

const AUDIO_TYPE: Record<string, string> = { mp3: 'audio/mpeg', aac: 'audio/mp4', mp4: 'video/mp4' };
const HLS = 'application/x-mpegURL';
const VIDEO_HEIGHT: Record<string, number> = { '1080p': 1080, high: 720, '720p': 720, '360p': 360, low: 360 };

/** A media item as a file a podcast app may fetch; originals (their owners' only) and other types are none. */
function fileOf(urls: Urls, t: Translate, m: FeedMediaRow): FeedFile | undefined {
  const type = m.adaptive ? HLS : AUDIO_TYPE[m.media_type];
  const url = m.storage_key ? mediaUrl(urls, m.storage_key) : m.external_url;
  if (!type || !url) return undefined;
  const video = m.media_type === 'mp4';
  const title = m.adaptive
    ? t(video ? 'feeds.files.videoStream' : 'feeds.files.audioStream')
    : video
      ? t('feeds.files.video', { quality: m.quality ?? '' })
      : t(m.quality === 'low' ? 'feeds.files.audioLow' : 'feeds.files.audioHigh');
  return {
    url,
    type,
    length: m.file_size_bytes ?? 0,
    bitrate: m.bitrate,
    title,
    height: video && !m.adaptive ? (VIDEO_HEIGHT[m.quality ?? ''] ?? null) : null,
  };
}

/** The main file: high MP3 (the first audio: mediaSetDto's order), else any plain audio, else the best video. */
function filesOf(urls: Urls, t: Translate, media: readonly FeedMediaRow[]) {
  const rank = (m: FeedMediaRow) =>
    (m.adaptive ? 20 : 0) +
    (m.media_type === 'mp3' ? 0 : m.media_type === 'aac' ? 4 : 8) +
    (m.quality === 'low' ? 2 : 0);
  const files = [...media]
    .sort((a, b) => rank(a) - rank(b) || (VIDEO_HEIGHT[b.quality ?? ''] ?? 0) - (VIDEO_HEIGHT[a.quality ?? ''] ?? 0))
    .flatMap((m) => fileOf(urls, t, m) ?? []);
  const main = files.find((f) => f.type !== HLS);
  return main ? { enclosure: main, alternates: files } : undefined;
}

/** One date format a language (making one costs more than writing a whole item). */
const dateFormats = new Map<LocaleCode, Intl.DateTimeFormat>();
function preachDateFormat(locale: LocaleCode): Intl.DateTimeFormat {
  const format =
    dateFormats.get(locale) ??
    new Intl.DateTimeFormat(locale === 'gb' ? 'en-GB' : locale, { dateStyle: 'long', timeZone: 'UTC' });
  dateFormats.set(locale, format);
  return format;
}

/** Plain and HTML descriptions: the sermon's own words, then what it is, in the reader's language. */
function describe(urls: Urls, locale: LocaleCode, t: Translate, s: FeedSermon) {
  const passage =
    s.bible_text &&
    (renameBooks(s.bible_text, (osis) =>
      osis === 'psalm' ? t('bibleBooks.psalm') : t(`bibleBooks.${osis}` as MessageKey),
    ) ??
      s.bible_text);
  const event = KNOWN_EVENT_TYPES.has(s.event_type)
    ? t(`eventTypes.${nameKey(s.event_type)}` as MessageKey)
    : s.event_type;
  const date = preachDateFormat(locale).format(new Date(`${s.preach_date}T00:00:00Z`));
  const preached = t('feeds.item.preached', { speaker: s.sp.display_name, date, eventType: event });
  const own = [s.subtitle, s.more_info_text].filter((v): v is string => Boolean(v?.trim()));
  const passageLine = passage ? t('feeds.item.passage', { passage }) : null;
  const description = [...own, [passageLine, preached].filter(Boolean).join('\n')].join('\n\n');

  const first = s.bible_text ? parseBibleText(s.bible_text)[0] : undefined;
  const book = first && BIBLE_BOOKS[first.bookIndex];
  const scripture =
    book && first
      ? urls.origin + localizePath(`/sermons/scripture/${bookSlug(book.name)}/${first.chapter}`, locale)
      : null;
  const para = (text: string) => `<p>${xmlText(text).replaceAll('\n', '<br>')}</p>`;
  const passageHtml =
    passage && passageLine
      ? `<p>${scripture ? xmlText(passageLine).replace(xmlText(passage), `<a href="${xmlText(scripture)}">${xmlText(passage)}</a>`) : xmlText(passageLine)}</p>`
      : '';
  const html = [...own.map(para), passageHtml, para(preached)].join('');
  return { description, html, event };
}

/** The earlier of the preach date's start and the publish time: never a date in the future of its publishing. */
function publishedAt(s: FeedSermon): Date {
  const preached = new Date(`${s.preach_date}T00:00:00Z`);
  return s.publish_timestamp && s.publish_timestamp < preached ? s.publish_timestamp : preached;
}

/**
 * A feed page as data, or undefined when there is no such feed or page. Reads the owner (from
 * the entity cache), one page of item ids from the owner's index, their rows and their media:
 * four statements at most whatever the catalogue's size.
 */
export async function feedContent(deps: Deps, urls: Urls, req: FeedRequest): Promise<FeedModel | undefined> {
  const translators = new Map<string, Translate>();
  const tFor = async (lang: string) => {
    const locale = feedLocale(lang);
    const t = translators.get(locale) ?? (await getTranslator(locale));
    translators.set(locale, t);
    return t;
  };
  const found = await findOwner(deps, req.owner, req.id, tFor);
  if (!found) return undefined;
  const locale = feedLocale(found.broadcaster?.language_code ?? 'en');
  const t = await tFor(locale);

  const { rows, media: files } = await feedPage(deps.db, req.owner, found.ownerId, FEED_PAGE_ITEMS + 1, req.after);
  if (req.page > 1 && rows.length === 0) return undefined;
  const page = rows.slice(0, FEED_PAGE_ITEMS);
  const ids = page.map((r) => r.sermon_id);
  const [sermons, episodes] = await Promise.all([
    withEntities(deps.entities, page),
    found.seriesId === null ? undefined : episodeNumbers(deps.db, found.seriesId, ids),
  ]);
  const media = new Map<string, FeedMediaRow[]>();
  for (const m of files) {
    const list = media.get(m.sermon_id) ?? [];
    list.push(m);
    media.set(m.sermon_id, list);
  }
  const extra = new Map(page.map((r) => [r.sermon_id, r]));

  const items = sermons.flatMap((s): FeedItem[] => {
    const sermonMedia = media.get(s.sermon_id) ?? [];
    const files = filesOf(urls, t, sermonMedia);
    if (!files) return [];
    const { description, html, event } = describe(urls, locale, t, s);
    const duration = s.has_audio ? s.audio_duration_seconds : s.video_duration_seconds;
    const row = extra.get(s.sermon_id);
    return [
      {
        guid: row?.feed_guid ?? s.sermon_id,
        title: s.full_title,
        link: urls.origin + localizePath(`/sermons/${s.sermon_id}`, locale),
        description,
        html,
        published: publishedAt(s),
        updated: s.updated_at,
        enclosure: files.enclosure,
        alternates: files.alternates,
        durationSeconds: duration,
        image: s.se?.image_url
          ? imageUrlsOf('series_artwork', s.se.image_url, urls.origin).resizableURL.replace('{size}', '1400')
          : null,
        person: personOf(urls, locale, s.sp),
        transcripts: sermonMedia.flatMap((m) =>
          m.media_type === 'caption' && m.storage_key && m.language_code
            ? [{ url: mediaUrl(urls, m.storage_key), language: m.language_code }]
            : [],
        ),
        chaptersUrl: row?.chapters_url ?? null,
        episode: episodes?.get(s.sermon_id) ?? null,
        // In a series' own feed the series is the whole podcast, not a season of it.
        season: s.se && found.seriesId === null ? { number: s.se.series_id, name: s.se.title } : null,
        soundbite:
          s.event_type === 'Sermon Clip' && duration > SOUNDBITE_START
            ? { start: SOUNDBITE_START, duration: Math.min(duration - SOUNDBITE_START, SOUNDBITE_MAX_SECONDS) }
            : null,
        keywords: s.keywords.split(/\s+/).filter(Boolean),
        categories: [event],
      },
    ];
  });

  const rssPath = feedPath(req.owner, found.ownerId, 'rss');
  const ownPath = feedPath(req.owner, found.ownerId, req.format);
  const pageQuery = (p: number, cursor: Cursor) => `?page=${p}&cursor=${encodeCursor(cursor)}`;
  const last = page.at(-1);
  const next =
    rows.length > FEED_PAGE_ITEMS && last
      ? urls.origin +
        ownPath +
        pageQuery(req.page + 1, { page: req.page + 1, values: [last.preach_date, last.sermon_id] })
      : null;
  const self =
    urls.origin +
    ownPath +
    (req.page > 1 && req.after ? pageQuery(req.page, { page: req.page, values: req.after }) : '');
  const b = found.broadcaster;
  const account = found.account;
  const updated = new Date(
    Math.max(account?.updated_at.getTime() ?? 0, ...sermons.map((s) => s.updated_at.getTime()), 0),
  );
  const donation = b?.donatable ? account?.donation_options[0] : undefined;
  const channel: FeedChannel = {
    title: found.title,
    link: urls.origin + localizePath(found.pagePath, locale),
    description: found.description,
    language: b?.language_code ?? 'en',
    author: found.author,
    owner: { name: b?.display_name ?? found.author, email: account?.contact_email ?? null },
    image: artwork(urls, req.owner, found.ownerId, found.picture),
    self,
    first: urls.origin + ownPath,
    next,
    rssSelf: urls.origin + rssPath,
    atomSelf: urls.origin + feedPath(req.owner, found.ownerId, 'atom'),
    hub: deps.websubHub,
    podcastGuid: podcastGuid(urls.origin + rssPath),
    locked: account?.contact_email ? { value: account.podcast_locked, owner: account.contact_email } : null,
    funding: donation ? { url: donation.url, label: donation.label } : null,
    location: b?.location
      ? {
          name: b.location,
          geo: b.latitude !== null && b.longitude !== null ? `geo:${b.latitude},${b.longitude}` : null,
        }
      : null,
    person: found.speaker ? personOf(urls, locale, found.speaker) : null,
    podroll: (account?.podroll ?? []).map((p) => ({ ...p, feedGuid: podcastGuid(p.url) })),
    txt: account?.podcast_txt ?? [],
    updated,
    copyright: t('feeds.channel.copyright', { name: b?.display_name ?? found.author }),
  };
  const tags = [
    ...(b ? [CACHE_TAGS.broadcaster(b.broadcaster_id)] : []),
    ...(found.speaker ? [CACHE_TAGS.speaker(found.speaker.speaker_id)] : []),
    ...(found.seriesId !== null ? [CACHE_TAGS.series(found.seriesId)] : []),
    ...sermons.flatMap((s) => [
      CACHE_TAGS.sermon(s.sermon_id),
      CACHE_TAGS.speaker(s.speaker_id),
      CACHE_TAGS.broadcaster(s.broadcaster_id),
      ...(s.series_id === null ? [] : [CACHE_TAGS.series(s.series_id)]),
    ]),
  ];
  return { channel, items, tags: [...new Set(tags)] };
}
