-- Transcripts and the search that reaches them (issue 26).
--
-- A sermon's transcript is kept beside it, not in its own search vector: a 40-minute sermon's
-- vector would be tens of kilobytes, and sermon_search_newest_idx (0015) carries the vector in
-- its entries, which cannot exceed about 2.7 KB. The transcript has its own vector and GIN index;
-- a word search matches a sermon's vector OR its transcript's (sermons.queries.ts).
CREATE TABLE sermon_transcript (
  sermon_id text PRIMARY KEY REFERENCES sermon ON DELETE CASCADE,
  language_code text NOT NULL,
  -- Where the text came from: a speech-to-text engine, or the sermon's uploaded caption file.
  source text NOT NULL CHECK (source IN ('whisper', 'pocketsphinx', 'caption')),
  -- The automatic caption track: 'draft' until a manager publishes it (PocketSphinx's rough
  -- text), 'published' (Whisper's, or published by hand), 'none' when the captions are the
  -- church's own upload (source 'caption') or the broadcaster turned automatic captions off.
  caption_state text NOT NULL CHECK (caption_state IN ('draft', 'published', 'none')),
  -- Timed segments, in order: [{"start": seconds, "end": seconds, "text": "..."}].
  segments jsonb NOT NULL,
  -- The segments' text joined by spaces: what is searched and downloaded.
  body text NOT NULL,
  search_vector tsvector NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX sermon_transcript_search_idx ON sermon_transcript USING gin (search_vector);
-- The sermons whose transcript matches a query, always from the index: for a word in most
-- transcripts the planner chose to read the table, evaluating each toasted vector (1.7 s for
-- 'therefore' at 50,000 transcripts), where the index's bitmap needs no vector at all (9 ms).
CREATE FUNCTION transcript_sermons(q tsquery) RETURNS SETOF text
  LANGUAGE sql STABLE PARALLEL SAFE ROWS 1000 SET enable_seqscan = off
  AS $$ SELECT sermon_id FROM sermon_transcript WHERE search_vector @@ q $$;

-- A passage search within a chapter ranks the chapter's reference rows by their verses
-- (sermons.queries.ts chapterPassagePage): the chapter index carries them, so it reads the index
-- alone instead of each row from the table (13,252 rows of Romans 8 at 2.1M sermons).
DROP INDEX sermon_scripture_chapter_idx;
CREATE INDEX sermon_scripture_chapter_idx ON sermon_scripture (book_index, chapter, preach_date DESC, sermon_id DESC)
  INCLUDE (verse_start, verse_end);

-- /sermons/transcripts and `requireTranscript`: sermons with a transcript listeners can read (not
-- a draft waiting for its broadcaster, which is searched all the same), newest first.
ALTER TABLE sermon ADD COLUMN has_transcript boolean NOT NULL DEFAULT false;
CREATE INDEX sermon_has_transcript_idx ON sermon (preach_date DESC, sermon_id DESC) WHERE has_transcript;

-- A broadcaster can turn automatic transcripts off (on by default).
ALTER TABLE broadcaster ADD COLUMN auto_transcripts boolean NOT NULL DEFAULT true;

-- Jobs run by priority, then by due time: transcription (priority 10) waits for encodes (0).
ALTER TABLE job ADD COLUMN priority smallint NOT NULL DEFAULT 0;
DROP INDEX job_queued_idx;
CREATE INDEX job_queued_idx ON job (priority, run_at, id) WHERE state = 'queued';

-- 'Did you mean': the catalogue's own words (titles, names, series), with how many sermons use
-- each, matched to a misspelt word by trigram similarity. Rebuilt by the 'search.vocabulary' job.
CREATE TABLE search_word (
  word text PRIMARY KEY,
  uses int NOT NULL
);
CREATE INDEX search_word_trgm_idx ON search_word USING gin (word gin_trgm_ops);
