-- 0004: the words of each record's full-text index (caption.SearchText), kept
-- readable beside records_fts, which is contentless. An in-memory search
-- index (internal/searchindex) is built from them: reading a million of these
-- short rows takes a second, where decoding a million records' JSON took half
-- a minute. seq grows with every row written and is never reused
-- (AUTOINCREMENT), and a record reindexed (UpdateRecord) gets a new row: a
-- reader that remembers the last seq it read finds every record indexed or
-- reindexed since, in commit order, since SQLite has one writer at a time.
CREATE TABLE search_text (
	seq       INTEGER PRIMARY KEY AUTOINCREMENT,
	record_id INTEGER NOT NULL UNIQUE,
	text      TEXT NOT NULL
) STRICT;

-- Records stored before this migration, whose search_text the store writes
-- when it opens.
CREATE TABLE search_text_pending (
	record_id INTEGER PRIMARY KEY
) STRICT;

INSERT INTO search_text_pending (record_id) SELECT id FROM records;
