-- 0012: indexes a bulk load left unbuilt (caption.BulkLoader), by name.
-- Their definitions are the store's own (bulk.go), never read from here: a
-- database may come from anyone, and a row names at most an index to build.
CREATE TABLE deferred_indexes (
    name text PRIMARY KEY
);
