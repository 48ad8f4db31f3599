-- 0008: the pages of a group. A record's page lists the other records of
-- its cluster and event, an event's page its records, a page at a time in
-- group order (first day, then ID: caption.GroupPage); they were found by a
-- date window over every record (a year-only date: the whole year),
-- whatever group they were in. These indexes hold a group's records in
-- page order, so that a page after a cursor, (date_first, id) > (…), starts
-- where it ends; they replace the indexes on the group alone, which are
-- their prefixes.
DROP INDEX records_cluster_idx;
DROP INDEX records_event_idx;
CREATE INDEX records_cluster_members_idx ON records (cluster_id, date_first, id);
CREATE INDEX records_event_members_idx ON records (event_id, date_first, id);
