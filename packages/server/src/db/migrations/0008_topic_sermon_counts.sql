-- Topics keep how many published sermons they have, like hashtags (refreshCatalogueCounts), so
-- that GET node/discover/topics, which every topic page reads, does not count the links of the
-- whole catalogue on each request.
ALTER TABLE topic ADD COLUMN sermon_count int NOT NULL DEFAULT 0;
UPDATE topic t SET sermon_count = c.n
  FROM (SELECT st.topic_id, count(*)::int AS n FROM sermon_topic st JOIN sermon s USING (sermon_id)
         WHERE s.publish_timestamp IS NOT NULL AND s.publish_timestamp <= now() GROUP BY st.topic_id) c
 WHERE c.topic_id = t.topic_id;
