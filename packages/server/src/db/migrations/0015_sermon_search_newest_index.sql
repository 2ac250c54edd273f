-- Search by relevance (and by date) walks the sermons newest first until enough match the words:
-- for a common word thousands of sermons, each read from the table at random for its publish
-- time and search vector. With both in this index the walk reads the index alone (an index-only
-- scan wherever the table's pages are all-visible): at 2.1M sermons 'free' (342,000 matches)
-- 5.5 ms to 2.7 ms, 'lesson' 4.9 to 1.5, 'john' 3.6 to 1.2; 714 MB there. The plain newest-first
-- index stays for the lists and the sitemaps, which read far fewer pages of it (81 MB): the
-- sitemaps took 19 s instead of 16 on this index alone.
CREATE INDEX sermon_search_newest_idx ON sermon (preach_date DESC, sermon_id DESC)
  INCLUDE (publish_timestamp, search_vector);
