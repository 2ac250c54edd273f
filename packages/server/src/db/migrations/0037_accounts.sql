-- Accounts (packages/server/src/accounts/): listeners and managers who sign in, their sessions,
-- the one-use codes mailed to them, and the attempt counters that rate-limit sign-in, sign-up,
-- resets and resends. The counters are rows so that every web process sees the same counts.
CREATE TABLE app_user (
  user_id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  username text NOT NULL,
  email text NOT NULL,
  -- argon2id, its parameters inside the encoded hash.
  password_hash text NOT NULL,
  display_name text NOT NULL DEFAULT '',
  verified boolean NOT NULL DEFAULT false,
  -- Site roles (spec §6): 1 Translate, 2 Admin, 3 VideoWall.
  roles smallint[] NOT NULL DEFAULT '{}',
  web_preferences jsonb NOT NULL DEFAULT '{}',
  -- The language the account's e-mails are written in.
  locale text NOT NULL DEFAULT 'en',
  disabled boolean NOT NULL DEFAULT false,
  date_added timestamptz NOT NULL DEFAULT now(),
  last_login timestamptz
);
-- Unique as people read them: 'Paul' and 'paul' are one name, one address.
CREATE UNIQUE INDEX app_user_username_key ON app_user (lower(username));
CREATE UNIQUE INDEX app_user_email_key ON app_user (lower(email));

-- One row per token pair. Signing in starts a family; each refresh adds a row to it and marks
-- the old one rotated. A rotated refresh token presented again means it was stolen or replayed:
-- the whole family is revoked. Tokens are stored as SHA-256 digests only.
CREATE TABLE user_session (
  session_id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  family_id uuid NOT NULL,
  user_id bigint NOT NULL REFERENCES app_user ON DELETE CASCADE,
  access_hash bytea NOT NULL UNIQUE,
  access_expires_at timestamptz NOT NULL,
  refresh_hash bytea NOT NULL UNIQUE,
  refresh_expires_at timestamptz NOT NULL,
  -- Remember-me: one-year cookies instead of browser-session cookies.
  remember boolean NOT NULL,
  created_at timestamptz NOT NULL,
  rotated_at timestamptz,
  revoked_at timestamptz
);
CREATE INDEX user_session_family_idx ON user_session (family_id);
CREATE INDEX user_session_user_idx ON user_session (user_id);

-- Codes mailed for e-mail verification and password resets: one use, expiring, stored hashed.
CREATE TABLE user_code (
  code_hash bytea PRIMARY KEY,
  purpose text NOT NULL CHECK (purpose IN ('verify', 'reset')),
  user_id bigint NOT NULL REFERENCES app_user ON DELETE CASCADE,
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX user_code_user_idx ON user_code (user_id, purpose);

-- Fixed-window attempt counters by key ('signin-account:<id>', 'signup-address:<ip>', …).
CREATE TABLE rate_limit (
  key text PRIMARY KEY,
  count integer NOT NULL,
  window_ends_at timestamptz NOT NULL
);
-- Ended windows are deleted as attempts come (attempt-limits.ts).
CREATE INDEX rate_limit_window_ends_idx ON rate_limit (window_ends_at);
