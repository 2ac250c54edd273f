-- The weekly statistics e-mail (broadcaster-account/weekly-stats.ts): the Monday of the last
-- week a broadcaster's managers were sent, so a job run twice sends each week once.
ALTER TABLE broadcaster_email_settings ADD COLUMN weekly_stats_sent date;
