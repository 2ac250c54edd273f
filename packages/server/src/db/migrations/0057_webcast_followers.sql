-- Followers of a broadcaster told when it goes live (spec §3 User notify_*, issue 27): an
-- e-mail each follower asks for in their settings (off by default), one per webcast each.

ALTER TABLE app_user ADD COLUMN notify_webcast_email boolean NOT NULL DEFAULT false;

-- The go-live e-mails sent: a row per webcast and follower, written in the transaction that
-- sends it, so a job run twice mails nobody twice.
CREATE TABLE webcast_live_mail (
  webcast_id text NOT NULL REFERENCES webcast ON DELETE CASCADE,
  user_id bigint NOT NULL REFERENCES app_user ON DELETE CASCADE,
  sent_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (webcast_id, user_id)
);
CREATE INDEX webcast_live_mail_user ON webcast_live_mail (user_id);
