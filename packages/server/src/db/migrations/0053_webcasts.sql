-- Webcasts (spec §3 Webcast, §4 webcast states and stream health): the live streams a
-- broadcaster publishes over RTMP, repackaged to HLS (webcasts/).

-- One row per webcast. pending (announced, no publisher yet) → live (a publisher is sending)
-- → offline (the publisher went away; a republish resumes) → ended (offline too long).
CREATE TABLE webcast (
  webcast_id text PRIMARY KEY,
  broadcaster_id text NOT NULL REFERENCES broadcaster ON DELETE CASCADE,
  title text NOT NULL DEFAULT '',
  description text NOT NULL DEFAULT '',
  speaker_name text NOT NULL DEFAULT '',
  -- argon2id hash of the replay's password; NULL for an open webcast.
  password_hash text,
  replay text NOT NULL DEFAULT 'listed' CHECK (replay IN ('listed', 'unlisted', 'none')),
  audio_only boolean NOT NULL DEFAULT false,
  state text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'live', 'offline', 'ended')),
  created_at timestamptz NOT NULL DEFAULT now(),
  start_time timestamptz,
  end_time timestamptz,
  -- When the last publisher went away (offline); the webcast ends WEBCAST_OFFLINE_MINUTES later.
  offline_since timestamptz,
  -- Whether HLS segments were written (a replay exists once it ends).
  has_recording boolean NOT NULL DEFAULT false,
  peak_viewers integer NOT NULL DEFAULT 0,
  total_viewers integer NOT NULL DEFAULT 0,
  minutes_watched double precision NOT NULL DEFAULT 0,
  archived_sermon_id text REFERENCES sermon ON DELETE SET NULL
);

-- At most one webcast per broadcaster that is not ended (the one a publish goes to).
CREATE UNIQUE INDEX webcast_open_per_broadcaster ON webcast (broadcaster_id) WHERE state <> 'ended';
-- The in-progress list (node/webcasts), newest first.
CREATE INDEX webcast_in_progress ON webcast (start_time DESC, webcast_id DESC) WHERE state IN ('live', 'offline');
-- The site's history (node/webcasts/history) and a broadcaster's list, newest first.
CREATE INDEX webcast_history ON webcast (start_time DESC, webcast_id DESC) WHERE state = 'ended';
CREATE INDEX webcast_broadcaster_start ON webcast (broadcaster_id, start_time DESC, webcast_id DESC);
-- Webcasts left offline, checked by the ending timer.
CREATE INDEX webcast_offline_since ON webcast (offline_since) WHERE state = 'offline';

-- The broadcaster's RTMP stream key (rtmp://host/live/<key>). Kept as it is: the dashboard
-- shows it to the broadcaster's managers, and a publish is checked against it.
CREATE TABLE broadcaster_stream_key (
  broadcaster_id text PRIMARY KEY REFERENCES broadcaster ON DELETE CASCADE,
  stream_key text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- What a new webcast is titled and protected with (spec §3: defaultWebcastTitle, Description,
-- SpeakerName, Password, Replay).
CREATE TABLE broadcaster_webcast_defaults (
  broadcaster_id text PRIMARY KEY REFERENCES broadcaster ON DELETE CASCADE,
  title text NOT NULL DEFAULT '',
  description text NOT NULL DEFAULT '',
  speaker_name text NOT NULL DEFAULT '',
  password_hash text,
  replay text NOT NULL DEFAULT 'listed' CHECK (replay IN ('listed', 'unlisted', 'none'))
);

-- Stream health events (spec §4): connected, disconnected, framerate/bitrate/speed
-- low/normal/high, codec changed; with the measurement that caused it.
CREATE TABLE webcast_health_event (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  webcast_id text NOT NULL REFERENCES webcast ON DELETE CASCADE,
  at timestamptz NOT NULL DEFAULT now(),
  event text NOT NULL,
  detail jsonb NOT NULL DEFAULT '{}'
);
CREATE INDEX webcast_health_event_webcast ON webcast_health_event (webcast_id, at DESC, id DESC);
