-- The schema after every migration (sqlite_master), checked by TestSchema.
-- Regenerate: go test ./internal/sqlite -run TestSchema -update

-- table corrections
CREATE TABLE corrections (
	seq       INTEGER PRIMARY KEY AUTOINCREMENT,
	record_id INTEGER NOT NULL REFERENCES records (id),
	field     TEXT NOT NULL CHECK (field <> ''),
	value     TEXT NOT NULL, -- JSON
	previous  TEXT NOT NULL, -- JSON
	note      TEXT NOT NULL,
	author    TEXT NOT NULL,
	created   TEXT NOT NULL
) STRICT;

-- table deferred_indexes
CREATE TABLE deferred_indexes (
	name TEXT PRIMARY KEY,
	sql  TEXT NOT NULL CHECK (sql LIKE 'CREATE INDEX %')
) STRICT, WITHOUT ROWID;

-- table document_photos
CREATE TABLE document_photos (
	document_id INTEGER PRIMARY KEY REFERENCES documents (id),
	photo_id    INTEGER NOT NULL REFERENCES photos (id)
) STRICT;

-- table documents
CREATE TABLE documents (
	id         INTEGER PRIMARY KEY,
	path       TEXT NOT NULL CHECK (path <> ''),
	sha256     TEXT NOT NULL CHECK (sha256 <> ''),
	size       INTEGER NOT NULL CHECK (size >= 0),
	format     TEXT NOT NULL,
	first_seen TEXT NOT NULL,
	last_seen  TEXT NOT NULL, root TEXT NOT NULL DEFAULT '',
	UNIQUE (sha256, path)
) STRICT;

-- table links
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

-- table occurrences
CREATE TABLE "occurrences" (
	document_id INTEGER NOT NULL REFERENCES documents (id),
	idx         INTEGER NOT NULL CHECK (idx >= 0),
	byte_start  INTEGER NOT NULL,
	byte_end    INTEGER NOT NULL,
	line        INTEGER NOT NULL,
	text        BLOB, -- NULL: the record's text; else packed (fields.go)
	meta        TEXT, -- JSON object of the reader's other fields; NULL when none
	record_id   INTEGER NOT NULL REFERENCES records (id),
	PRIMARY KEY (document_id, idx),
	CHECK (byte_start <= byte_end)
) STRICT, WITHOUT ROWID;

-- table photo_keys
CREATE TABLE photo_keys (
	key      INTEGER NOT NULL,
	photo_id INTEGER NOT NULL REFERENCES photos (id),
	PRIMARY KEY (key, photo_id)
) STRICT, WITHOUT ROWID;

-- table photo_thumbs
CREATE TABLE photo_thumbs (
	photo_id INTEGER PRIMARY KEY REFERENCES photos (id),
	jpeg     BLOB NOT NULL
) STRICT;

-- table photos
CREATE TABLE photos (
	id       INTEGER PRIMARY KEY,
	sha256   TEXT NOT NULL UNIQUE CHECK (length(sha256) = 64),
	width    INTEGER NOT NULL CHECK (width > 0),
	height   INTEGER NOT NULL CHECK (height > 0),
	phash    TEXT NOT NULL,
	grp      INTEGER REFERENCES photos (id),
	target   INTEGER REFERENCES photos (id),
	distance INTEGER,
	rule     TEXT,
	linked   TEXT
) STRICT;

-- table record_versions
CREATE TABLE record_versions (
	parser_version    TEXT NOT NULL,
	gazetteer_version TEXT NOT NULL,
	records           INTEGER NOT NULL CHECK (records > 0),
	PRIMARY KEY (parser_version, gazetteer_version)
) STRICT, WITHOUT ROWID;

-- table records
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
	bands             BLOB, text TEXT NOT NULL DEFAULT '', desc_len INTEGER, fields BLOB,
	CHECK ((date IS NULL) = (date_precision IS NULL))
) STRICT;

-- table records_fts
CREATE VIRTUAL TABLE records_fts USING fts5 (
	text,
	content = '', contentless_delete = 1,
	tokenize = 'unicode61 remove_diacritics 0'
);

-- table records_fts_config
CREATE TABLE 'records_fts_config'(k PRIMARY KEY, v) WITHOUT ROWID;

-- table records_fts_data
CREATE TABLE 'records_fts_data'(id INTEGER PRIMARY KEY, block BLOB);

-- table records_fts_docsize
CREATE TABLE 'records_fts_docsize'(id INTEGER PRIMARY KEY, sz BLOB, origin INTEGER);

