-- Comments on sermons (spec §3, §4, §5; packages/server/src/comments/) and the address a
-- broadcaster's listeners write to (§7 message_from_user).

-- Where messages from listeners are mailed; never shown by the API. Null: takes no messages.
ALTER TABLE broadcaster ADD COLUMN contact_email text;

-- A listener's comment, stored as typed (plain text). Pending until a manager of the sermon's
-- broadcaster or a site admin reviews it; only approved ones are public and counted. Deleting
-- the account or the sermon deletes its comments. broadcaster_id is the sermon's, copied so
-- that a broadcaster's queue and recent comments are one index range (kept by the trigger on
-- sermon below).
CREATE TABLE sermon_comment (
  comment_id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  sermon_id text NOT NULL REFERENCES sermon ON DELETE CASCADE,
  broadcaster_id text NOT NULL REFERENCES broadcaster ON DELETE CASCADE,
  user_id bigint NOT NULL REFERENCES app_user ON DELETE CASCADE,
  body text NOT NULL,
  state text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'approved', 'rejected')),
  created_at timestamptz NOT NULL,
  reviewed_at timestamptz,
  reviewed_by bigint REFERENCES app_user ON DELETE SET NULL
);
-- A sermon's public comments by date; a broadcaster's by state and date (queue, recent); a user's own.
CREATE INDEX sermon_comment_sermon_idx ON sermon_comment (sermon_id, created_at DESC, comment_id DESC)
  WHERE state = 'approved';
CREATE INDEX sermon_comment_broadcaster_idx ON sermon_comment (broadcaster_id, state, created_at DESC, comment_id DESC);
CREATE INDEX sermon_comment_user_idx ON sermon_comment (user_id, created_at DESC, comment_id DESC);
CREATE INDEX sermon_comment_approved_idx ON sermon_comment (created_at DESC, comment_id DESC) WHERE state = 'approved';

-- sermon.comment_count (the sermon's commentCount and the commentcount sort) counts the
-- approved comments, kept here on every insert, review and delete.
CREATE FUNCTION sermon_comment_count() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.state = 'approved' THEN
    UPDATE sermon SET comment_count = comment_count - 1 WHERE sermon_id = OLD.sermon_id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.state = 'approved' THEN
    UPDATE sermon SET comment_count = comment_count + 1 WHERE sermon_id = NEW.sermon_id;
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER sermon_comment_count AFTER INSERT OR DELETE OR UPDATE OF state ON sermon_comment
  FOR EACH ROW EXECUTE FUNCTION sermon_comment_count();

CREATE FUNCTION sermon_comment_broadcaster() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE sermon_comment SET broadcaster_id = NEW.broadcaster_id WHERE sermon_id = NEW.sermon_id;
  RETURN NULL;
END $$;
CREATE TRIGGER sermon_comment_broadcaster AFTER UPDATE OF broadcaster_id ON sermon
  FOR EACH ROW WHEN (OLD.broadcaster_id IS DISTINCT FROM NEW.broadcaster_id)
  EXECUTE FUNCTION sermon_comment_broadcaster();

-- There were no comments before this table: counts carried over from the old catalogue's
-- import described comments that are not here, so the count starts true at zero.
UPDATE sermon SET comment_count = 0 WHERE comment_count <> 0;
