import type { HymnDetail, HymnSummary, PsalmDetail, Tune } from '@kerygma/domain/hymnal';
import { loadHymnalData } from '@kerygma/domain/hymnal-source';
import { getTranslator } from '@kerygma/i18n/t';
import { describe, expect, it } from 'vitest';
import {
  loadBookSearch,
  meterText,
  personText,
  psalmTitle,
  REWRITE,
  scriptureLabel,
  sectionName,
  songListItem,
  songView,
} from './hymnal.ts';

const data = loadHymnalData();
const hymn = (id: number) => ({ ...data.hymns.find((h) => h.seq === id)?.detail, viewCount: 0 }) as HymnDetail;
const psalm = (id: string) => ({ ...data.psalms.find((p) => p.id === id)?.detail, viewCount: 0 }) as PsalmDetail;
const tune = (tuneID: string, name: string): Tune => ({
  tuneID,
  name,
  meter: '10 10 10 10',
  meterKey: '10.10.10.10',
  hymnIDs: [],
  psalmCount: 0,
  hasAudio: false,
});
const href = (path: string) => `/de${path}`;

describe('what a hymn or psalm page shows', () => {
  it('names metres with their numbers and people with their dates', () => {
    expect(meterText('C.M.', '8.6.8.6')).toBe('C.M. (8.6.8.6)');
    expect(meterText('8 8 8 8', '8.8.8.8')).toBe('8.8.8.8 (L.M.)');
    expect(meterText('7 7 7 7', '7.7.7.7')).toBe('7.7.7.7');
    expect(meterText('Irregular', null)).toBe('Irregular');
    expect(personText({ name: 'Isaac Watts', lifeDates: '1674-1748' })).toBe('Isaac Watts (1674-1748)');
    expect(personText({ name: 'Latin', lifeDates: null })).toBe('Latin');
  });

  it('names the books of scripture references in the reader’s language', async () => {
    const luke = { reference: 'Luke 24:29', osisAbbrev: 'Luke', passage: '24:29', book: 'luke', chapter: 24 };
    const psalm23 = { reference: 'Psalm 23', osisAbbrev: 'Ps', passage: '23', book: 'psalms', chapter: 23 };
    expect(scriptureLabel(await getTranslator('en'), luke)).toBe('Luke\u00a024:29');
    expect(scriptureLabel(await getTranslator('gb'), psalm23)).toBe('Psalm\u00a023');
    expect(scriptureLabel(await getTranslator('de'), luke)).toBe('Lukas\u00a024:29');
  });

  it('holds each reference’s book to its passage with a no-break space, its other spaces kept', async () => {
    // Hymn 1 (Blessed Jesus at Thy Word): 'Jn 6:67-68, 8:31-32, Heb 4:12, Jn 1:1-5, 8:12, 1Cor 2:14'.
    const links = hymn(1).scriptureReferences;
    const [en, de] = await Promise.all([getTranslator('en'), getTranslator('de')]);
    const english = links.map((l) => scriptureLabel(en, l));
    expect(english).toContain('John\u00a08:31-32');
    expect(english).toContain('1 Corinthians\u00a02:14');
    const german = links.map((l) => scriptureLabel(de, l));
    expect(german).toContain('Johannes\u00a08:31-32');
    // The passage is the label's last word, after the one no-break space.
    expect([...english, ...german].every((label) => /^[^\u00a0]+\u00a0[^\s]+$/.test(label))).toBe(true);
  });

  it('shows a hymn with its own tune, or with another of its metre chosen by tuneID', async () => {
    const t = await getTranslator('en');
    const tunes = [tune('eventide', 'Eventide'), tune('slane', 'Slane')];
    const own = songView(t, href, hymn(169), tunes, null);
    expect(own).toMatchObject({ path: '/hymnal/169', tune: { tuneID: 'eventide' }, ownTune: null, titleLang: 'en' });
    expect(own.facts.map((f) => f.label)).toEqual(['Words', 'Music', 'Tune', 'Meter', 'Section', 'Scripture']);
    expect(own.facts.at(-1)?.items[0]).toEqual({ text: 'Luke\u00a024:29', href: '/de/sermons/scripture/luke/24' });
    const chosen = songView(t, href, hymn(169), tunes, 'slane');
    expect(chosen).toMatchObject({ tune: { tuneID: 'slane', name: 'Slane' }, ownTune: { tuneID: 'eventide' } });
    // A tune of another metre is not offered, so it is ignored.
    expect(songView(t, href, hymn(169), tunes, 'st-anne').tune?.tuneID).toBe('eventide');
  });

  it('adds the tune to a title that other hymns share, in lists, headings and the window name', async () => {
    const de = await getTranslator('de');
    const summary = (id: number) => ({ ...data.hymns.find((h) => h.seq === id)?.summary, viewCount: 0 }) as HymnSummary;
    expect(songListItem(de, href, summary(69)).title).toBe('When I Survey the Wondrous Cross – Hamburg');
    expect(songListItem(de, href, summary(121)).title).toBe('Out of the Deep I Cry to Thee – Aus Tiefer Not (Luther)');
    expect(songListItem(de, href, summary(169)).title).toBe('Abide With Me');
    const survey = songView(de, href, hymn(68), [], null);
    expect(survey).toMatchObject({
      title: 'When I Survey the Wondrous Cross',
      fullTitle: 'When I Survey the Wondrous Cross – Duke Street',
    });
    // The book's own tune names the hymn, whichever tune the words are shown with.
    const other = songView(de, href, hymn(68), [tune('hamburg', 'Hamburg')], 'hamburg');
    expect(other).toMatchObject({
      fullTitle: 'When I Survey the Wondrous Cross – Duke Street',
      tune: { name: 'Hamburg' },
    });
    expect(songView(de, href, hymn(169), [], null).fullTitle).toBe('Abide With Me');
  });

  it('names the hymnal’s sections in the reader’s language, an unknown one in the source’s English', async () => {
    const de = await getTranslator('de');
    expect(songView(de, href, hymn(25), [], null).facts.find((f) => f.label === 'Rubrik')?.items).toEqual([
      { text: 'Weihnachten' },
    ]);
    expect(sectionName(de, "Lord's Supper")).toEqual({ text: 'Abendmahl' });
    expect(sectionName(de, 'Harvest')).toEqual({ text: 'Harvest', lang: 'en' });
    const sections = new Set(data.hymns.flatMap((h) => (h.category ? [h.category] : [])));
    expect(sections.size).toBe(37);
    expect([...sections].filter((s) => sectionName(de, s).lang)).toEqual([]);
  });

  it('titles Scottish psalms in the reader’s language and lists psalms by number', async () => {
    const de = await getTranslator('de');
    expect(psalmTitle(de, psalm('scottish-23'))).toBe('Psalm 23');
    expect(psalmTitle(de, psalm('scottish-6-2'))).toBe('Psalm 6, zweite Fassung');
    expect(psalmTitle(de, psalm('53'))).toBe('The Lord Our Shepherd');
    expect(songListItem(de, href, psalm('53'))).toEqual({
      href: '/de/psalter/53',
      title: 'The Lord Our Shepherd',
      titleLang: 'en',
      number: 'Nr. 53',
      firstLine: "The Lord's my Shepherd, I'll not want",
      detail: 'Psalm 23',
    });
    const view = songView(de, href, psalm('scottish-23'), [], null);
    expect(view).toMatchObject({ kicker: 'Schottischer Reimpsalter (1650)', tune: null, path: '/psalter/scottish-23' });
    expect(view.titleLang).toBeUndefined();
  });

  it('keeps the links of the psalter served under /rewrite there, its canonical path the psalter’s', async () => {
    const de = await getTranslator('de');
    expect(songListItem(de, href, psalm('53'), { mount: REWRITE }).href).toBe('/de/rewrite/psalter/53');
    expect(songView(de, href, psalm('53'), [], null, REWRITE)).toMatchObject({
      path: '/psalter/53',
      mount: '/rewrite',
    });
    expect(songView(de, href, psalm('53'), [], null)).toMatchObject({ path: '/psalter/53', mount: '' });
    // A search typed there moves into the address there.
    const url = new URL('https://kerygma.test/rewrite/psalter/search?q=shepherd');
    const api = {} as Parameters<typeof loadBookSearch>[0];
    expect(await loadBookSearch(api, 'psalter', undefined, url, REWRITE)).toEqual({
      kind: 'redirect',
      location: '/rewrite/psalter/search/shepherd',
    });
  });
});
