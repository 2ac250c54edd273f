-- Webcasts a broadcaster announces ahead (issue 27 'scheduled webcasts shown ahead'): a title,
-- a description, when it starts and about how long it runs. Shown as upcoming until its start
-- is SCHEDULE_GRACE past (filtered by time in the queries, nothing removes them).
CREATE TABLE webcast_schedule (
  schedule_id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  broadcaster_id text NOT NULL REFERENCES broadcaster ON DELETE CASCADE,
  title text NOT NULL CHECK (title <> ''),
  description text NOT NULL DEFAULT '',
  starts_at timestamptz NOT NULL,
  expected_minutes integer CHECK (expected_minutes > 0),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
-- Upcoming across the site, soonest first; and one broadcaster's.
CREATE INDEX webcast_schedule_start ON webcast_schedule (starts_at, schedule_id);
CREATE INDEX webcast_schedule_broadcaster ON webcast_schedule (broadcaster_id, starts_at, schedule_id);
