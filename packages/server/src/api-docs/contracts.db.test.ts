import { type Contract, methodsOf } from '@kerygma/domain/contracts/contract';
import { contracts } from '@kerygma/domain/contracts/index';
import { openApiPath, operationId } from '@kerygma/domain/contracts/openapi';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { API_BASE } from '../http/api-base.ts';
import { ensureHymnalData } from '../hymnal/hymnal-data.ts';
import { buildTestApp, getJson, type TestApp } from '../test/test-app.ts';
import { BACKENDS } from '../test/test-db.ts';
import { testUser } from '../test/users.ts';
import { saveTranscriptRow } from '../transcripts/transcripts.queries.ts';
import { insertRestreamEvent } from '../webcasts/multicast/multicast.queries.ts';

/** Routes registered without a contract (none: keep it so, or say here why one has none). */
const WITHOUT_CONTRACT = new Set<string>();

/** The contracts by name, each seen as a Contract. */
const ALL: [string, Contract][] = Object.entries(contracts);

const fullPath = (c: Contract) => (c.atRoot ? c.path : `${API_BASE}${c.path}`);

/** Every `METHOD /path` the app registered, from Fastify's route tree (HEAD of a GET left out). */
function registeredRoutes(app: FastifyInstance): string[] {
  const routes: string[] = [];
  const stack: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const m = /^([│ ]*)[├└]── (.+?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!m) continue;
    const depth = (m[1] as string).length / 4;
    stack.length = depth;
    stack.push(m[2] as string);
    const methods = m[3]?.split(', ') ?? [];
    for (const method of methods) {
      if (method === 'HEAD' && methods.includes('GET')) continue;
      routes.push(`${method} ${stack.join('')}`);
    }
  }
  return routes;
}

/**
 * A route as each of its routes may name it: Fastify's tree prints one parameter node shared by
 * routes that name it differently as `:a|:b` (/node/articles/:articleID and
 * /node/articles/:broadcasterID/:slug).
 */
