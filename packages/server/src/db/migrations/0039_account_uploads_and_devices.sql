-- Profile picture upload slots and device activations (packages/server/src/accounts/).

-- A slot the browser PUTs a profile picture's bytes to: its unguessable guid, given only to the
-- signed-in user, authorises the bytes (as a media upload's does). One use; it expires.
CREATE TABLE user_picture_upload (
  guid uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id bigint NOT NULL REFERENCES app_user ON DELETE CASCADE,
  expires_at timestamptz NOT NULL
);
CREATE INDEX user_picture_upload_user_idx ON user_picture_upload (user_id);

-- Device activation (RFC 8628) for TV and car apps: the device shows a user code, a signed-in
-- user enters it on the website, the device polls with its device code until it gets a token
-- pair once. Both codes are stored as SHA-256 digests only.
CREATE TABLE device_authorization (
  device_code_hash bytea PRIMARY KEY,
  user_code_hash bytea NOT NULL UNIQUE,
  state text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'approved', 'denied', 'used')),
  -- The user who approved or refused it.
  user_id bigint REFERENCES app_user ON DELETE CASCADE,
  expires_at timestamptz NOT NULL,
  -- Seconds a device waits between polls; raised by 5 on each slow_down (RFC 8628 §3.5).
  interval_seconds integer NOT NULL,
  last_polled_at timestamptz
);
CREATE INDEX device_authorization_expires_idx ON device_authorization (expires_at);
