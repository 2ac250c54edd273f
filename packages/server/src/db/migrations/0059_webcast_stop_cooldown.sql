-- The cooldown after a server stop (spec §8; webcasts/webcast-stops.ts): an encoder such as OBS
-- reconnects within seconds, so a broadcaster whose webcast was stopped as overlong or
-- unattended has its stream key refuse publishes until `paused_until`. A manager lifting it
-- (webcast_metadata's resumeWebcasting) or a new stream key clears both columns. Kept here, not
-- in an ingest's memory, so it holds across restarts and for every ingest process.
ALTER TABLE broadcaster_stream_key ADD COLUMN paused_until timestamptz;
-- Why: the stop that paused it.
ALTER TABLE broadcaster_stream_key ADD COLUMN paused_reason text CHECK (paused_reason IN ('unattended', 'overlong'));
