import type { Translate } from '@kerygma/i18n/t';
import { BROADCASTER_LISTS } from './broadcaster-lists.ts';
import { dateShortcuts } from './sermon-dates.ts';
import { SERMON_LISTS } from './sermon-lists.ts';
import { SPEAKER_LISTS, type SpeakerListKey } from './speaker-lists.ts';

/**
 * The site map page (/sitemap, spec §2): every public catalogue and discovery page that needs no
 * parameter, by section. A section's heading links to its directory page (when it has one), its
 * links are the directory's lists named as their own navigation names them. Paths are unprefixed.
 */
export type SiteMapLink = { path: string; label: string };
export type SiteMapSection = { heading: string; path?: string; links: SiteMapLink[] };

export function siteMap(t: Translate): SiteMapSection[] {
  const sermons = SERMON_LISTS.filter((list) => list.path !== '/sermons').flatMap((list) => {
    const link = { path: list.path, label: t(list.label) };
    return list.path === '/sermons/date' ? [link, ...dateShortcuts(t)] : [link];
  });
  const speakers = (Object.keys(SPEAKER_LISTS) as SpeakerListKey[]).map((key) => ({
    path: `/speakers/${key}`,
    label: t(`catalog.speakers.lists.${key}`),
  }));
  // /series shows the recently updated series (/series/recent is the same list).
  const series = (['picks', 'podcasts', 'search'] as const).map((key) => ({
    path: `/series/${key}`,
    label: t(`catalog.series.lists.${key}`),
  }));
  const broadcasters = BROADCASTER_LISTS.map((key) => ({
    path: `/broadcasters/${key}`,
    label: t(`catalog.broadcasters.lists.${key}`),
  }));
  return [
    {
      heading: t('siteMap.general'),
      links: [
        { path: '/', label: t('nav.home') },
        { path: '/search', label: t('nav.search') },
        { path: '/daily-devotional', label: t('devotional.title') },
      ],
    },
    { heading: t('nav.sermons'), path: '/sermons', links: sermons },
    { heading: t('nav.speakers'), path: '/speakers', links: speakers },
    { heading: t('nav.series'), path: '/series', links: series },
    { heading: t('nav.broadcasters'), path: '/broadcasters', links: broadcasters },
    {
      heading: t('hymnal.hymnsAndPsalms'),
      links: [
        { path: '/hymnal', label: t('hymnal.title') },
        { path: '/hymnal/search', label: t('hymnal.search') },
        { path: '/psalter', label: t('psalter.title') },
        { path: '/psalter/search', label: t('psalter.search') },
      ],
    },
  ];
}
