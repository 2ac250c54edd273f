import { type CatalogueChanges, catalogueChanges } from '../catalogue/catalogue-changes.ts';
import type { Db } from '../db/db.ts';
import type { JobPayload } from '../jobs/job-types.ts';
import type { MediaStore } from '../storage/store.ts';
import { publishScheduled, purgeDeletedSermon } from './sermon-editing.service.ts';

type JobDeps = { db: Db; media: MediaStore; changes?: CatalogueChanges | undefined; now?: () => number };

/** 'sermons.publish-scheduled': at its minute, a scheduled sermon's counters and pages follow. */
export function publishScheduledJob(deps: JobDeps) {
  const changes = deps.changes ?? catalogueChanges();
  return (p: JobPayload<'sermons.publish-scheduled'>) =>
    publishScheduled({ db: deps.db, changes, now: deps.now ?? Date.now }, p.sermonId, p.at);
}

/** 'sermons.purge-deleted': a sermon deleted 30 days ago goes for good, its media files with it. */
export function purgeDeletedJob(deps: JobDeps) {
  return async (p: JobPayload<'sermons.purge-deleted'>) => {
    const purged = await purgeDeletedSermon({ db: deps.db, now: deps.now ?? Date.now }, p.sermonId);
    if (!purged) return;
    for (const file of await deps.media.list(`${p.sermonId}/`)) await deps.media.remove(file.key);
  };
}
