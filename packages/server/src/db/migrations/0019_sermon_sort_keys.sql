-- Sermon lists sorted by title, speaker or series in alphabetical order whatever the case and
-- accents (as the A–Z lists since 0018): by byte, 'A Workman Approved' came before 'A armadura
-- de Deus' and 'Luther' before 'López'. The title sort pages by keyset, so its key is indexed;
-- speakers sort by their stored sort_key (0018), series by their stored search_title (0010).
CREATE INDEX sermon_title_key_idx ON sermon (lower(immutable_unaccent(full_title)), sermon_id);
DROP INDEX sermon_title_idx;
