-- Multicast restreams (spec §3 Multicast, §4 states, §7 calls): the places a broadcaster's
-- webcast is copied to while it is live (YouTube, Facebook, any RTMP server).
--
-- The destination's address and stream key are credentials: whoever holds them can broadcast on
-- the church's channel. They are kept sealed with AES-256-GCM (webcasts/multicast/stream-secrets.ts),
-- as base64 of nonce | tag | ciphertext, under a key the database never sees.
CREATE TABLE multicast (
  multicast_id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  broadcaster_id text NOT NULL REFERENCES broadcaster ON DELETE CASCADE,
  stream_platform text NOT NULL CHECK (stream_platform IN ('youtube', 'facebook', 'custom')),
  stream_label text NOT NULL DEFAULT '',
  stream_url_sealed text NOT NULL,
  stream_key_sealed text NOT NULL,
  -- Set by the process running the restream (restreams.ts): stopped, starting, running, stopping.
  status text NOT NULL DEFAULT 'stopped' CHECK (status IN ('stopped', 'starting', 'running', 'stopping')),
  -- Started by itself when the broadcaster goes live.
  auto_start boolean NOT NULL DEFAULT false,
  disabled boolean NOT NULL DEFAULT false,
  -- The site's own destination for this broadcaster (set up by site admins; listed with include_system).
  system boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX multicast_broadcaster_idx ON multicast (broadcaster_id, multicast_id);

-- What happened to a restream (spec §4 stream health events): connect (the destination takes the
-- stream), interrupt (a running restream dropped), reconnect (another attempt, `attempt` of the
-- configured number), fail (the attempts are used up; `detail` says why).
CREATE TABLE multicast_event (
  event_id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  multicast_id integer NOT NULL REFERENCES multicast ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('connect', 'fail', 'interrupt', 'reconnect')),
  attempt integer NOT NULL DEFAULT 0,
  detail text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX multicast_event_destination_idx ON multicast_event (multicast_id, event_id DESC);
