import { existsSync } from 'node:fs';
import path from 'node:path';

/** The podcast feed fixtures (origins and licences: SOURCE.md there). */
export const PODCAST_FEEDS_DIR = path.join(import.meta.dirname, 'podcast-feeds');

/**
 * The Hill City Church feed, a real church's feed with no licence, so not in the repository: read
 * from the shared data beside it when that is there (its tests are skipped otherwise).
 */
const hillCity = path.resolve(
  import.meta.dirname,
  '../../../../../shared/data/podcast-feeds/hillcity-church-sermons.xml',
);
export const HILL_CITY_FEED: string | undefined = existsSync(hillCity) ? hillCity : undefined;
