-- The rest of the user record (spec §3 User) and the broadcaster roles (spec §6).
ALTER TABLE app_user
  ADD COLUMN display_location text NOT NULL DEFAULT '',
  -- Storage key prefix of the uploaded picture's sizes; null when none.
  ADD COLUMN profile_picture text,
  ADD COLUMN gender text CHECK (gender IN ('male', 'female')),
  ADD COLUMN birth_year smallint CHECK (birth_year BETWEEN 1900 AND 2100),
  ADD COLUMN church_leader boolean NOT NULL DEFAULT false,
  ADD COLUMN newsletter_opt_in boolean NOT NULL DEFAULT false,
  -- The daily digest of new sermons from what the user follows.
  ADD COLUMN notify_email boolean NOT NULL DEFAULT false,
  ADD COLUMN notify_mobile boolean NOT NULL DEFAULT false,
  ADD COLUMN my_church_broadcaster_id text REFERENCES broadcaster ON DELETE SET NULL,
  -- A new address waiting for its verification code; the old one stays until then.
  ADD COLUMN pending_email text;

ALTER TABLE user_code DROP CONSTRAINT user_code_purpose_check;
ALTER TABLE user_code ADD CONSTRAINT user_code_purpose_check CHECK (purpose IN ('verify', 'reset', 'email'));

-- Broadcaster roles (§6): 2 Admin, 3 Uploader, 4 Biller. Admin implies the other two; the
-- implication is applied where permissions are checked, not stored.
CREATE TABLE user_broadcaster_role (
  user_id bigint NOT NULL REFERENCES app_user ON DELETE CASCADE,
  broadcaster_id text NOT NULL REFERENCES broadcaster ON DELETE CASCADE,
  role smallint NOT NULL CHECK (role IN (2, 3, 4)),
  PRIMARY KEY (user_id, broadcaster_id, role)
);
-- A broadcaster's managers (comment moderation, contact mail).
CREATE INDEX user_broadcaster_role_broadcaster_idx ON user_broadcaster_role (broadcaster_id);
