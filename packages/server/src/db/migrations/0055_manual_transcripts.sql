-- A transcript a manager writes by hand, for a sermon no engine could transcribe (issue 26):
-- source 'manual', a draft until published as captions, like an engine's.
ALTER TABLE sermon_transcript DROP CONSTRAINT sermon_transcript_source_check;
ALTER TABLE sermon_transcript ADD CONSTRAINT sermon_transcript_source_check
  CHECK (source IN ('whisper', 'pocketsphinx', 'caption', 'manual'));
