-- The broadcaster account (issue 24): becoming a broadcaster, its settings, managers' invites,
-- notices, the solo site and the figures of its overview.

-- A sign-up waits here until its fees are paid or, while payments are not configured, a site
-- admin approves it; only then is the broadcaster row made (so nothing pending is public). A
-- pending sign-up holds its ID; a rejected one frees it.
CREATE TABLE broadcaster_signup (
  signup_id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES app_user ON DELETE CASCADE,
  broadcaster_id text NOT NULL CHECK (broadcaster_id = lower(broadcaster_id)),
  display_name text NOT NULL,
  location text NOT NULL DEFAULT '',
  country_iso_code text NOT NULL DEFAULT '',
  categories int NOT NULL DEFAULT 1,
  contact_email text NOT NULL,
  coupon text,
  signup_info text,
  articles_accepted_at timestamptz NOT NULL,
  state text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'approved', 'rejected')),
  created_at timestamptz NOT NULL DEFAULT now(),
  decided_at timestamptz,
  decided_by bigint REFERENCES app_user ON DELETE SET NULL
);
CREATE UNIQUE INDEX broadcaster_signup_pending_id_idx ON broadcaster_signup (broadcaster_id) WHERE state = 'pending';
CREATE INDEX broadcaster_signup_state_idx ON broadcaster_signup (state, created_at, signup_id);
CREATE INDEX broadcaster_signup_user_idx ON broadcaster_signup (user_id, created_at DESC);

-- Sign-up coupons (§3 coupon kinds), looked up by their lower-case code.
CREATE TABLE signup_coupon (
  code text PRIMARY KEY CHECK (code = lower(code)),
  kind text NOT NULL,
  description text NOT NULL DEFAULT ''
);

-- Which e-mails a broadcaster's contact address gets; no row means the defaults.
CREATE TABLE broadcaster_email_settings (
  broadcaster_id text PRIMARY KEY REFERENCES broadcaster ON DELETE CASCADE,
  comment_notifications boolean NOT NULL DEFAULT true,
  message_notifications boolean NOT NULL DEFAULT true,
  media_notifications boolean NOT NULL DEFAULT true,
  weekly_stats boolean NOT NULL DEFAULT false
);

-- Donation options: [{label, url}] (§5: at least one while donatable).
ALTER TABLE broadcaster ADD COLUMN donation_options jsonb NOT NULL DEFAULT '[]';

-- The key info shown after a key was shown once.
ALTER TABLE broadcaster_api_key ADD COLUMN last_four text;

-- A broadcaster's solo site (§3 Solo site): one per broadcaster, one broadcaster per domain.
CREATE TABLE solo_site (
  solo_id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  broadcaster_id text NOT NULL UNIQUE REFERENCES broadcaster ON DELETE CASCADE,
  domain text NOT NULL UNIQUE CHECK (domain = lower(domain)),
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'active', 'disabled')),
  create_date timestamptz NOT NULL DEFAULT now(),
  update_date timestamptz NOT NULL DEFAULT now()
);

-- Invites to manage a broadcaster (§6), by e-mail; only the code's SHA-256 is kept.
CREATE TABLE broadcaster_invite (
  invite_id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  broadcaster_id text NOT NULL REFERENCES broadcaster ON DELETE CASCADE,
  email text NOT NULL,
  roles smallint[] NOT NULL CHECK (cardinality(roles) > 0 AND roles <@ ARRAY[2, 3, 4]::smallint[]),
  code_hash text NOT NULL UNIQUE,
  state text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'accepted', 'revoked')),
  invited_by bigint REFERENCES app_user ON DELETE SET NULL,
  accepted_by bigint REFERENCES app_user ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_sent_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL
);
CREATE INDEX broadcaster_invite_broadcaster_idx ON broadcaster_invite (broadcaster_id, created_at DESC);
CREATE UNIQUE INDEX broadcaster_invite_pending_email_idx ON broadcaster_invite (broadcaster_id, lower(email))
  WHERE state = 'pending';

-- Notices on the broadcaster page (§3), newest first, until they expire or are deleted.
CREATE TABLE broadcaster_notice (
  notice_id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  broadcaster_id text NOT NULL REFERENCES broadcaster ON DELETE CASCADE,
  title text NOT NULL,
  body text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz
);
CREATE INDEX broadcaster_notice_broadcaster_idx ON broadcaster_notice (broadcaster_id, created_at DESC, notice_id DESC);

-- Plays and downloads per broadcaster and day (UTC), for the overview's recent figures: added
-- to by a trigger whenever a sermon's counters grow (media/serving/media-counters flushes them).
CREATE TABLE broadcaster_daily_stats (
  broadcaster_id text NOT NULL REFERENCES broadcaster ON DELETE CASCADE,
  day date NOT NULL,
  plays int NOT NULL DEFAULT 0,
  downloads int NOT NULL DEFAULT 0,
  PRIMARY KEY (broadcaster_id, day)
);

CREATE FUNCTION broadcaster_daily_stats_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO broadcaster_daily_stats AS d (broadcaster_id, day, plays, downloads)
  VALUES (NEW.broadcaster_id, (now() AT TIME ZONE 'UTC')::date,
          greatest(NEW.play_count - OLD.play_count, 0),
          greatest(NEW.download_count + NEW.video_download_count - OLD.download_count - OLD.video_download_count, 0))
  ON CONFLICT (broadcaster_id, day)
  DO UPDATE SET plays = d.plays + EXCLUDED.plays, downloads = d.downloads + EXCLUDED.downloads;
  RETURN NEW;
END $$;
CREATE TRIGGER broadcaster_daily_stats_add AFTER UPDATE OF play_count, download_count, video_download_count ON sermon
  FOR EACH ROW WHEN (NEW.play_count > OLD.play_count OR NEW.download_count > OLD.download_count
                     OR NEW.video_download_count > OLD.video_download_count)
  EXECUTE FUNCTION broadcaster_daily_stats_add();
