import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { buildHymnalData, hymnalKey, loadHymnalData } from './hymnal-source.ts';

describe('the hymnal and psalter data', () => {
  const data = loadHymnalData();

  it('holds 274 hymns with unique ids (the Open Hymnal sourceIndex), each with words', () => {
    expect(data.hymns).toHaveLength(274);
    expect(new Set(data.hymns.map((h) => h.id)).size).toBe(274);
    expect(data.hymns.every((h) => h.id === String(h.detail.hymnID) && h.seq === h.detail.hymnID)).toBe(true);
    expect(data.hymns.every((h) => h.detail.stanzas.length > 0 && h.summary.firstLine.length > 0)).toBe(true);
    // The hymnal's own numbers are not unique (X:1 is used six times).
    expect(data.hymns.filter((h) => h.number === 1).length).toBeGreaterThan(1);
  });

  it('numbers the psalter 1-413 (1912) and scottish-1 to scottish-150 with 12 second versions (1650)', () => {
    const ids = data.psalms.map((p) => p.id);
    expect(ids).toHaveLength(575);
    expect(new Set(ids).size).toBe(575);
    expect(ids.slice(0, 413)).toEqual(Array.from({ length: 413 }, (_, i) => String(i + 1)));
    const scottish = ids.slice(413);
    expect(scottish.filter((id) => /^scottish-\d+$/.test(id))).toEqual(
      Array.from({ length: 150 }, (_, i) => `scottish-${i + 1}`),
    );
    expect(scottish.filter((id) => /^scottish-\d+-2$/.test(id))).toEqual(
      [6, 25, 45, 50, 67, 70, 100, 102, 124, 136, 143, 148].map((n) => `scottish-${n}-2`),
    );
    expect(new Set(data.psalms.map((p) => p.number))).toEqual(new Set(Array.from({ length: 150 }, (_, i) => i + 1)));
  });

  it('gives each tune one id and links it to its hymns', () => {
    expect(new Set(data.tunes.map((t) => t.tuneID)).size).toBe(data.tunes.length);
    const byId = new Map(data.tunes.map((t) => [t.tuneID, t]));
    for (const h of data.hymns) {
      if (h.tuneID) expect(byId.get(h.tuneID)?.hymnIDs).toContain(h.seq);
    }
    // A name sung in two metres has the metre in its ids.
    expect(data.tunes.filter((t) => t.name === 'Ellacombe').map((t) => t.tuneID)).toEqual([
      'ellacombe-7-6-7-6-7-6-7-6',
      'ellacombe-8-6-8-6-8-6-8-6',
    ]);
  });

  it('credits the tune books a hymn is from as the source writes them, not turned round as a name', () => {
    const names = data.hymns.flatMap((h) =>
      [h.detail.authors, h.detail.translators, h.detail.composers, h.detail.arrangers].flat().map((p) => p.name),
    );
    // Turned round before (34 credits, 58 hymns): 'Köln, 1599 from Altes …', '1563 from Day's Psalter'.
    expect(names.filter((name) => /\bfrom\b/.test(name) && !name.startsWith('from '))).toEqual([]);
    expect(data.hymns.find((h) => h.seq === 25)?.detail.composers).toEqual([
      { name: 'from Altes Catholische Geistliche Kirchengeseng, Köln, 1599', lifeDates: null },
    ]);
  });

  it('marks the hymns whose title another hymn has, each of them set to its own tune', () => {
    const shared = data.hymns.filter((h) => h.summary.titleShared);
    expect(shared.map((h) => h.seq)).toEqual([
      68, 69, 70, 71, 85, 86, 107, 108, 109, 110, 121, 122, 126, 127, 162, 163, 192, 194, 216, 217,
    ]);
    const titles = new Set(shared.map((h) => h.sortKey));
    expect(titles.size).toBe(9);
    for (const title of titles) {
      const tunes = shared.filter((h) => h.sortKey === title).map((h) => h.summary.tune?.name);
      expect(new Set(tunes).size, title).toBe(tunes.length);
    }
    expect(data.hymns.find((h) => h.seq === 169)?.summary.titleShared).toBe(false);
  });

  it('labels every copyright line with a capital, the source’s words kept', () => {
    expect(data.hymns.every((h) => h.detail.copyright.startsWith('Copyright: public domain.'))).toBe(true);
    expect(data.hymns.find((h) => h.seq === 25)?.detail.copyright).toBe(
      'Copyright: public domain. This score is a part of the Open Hymnal Project, 2010 Revision.',
    );
  });

  it('shows copyright lines whole that the source cuts after their first line, or marks them cut', () => {
    // The source's line ends '… placed into the public domain by'; the ABC file has the rest.
    expect(data.hymns.find((h) => h.seq === 189)?.detail.copyright).toBe(
      'Copyright: public domain. All alterations to the lyrics are placed into the public domain by the author on ' +
        '20 Jan 2014. This score is a part of the Open Hymnal Project, 2014 Revision.',
    );
    // No copy of the rest is known: the line says it is cut.
    expect(data.hymns.find((h) => h.seq === 70)?.detail.copyright).toBe(
      'Copyright: public domain. All portions of the setting that were not already public domain were …',
    );
    // Every other line ends with its stop.
    expect(data.hymns.filter((h) => !/[.!?]$/.test(h.detail.copyright)).map((h) => h.seq)).toEqual([70]);
  });

  it('keeps the refrain of A Great and Mighty Wonder as words sung: the angels’ hymn it calls to repeat', () => {
    // Neale's refrain (The English Hymnal 19) in the metre's last three lines, 6 7 6; not an editor's note.
    expect(data.hymns.find((h) => h.seq === 25)?.detail.stanzas[1]).toEqual({
      number: null,
      refrain: true,
      lines: ['Repeat the hymn again:', '"To God on high be glory', 'And peace on earth to men!"'],
    });
  });

  it('heads the parts of Psalm 119 in the Scottish Psalter by their Hebrew letters', () => {
    const p119 = data.psalms.find((p) => p.id === 'scottish-119');
    expect(p119?.detail.headings.map((h) => h.text).slice(0, 2)).toEqual([
      'Beth: The 2nd Part.',
      'Gimel: The 3rd Part.',
    ]);
    expect(p119?.detail.headings.every((h) => p119.detail.stanzas[h.beforeStanza]?.number === h.beforeStanza + 1)).toBe(
      true,
    );
  });
});

