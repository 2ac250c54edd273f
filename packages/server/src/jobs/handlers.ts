import type { Db } from '../db/db.ts';
import type { JobHandlers, JobName } from './job-types.ts';

export type JobDeps = { db: Db };

/**
 * The production handler map the worker runs. The media pipeline's handlers replace these
 * placeholders as they land (media/*.jobs.ts); until then a media job fails visibly with a
 * clear error and can be retried once its handler exists.
 */
export function jobHandlers(_deps: JobDeps): JobHandlers {
  const notYet = (name: JobName) => async () => {
    throw new Error(`${name}: no handler yet (media pipeline not built)`);
  };
  return {
    'media.analyze': notYet('media.analyze'),
    'media.encode-audio': notYet('media.encode-audio'),
    'media.encode-video': notYet('media.encode-video'),
    'media.waveform': notYet('media.waveform'),
    'media.thumbnail': notYet('media.thumbnail'),
  };
}
