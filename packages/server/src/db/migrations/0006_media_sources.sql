-- Media items remember the upload they were made from: re-encoding and deleting work per
-- original, and a sermon's own audio upload wins over a video's soundtrack (spec §3 unlinked
-- media). Text attachments (plain UTF-8) join the upload types.
ALTER TABLE media_item ADD COLUMN upload_guid uuid REFERENCES media_upload ON DELETE SET NULL;
CREATE INDEX media_item_upload_idx ON media_item (upload_guid) WHERE upload_guid IS NOT NULL;

ALTER TABLE media_upload DROP CONSTRAINT media_upload_upload_type_check;
ALTER TABLE media_upload ADD CONSTRAINT media_upload_upload_type_check
  CHECK (upload_type IN ('original-audio', 'original-video', 'caption', 'pdf', 'text'));
