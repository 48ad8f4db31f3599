-- 0011: a lean register. Each caption's text was held four times (in the
-- record's JSON as text and as description, in its occurrence, in
-- search_text) and each record kept a 512-byte MinHash signature that no
-- decision reads and its bands twice (a blob and 33 rows of bands): about
-- 3.7 KB per caption of 230 bytes.
--
-- records.text holds the caption once; records.fields the other fields
-- (caption.MarshalFields: the JSON without text, and without description
-- when desc_len is set, the description being text's first desc_len
-- bytes), deflated by the store (fields.go) or, for the rows converted
-- here, plain JSON. occurrences.text is NULL when it is its record's text,
-- else a tag byte (0) and the text as found (fields.go).
-- Linking keeps its band index in memory (issue 15), read from
-- records.bands: the bands table goes.
--
-- The file keeps its size until it is vacuumed (sqlite3 FILE VACUUM); the
-- pages freed are reused by what is stored next.

PRAGMA defer_foreign_keys = ON;

ALTER TABLE records ADD COLUMN text TEXT NOT NULL DEFAULT '';
ALTER TABLE records ADD COLUMN desc_len INTEGER;
ALTER TABLE records ADD COLUMN fields BLOB;

UPDATE records SET
	text = json ->> '$.text',
	desc_len = CASE WHEN substr(json ->> '$.text', 1, length(coalesce(json ->> '$.description', ''))) = coalesce(json ->> '$.description', '')
		THEN length(CAST(coalesce(json ->> '$.description', '') AS BLOB)) END,
	fields = CAST(CASE WHEN substr(json ->> '$.text', 1, length(coalesce(json ->> '$.description', ''))) = coalesce(json ->> '$.description', '')
		THEN json_set(json_remove(json, '$.description'), '$.text', '')
		ELSE json_set(json, '$.text', '') END AS BLOB);

ALTER TABLE records DROP COLUMN json;
ALTER TABLE records DROP COLUMN signature;

DROP TABLE bands;

-- What sijil reparse and ingest count by (RecordVersions) without reading
-- every record: new records all go in at the end of one key.
CREATE INDEX records_versions ON records (parser_version, gazetteer_version);

CREATE TABLE occurrences_lean (
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

INSERT INTO occurrences_lean (document_id, idx, byte_start, byte_end, line, text, meta, record_id)
SELECT o.document_id, o.idx, o.byte_start, o.byte_end, o.line,
	CASE WHEN o.text <> r.text THEN unhex('00' || hex(o.text)) END, o.meta, o.record_id
FROM occurrences AS o JOIN records AS r ON r.id = o.record_id ORDER BY o.document_id, o.idx;

DROP TABLE occurrences;
ALTER TABLE occurrences_lean RENAME TO occurrences;
CREATE INDEX occurrences_record ON occurrences (record_id);

-- search_text held each record's search text (caption.SearchText) and, in
-- seq, the order records were indexed, which serve's index follows. The
-- feed now makes the text from the record (searchfeed.go): only the order
-- is kept. Records that 0004 left without a search text were indexed
-- before it: they are changes to follow, unless 0002 left them to be
-- indexed when the store opens, which lists them then.
CREATE TABLE search_changes (
	seq       INTEGER PRIMARY KEY AUTOINCREMENT,
	record_id INTEGER NOT NULL UNIQUE
) STRICT;

INSERT INTO search_changes (seq, record_id) SELECT seq, record_id FROM search_text ORDER BY seq;
INSERT INTO search_changes (record_id) SELECT record_id FROM search_text_pending
WHERE record_id NOT IN (SELECT record_id FROM search_changes) AND record_id NOT IN (SELECT record_id FROM search_pending)
ORDER BY record_id;
DROP TABLE search_text;
DROP TABLE search_text_pending;
