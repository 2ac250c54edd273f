import { BIBLE_BOOKS, parseBibleText } from '@kerygma/domain/bible';
import { EVENT_TYPES } from '@kerygma/domain/event-types';
import { SERMON_LANGUAGES } from '@kerygma/domain/languages';
import { describe, expect, it } from 'vitest';
import { DEMO_ANCHOR, generateDemoCatalogue, makeRng, mulberry32 } from './demo-catalogue.ts';

const catalogue = generateDemoCatalogue();
const { broadcasters, speakers, series, sermons } = catalogue;

describe('generateDemoCatalogue', () => {
  it('is deterministic: same seed, same rows; another seed, other rows', () => {
    expect(generateDemoCatalogue()).toEqual(catalogue);
    expect(generateDemoCatalogue(7).sermons.map((s) => s.sermonId)).not.toEqual(sermons.map((s) => s.sermonId));
  });

  it('has the promised size', () => {
    expect(broadcasters.length).toBeGreaterThanOrEqual(40);
    expect(speakers.length).toBeGreaterThanOrEqual(150);
    expect(series.length).toBeGreaterThanOrEqual(300);
    expect(sermons.length).toBeGreaterThanOrEqual(3000);
    expect(new Set(sermons.map((s) => s.languageCode)).size).toBeGreaterThanOrEqual(6);
    expect(new Set(broadcasters.map((b) => b.countryIsoCode)).size).toBeGreaterThanOrEqual(15);
  });

  it('uses unique ids of the right shapes', () => {
    const unique = (values: unknown[]) => new Set(values).size === values.length;
    expect(unique(broadcasters.map((b) => b.broadcasterId))).toBe(true);
    expect(unique(speakers.map((s) => s.speakerId))).toBe(true);
    expect(unique(speakers.map((s) => s.displayName))).toBe(true);
    expect(unique(series.map((s) => s.seriesId))).toBe(true);
    expect(unique(sermons.map((s) => s.sermonId))).toBe(true);
    for (const b of broadcasters) expect(b.broadcasterId).toMatch(/^[a-z0-9]+$/);
    for (const s of sermons) expect(s.sermonId).toMatch(/^[1-9]\d{9,12}$/);
    for (const s of [...speakers.map((x) => x.speakerId), ...series.map((x) => x.seriesId)])
      expect(Number.isInteger(s)).toBe(true);
  });

  it('keeps references consistent: series belong to the sermon’s broadcaster', () => {
    const broadcasterIds = new Set(broadcasters.map((b) => b.broadcasterId));
    const speakerIds = new Set(speakers.map((s) => s.speakerId));
    const seriesById = new Map(series.map((s) => [s.seriesId, s]));
    for (const s of sermons) {
      expect(broadcasterIds.has(s.broadcasterId)).toBe(true);
      expect(speakerIds.has(s.speakerId)).toBe(true);
      if (s.seriesId !== null) expect(seriesById.get(s.seriesId)?.broadcasterId).toBe(s.broadcasterId);
    }
    for (const s of series) {
      expect(broadcasterIds.has(s.broadcasterId)).toBe(true);
      if (s.podcastSpeakerId !== null) expect(speakerIds.has(s.podcastSpeakerId)).toBe(true);
    }
    for (const p of catalogue.primarySpeakers) {
      expect(broadcasterIds.has(p.broadcasterId)).toBe(true);
      expect(speakerIds.has(p.speakerId)).toBe(true);
    }
    for (const s of speakers) if (s.broadcasterLock) expect(broadcasterIds.has(s.broadcasterLock)).toBe(true);
    const sermonIds = new Set(sermons.map((s) => s.sermonId));
    const topicIds = new Set(catalogue.topics.map((t) => t.topicId));
    expect(catalogue.sermonTopics.length).toBeGreaterThan(0);
    for (const t of catalogue.sermonTopics) expect(sermonIds.has(t.sermonId) && topicIds.has(t.topicId)).toBe(true);
    expect(new Set(catalogue.sermonTopics.map((t) => `${t.sermonId}/${t.topicId}`)).size).toBe(
      catalogue.sermonTopics.length,
    );
  });

  it('has the placeholder speakers and flagged ones', () => {
    for (const name of ['Various Speakers', 'Unknown Speaker']) {
      expect(speakers.find((s) => s.displayName === name)?.placeholder).toBe(true);
    }
    expect(speakers.filter((s) => s.placeholder)).toHaveLength(2);
    for (const flag of ['featured', 'choice', 'classic', 'puritan', 'reformer', 'highlighted'] as const) {
      expect(speakers.some((s) => s[flag])).toBe(true);
    }
    for (const s of speakers.filter((x) => !x.placeholder)) expect(s.sortName).toMatch(/^[^,]+, .+/);
  });

  it('covers the broadcaster variations', () => {
    for (const bit of [1, 2, 4, 8]) expect(broadcasters.some((b) => b.categories & bit)).toBe(true);
    expect(broadcasters.some((b) => b.categories !== (b.categories & -b.categories))).toBe(true); // combined flags
    expect(broadcasters.filter((b) => b.disabled)).toHaveLength(1);
    expect(broadcasters.some((b) => b.vacantPulpit && b.minister === '')).toBe(true);
    expect(broadcasters.some((b) => b.lite)).toBe(true);
    expect(broadcasters.some((b) => b.donatable)).toBe(true);
    expect(broadcasters.filter((b) => b.groupName).length).toBeGreaterThanOrEqual(3);
    expect(broadcasters.some((b) => b.latitude !== null && Number.isInteger(b.latitude))).toBe(true);
    const usStates = broadcasters.filter((b) => b.countryIsoCode === 'US').map((b) => b.state);
    expect(usStates.length - new Set(usStates).size).toBeGreaterThanOrEqual(3);
  });

  it('spreads sermons over time, the canon, event types and languages', () => {
    const dates = sermons.map((s) => s.preachDate).sort();
    expect(dates[0] ?? '').toMatch(/^1965-/);
    expect(dates.at(-1) ?? '').toMatch(/^2026-10-/);
    const books = new Set(sermons.flatMap((s) => parseBibleText(s.bibleText ?? '').map((r) => r.bookIndex)));
    expect(books.size).toBe(BIBLE_BOOKS.length);
    expect(sermons.some((s) => parseBibleText(s.bibleText ?? '').length > 1)).toBe(true);
    const languages = new Set<string>(SERMON_LANGUAGES.map((l) => l.languageCode));
    const events = new Set<string>(EVENT_TYPES);
    for (const s of sermons) {
      expect(languages.has(s.languageCode)).toBe(true);
      expect(events.has(s.eventType)).toBe(true);
      expect(s.audioDurationSeconds).toBeGreaterThanOrEqual(600);
      expect(s.audioDurationSeconds).toBeLessThanOrEqual(5400);
    }
    const sunday = sermons.filter((s) => s.eventType.startsWith('Sunday'));
    expect(sunday.length / sermons.length).toBeGreaterThan(0.5);
    for (const s of sunday) expect(new Date(`${s.preachDate}T00:00:00Z`).getUTCDay()).toBe(0);
    expect(sermons.filter((s) => s.languageCode === 'en').length / sermons.length).toBeGreaterThan(0.6);
  });

  it('publishes after preaching, with a few drafts, scheduled sermons and staff picks', () => {
    const drafts = sermons.filter((s) => s.publishTimestamp === null);
    const scheduled = sermons.filter((s) => s.publishTimestamp !== null && s.publishTimestamp > DEMO_ANCHOR);
    expect(drafts.length).toBeGreaterThan(0);
    expect(scheduled.length).toBeGreaterThan(0);
    for (const s of scheduled) expect(s.publishTimestamp).toMatch(/^2030-/);
    for (const s of sermons) if (s.publishTimestamp) expect(s.publishTimestamp.slice(0, 10) >= s.preachDate).toBe(true);
    const picks = sermons.filter((s) => s.pickDate);
    expect(picks.length / sermons.length).toBeGreaterThan(0.015);
    expect(picks.length / sermons.length).toBeLessThan(0.05);
    for (const s of picks)
      expect((s.publishTimestamp ?? '9') <= DEMO_ANCHOR && (s.pickDate ?? '9') < '2026-11-01').toBe(true);
    const video = sermons.filter((s) => s.hasVideo);
    expect(video.length / sermons.length).toBeGreaterThan(0.05);
    expect(video.length / sermons.length).toBeLessThan(0.2);
    for (const s of video) expect(s.videoDurationSeconds).toBeGreaterThan(0);
  });

  it('has long-tailed counts', () => {
    const downloads = sermons.map((s) => s.downloadCount).sort((a, b) => a - b);
    const median = downloads[downloads.length >> 1] ?? 0;
    expect(downloads.at(-1)).toBeGreaterThan(median * 100);
    for (const s of sermons) expect(s.audioPlayCount + s.videoPlayCount).toBe(s.playCount);
  });

  it('lets speakers preach at one to three broadcasters mostly', () => {
    const places = new Map<number, Set<string>>();
    for (const s of sermons) places.set(s.speakerId, (places.get(s.speakerId) ?? new Set()).add(s.broadcasterId));
    const real = speakers.filter((s) => !s.placeholder);
    const fewPlaces = real.filter((s) => (places.get(s.speakerId)?.size ?? 0) <= 3);
    expect(fewPlaces.length / real.length).toBeGreaterThan(0.95);
    for (const b of broadcasters.filter((x) => !x.vacantPulpit)) {
      expect(catalogue.primarySpeakers.some((p) => p.broadcasterId === b.broadcasterId)).toBe(true);
    }
  });
});

describe('PRNG', () => {
  it('mulberry32 repeats for a seed and stays in [0, 1)', () => {
    const a = mulberry32(42);
    const b = mulberry32(42);
    for (let i = 0; i < 1000; i++) {
      const x = a();
      expect(x).toBe(b());
      expect(x >= 0 && x < 1).toBe(true);
    }
  });

  it('makeRng picks within bounds', () => {
    const rng = makeRng(1);
    for (let i = 0; i < 200; i++) {
      const n = rng.int(3, 5);
      expect(n >= 3 && n <= 5 && Number.isInteger(n)).toBe(true);
    }
    expect(rng.shuffle([1, 2, 3, 4]).sort()).toEqual([1, 2, 3, 4]);
    expect(() => rng.pick([])).toThrow();
  });
});
