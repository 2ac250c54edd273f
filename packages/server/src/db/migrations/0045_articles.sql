-- Articles (spec §3 Article, §5 "Article URL unique"; packages/server/src/articles/): a
-- broadcaster's written pieces. The markdown is kept as written and, beside it, the sanitised
-- HTML and the plain-text summary it renders to (made once, when it is saved). Public while
-- not a draft. The slug is unique within the broadcaster; while slug_locked is false (never
-- published, slug never chosen) it follows the title.
CREATE TABLE article (
  article_id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  broadcaster_id text NOT NULL REFERENCES broadcaster ON DELETE CASCADE,
  slug text NOT NULL,
  slug_locked boolean NOT NULL DEFAULT false,
  title text NOT NULL,
  content text NOT NULL DEFAULT '',
  content_html text NOT NULL DEFAULT '',
  summary text NOT NULL DEFAULT '',
  article_date date NOT NULL,
  draft boolean NOT NULL DEFAULT true,
  category text CHECK (category IN ('devotional', 'teaching', 'history', 'biography', 'news')),
  speaker_id bigint REFERENCES speaker ON DELETE SET NULL,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  UNIQUE (broadcaster_id, slug)
);
-- Published articles newest first: all, a broadcaster's, a speaker's; the broadcaster's own list.
CREATE INDEX article_published_idx ON article (article_date DESC, article_id DESC) WHERE NOT draft;
CREATE INDEX article_broadcaster_published_idx ON article (broadcaster_id, article_date DESC, article_id DESC)
  WHERE NOT draft;
CREATE INDEX article_speaker_published_idx ON article (speaker_id, article_date DESC, article_id DESC)
  WHERE NOT draft AND speaker_id IS NOT NULL;
CREATE INDEX article_slug_idx ON article (slug) WHERE NOT draft;
