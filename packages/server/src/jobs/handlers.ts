import { weeklyStatsJob } from '../broadcaster-account/weekly-stats.ts';
import type { CatalogueChanges } from '../catalogue/catalogue-changes.ts';
import { type FeedImportJobDeps, importMediaJob } from '../feed-import/feed-import.jobs.ts';
import { type DigestDeps, digestJob } from '../library/digest.ts';
import { goLiveMailJob } from '../library/go-live-mail.ts';
import { deleteFiles, encodeAudio, encodeVideo, type PipelineDeps } from '../media/pipeline/media.jobs.ts';
import { refreshSermonVectors } from '../search/sermon-vectors.jobs.ts';
import { vocabularyJob } from '../search/vocabulary.ts';
import { publishScheduledJob, purgeDeletedJob } from '../sermon-editing/sermon-editing.jobs.ts';
import { backfillJob, type TranscriptJobDeps, transcribeJob } from '../transcripts/transcripts.jobs.ts';
import type { JobHandlers } from './job-types.ts';

/** The handler map the worker runs: one handler per job name (the compiler checks it). */
export function jobHandlers(
  deps: PipelineDeps & {
    searchRefreshPauseMs?: number;
    /** The listeners' e-mails (the digest, go-live): they need the mailer and the link secret. */
    listenerMail?: DigestDeps | undefined;
    /** Where the sermon jobs announce what they changed (the app's, when in one process). */
    changes?: CatalogueChanges | undefined;
    /** FEED_IMPORT_ALLOW_LOOPBACK for the feed import's media fetches. */
    feedImport?: FeedImportJobDeps['feedImport'];
    /** TRANSCRIPT_BACKFILL (the engine is PipelineDeps' `speech`). */
    transcriptBackfill?: TranscriptJobDeps['backfill'];
  },
): JobHandlers {
  return {
    'media.encode-audio': encodeAudio(deps),
    'media.encode-video': encodeVideo(deps),
    'media.delete-files': deleteFiles(deps),
    'search.sermon-vectors': refreshSermonVectors({ db: deps.db, pauseMs: deps.searchRefreshPauseMs }),
    'search.vocabulary': vocabularyJob(deps.db),
    // Needs the mailer and the link secret: a worker without them (tests, the encode child) fails it.
    'library.digest': digestJob(deps.listenerMail),
    'broadcasters.weekly-stats': weeklyStatsJob(deps.managerMail && { db: deps.db, ...deps.managerMail }),
    'sermons.publish-scheduled': publishScheduledJob(deps),
    'sermons.purge-deleted': purgeDeletedJob(deps),
    'feeds.import-media': importMediaJob(deps),
    'transcripts.transcribe': transcribeJob(deps),
    'transcripts.backfill': backfillJob({ ...deps, backfill: deps.transcriptBackfill }),
    'webcasts.go-live-mail': goLiveMailJob(deps.listenerMail),
    // Loaded when a demo seed queued it: production workers never load the demo generator.
    'demo.media': async (payload, ctx) => (await import('../seed/demo-media.jobs.ts')).demoMedia(deps)(payload, ctx),
  };
}
