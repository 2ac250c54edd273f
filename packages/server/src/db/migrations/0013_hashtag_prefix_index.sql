-- Search's hashtag side list matches hashtags by prefix (hashtag LIKE 'word%'). The primary key's
-- index cannot serve LIKE under a non-C collation (C.UTF-8 included), so every search walked
-- the hashtags by count and filtered them all for a rare word: 0.7 ms per search at 9,222
-- hashtags, 0.07 ms on this index.
CREATE INDEX hashtag_prefix_idx ON hashtag (hashtag text_pattern_ops);
