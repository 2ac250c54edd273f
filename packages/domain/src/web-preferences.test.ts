import { describe, expect, it } from 'vitest';
import { knownPreferences, MAX_MULTIVIEW_IDS, mergeWebPreferences } from './web-preferences.ts';

const NOW = Date.parse('2026-12-02T10:00:00Z');

describe('web preferences (spec §4)', () => {
  it('keeps only the known keys, each of its type', () => {
    expect(
      knownPreferences({
        t: 5,
        shown: ['welcome', 'somethingElse'],
        multiviewId: 'abc',
        multiviewIds: [1, 'x', { no: 1 }, ''],
        theme: 'dark',
        __proto__: { polluted: true },
      }),
    ).toEqual({ t: 5, shown: ['welcome'], multiviewId: 'abc', multiviewIds: [1, 'x'] });
    expect(knownPreferences('not an object')).toEqual({});
    expect(knownPreferences([1, 2])).toEqual({});
    expect(knownPreferences({ multiviewIds: Array.from({ length: 80 }, (_, i) => i) }).multiviewIds).toHaveLength(
      MAX_MULTIVIEW_IDS,
    );
  });

  it('merges dismissed messages as a union, from a list or an older object form, and stamps t', () => {
    const merged = mergeWebPreferences(
      { t: 1, shown: ['welcome'], multiviewId: 7 },
      { t: 999, shown: { legacy: true, learnSermonEditor: false }, other: 1 },
      NOW,
    );
    expect(merged).toEqual({ t: NOW, shown: ['welcome', 'legacy'], multiviewId: 7 });
    // A message once dismissed stays dismissed when another device sends an older list.
    expect(mergeWebPreferences(merged, { shown: [] }, NOW + 1).shown).toEqual(['welcome', 'legacy']);
  });

  it('keeps whether transcripts are shown, replaced by the last sent, and drops an unknown value', () => {
    expect(knownPreferences({ transcripts: 'shown' })).toEqual({ transcripts: 'shown' });
    expect(knownPreferences({ transcripts: true })).toEqual({});
    const shown = mergeWebPreferences({ shown: ['welcome'] }, { transcripts: 'shown' }, NOW);
    expect(shown).toEqual({ t: NOW, shown: ['welcome'], transcripts: 'shown' });
    expect(mergeWebPreferences(shown, { transcripts: 'hidden' }, NOW).transcripts).toBe('hidden');
    expect(mergeWebPreferences(shown, { transcripts: 'sideways' }, NOW).transcripts).toBe('shown');
  });

  it('replaces multiview choices when sent, and clears them with null', () => {
    const stored = { multiviewId: 'a', multiviewIds: ['a', 'b'] };
    expect(mergeWebPreferences(stored, { multiviewIds: ['c'] }, NOW)).toEqual({
      t: NOW,
      multiviewId: 'a',
      multiviewIds: ['c'],
    });
    expect(mergeWebPreferences(stored, { multiviewId: null, multiviewIds: null }, NOW)).toEqual({ t: NOW });
  });
});
