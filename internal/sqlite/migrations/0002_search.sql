-- 0002: search. The full-text index holds caption.SearchText, words that Go
-- has already folded and split (so FTS5's tokenizer only splits at spaces,
-- and the PostgreSQL store indexes the same words), in one column. Records
-- stored before this migration are listed in search_pending and indexed by
-- the store when it opens.
DROP TABLE records_fts;
CREATE VIRTUAL TABLE records_fts USING fts5 (
	text,
	content = '', contentless_delete = 1,
	tokenize = 'unicode61 remove_diacritics 0'
);

-- The values records are filtered and faceted by (caption.RecordTerms), once
-- per field and folded value; value is the spelling first stored, which
-- facets show. field: 1 agency, 2 photographer, 3 event_type, 4 actor,
-- 5 admin1 (the facets), 6 place, 7 geonameid. key is the place key
-- (geocode.Key) of admin1 and place names, NULL until the store has been
-- given the key function.
CREATE TABLE search_values (
	id    INTEGER PRIMARY KEY,
	field INTEGER NOT NULL CHECK (field BETWEEN 1 AND 7),
	fold  TEXT NOT NULL CHECK (fold <> ''),
	value TEXT NOT NULL,
	key   TEXT,
	UNIQUE (field, fold)
) STRICT;

CREATE INDEX search_values_key ON search_values (field, key) WHERE key IS NOT NULL;
CREATE INDEX search_values_unkeyed ON search_values (id) WHERE key IS NULL AND field IN (5, 6);

-- Which record holds which value, for filters. No foreign keys: rows are
-- written only with their record, in its transaction, and the checks would
-- cost a look-up per row. A record's own values are in search_records.terms,
-- which saves an index by record here.
CREATE TABLE search_terms (
	value_id  INTEGER NOT NULL,
	record_id INTEGER NOT NULL,
	PRIMARY KEY (value_id, record_id)
) STRICT, WITHOUT ROWID;

-- The columns searches filter, count and order by, one narrow row per
-- record (id = records.id): a row of records, with its JSON, fills a good
-- part of a page, and a search that counted or filtered thousands of them
-- read thousands of pages. year is the date's year as facets show it;
-- terms the record's search_values, each as the uvarint id << 3 | field,
-- so that a search reads one row per match to count facet values.
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
) STRICT;

-- Search order is day_first descending (NULLs, the undated, last), then id:
-- the order of this index, whose entries end with the rowid ascending.
CREATE INDEX search_records_day ON search_records (day_first DESC);
CREATE INDEX search_records_country ON search_records (country) WHERE country IS NOT NULL;
CREATE INDEX search_records_lat ON search_records (lat) WHERE lat IS NOT NULL;

-- What a map draws of each located record (caption.PointRecord, in the
-- binary form of point.go), so that Points need not read and decode whole
-- records.
CREATE TABLE search_points (
	id    INTEGER PRIMARY KEY,
	point BLOB NOT NULL
) STRICT;

CREATE TABLE search_pending (
	record_id INTEGER PRIMARY KEY
) STRICT;

INSERT INTO search_pending (record_id) SELECT id FROM records;
