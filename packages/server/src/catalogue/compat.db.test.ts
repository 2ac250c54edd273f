import { liteBroadcasterSchema } from '@kerygma/domain/catalogue';
import { PARATEXT_CODES } from '@kerygma/domain/paratext';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURE } from '../test/fixture.ts';
import { buildTestApp, getJson, type TestApp } from '../test/test-app.ts';
import { BACKENDS } from '../test/test-db.ts';

/**
 * What existing SermonAudio API v2 clients need from us, one test per rule. The rules come from
 * reading the official Python client `sermonaudio` 6.x (its models assert key presence and JSON
 * types; a missing key is a KeyError, a wrong type an AssertionError) and its ports.
 */

type Json = Record<string, unknown>;
type Check = (v: unknown) => boolean;

const str: Check = (v) => typeof v === 'string';
const strOrNull: Check = (v) => v === null || typeof v === 'string';
const int: Check = (v) => Number.isInteger(v);
const intOrNull: Check = (v) => v === null || Number.isInteger(v);
const bool: Check = (v) => typeof v === 'boolean';
const boolOrNull: Check = (v) => v === null || typeof v === 'boolean';
const numOrNull: Check = (v) => v === null || typeof v === 'number';
const list: Check = (v) => Array.isArray(v);
const any: Check = () => true;
const ymd: Check = (v) => typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v);
const ymdOrNull: Check = (v) => v === null || ymd(v);
const ymdPrefixOrNull: Check = (v) => v === null || (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}/.test(v));
/** Epoch seconds (not milliseconds): an integer between 1900 and 2100. */
const epoch: Check = (v) => Number.isInteger(v) && (v as number) > -2_208_988_800 && (v as number) < 4_102_444_800;
const epochOrNull: Check = (v) => v === null || epoch(v);

/** Every key the Python models read with obj["key"] (or assert on), and the JSON type it must have. */
const BROADCASTER: Record<string, Check> = {
  broadcasterID: str,
  idCode: str,
  serviceTimesArePreformatted: boolOrNull,
  serviceTimes: strOrNull,
  denomination: strOrNull,
  address: strOrNull,
  displayName: str,
  shortName: str,
  location: str,
  latitude: numOrNull,
  longitude: numOrNull,
  imageURL: str,
  albumArtURL: (v) => str(v) && (v as string).includes('{size}'),
  minister: strOrNull,
  phone: strOrNull,
  listenLineNumber: strOrNull,
  homePageURL: strOrNull,
  bibleVersion: strOrNull,
  facebookUsername: strOrNull,
  twitterUsername: strOrNull,
  aboutUs: strOrNull,
  canWebcast: bool,
  webcastInProgress: bool,
  vacantPulpit: bool,
  welcomeVideoID: strOrNull,
  countryISOCode: strOrNull,
  languageCode: strOrNull,
};
const SPEAKER: Record<string, Check> = {
  displayName: str,
  sortName: str,
  bio: strOrNull,
  portraitURL: str,
  roundedThumbnailImageURL: str,
  albumArtURL: (v) => str(v) && (v as string).includes('{size}'),
  mostRecentPreachDate: (v) => !v || ymd(v),
  sermonCount: intOrNull,
  speakerID: int,
};
const SERIES: Record<string, Check> = {
  seriesID: int,
  title: str,
  broadcasterID: str,
  latest: ymdPrefixOrNull,
  earliest: ymdPrefixOrNull,
  updated: epoch,
  count: int,
};
const MEDIA_TYPES = ['mp3', 'aac', 'mp4', 'pdf', 'doc', 'transcript', 'jpg', 'orig-audio', 'orig-video'];
const MEDIA: Record<string, Check> = {
  mediaType: (v) => MEDIA_TYPES.includes(v as string),
  live: bool,
  adaptiveBitrate: bool,
  streamURL: strOrNull,
  eventStreamURL: strOrNull,
  downloadURL: strOrNull,
  bitrate: intOrNull,
  fileSizeBytes: any,
  duration: intOrNull,
  audioCodec: strOrNull,
  videoCodec: strOrNull,
  thumbnailImageURL: strOrNull,
  rawURL: strOrNull,
};
const SERMON: Record<string, Check> = {
  sermonID: str,
  broadcaster: any,
  speaker: any,
  fullTitle: str,
  displayTitle: str,
  subtitle: strOrNull,
  series: any,
  preachDate: ymd,
  pickDate: ymdOrNull,
  lastFeatureDate: ymdOrNull,
  publishTimestamp: epochOrNull,
  updateDate: epoch,
  languageCode: str,
  bibleText: strOrNull,
  moreInfoText: strOrNull,
  eventType: str,
  displayEventType: strOrNull,
  downloadCount: int,
  videoDownloadCount: int,
  documentDownloadCount: int,
  externalLink: strOrNull,
  keywords: (v) => Array.isArray(v) && v.every(str),
  media: any,
  archivedWebcastID: intOrNull,
  hasAudio: bool,
  hasVideo: bool,
};

