/**
 * The directory pages of spec §2 and their named sections ('/speakers/featured',
 * '/broadcasters/alphabetical/{letter?}'), '' being the directory's own list. The site's scroll
 * rules keep the position between sections of one directory; the sitemaps list every section
 * that shows a list without a parameter.
 */
export const DIRECTORY_SECTIONS: Readonly<Record<string, readonly string[]>> = {
  sermons: [
    '',
    'featured',
    'staff-picks',
    'videos',
    'clips',
    'transcripts',
    'categories',
    'languages',
    'scripture',
    'topics',
    'date',
  ],
  speakers: ['', 'featured', 'choice', 'classic', 'primary', 'puritans', 'alphabetical', 'search'],
  series: ['', 'picks', 'podcasts', 'recent', 'search'],
  broadcasters: [
    '',
    'featured',
    'newest',
    'usa',
    'international',
    'school',
    'seminary',
    'podcast',
    'group',
    'vacant',
    'alphabetical',
    'country',
    'state',
    'search',
  ],
};

/** Sections that show a list only once given their parameter (a search, a country, a state). */
export const PARAMETER_SECTIONS: ReadonlySet<string> = new Set([
  'speakers/search',
  'series/search',
  'broadcasters/country',
  'broadcasters/state',
  'broadcasters/search',
]);
