-- Topics and hashtags as sermon list filters (spec §3 Topic, Hashtag; /sermons/topics/{topic},
-- /hashtag/{hashtag}), and the admin-maintained path mappings behind POST map-path (§2 "Legacy
-- redirects", §7 "Other").

-- Hashtags of a keywords text (space separated, spec §3): lower case, without a leading '#'.
CREATE OR REPLACE FUNCTION keyword_hashtags(keywords text) RETURNS SETOF text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT DISTINCT lower(ltrim(tag, '#')) FROM regexp_split_to_table(coalesce(keywords, ''), '\s+') AS tag
         WHERE ltrim(tag, '#') <> '' $$;

-- Like sermon_scripture: the link rows carry a copy of the sermon's preach date, so that
-- "newest sermons on a topic / with a hashtag" is one index walk at any catalogue size.
ALTER TABLE sermon_topic ADD COLUMN preach_date date;
UPDATE sermon_topic st SET preach_date = s.preach_date FROM sermon s WHERE s.sermon_id = st.sermon_id;
ALTER TABLE sermon_topic ALTER COLUMN preach_date SET NOT NULL;
CREATE INDEX sermon_topic_date_idx ON sermon_topic (topic_id, preach_date DESC, sermon_id DESC);
CREATE INDEX sermon_topic_sermon_idx ON sermon_topic (sermon_id);

CREATE TABLE sermon_hashtag (
  hashtag text NOT NULL,                    -- as in hashtag.hashtag: lower case, without '#'
  sermon_id text NOT NULL REFERENCES sermon ON DELETE CASCADE,
  preach_date date NOT NULL,
  PRIMARY KEY (hashtag, sermon_id)
);
CREATE INDEX sermon_hashtag_date_idx ON sermon_hashtag (hashtag, preach_date DESC, sermon_id DESC);
CREATE INDEX sermon_hashtag_sermon_idx ON sermon_hashtag (sermon_id);
INSERT INTO sermon_hashtag (hashtag, sermon_id, preach_date)
SELECT h, s.sermon_id, s.preach_date FROM sermon s, keyword_hashtags(s.keywords) AS h WHERE s.keywords <> '';

-- A topic link takes the sermon's date when it is made.
CREATE OR REPLACE FUNCTION sermon_topic_date() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT preach_date INTO NEW.preach_date FROM sermon WHERE sermon_id = NEW.sermon_id;
  RETURN NEW;
END $$;
CREATE TRIGGER sermon_topic_date BEFORE INSERT OR UPDATE OF sermon_id ON sermon_topic
  FOR EACH ROW EXECUTE FUNCTION sermon_topic_date();

-- Single sermon writes keep the links in step with keywords and preach_date. Bulk loads that
-- drop this trigger rebuild sermon_hashtag with refreshCatalogueCounts().
CREATE OR REPLACE FUNCTION sermon_links_refresh() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND NEW.preach_date IS DISTINCT FROM OLD.preach_date THEN
    UPDATE sermon_topic SET preach_date = NEW.preach_date WHERE sermon_id = NEW.sermon_id;
  END IF;
  IF TG_OP = 'INSERT' OR NEW.keywords IS DISTINCT FROM OLD.keywords OR NEW.preach_date IS DISTINCT FROM OLD.preach_date THEN
    DELETE FROM sermon_hashtag WHERE sermon_id = NEW.sermon_id;
    INSERT INTO sermon_hashtag (hashtag, sermon_id, preach_date)
    SELECT h, NEW.sermon_id, NEW.preach_date FROM keyword_hashtags(NEW.keywords) AS h;
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER sermon_links AFTER INSERT OR UPDATE OF keywords, preach_date ON sermon
  FOR EACH ROW EXECUTE FUNCTION sermon_links_refresh();

-- Path mappings (spec §2 "Legacy redirects", §7 POST map-path): paths of old pages that no
-- rule covers, kept by administrators. An internal target (a path, or a URL on our own host)
-- answers 301, an external one 302.
CREATE TABLE path_mapping (
  path text PRIMARY KEY CHECK (path = lower(path) AND path LIKE '/%'),
  url text NOT NULL CHECK (url LIKE '/%' OR url LIKE 'http://%' OR url LIKE 'https://%'),
  note text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Pages of the old ASP site that the fixed legacy rules (site/lib/legacy-redirects.ts) leave out.
INSERT INTO path_mapping (path, url, note) VALUES
  ('/sermonsbyspeaker.asp', '/speakers', 'old speaker index'),
  ('/sermonsbybible.asp', '/sermons/scripture', 'old Bible book index'),
  ('/sermonsbydate.asp', '/sermons/date', 'old date index'),
  ('/sermonsbylanguage.asp', '/sermons/languages', 'old language index'),
  ('/sermonsbytopic.asp', '/sermons/topics', 'old topic index'),
  ('/sermonsbycategory.asp', '/sermons/categories', 'old event-type index'),
  ('/staffpicks.asp', '/sermons/staff-picks', 'old staff picks'),
  ('/newsermons.asp', '/sermons', 'old newest sermons'),
  ('/videosermons.asp', '/sermons/videos', 'old video sermons'),
  ('/churches.asp', '/broadcasters', 'old broadcaster index'),
  ('/vacantpulpits.asp', '/broadcasters/vacant', 'old vacant pulpit list'),
  ('/search.asp', '/search', 'old search page'),
  ('/kjv', 'https://www.kingjamesbibleonline.org/', 'external: the King James Bible online');
