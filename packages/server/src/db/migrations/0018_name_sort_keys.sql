-- A–Z lists in alphabetical order whatever the case and accents of a name: ordered by byte
-- (the database's C collation), 'du Plessis, Themba' came after 'Zwingli, Ulrich' and 'Église
-- réformée' after 'Word of Life', and both were filed under '#' instead of D and E. The key is the
-- sort name unaccented and lower-cased, stored, with the list's index on it; its first character is
-- the letter a name is filed under.
ALTER TABLE speaker ADD COLUMN sort_key text GENERATED ALWAYS AS (lower(immutable_unaccent(sort_name))) STORED;
CREATE INDEX speaker_sort_key_idx ON speaker (sort_key, speaker_id) WHERE NOT placeholder;
DROP INDEX speaker_sort_idx;

ALTER TABLE broadcaster ADD COLUMN sort_key text GENERATED ALWAYS AS (lower(immutable_unaccent(sort_name))) STORED;
CREATE INDEX broadcaster_sort_key_idx ON broadcaster (sort_key, broadcaster_id);
DROP INDEX broadcaster_sort_idx;

ANALYZE speaker;
ANALYZE broadcaster;