describe('the kept copy of the hymnal', () => {
  const built = buildHymnalData();
  const dir = mkdtempSync(join(tmpdir(), 'hymnal-cache-'));
  const cache = pathToFileURL(join(dir, 'hymnal.json'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const sha256 = (value: unknown) => createHash('sha256').update(JSON.stringify(value)).digest('hex');

  it('builds every hymn, tune and psalm as the build did before copies were kept', () => {
    // Fingerprints of the data taken from the code before the kept copy (commit cee9744). Change
    // them only with a change meant to alter what a hymn or psalm page shows, and say so.
    expect(sha256(built.hymns)).toBe('8b15d0e8dd98399d9575c4fac0aaa6d5d025b9a8c444d9d715974972edd5a1cd');
    expect(sha256(built.tunes)).toBe('b80865f2f350a0bfdb9f483df2a92166045d362006b879cc9d107d687e817724');
    expect(sha256(built.psalms)).toBe('beba7ae4481e71e9be4d07dc636b27d0da774b79d6dface1b2ba14befdb5d3ea');
  });

  it('keeps the built data under the key of its sources and code, and reads back the same', () => {
    expect(JSON.stringify(loadHymnalData(cache))).toBe(JSON.stringify(built));
    const kept = JSON.parse(readFileSync(cache, 'utf8'));
    expect(kept.key).toBe(hymnalKey());
    expect(JSON.stringify(kept.data)).toBe(JSON.stringify(built));
    expect(JSON.stringify(loadHymnalData(cache))).toBe(JSON.stringify(built));
  });

  it('reads the kept copy instead of building while its key is current', () => {
    const marked = { ...built, tunes: [] };
    writeFileSync(cache, JSON.stringify({ key: hymnalKey(), data: marked }));
    expect(loadHymnalData(cache).tunes).toEqual([]);
  });

  it('builds again, and keeps the new build, when the sources or code have changed since', () => {
    writeFileSync(cache, JSON.stringify({ key: 'built from other sources', data: { ...built, tunes: [] } }));
    expect(JSON.stringify(loadHymnalData(cache))).toBe(JSON.stringify(built));
    expect(JSON.parse(readFileSync(cache, 'utf8')).key).toBe(hymnalKey());
  });
});
