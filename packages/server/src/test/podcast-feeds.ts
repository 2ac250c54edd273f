import path from 'node:path';

/** The podcast feed fixtures of issue 25, beside the repository (their origins and licences: SOURCE.md there). */
export const PODCAST_FEEDS_DIR = path.resolve(import.meta.dirname, '../../../../../shared/data/podcast-feeds');
