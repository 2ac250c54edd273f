-- Where a long job has got to, saved by its handler in the transaction that does each part of
-- the work (jobs/queue.ts saveCheckpoint), so that a run after a restart or a failure goes on
-- from there instead of starting again. NULL until the first save. Adding a nullable column
-- without a default rewrites nothing.
ALTER TABLE job ADD COLUMN checkpoint jsonb;