/** Problems of `obj` against a model: missing keys and wrongly typed values. */
function problems(obj: unknown, model: Record<string, Check>, where: string): string[] {
  if (!obj || typeof obj !== 'object') return [`${where}: not an object`];
  const o = obj as Json;
  return Object.entries(model).flatMap(([key, ok]) =>
    !(key in o)
      ? [`${where}.${key}: missing`]
      : ok(o[key])
        ? []
        : [`${where}.${key}: bad value ${JSON.stringify(o[key])}`],
  );
}

function mediaSetProblems(set: unknown, where: string): string[] {
  if (!set || typeof set !== 'object') return [`${where}: not an object`];
  const s = set as Json;
  return ['audio', 'video', 'text'].flatMap((kind) =>
    Array.isArray(s[kind])
      ? (s[kind] as unknown[]).flatMap((m, i) => problems(m, MEDIA, `${where}.${kind}[${i}]`))
      : [`${where}.${kind}: not a list`],
  );
}

function sermonProblems(s: unknown, where = 'sermon'): string[] {
  const o = s as Json;
  return [
    ...problems(s, SERMON, where),
    ...problems(o?.broadcaster, BROADCASTER, `${where}.broadcaster`),
    ...problems(o?.speaker, SPEAKER, `${where}.speaker`),
    ...(o?.series ? problems(o.series, SERIES, `${where}.series`) : []),
    ...mediaSetProblems(o?.media, `${where}.media`),
  ];
}

function envelopeProblems(body: unknown, where: string): string[] {
  const b = body as Json;
  const out: string[] = [];
  for (const key of ['nodeType', 'nodeDisplayName', 'results', 'totalCount', 'next'])
    if (!(key in b)) out.push(`${where}.${key}: missing`);
  if (!str(b.nodeType)) out.push(`${where}.nodeType: not a string`);
  if (!str(b.nodeDisplayName)) out.push(`${where}.nodeDisplayName: not a string`);
  if (!list(b.results)) out.push(`${where}.results: not a list`);
  if (!intOrNull(b.totalCount)) out.push(`${where}.totalCount: not an int`);
  if (!(b.next === null || (str(b.next) && (b.next as string).length > 0))) out.push(`${where}.next: bad`);
  return out;
}

/** The exact query the Python client sends for get_sermons() with no arguments. */
const PYTHON_DEFAULT =
  'page=1&requireAudio=False&requireVideo=False&staffPick=False&featured=False&listenerRecommended=False&includeDrafts=False&includeScheduled=False&includePublished=True';
/** Headers the Python client sends on every request. */
const PYTHON_HEADERS = {
  'x-api-key': 'some-key',
  'accept-language': 'en-US',
  'x-show-all-languages': 'True',
  accept: '*/*',
  'user-agent': 'python-requests/2.34.0',
};

