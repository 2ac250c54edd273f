-- Staff picks and featured sermons are few (21,000 and 6,000 of 2.1M sermons). Their lists,
-- and above all the count each list shows, read them from partial indexes. Since 0020 dropped
-- the staff-pick index (its new sort index holds every sermon), counting the staff picks read
-- the whole table: 340 ms for the list's first page at 2.1M sermons, 400 ms for featured.
-- publish_timestamp is included for the published-only condition every list has.
CREATE INDEX sermon_staff_pick_idx ON sermon (pick_date DESC, preach_date DESC, sermon_id DESC)
  INCLUDE (publish_timestamp) WHERE pick_date IS NOT NULL;
CREATE INDEX sermon_featured_idx ON sermon (preach_date DESC, sermon_id DESC)
  INCLUDE (publish_timestamp) WHERE last_feature_date IS NOT NULL;
