-- 0010: the pages of a group. A record's page lists the other records of
-- its cluster and event, an event's page its records, a page at a time in
-- group order (first day, then ID: caption.GroupPage); without these they
-- were found by a date window over every record (a year-only date: the
-- whole year), whatever group they were in. Each index holds a group's
-- records in page order (the rowid, the ID, ends every SQLite index), so
-- that a page reads its own rows and a count the group's entries.
-- records_cluster (cluster alone) is a prefix of the new cluster index.
DROP INDEX records_cluster;
CREATE INDEX records_cluster_members ON records (cluster, day_first) WHERE cluster IS NOT NULL;
CREATE INDEX records_event_members ON records (event, day_first) WHERE event IS NOT NULL;