describe.each(BACKENDS)('SermonAudio API v2 client compatibility on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(backend);
  }, 60_000);
  afterAll(() => t?.close());

  const get = (path: string, headers: Record<string, string> = PYTHON_HEADERS) =>
    getJson(t.app, `/api/v2/${path}`, headers);
  async function ok(path: string) {
    const res = await get(path);
    expect(res.status, `${path}: ${res.raw.slice(0, 300)}`).toBe(200);
    return res;
  }

  it('the Python client’s default get_sermons() query returns every published sermon (False is false)', async () => {
    const { body } = await ok(`node/sermons?${PYTHON_DEFAULT}`);
    expect(body.totalCount).toBe(FIXTURE.published);
    const ids: string[] = [];
    let next: string | null = `/api/v2/node/sermons?${PYTHON_DEFAULT}&pageSize=50`;
    while (next) {
      const res: { body: { next: string | null; results: { sermonID: string }[] } } = await getJson(
        t.app,
        next.replace('http://kerygma.test', ''),
        PYTHON_HEADERS,
      );
      ids.push(...res.body.results.map((s) => s.sermonID));
      next = res.body.next;
    }
    expect(ids).toHaveLength(FIXTURE.published);
    expect(new Set(ids).size).toBe(FIXTURE.published);
  });

  it('booleans: True works like true and 1; False like false and 0', async () => {
    for (const v of ['True', 'true', '1', 'TRUE']) {
      expect((await ok(`node/sermons?requireVideo=${v}`)).body.totalCount, v).toBe(FIXTURE.video);
      expect((await ok(`node/sermons?staffPick=${v}`)).body.totalCount, v).toBe(FIXTURE.staffPicks);
    }
    for (const v of ['False', 'false', '0']) {
      expect((await ok(`node/sermons?requireVideo=${v}&staffPick=${v}`)).body.totalCount, v).toBe(FIXTURE.published);
    }
    expect((await ok('node/sermons/1000?lite=True')).body).not.toHaveProperty('media');
    expect((await ok('node/sermons/1000?lite=False')).body).toHaveProperty('media');
  });

  it('every list envelope has nodeType, nodeDisplayName, results, totalCount and next', async () => {
    const paths = [
      `node/sermons?${PYTHON_DEFAULT}`,
      'node/broadcasters/gracechurch/series?page=1&sort_by=last_updated',
      'node/broadcasters/gracechurch/series/Romans/speakers',
      'node/broadcasters/gracechurch/speakers?broadcasterID=gracechurch',
      'node/broadcasters/gracechurch/speakers/sermon_counts?broadcasterID=gracechurch',
      'node/speakers?pageSize=25',
      'node/languages',
      'node/filter_options/sermon_event_types',
      'node/filter_options/sermon_event_types?broadcaster_id=gracechurch',
    ];
    for (const path of paths) {
      const { body } = await ok(path);
      expect(envelopeProblems(body, path)).toEqual([]);
    }
    // [3P] node/speakers answers with nodeType 'speakers_list'.
    expect((await ok('node/speakers')).body.nodeType).toBe('speakers_list');
  });

  it('next is a non-empty absolute URL while more pages exist and null on the last page', async () => {
    const first = await ok('node/sermons?page=1&pageSize=50');
    expect(first.body.next).toMatch(/^http:\/\/kerygma\.test\/api\/v2\/node\/sermons\?/);
    const last = await ok('node/sermons?page=2&pageSize=50');
    expect(last.body.results).toHaveLength(10);
    expect(last.body.next).toBeNull();
  });

  it('callers paging with page numbers only get each sermon once', async () => {
    const ids: string[] = [];
    for (let page = 1; page <= 3; page++)
      ids.push(...(await ok(`node/sermons?page=${page}&pageSize=25`)).body.results.map((s: Json) => s.sermonID));
    expect(new Set(ids).size).toBe(FIXTURE.published);
  });

  it('sermons carry every key the Sermon model reads, with the right types (detail and list)', async () => {
    expect(sermonProblems((await ok('node/sermons/1000')).body)).toEqual([]);
    const { body } = await ok(`node/sermons?${PYTHON_DEFAULT}&pageSize=100`);
    expect(body.results.flatMap((s: unknown, i: number) => sermonProblems(s, `results[${i}]`))).toEqual([]);
  });

  it('pickDate, lastFeatureDate and archivedWebcastID are present even when null', async () => {
    const { body } = await ok('node/sermons/1001');
    expect(body).toHaveProperty('pickDate', null);
    expect(body).toHaveProperty('lastFeatureDate', null);
    expect(body).toHaveProperty('archivedWebcastID', null);
    expect((await ok('node/sermons/1000')).body.pickDate).toBe('2024-01-01');
  });

  it('ids: sermonID and broadcasterID are strings; seriesID and speakerID ints', async () => {
    const { body, raw } = await ok('node/sermons/1000');
    expect(body.sermonID).toBe('1000');
    expect(raw).toContain('"sermonID":"1000"');
    expect(body.broadcaster.broadcasterID).toBe('gracechurch');
    expect(body.series.seriesID).toBe(10);
    expect(raw).toContain('"seriesID":10,');
    expect(body.speaker.speakerID).toBe(1);
    expect(raw).toContain('"speakerID":1,');
  });

  it('dates: preachDate YYYY-MM-DD; publishTimestamp, updateDate and series updated are epoch seconds', async () => {
    const { body } = await ok('node/sermons/1000');
    expect(body.preachDate).toBe('1965-01-03');
    expect(body.publishTimestamp).toBe(1_735_689_600);
    expect(body.updateDate).toBe(1_738_368_000);
    expect(body.series.updated).toBe(1_717_200_000);
    expect(body.series.earliest).toBe('1965-01-03');
    expect(body.series.latest).toBe('1976-01-01');
    expect(body.speaker.mostRecentPreachDate).toBe('1992-12-27');
  });

  it('floats stay floats: latitude 40 is written 40.0', async () => {
    for (const path of ['node/broadcasters/gracechurch', 'node/sermons/1000', 'node/broadcasters?country=US']) {
      const { raw } = await ok(path);
      expect(raw, path).toContain('"latitude":40.0,');
      expect(raw, path).toContain('"longitude":-76.3,');
    }
  });

  it('counts and durations are ints, never 12.0 (media duration 600.4 s is sent as 600)', async () => {
    const { body, raw } = await ok('node/sermons/1000');
    expect(body.media.audio[0].duration).toBe(600);
    expect(raw).toContain('"duration":600,');
    expect(raw).toContain('"bitrate":96,');
    expect(raw).toContain('"downloadCount":600,');
    expect(raw).not.toMatch(
      /"(duration|bitrate|downloadCount|videoDownloadCount|documentDownloadCount|count|sermonCount)":-?\d+\.\d/,
    );
  });

  it('broadcasters carry every key the Broadcaster model reads, standalone and in lists', async () => {
    for (const id of ['gracechurch', 'kingsseminary', 'radiovida', 'emptychurch']) {
      const { body } = await ok(`node/broadcasters/${id}`);
      expect(problems(body, BROADCASTER, id)).toEqual([]);
    }
    // Non-null strings even when unknown: location, imageURL, albumArtURL, displayName, shortName, idCode.
    const { body } = await ok('node/broadcasters/emptychurch');
    for (const key of ['location', 'imageURL', 'albumArtURL', 'displayName', 'shortName', 'idCode'])
      expect(typeof body[key], key).toBe('string');
  });

  it('speakers carry every key the Speaker model reads', async () => {
    for (const path of ['node/speakers/1', 'node/speakers/A%2FB%20Preacher', 'node/speakers/Mar%C3%ADa%20L%C3%B3pez']) {
      expect(problems((await ok(path)).body, SPEAKER, path)).toEqual([]);
    }
    const { body } = await ok('node/speakers?pageSize=25');
    expect(body.results.flatMap((s: unknown, i: number) => problems(s, SPEAKER, `speakers[${i}]`))).toEqual([]);
  });

  it('series carry every key the SermonSeries model reads', async () => {
    const { body } = await ok('node/broadcasters/gracechurch/series?page=1&sort_by=last_updated');
    expect(body.results.flatMap((s: unknown, i: number) => problems(s, SERIES, `series[${i}]`))).toEqual([]);
    expect(problems((await ok('node/broadcasters/gracechurch/series/Romans')).body, SERIES, 'Romans')).toEqual([]);
    expect(problems((await ok('node/series/13')).body, SERIES, 'series 13')).toEqual([]);
  });

  it('media items and media sets carry every key the Media and MediaSet models read', async () => {
    const { body } = await ok('node/sermons/1000');
    expect(Object.keys(body.media)).toEqual(expect.arrayContaining(['audio', 'video', 'text']));
    expect(mediaSetProblems(body.media, 'media')).toEqual([]);
    expect(body.media.audio).toHaveLength(2);
    // A sermon without media files still has all three lists.
    expect((await ok('node/sermons/1059')).body.media).toMatchObject({ audio: [], video: [], text: [] });
  });

  it('filter options: every FilterOptions key; years as {year} objects; books with osisPA', async () => {
    const { body } = await ok('node/broadcasters/gracechurch/filter_options');
    for (const key of [
      'bibleBooks',
      'languages',
      'series',
      'speakers',
      'sermonCountsForSpeakers',
      'sermonEventTypes',
      'years',
    ])
      expect(Array.isArray(body[key]), key).toBe(true);
    expect(body.years[0]).toEqual({ year: 1993 });
    expect(body.years.every((y: Json) => Object.keys(y).length === 1 && int(y.year))).toBe(true);
    const john = body.bibleBooks.find((b: Json) => b.osisPA === 'JHN');
    expect(john).toMatchObject({ bookName: 'John', displayBookName: 'John' });
    expect(john.chapters.every(int)).toBe(true);
    expect(body.languages.every((l: Json) => str(l.languageName) && str(l.languageCode))).toBe(true);
    expect(body.series.flatMap((s: unknown, i: number) => problems(s, SERIES, `series[${i}]`))).toEqual([]);
    expect(body.speakers.flatMap((s: unknown, i: number) => problems(s, SPEAKER, `speakers[${i}]`))).toEqual([]);
    expect(body.sermonEventTypes[0]).toEqual({
      type: 'Sunday - AM',
      description: 'Sunday - AM',
      displayEventType: 'Sunday - AM',
      numberOfSermons: 15,
    });
  });

  it('sermon_counts: the speaker as a name string, with an int count', async () => {
    const { body } = await ok('node/broadcasters/gracechurch/speakers/sermon_counts?broadcasterID=gracechurch');
    expect(body.results.map((r: Json) => [r.speaker, r.count])).toEqual([
      ['Charles H. Spurgeon', 29],
      ['A/B Preacher', 1],
    ]);
    expect(body.results.every((r: Json) => str(r.speaker) && int(r.count))).toBe(true);
    // The same in filter_options.
    const options = await ok('node/broadcasters/gracechurch/filter_options');
    expect(options.body.sermonCountsForSpeakers.every((r: Json) => str(r.speaker) && int(r.count))).toBe(true);
  });

  it('languages: languageName and languageCode', async () => {
    const { body } = await ok('node/languages');
    expect(body.results.find((l: Json) => l.languageCode === 'en')).toMatchObject({ languageName: 'English' });
  });

  it('sermon_event_types takes broadcaster_id (snake_case)', async () => {
    const { body } = await ok('node/filter_options/sermon_event_types?broadcaster_id=kingsseminary');
    expect(body.results.map((e: Json) => [e.type, e.numberOfSermons])).toEqual([
      ['Sunday - AM', 10],
      ['Sunday - PM', 8],
      ['Prayer Meeting', 2],
    ]);
  });

  it('the series list takes sort_by (snake_case) with every SeriesSortOrder value', async () => {
    const titles = async (sort: string) =>
      (await ok(`node/broadcasters/gracechurch/series?page=1&sort_by=${sort}`)).body.results.map((s: Json) => s.title);
    expect(await titles('last_updated')).toEqual(['Romans', 'Psalms of Ascent']);
    expect(await titles('title')).toEqual(['Psalms of Ascent', 'Romans']);
    expect(await titles('sermon_count_highest')).toEqual(['Psalms of Ascent', 'Romans']);
    expect(await titles('sermon_count_lowest')).toEqual(['Romans', 'Psalms of Ascent']);
    expect(await titles('newest_sermon_create_date')).toEqual(['Psalms of Ascent', 'Romans']);
  });

  it('a speaker is found by its percent-encoded name as one path segment, slash included', async () => {
    const slash = await ok('node/speakers/A%2FB%20Preacher');
    expect(slash.body).toMatchObject({ speakerID: 4, displayName: 'A/B Preacher' });
    const spurgeon = await ok('node/speakers/Charles%20H.%20Spurgeon');
    expect(spurgeon.body).toMatchObject({ speakerID: 1, displayName: 'Charles H. Spurgeon' });
    const accents = await ok('node/speakers/Mar%C3%ADa%20L%C3%B3pez');
    expect(accents.body.speakerID).toBe(3);
    // A %2F never splits the segment: 'A' alone is no speaker.
    expect((await get('node/speakers/A%2FB%20Preacher%2Fbroadcasters')).status).toBe(404);
    expect((await ok('node/speakers/A%2FB%20Preacher/broadcasters')).body.results[0].broadcasterID).toBe('gracechurch');
  });

  it('a series is found by name (or id) under its broadcaster, with its speakers', async () => {
    expect((await ok('node/broadcasters/gracechurch/series/Psalms%20of%20Ascent')).body.seriesID).toBe(11);
    expect((await ok('node/broadcasters/gracechurch/series/11')).body.title).toBe('Psalms of Ascent');
    const speakers = await ok('node/broadcasters/gracechurch/series/Psalms%20of%20Ascent/speakers');
    expect(speakers.body.results.map((s: Json) => s.displayName)).toEqual(['Charles H. Spurgeon', 'A/B Preacher']);
  });

  it('query filters by name: speakerName and series (name or id), spaces sent as +', async () => {
    expect((await ok('node/sermons?page=1&speakerName=Charles+H.+Spurgeon')).body.totalCount).toBe(29);
    expect((await ok('node/sermons?page=1&series=Psalms+of+Ascent')).body.totalCount).toBe(18);
    expect((await ok('node/sermons?page=1&series=11')).body.totalCount).toBe(18);
    expect((await ok('node/sermons?page=1&eventType=Sunday+-+AM')).body.totalCount).toBe(30);
    expect((await ok('node/sermons?page=1&sermonIDs=1000,1001,1002')).body.totalCount).toBe(3);
  });

  it('book takes every Paratext code the client sends', async () => {
    expect(PARATEXT_CODES).toHaveLength(66);
    for (const code of [
      'GEN',
      'EXO',
      '1SA',
      'PSA',
      'SNG',
      'EZK',
      'JOL',
      'NAM',
      'MAT',
      'MRK',
      'JHN',
      'PHP',
      'JAS',
      '1JN',
      'JUD',
      'REV',
    ])
      expect(PARATEXT_CODES, code).toContain(code);
    for (const code of PARATEXT_CODES) {
      const res = await get(`node/sermons?page=1&book=${code}&pageSize=1`);
      expect(res.status, code).toBe(200);
    }
    expect((await ok('node/sermons?page=1&book=ROM&chapter=5')).body.results.map((s: Json) => s.sermonID)).toEqual([
      '1004',
    ]);
  });

  it('every SermonSortOption value is accepted, and newest-published too', async () => {
    const sorts = ['downloads', 'event', 'language', 'lastplayed', 'newest', 'oldest', 'pickdate', 'series', 'speaker'];
    for (const sort of [...sorts, 'updated', 'random', 'added', 'title', 'newest-published']) {
      const { body } = await ok(`node/sermons?${PYTHON_DEFAULT}&sortBy=${sort}`);
      expect(body.totalCount, sort).toBe(FIXTURE.published);
      expect(body.results, sort).toHaveLength(25);
    }
  });

  it('HighlightedSortOrders map to ordinary parameters that all work', async () => {
    const picks = await ok(
      `node/sermons?${PYTHON_DEFAULT.replace('listenerRecommended=False', 'listenerRecommended=True')}&sortBy=newest`,
    );
    expect(picks.body.results.map((s: Json) => s.sermonID)).toEqual(['1050', '1040', '1030', '1020', '1010', '1000']);
    const clips = await ok('node/sermons?page=1&eventType=Sermon+Clip&sortBy=random');
    expect(clips.body).toMatchObject({ totalCount: 0, results: [], next: null });
  });

  it('every SermonEventType value is accepted as eventType', async () => {
    const types = [
      'Audio Book',
      'Bible Study',
      'Camp Meeting',
      'Chapel Service',
      'Children',
      'Classic Audio',
      'Conference',
      'Current Events',
      'Debate',
      'Devotional',
      'Funeral Service',
      'Midweek Service',
      'Podcast',
      'Prayer Meeting',
      'Question & Answer',
      'Radio Broadcast',
      'Sermon Clip',
      'Special Meeting',
      'Sunday Afternoon',
      'Sunday - AM',
      'Sunday - PM',
      'Sunday School',
      'Sunday Service',
      'Teaching',
      'Testimony',
      'TV Broadcast',
      'Video DVD',
      'Wedding',
      'Youth',
    ];
    for (const type of types) {
      const { status } = await get(`node/sermons?page=1&eventType=${encodeURIComponent(type)}`);
      expect(status, type).toBe(200);
    }
    // Our sermons' event types are all values of that enum.
    const { body } = await ok('node/sermons?pageSize=100');
    expect(body.results.every((s: Json) => types.includes(s.eventType as string))).toBe(true);
  });

  it('unknown ids and names → 404, which the client turns into None', async () => {
    for (const path of [
      'node/sermons/999999',
      'node/broadcasters/nosuchchurch',
      'node/speakers/Nobody%20Here',
      'node/broadcasters/gracechurch/series/Nope',
      'node/broadcasters/gracechurch/series/Nope/speakers',
      'node/broadcasters/nosuchchurch/filter_options',
    ]) {
      expect((await get(path)).status, path).toBe(404);
    }
  });

  it('error bodies are always JSON {"errors": {...}}: 404, 400 and unknown routes', async () => {
    const cases: [string, number][] = [
      ['node/sermons/999999', 404],
      ['node/speakers/Nobody', 404],
      ['node/sermons?pageSize=abc', 400],
      ['node/sermons?book=XYZ', 400],
      ['node/no/such/route', 404],
      ['no-such-thing', 404],
    ];
    for (const [path, status] of cases) {
      const res = await t.app.inject({ method: 'GET', url: `/api/v2/${path}`, headers: PYTHON_HEADERS });
      expect(res.statusCode, path).toBe(status);
      expect(res.headers['content-type'], path).toMatch(/^application\/json/);
      const body = JSON.parse(res.body);
      expect(typeof body.errors, path).toBe('object');
      expect(Object.keys(body.errors).length, path).toBeGreaterThan(0);
      expect(
        Object.values(body.errors).every((v) => typeof v === 'string'),
        path,
      ).toBe(true);
    }
    expect((await get('node/sermons/999999')).body.errors).toEqual({ error: 'Sermon not found' });
  });

  it('objects are full unless lite=true; lite=true trims (no media key)', async () => {
    const full = await ok('node/sermons/1000');
    expect(full.body).toHaveProperty('media');
    expect(full.body.broadcaster).toHaveProperty('vacantPulpit');
    const list = await ok(`node/sermons?${PYTHON_DEFAULT}`);
    expect(list.body.results[0]).toHaveProperty('media');
    expect(list.body.results[0].broadcaster).toHaveProperty('canWebcast');
    const lite = await ok('node/sermons/1000?lite=true');
    expect(lite.body).not.toHaveProperty('media');
    const liteList = await ok('node/sermons?lite=true');
    expect(liteList.body.results.some((s: Json) => 'media' in s)).toBe(false);
    const liteBroadcaster = await ok('node/broadcasters/gracechurch?lite=true');
    expect(liteBroadcaster.body).not.toHaveProperty('canWebcast');
    expect((await ok('node/broadcasters/gracechurch')).body).toHaveProperty('canWebcast');
  });

  it('liteBroadcaster=true: full sermons, each with its broadcaster in the lite form', async () => {
    const liteKeys = Object.keys(liteBroadcasterSchema.shape).sort();
    const { body } = await ok('node/sermons?pageSize=5&liteBroadcaster=True');
    const lite = await ok('node/sermons?pageSize=5&lite=true');
    body.results.forEach((s: Json, i: number) => {
      expect(s).toHaveProperty('media');
      expect(Object.keys(s.broadcaster as Json).sort()).toEqual(liteKeys);
      expect(s.broadcaster).toEqual(lite.body.results[i].broadcaster);
    });
    expect((await ok('node/sermons?pageSize=5&liteBroadcaster=False')).body.results[0].broadcaster).toHaveProperty(
      'canWebcast',
    );
    // Search takes liteBroadcaster as true unless told otherwise (spec §7).
    const search = await ok('node/search?query=faith&lite=false');
    expect(search.body.sermonResults[0]).toHaveProperty('media');
    expect(Object.keys(search.body.sermonResults[0].broadcaster).sort()).toEqual(liteKeys);
    const searchFull = await ok('node/search?query=faith&lite=false&liteBroadcaster=false');
    expect(searchFull.body.sermonResults[0].broadcaster).toHaveProperty('canWebcast');
  });

  it('get_broadcasters_near_location: RelativeBroadcasterLocation items, a full broadcaster and int meters', async () => {
    const { body, raw } = await ok('node/broadcasters/near_location?latitude=40.0379&longitude=-76.3055&meters=50000');
    expect(envelopeProblems(body, 'near_location')).toEqual([]);
    expect(body.results).toHaveLength(1);
    body.results.forEach((r: Json, i: number) => {
      expect(problems(r.broadcaster, BROADCASTER, `results[${i}].broadcaster`)).toEqual([]);
      expect(int(r.meters), `results[${i}].meters`).toBe(true);
    });
    expect(raw).toContain('"latitude":40.0,');
    // What Python sends: floats for the place, an int for the radius.
    const here = await ok('node/broadcasters/near_location?latitude=40.0&longitude=-76.3&meters=1000');
    expect(here.body.results.map((r: Json) => r.meters)).toEqual([0]);
  });

  it('get_highlighted_sermons: HighlightedSermons, a sortOrder the client knows and a full audioSermon', async () => {
    await t.db.query(
      `INSERT INTO broadcaster_highlighted_sermons (broadcaster_id, sort_order, sort_title, audio_title, sermon_id)
       VALUES ('gracechurch', 'added', 'Recently added', 'Featured sermon', '1000')`,
    );
    const { body } = await ok('node/broadcasters/gracechurch/highlighted_sermons');
    const sortOrders = [
      'preached',
      'popular',
      'added',
      'picklistnewest',
      'picklistrandom',
      'clipsnewest',
      'clipsrandom',
    ];
    expect(sortOrders).toContain(body.sortOrder);
    expect(str(body.sortTitle) && str(body.audioTitle)).toBe(true);
    expect(sermonProblems(body.audioSermon, 'audioSermon')).toEqual([]);
    // Nothing highlighted: every key is there, null (the model takes a falsy sortOrder and audioSermon as none).
    expect((await ok('node/broadcasters/emptychurch/highlighted_sermons')).body).toEqual({
      sortOrder: null,
      sortTitle: null,
      audioTitle: null,
      audioSermon: null,
    });
    expect((await get('node/broadcasters/nosuchchurch/highlighted_sermons')).status).toBe(404);
  });

  it('get_spurgeon_devotional: results is one SpurgeonDevotional, its type as sent, with a full sermon', async () => {
    for (const type of ['AM', 'PM', 'CHECKBOOK']) {
      const { body } = await ok(`node/spurgeon_devotional?type=${type}&month=5&day_of_month=21`);
      expect(str(body.nodeType) && str(body.nodeDisplayName) && intOrNull(body.totalCount), type).toBe(true);
      expect(body.next, type).toBeNull();
      expect(body.results && typeof body.results === 'object' && !Array.isArray(body.results), type).toBe(true);
      expect(body.results, type).toMatchObject({ type, month: 5, day: 21 });
      for (const key of ['quote', 'reference', 'content']) expect(body.results, `${type} ${key}`).toHaveProperty(key);
      expect(sermonProblems(body.results.sermon, `${type}.sermon`)).toEqual([]);
    }
    // The client's own test: July 32 is an error (NodeAPIError).
    expect((await get('node/spurgeon_devotional?type=AM&month=7&day_of_month=32')).status).toBe(400);
  });

  it('the client’s headers and the web app’s cache hints are accepted and ignored', async () => {
    const plain = await getJson(t.app, '/api/v2/node/sermons?pageSize=5', {});
    const hinted = await ok(
      'node/sermons?pageSize=5&cacheLanguage=en&cache=true&cacheMax=181&cacheDomain=www.sermonaudio.com',
    );
    expect(hinted.body.results).toEqual(plain.body.results);
    expect(hinted.body.totalCount).toBe(plain.body.totalCount);
  });

  it('paths resolve against a base URL ending in /v2/ (urljoin)', async () => {
    const base = 'http://kerygma.test/api/v2/';
    const url = new URL('node/speakers/A%2FB%20Preacher', base);
    const res = await getJson(t.app, url.pathname, PYTHON_HEADERS);
    expect(res.status).toBe(200);
    expect(res.body.displayName).toBe('A/B Preacher');
  });
});
