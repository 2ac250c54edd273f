import { DIRECTORY_SECTIONS } from '@kerygma/domain/directories';
import { LOCALE_CODES } from '@kerygma/i18n/locales';
import { getTranslator } from '@kerygma/i18n/t';
import { describe, expect, it } from 'vitest';
import { siteMap } from './site-map.ts';

/** Every address the site map links to: section headings and their links. */
const paths = (sections: ReturnType<typeof siteMap>) =>
  sections.flatMap((s) => [...(s.path ? [s.path] : []), ...s.links.map((l) => l.path)]);

describe('the site map', () => {
  it('links to home, search, every directory and each of its lists, and the date shortcuts, once each', async () => {
    const linked = paths(siteMap(await getTranslator('en')));
    const directories = Object.entries(DIRECTORY_SECTIONS).flatMap(([directory, sections]) =>
      sections.map((section) => (section ? `/${directory}/${section}` : `/${directory}`)),
    );
    // /series/recent is the list /series shows.
    const expected = directories.filter((p) => p !== '/series/recent');
    expect(linked).toEqual(expect.arrayContaining(['/', '/search', '/daily-devotional', ...expected]));
    expect(linked).toEqual(expect.arrayContaining(['/hymnal', '/hymnal/search', '/psalter', '/psalter/search']));
    expect(linked).toEqual(
      expect.arrayContaining(['/sermons/date/week', '/sermons/date/50s', '/sermons/date/60s', '/sermons/date/70s']),
    );
    expect(linked).not.toContain('/series/recent');
    expect(new Set(linked).size).toBe(linked.length);
  });

  it('names every section and link in each language', async () => {
    const english = siteMap(await getTranslator('en'));
    expect(english.map((s) => s.heading)).toEqual([
      'General',
      'Sermons',
      'Speakers',
      'Series',
      'Broadcasters',
      'Hymns and psalms',
    ]);
    for (const locale of LOCALE_CODES) {
      const sections = siteMap(await getTranslator(locale));
      const labels = sections.flatMap((s) => [s.heading, ...s.links.map((l) => l.label)]);
      // A missing message would show its key ('catalog.speakers.lists.featured').
      expect(
        labels.filter((label) => /^[a-z]+(\.[A-Za-z0-9]+)+$/.test(label)),
        locale,
      ).toEqual([]);
      // Within a section, no two links read the same.
      for (const s of sections)
        expect(new Set(s.links.map((l) => l.label)).size, `${locale} ${s.heading}`).toBe(s.links.length);
    }
    const german = siteMap(await getTranslator('de'));
    expect(german[0]?.heading).toBe('Allgemein');
    expect(german[1]?.links.find((l) => l.path === '/sermons/date/50s')?.label).toBe('1950er');
  });
});
