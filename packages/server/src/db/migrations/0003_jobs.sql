-- Background jobs: one durable queue table (jobs/queue.ts is the only code that writes it).
-- A job is enqueued in the same transaction as the row that caused it. A worker claims one
-- with FOR UPDATE SKIP LOCKED and holds a lease (locked_until) that it renews while the
-- handler runs; a lease that runs out (the worker was killed) puts the job back in the queue.
-- Failed jobs keep their payload and last error, so they can be inspected and retried.

CREATE TABLE job (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name text NOT NULL,                       -- a JobName from jobs/job-types.ts
  payload jsonb NOT NULL,
  state text NOT NULL DEFAULT 'queued' CHECK (state IN ('queued', 'running', 'done', 'failed')),
  attempts int NOT NULL DEFAULT 0,          -- claims so far (a run that crashed counts)
  max_attempts int NOT NULL DEFAULT 5 CHECK (max_attempts >= 1),
  run_at timestamptz NOT NULL DEFAULT now(),-- not before; moved forward by retry backoff
  dedupe_key text,                          -- at most one queued or running job per key
  locked_by text,                           -- the claim: worker id and claim number
  locked_until timestamptz,                 -- the lease; renewed by the worker's heartbeat
  last_error text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz                   -- when it became done or failed
);

-- The claim query: the oldest due queued job.
CREATE INDEX job_queued_idx ON job (run_at, id) WHERE state = 'queued';
-- Finding expired leases.
CREATE INDEX job_running_idx ON job (locked_until) WHERE state = 'running';
CREATE UNIQUE INDEX job_dedupe_idx ON job (dedupe_key) WHERE state IN ('queued', 'running');
-- The media tracker: a sermon's jobs, newest first; and lists by state (failed jobs to retry).
CREATE INDEX job_sermon_idx ON job ((payload ->> 'sermonId'), id DESC);
CREATE INDEX job_state_idx ON job (state, id DESC);
-- Purging old finished jobs.
CREATE INDEX job_done_idx ON job (finished_at) WHERE state = 'done';