function namings(route: string): string[] {
  return route
    .split('/')
    .reduce<string[]>(
      (found, segment) =>
        found.flatMap((head) => segment.split('|').map((s) => (head === '' && s === '' ? '' : `${head}/${s}`))),
      [''],
    )
    .map((r) => r.replace(/^\//, ''));
}

/** Example requests for every contract a GET answers, on the fixture catalogue. */
const EXAMPLES: Record<string, string[]> = {
  sermonList: ['/node/sermons?pageSize=3', '/node/sermons?pageSize=3&lite=true', '/node/sermons?lite=false&pageSize=2'],
  sermonDetail: ['/node/sermons/1000', '/node/sermons/1000?lite=true'],
  sermonWaveform: ['/node/sermons/1000/waveform'],
  broadcasterList: ['/node/broadcasters', '/node/broadcasters?lite=true'],
  broadcasterDetail: ['/node/broadcasters/gracechurch', '/node/broadcasters/gracechurch?lite=true'],
  broadcasterSeriesList: ['/node/broadcasters/gracechurch/series'],
  broadcasterSeries: ['/node/broadcasters/gracechurch/series/Romans'],
  broadcasterSeriesSpeakers: ['/node/broadcasters/gracechurch/series/Romans/speakers'],
  broadcasterSpeakers: ['/node/broadcasters/gracechurch/speakers'],
  broadcasterSpeakerCounts: ['/node/broadcasters/gracechurch/speakers/sermon_counts'],
  broadcasterFilterOptions: ['/node/broadcasters/gracechurch/filter_options'],
  broadcastersNearLocation: ['/node/broadcasters/near_location?latitude=40&longitude=-76&meters=100000'],
  highlightedSermons: ['/node/broadcasters/gracechurch/highlighted_sermons'],
  bannerGallery: ['/node/images/background/broadcaster'],
  spurgeonDevotional: ['/node/spurgeon_devotional?month=1&day_of_month=1&type=AM'],
  spurgeonDevotionalPreface: ['/node/spurgeon_devotional/preface'],
  speakerList: ['/node/speakers'],
  speakerHighlighted: ['/node/speakers/highlighted'],
  speakerDetail: ['/node/speakers/1'],
  speakerBroadcasters: ['/node/speakers/1/broadcasters'],
  seriesDetail: ['/node/series/10'],
  discoverBroadcasters: ['/node/discover/broadcasters?pageSize=2'],
  broadcasterLocations: ['/node/discover/broadcaster_locations'],
  discoverSeries: ['/node/discover/series'],
  discoverSpeakers: ['/node/discover/speakers'],
  speakerNames: ['/node/discover/speakers/list'],
  bibleStructure: ['/node/discover/bible_structure'],
  bibleText: ['/node/discover/bible_text?reference=John%203:16-18'],
  hashtags: ['/node/discover/hashtags'],
  topics: ['/node/discover/topics'],
  catalogueStats: ['/node/discover/sastats'],
  groups: ['/node/discover/groups'],
  legacyGroups: ['/node/discover/legacy_groups'],
  hymnList: ['/node/discover/hymns?pageSize=5', '/node/discover/hymns?psalter=true&pageSize=5'],
  psalterTunes: ['/node/discover/hymns/psalter/tunes'],
  meterTunes: ['/node/discover/hymns/metric/8.6.8.6/tunes'],
  tunePsalms: ['/node/discover/hymns/tune/st-anne/psalms'],
  hymnDetail: ['/node/discover/hymns/169', '/node/discover/hymns/53?psalter=true'],
  languages: ['/node/languages'],
  filterOptions: ['/node/filter_options', '/node/filter_options?broadcasterID=gracechurch'],
  sermonEventTypes: ['/node/filter_options/sermon_event_types?broadcaster_id=gracechurch'],
  bibleVersions: ['/node/bible_versions'],
  search: ['/node/search?query=Romans', '/node/search?query=Romans&lite=false&liteBroadcaster=false'],
  mediaTracker: ['/node/sermons/1000/media_tracker'],
  sermonTranscript: ['/node/sermons/1000/transcript'],
  multicastList: ['/node/broadcasters/gracechurch/multicast_list?include_system=true'],
  oembed: [`/oembed?url=${encodeURIComponent('http://kerygma.test/sermons/1000')}`],
  userAvailable: ['/site/users/available?username=anyone', '/site/users/available?email=a@example.org'],
  currentUser: ['/site/users'],
  broadcasterFollowed: ['/site/broadcasters/gracechurch/followed'],
  speakerFollowed: ['/site/speakers/John%20Owen/followed'],
  seriesFollowed: ['/site/series/10/followed'],
  sermonFollowed: ['/site/sermons/1000/followed'],
  userFollows: ['/site/users/follows'],
  followedBroadcasters: ['/site/users/broadcasters'],
  followedSpeakers: ['/site/users/speakers'],
  followedSeries: ['/site/users/series'],
  followedSermons: ['/site/users/sermons'],
  userFeed: ['/site/users/feeds'],
  userWebcastFeed: ['/site/users/feeds/webcasts'],
  historyList: ['/site/history/sermons'],
  playPosition: ['/site/history/sermons/1000'],
  bookmarkList: ['/site/bookmarks/sermons'],
  bookmarkState: ['/site/bookmarks/sermons/1000'],
  sermonComments: ['/node/sermons/1000/comments', '/node/sermons/1000/comments?sort=random&page=2'],
  legacyComments: ['/sermon_comments/legacy', '/sermon_comments/legacy?broadcasterID=gracechurch'],
  userComments: ['/sermon_comments/user'],
  // For a broadcaster's managers only: comments/comments.db.test.ts parses its answers.
  pendingComments: [],
  // Sermon editing: for the broadcaster's managers (asked as a site admin below).
  editableSermon: ['/node/sermons/1900/editor'],
  editorDropdownContents: ['/node/sermons/1902/editor_dropdown_contents'],
  dashboardSermonList: ['/node/broadcasters/gracechurch/legacy-sermon-list?pageSize=3&sortBy=title'],
  editableSpeakers: ['/node/broadcasters/gracechurch/editable_speakers'],
  editableSeries: ['/node/broadcasters/gracechurch/editable_series'],
  sermonConfig: ['/sermon_config'],
  // The broadcaster account: site-admin examples pass every broadcaster's guard
  // (broadcaster-account/broadcaster-account.db.test.ts parses the answers that need made data).
  broadcasterIdAvailable: ['/node/broadcasters/gracechurch/available', '/node/broadcasters/newchurch/available'],
  signupParams: ['/signup_params'],
  signupCoupon: [],
  mySignups: ['/site/users/broadcaster_signups'],
  pendingSignups: ['/admin/broadcaster_signups'],
  broadcasterPrivateData: ['/node/broadcasters/gracechurch/private_data'],
  emailSettings: ['/node/broadcasters/gracechurch/email_settings'],
  podcastSettings: ['/node/broadcasters/gracechurch/podcast_settings'],
  donationSettings: ['/node/broadcasters/gracechurch/donations'],
  broadcasterConnections: ['/node/broadcasters/gracechurch/connections'],
  // 503 while no credentials are configured.
  twitterAuth: [],
  googleAuth: [],
  facebookAuth: [],
  apiKeyInfo: ['/node/broadcasters/gracechurch/keyinfo'],
  userRoles: ['/node/broadcasters/gracechurch/user_roles'],
  userInvites: ['/node/broadcasters/gracechurch/user_invites'],
  invitePreview: [],
  broadcasterNotices: ['/node/broadcasters/gracechurch/notices'],
  lifetimeStats: ['/node/broadcasters/gracechurch/lifetime_stats'],
  recentStats: ['/node/broadcasters/gracechurch/recent_stats'],
  sermonStats: ['/node/broadcasters/gracechurch/sermon_stats?pageSize=3'],
  nextBill: ['/node/broadcasters/gracechurch/next_bill'],
  articleConfig: ['/node/articles/config'],
  listArticles: ['/node/articles', '/node/articles?broadcasterID=gracechurch&sort=title'],
  articleCategories: ['/node/articles/categories'],
  articleCategory: ['/node/articles/categories/devotional'],
  // The fixture has no articles: articles/articles.db.test.ts parses these answers.
  getArticle: [],
  getArticleBySlug: [],
  // For a broadcaster's Admins and Uploaders only: articles/articles.db.test.ts.
  broadcasterArticles: [],
  // Feed import: for the broadcaster's Admins and Uploaders; the fixture has no imports, so
  // feed-import/feed-import.db.test.ts parses the answers of made ones against their contracts.
  listFeedImports: ['/node/broadcasters/gracechurch/feed-imports'],
  getFeedImport: [],
  health: ['/healthz'],
  openApi: ['/openapi.json'],
  reference: ['/docs'],
  globalConfig: ['/global_config'],
  // Webcasts (webcasts/): 700000000001 is live, 700000000002 an ended replay (made below).
  webcastsInProgress: ['/node/webcasts'],
  webcastsInProgressLite: ['/node/webcasts/lite'],
  webcastsInProgressCount: ['/node/webcasts/count'],
  webcastHistory: ['/node/webcasts/history'],
  webcastsScheduled: ['/node/webcasts/scheduled', '/node/webcasts/scheduled?pageSize=1'],
  broadcasterWebcastsScheduled: ['/node/broadcasters/gracechurch/webcasts/scheduled'],
  broadcasterWebcasts: ['/node/broadcasters/gracechurch/webcasts', '/node/broadcasters/gracechurch/webcasts?lite=true'],
  broadcasterWebcastTotals: ['/node/broadcasters/gracechurch/webcasts/stats/totals'],
  broadcasterWebcast: [
    '/node/broadcasters/gracechurch/webcasts/700000000001',
    '/node/broadcasters/gracechurch/webcasts/700000000002?lite=true',
  ],
  webcastDefaults: ['/node/broadcasters/gracechurch/webcast_metadata'],
  webcastStats: ['/webcasts/700000000002/stats'],
  webcastHealth: ['/webcasts/700000000001/health'],
  webcastHealthOverview: ['/admin/webcasts/health'],
};

/** Contracts whose examples are asked as a signed-in user (with its access token). */
const SIGNED_IN = new Set([
  'currentUser',
  'sermonTranscript',
  'broadcasterFollowed',
  'speakerFollowed',
  'seriesFollowed',
  'sermonFollowed',
  'userFollows',
  'followedBroadcasters',
  'followedSpeakers',
  'followedSeries',
  'followedSermons',
  'userFeed',
  'userWebcastFeed',
  'historyList',
  'playPosition',
  'bookmarkList',
  'bookmarkState',
  'userComments',
]);
/** Contracts whose examples are asked as a site admin (accounts/permissions.db.test.ts checks who else may). */
const SITE_ADMIN = new Set([
  'broadcasterWebcastTotals',
  'webcastDefaults',
  'webcastStats',
  'webcastHealth',
  'webcastHealthOverview',
  'mediaTracker',
  'multicastList',
  'listFeedImports',
  'editableSermon',
  'editorDropdownContents',
  'dashboardSermonList',
  'editableSpeakers',
  'editableSeries',
  'mySignups',
  'pendingSignups',
  'broadcasterPrivateData',
  'emailSettings',
  'podcastSettings',
  'donationSettings',
  'broadcasterConnections',
  'apiKeyInfo',
  'userRoles',
  'userInvites',
  'lifetimeStats',
  'recentStats',
  'sermonStats',
  'nextBill',
]);

/**
 * Whether a body is exactly what the schema describes: it parses, and parsing drops nothing
 * (an object schema strips keys it does not know, so a key the contract lacks is caught too).
 */
function matches(schema: z.ZodType, body: unknown): { ok: boolean; detail: string } {
  const parsed = schema.safeParse(body);
  if (!parsed.success) return { ok: false, detail: parsed.error.message };
  const unknown = droppedKeys(body, parsed.data);
  return {
    ok: unknown.length === 0,
    detail: unknown.length ? `keys the schema does not describe: ${unknown.join(', ')}` : '',
  };
}

/** Paths of the keys in `body` that `parsed` lacks. */
function droppedKeys(body: unknown, parsed: unknown, at = ''): string[] {
  if (Array.isArray(body)) return body.flatMap((item, i) => droppedKeys(item, (parsed as unknown[])[i], `${at}[${i}]`));
  if (typeof body !== 'object' || body === null) return [];
  const kept = parsed as Record<string, unknown>;
  return Object.entries(body).flatMap(([key, value]) =>
    key in kept ? droppedKeys(value, kept[key], `${at}.${key}`) : [`${at}.${key}`],
  );
}

describe.each(BACKENDS)('route contracts on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(backend);
    await ensureHymnalData(t.db);
  }, 120_000);
  afterAll(() => t?.close());

  it('every route under the API base, and /oembed, has a contract', () => {
    const covered = new Set(Object.values(contracts).flatMap((c) => methodsOf(c).map((m) => `${m} ${fullPath(c)}`)));
    const routes = registeredRoutes(t.app).filter((r) => / \/api\/v2\/|^GET \/oembed$/.test(r));
    expect(routes.length).toBeGreaterThan(50);
    expect(routes.filter((r) => !namings(r).some((n) => covered.has(n)) && !WITHOUT_CONTRACT.has(r))).toEqual([]);
    expect([...WITHOUT_CONTRACT].filter((r) => !routes.includes(r))).toEqual([]);
    // …and every contract is registered.
    const named = new Set(routes.flatMap(namings));
    expect([...covered].filter((r) => !named.has(r) && !r.startsWith('HEAD '))).toEqual([]);
  });

  it('every GET answers the fixture in its contract’s shape', async () => {
    const body = { email: 'contracts@example.org', password: 'Contract 1' };
    await t.app.inject({ method: 'POST', url: `${API_BASE}/site/users/contracts`, payload: body });
    const signIn = await t.app.inject({
      method: 'POST',
      url: `${API_BASE}/site/users/contracts/login`,
      payload: { password: body.password },
    });
    const session = { authorization: `Bearer ${JSON.parse(signIn.body).access_token}` };
    const admin = (await testUser(t.db, 'contractsadmin', { siteAdmin: true })).headers;
    // Something in each of the library's lists, so that their items are checked too.
    for (const path of [
      '/site/broadcasters/gracechurch',
      '/site/speakers/John%20Owen',
      '/site/series/10',
      '/site/sermons/1000',
      '/site/bookmarks/sermons/1000',
    ])
      await t.app.inject({ method: 'POST', url: `${API_BASE}${path}`, headers: session });
    await t.app.inject({
      method: 'POST',
      url: `${API_BASE}/site/history/sermons/1000`,
      headers: session,
      payload: { play_position: 12 },
    });
    // A transcript to read (transcripts/).
    const segments = [{ start: 0, end: 2.5, text: 'Grace to you.' }];
    await t.db.transaction((tx) =>
      saveTranscriptRow(tx, {
        sermonId: '1000',
        languageCode: 'en',
        source: 'whisper',
        captionState: 'published',
        segments,
      }),
    );
    // A restream destination that has run (webcasts/multicast/).
    const made = await t.app.inject({
      method: 'POST',
      url: `${API_BASE}/node/broadcasters/gracechurch/multicast`,
      headers: admin,
      payload: { stream_platform: 'youtube', stream_key: 'abcd-efgh-ijkl-mnop' },
    });
    await insertRestreamEvent(t.db, JSON.parse(made.body).multicast_id, { kind: 'connect', attempt: 0, detail: null });
    // A live webcast and an ended one with its replay (webcasts/).
    await t.db.query(
      `INSERT INTO webcast (webcast_id, broadcaster_id, title, state, start_time, end_time, has_recording)
       VALUES ('700000000001', 'gracechurch', 'Lord''s Day', 'live', now(), NULL, true),
              ('700000000002', 'gracechurch', 'Vespers', 'ended', now() - interval '2 hours', now() - interval '1 hour', true)`,
    );
    // Its stream key paused after a server stop (webcast_metadata's webcastingPause).
    await t.db.query(
      `INSERT INTO broadcaster_stream_key (broadcaster_id, stream_key, paused_until, paused_reason)
       VALUES ('gracechurch', 'contracts-stream-key', now() + interval '30 minutes', 'overlong')`,
    );
    // Two webcasts gracechurch announced (webcasts/webcast-schedule.ts), listed while it may webcast.
    await t.db.query(`UPDATE broadcaster SET can_webcast = true WHERE broadcaster_id = 'gracechurch'`);
    await t.db.query(
      `INSERT INTO webcast_schedule (broadcaster_id, title, description, starts_at, expected_minutes)
       VALUES ('gracechurch', 'Carol service', 'By candlelight', now() + interval '1 day', 75),
              ('gracechurch', 'Watchnight', '', now() + interval '2 days', NULL)`,
    );
    const getContracts = ALL.filter(([, c]) => methodsOf(c).includes('GET'));
    expect(getContracts.map(([name]) => name).filter((name) => !(name in EXAMPLES))).toEqual([]);
    for (const [name, c] of getContracts) {
      for (const example of EXAMPLES[name] ?? []) {
        const url = c.atRoot ? example : `${API_BASE}${example}`;
        const res = await t.app.inject({
          method: 'GET',
          url,
          headers: SIGNED_IN.has(name) ? session : SITE_ADMIN.has(name) ? admin : {},
        });
        const [status, schema] = Object.entries(c.responses)[0] as [string, z.ZodType];
        expect(res.statusCode, url).toBe(Number(status));
        const body = c.produces ? res.body : JSON.parse(res.body);
        if (c.produces) expect(res.headers['content-type'], url).toContain(c.produces);
        expect(matches(schema, body), url).toEqual({ ok: true, detail: '' });
      }
    }
  }, 120_000);

  it('a body of another shape does not match: a key missing, of another type, or unknown', async () => {
    const { body } = await getJson(t.app, `${API_BASE}/node/sermons/1000`);
    const schema = contracts.sermonDetail.responses[200];
    expect(matches(schema, body).ok).toBe(true);
    const { preachDate: _, ...withoutDate } = body;
    expect(matches(schema, withoutDate).ok).toBe(false);
    expect(matches(schema, { ...body, sermonID: 1000 }).ok).toBe(false);
    expect(matches(schema, { ...body, speaker: { ...body.speaker, nickname: 'x' } })).toEqual({
      ok: false,
      detail: 'keys the schema does not describe: .speaker.nickname',
    });
  });

  it('serves an OpenAPI 3.1 document with a path for every contract and resolvable references', async () => {
    const { status, body: doc, headers } = await getJson(t.app, `${API_BASE}/openapi.json`);
    expect(status).toBe(200);
    expect(headers['content-type']).toMatch(/^application\/json/);
    expect(doc.openapi).toMatch(/^3\.1\.\d+$/);
    expect(doc.info).toMatchObject({ title: expect.any(String), version: expect.any(String) });
    expect(doc.servers).toEqual([{ url: API_BASE }]);
    const operationIds: string[] = [];
    for (const [name, c] of ALL) {
      const item = doc.paths[openApiPath(c.path)];
      expect(item, name).toBeDefined();
      if (c.atRoot) expect(item.servers, name).toEqual([{ url: '/' }]);
      for (const method of methodsOf(c)) {
        const op = item[method.toLowerCase()];
        expect(op?.operationId, `${method} ${c.path}`).toBe(operationId(name, c, method));
        operationIds.push(op.operationId);
        // Each {param} in the path is a required path parameter, and there are no others.
        const inPath = [...openApiPath(c.path).matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
        const declared = op.parameters.filter((p: { in: string }) => p.in === 'path');
        expect(declared.map((p: { name: string }) => p.name).sort(), name).toEqual(inPath.sort());
        expect(declared.every((p: { required: boolean }) => p.required)).toBe(true);
        expect(Object.keys(op.responses).length, name).toBeGreaterThan(0);
        for (const [code, r] of Object.entries(op.responses as Record<string, { description: string }>)) {
          expect(code, name).toMatch(/^[1-5]\d\d$/);
          expect(r.description, name).toBeTruthy();
        }
      }
    }
    expect(new Set(operationIds).size).toBe(operationIds.length);
    const text = JSON.stringify(doc);
    const refs = new Set([...text.matchAll(/"\$ref":"([^"]+)"/g)].map((m) => m[1] as string));
    expect(refs.size).toBeGreaterThan(10);
    for (const ref of refs) {
      expect(ref).toMatch(/^#\/components\/schemas\//);
      expect(doc.components.schemas[ref.slice('#/components/schemas/'.length)], ref).toBeDefined();
    }
    // Objects are named components, not repeated in every answer.
    expect(doc.paths['/node/sermons/{sermonID}'].get.responses['200'].content['application/json'].schema).toEqual({
      anyOf: [{ $ref: '#/components/schemas/Sermon' }, { $ref: '#/components/schemas/LiteSermon' }],
    });
  });

  it('serves a reference page with every route, loading nothing from elsewhere', async () => {
    const res = await t.app.inject(`${API_BASE}/docs`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    for (const [name, c] of ALL) {
      for (const method of methodsOf(c)) expect(res.body, name).toContain(`id="${operationId(name, c, method)}"`);
      expect(res.body, name).toContain(`<code>${(c.atRoot ? '' : API_BASE) + openApiPath(c.path)}</code>`);
      expect(res.body, name).toContain(c.summary.replace(/'/g, '&#39;'));
    }
    expect(res.body).toContain('id="schema-Sermon"');
    expect(res.body).not.toMatch(/<(script|link)\b|src="http/);
  });
});
