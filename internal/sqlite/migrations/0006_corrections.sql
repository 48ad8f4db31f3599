-- 0006: corrections, a person's fix to one parsed field of a record, kept as
-- an audit trail beside the parsed values (caption.Correction). They lived
-- in a file beside the database, which a team sharing one register on
-- PostgreSQL could not share; now they are in the register. Rows are only
-- ever added: seq orders them and is never reused (AUTOINCREMENT).
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

CREATE INDEX corrections_record ON corrections (record_id, seq);
