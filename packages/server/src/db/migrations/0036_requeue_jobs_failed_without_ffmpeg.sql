-- Media jobs that failed only because ffmpeg or ffprobe could not be started (a machine with
-- Node alone: the demo's media job failed five times and the demo had no audio) go back to the
-- queue with fresh attempts. Workers now leave such jobs queued while they lack ffmpeg
-- (jobs/job-types.ts JOB_TOOLS), so these run once a worker has it. A job whose dedupe key
-- another active job holds stays failed.
UPDATE job
   SET state = 'queued', attempts = 0, run_at = now(), finished_at = NULL, updated_at = now()
 WHERE state = 'failed'
   AND name IN ('media.encode-audio', 'media.encode-video', 'demo.media')
   AND last_error ~ 'ff(mpeg|probe) not found \(tried '
   AND (dedupe_key IS NULL OR NOT EXISTS (
     SELECT 1 FROM job other WHERE other.dedupe_key = job.dedupe_key AND other.state IN ('queued', 'running')));
