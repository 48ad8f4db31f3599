-- 0013: indexes a bulk load left unbuilt (bulk.go). A load at least as
-- large as the register drops the indexes that only reads use and keeps
-- their definitions here, in the transaction that drops them; its end, or
-- the next Open after it was killed, builds each again and removes its row
-- in one transaction. A later migration that changes one of these indexes
-- must allow for it being deferred (DROP INDEX IF EXISTS, and its new
-- definition here too if it is deferred).
CREATE TABLE deferred_indexes (
	name TEXT PRIMARY KEY,
	sql  TEXT NOT NULL CHECK (sql LIKE 'CREATE INDEX %')
) STRICT, WITHOUT ROWID;
