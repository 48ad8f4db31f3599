-- 0001: the register. Records keep their derived fields as caption.MarshalRecord
-- JSON; the columns beside it are copies for indexes and filters, rewritten
-- with it. Times are UTC, RFC 3339 with nine fraction digits, so that they
-- sort as text. Group IDs (cluster, event, grp) are the ID of the group's
-- first record; NULL until the record is linked at that level.

CREATE TABLE documents (
	id         INTEGER PRIMARY KEY,
	path       TEXT NOT NULL CHECK (path <> ''),
	sha256     TEXT NOT NULL CHECK (sha256 <> ''),
	size       INTEGER NOT NULL CHECK (size >= 0),
	format     TEXT NOT NULL,
	first_seen TEXT NOT NULL,
	last_seen  TEXT NOT NULL,
	UNIQUE (sha256, path)
) STRICT;

CREATE TABLE records (
	id                INTEGER PRIMARY KEY,
	-- key is the fingerprint key (hex SHA-256 of the folded caption). It is
	-- looked up by key_hash, a 64-bit FNV-1a hash of it, which is unique: a
	-- UNIQUE index on the 64-character key itself, inserted in random order,
	-- dirtied a page per new record and doubled the cost of storing one. The
	-- record whose hash another key already holds (odds of 1 in 37 million
	-- at a million records) is stored, after the store has found that other
	-- key, with a NULL key_hash and found by records_key_collided instead.
	key               TEXT NOT NULL CHECK (key <> ''),
	key_hash          INTEGER UNIQUE,
	json              TEXT NOT NULL,
	-- date as ISO 8601 at its precision, and the first and last day it can
	-- mean as days since 1970-01-01, for date windows.
	date              TEXT,
	date_precision    TEXT CHECK (date_precision IN ('day', 'month', 'year')),
	day_first         INTEGER,
	day_last          INTEGER,
	country           TEXT,
	lat               REAL,
	lon               REAL,
	killed            INTEGER,
	injured           INTEGER,
	cluster           INTEGER REFERENCES records (id),
	event             INTEGER REFERENCES records (id),
	parser_version    TEXT NOT NULL,
	gazetteer_version TEXT NOT NULL,
	-- MinHash signature (little-endian uint32s) and LSH bands (little-endian
	-- uint64s). The bands are copied into the bands table when the record is
	-- linked at cluster level.
	signature         BLOB,
	bands             BLOB,
	CHECK ((date IS NULL) = (date_precision IS NULL))
) STRICT;

CREATE UNIQUE INDEX records_key_collided ON records (key) WHERE key_hash IS NULL;

-- The linking passes take unlinked records in ID order; these partial
-- indexes hold only the records still waiting, so each batch is found
-- without scanning the ones already linked.
CREATE INDEX records_unclustered ON records (id) WHERE cluster IS NULL;
CREATE INDEX records_unevented ON records (id) WHERE event IS NULL AND cluster IS NOT NULL;
CREATE INDEX records_cluster ON records (cluster) WHERE cluster IS NOT NULL;
CREATE INDEX records_event_day ON records (day_first) WHERE event IS NOT NULL;

CREATE TABLE occurrences (
	id          INTEGER PRIMARY KEY,
	document_id INTEGER NOT NULL REFERENCES documents (id),
	idx         INTEGER NOT NULL CHECK (idx >= 0),
	byte_start  INTEGER NOT NULL,
	byte_end    INTEGER NOT NULL,
	line        INTEGER NOT NULL,
	text        TEXT NOT NULL,
	meta        TEXT, -- JSON object of the reader's other fields; NULL when none
	record_id   INTEGER NOT NULL REFERENCES records (id),
	UNIQUE (document_id, idx),
	CHECK (byte_start <= byte_end)
) STRICT;

CREATE INDEX occurrences_record ON occurrences (record_id);

-- LSH bands of the records linked at cluster level: a band hash (the uint64
-- stored as its two's-complement int64) and a record holding it.
CREATE TABLE bands (
	band      INTEGER NOT NULL,
	record_id INTEGER NOT NULL REFERENCES records (id),
	PRIMARY KEY (band, record_id)
) STRICT, WITHOUT ROWID;

-- Why each record joined its group at each level: one link per record and
-- level, replaced when a person relinks it.
CREATE TABLE links (
	record_id  INTEGER NOT NULL REFERENCES records (id),
	level      TEXT NOT NULL CHECK (level IN ('cluster', 'event')),
	target     INTEGER NOT NULL REFERENCES records (id),
	grp        INTEGER NOT NULL REFERENCES records (id),
	similarity REAL NOT NULL,
	rule       TEXT NOT NULL,
	created    TEXT NOT NULL,
	PRIMARY KEY (record_id, level)
) STRICT, WITHOUT ROWID;

-- Full-text index of the caption and the fields people search by, rowid =
-- records.id. It is contentless (the text is in records.json) and written by
-- the store in the transaction that writes the record, with its text
-- normalised first: unicode61 with remove_diacritics 2 folds Ḩarastā to
-- harasta but splits words at apostrophes and ayn signs (Nu‘mān → nu, man).
-- Not kept by triggers: a trigger makes every record insert a statement
-- transaction, at whose savepoint FTS5 flushes its pending terms, which made
-- storing 100,000 records three times slower.
CREATE VIRTUAL TABLE records_fts USING fts5 (
	description, credit, places, actors, photographers, agencies,
	content = '', contentless_delete = 1,
	tokenize = 'unicode61 remove_diacritics 2'
);
