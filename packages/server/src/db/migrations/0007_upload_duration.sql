-- An audio or video original's length from its content check: encoding options (a trim) are
-- checked against it without fetching the original from the media store again.
ALTER TABLE media_upload ADD COLUMN duration_seconds double precision;
