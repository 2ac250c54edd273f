-- Search's side lists (the first broadcasters and series matching a word, most sermons first)
-- walk these until five match, instead of collecting every trigram match and sorting it, or
-- walking the name order, in which the matches of a word cluster ('Grace …' sorts under G:
-- 7,771 broadcasters read for five 'grace' matches).
CREATE INDEX series_sermon_count_idx ON series (sermon_count DESC, series_id DESC);
CREATE INDEX broadcaster_sermon_count_idx ON broadcaster (sermon_count DESC, broadcaster_id DESC);