-- table records_fts_idx
CREATE TABLE 'records_fts_idx'(segid, term, pgno, PRIMARY KEY(segid, term)) WITHOUT ROWID;

-- table schema_migrations
CREATE TABLE schema_migrations (
	version INTEGER PRIMARY KEY,
	name    TEXT NOT NULL,
	applied TEXT NOT NULL
) STRICT;

-- table search_changes
CREATE TABLE search_changes (
	seq       INTEGER PRIMARY KEY AUTOINCREMENT,
	record_id INTEGER NOT NULL UNIQUE
) STRICT;

-- table search_pending
CREATE TABLE search_pending (
	record_id INTEGER PRIMARY KEY
) STRICT;

-- table search_points
CREATE TABLE search_points (
	id    INTEGER PRIMARY KEY,
	point BLOB NOT NULL
) STRICT;

-- table search_records
CREATE TABLE search_records (
	id        INTEGER PRIMARY KEY,
	day_first INTEGER,
	day_last  INTEGER,
	year      TEXT,
	country   TEXT,
	killed    INTEGER,
	lat       REAL,
	lon       REAL,
	terms     BLOB
, basis TEXT) STRICT;

-- table search_terms_fts
CREATE VIRTUAL TABLE search_terms_fts USING fts5 (
	terms,
	content = '', contentless_delete = 1, detail = none,
	tokenize = 'ascii'
);

-- table search_terms_fts_config
CREATE TABLE 'search_terms_fts_config'(k PRIMARY KEY, v) WITHOUT ROWID;

-- table search_terms_fts_data
CREATE TABLE 'search_terms_fts_data'(id INTEGER PRIMARY KEY, block BLOB);

-- table search_terms_fts_docsize
CREATE TABLE 'search_terms_fts_docsize'(id INTEGER PRIMARY KEY, sz BLOB, origin INTEGER);

-- table search_terms_fts_idx
CREATE TABLE 'search_terms_fts_idx'(segid, term, pgno, PRIMARY KEY(segid, term)) WITHOUT ROWID;

-- table search_values
CREATE TABLE search_values (
	id    INTEGER PRIMARY KEY,
	field INTEGER NOT NULL CHECK (field BETWEEN 1 AND 7),
	fold  TEXT NOT NULL CHECK (fold <> ''),
	value TEXT NOT NULL,
	key   TEXT,
	UNIQUE (field, fold)
) STRICT;

-- table settings
CREATE TABLE settings (
	name  TEXT PRIMARY KEY CHECK (name <> ''),
	value TEXT NOT NULL
) STRICT;

-- index corrections_record
CREATE INDEX corrections_record ON corrections (record_id, seq);

-- index document_photos_photo
CREATE INDEX document_photos_photo ON document_photos (photo_id);

-- index occurrences_record
CREATE INDEX occurrences_record ON occurrences (record_id);

-- index photos_group
CREATE INDEX photos_group ON photos (grp) WHERE grp IS NOT NULL;

-- index photos_unlinked
CREATE INDEX photos_unlinked ON photos (id) WHERE grp IS NULL;

-- index records_cluster_members
CREATE INDEX records_cluster_members ON records (cluster, day_first) WHERE cluster IS NOT NULL;

-- index records_event_days
CREATE INDEX records_event_days ON records (date_precision, day_first, day_last) WHERE event IS NOT NULL;

-- index records_event_members
CREATE INDEX records_event_members ON records (event, day_first) WHERE event IS NOT NULL;

-- index records_key_collided
CREATE UNIQUE INDEX records_key_collided ON records (key) WHERE key_hash IS NULL;

-- index records_unclustered
CREATE INDEX records_unclustered ON records (id) WHERE cluster IS NULL;

-- index records_unevented
CREATE INDEX records_unevented ON records (id) WHERE event IS NULL AND cluster IS NOT NULL;

-- index search_records_basis
CREATE INDEX search_records_basis ON search_records (basis) WHERE basis IS NOT NULL;

-- index search_records_country
CREATE INDEX search_records_country ON search_records (country) WHERE country IS NOT NULL;

-- index search_records_day
CREATE INDEX search_records_day ON search_records (day_first DESC);

-- index search_records_lat
CREATE INDEX search_records_lat ON search_records (lat) WHERE lat IS NOT NULL;

-- index search_values_key
CREATE INDEX search_values_key ON search_values (field, key) WHERE key IS NOT NULL;

-- index search_values_unkeyed
CREATE INDEX search_values_unkeyed ON search_values (id) WHERE key IS NULL AND field IN (5, 6);
