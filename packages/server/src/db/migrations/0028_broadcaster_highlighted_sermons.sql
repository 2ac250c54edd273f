-- What a broadcaster highlights on its home page (GET node/broadcasters/{id}/highlighted_sermons):
-- the order of its short list of sermons and that list's title, and one sermon shown above it
-- with its own title. A broadcaster without a row highlights nothing. sort_order takes the
-- values SermonAudio's API v2 clients know (HighlightedSortOrders in its Python client).
CREATE TABLE broadcaster_highlighted_sermons (
  broadcaster_id text PRIMARY KEY REFERENCES broadcaster ON DELETE CASCADE,
  sort_order text CHECK (sort_order IN
    ('preached', 'popular', 'added', 'picklistnewest', 'picklistrandom', 'clipsnewest', 'clipsrandom')),
  sort_title text,
  audio_title text,
  sermon_id text REFERENCES sermon ON DELETE SET NULL
);
-- Deleting a sermon looks up the rows that highlight it.
CREATE INDEX broadcaster_highlighted_sermons_sermon_idx ON broadcaster_highlighted_sermons (sermon_id);
