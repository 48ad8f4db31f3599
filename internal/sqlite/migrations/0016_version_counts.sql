-- 0016: the records counted by the versions that derived them, kept as
-- they are written, instead of an index over every record. RecordVersions
-- (asked at the end of every ingest and by stats) read the whole index,
-- and a bulk load deferred it and built it again at its end: at a million
-- captions 1.4 s, on one core, with nothing else to do. PutDocuments adds
-- a call's new records to their versions' row, and UpdateRecord moves a
-- record from its old versions' row to its new one; a row whose count
-- falls to zero is removed, so that every row counts at least one record.
CREATE TABLE record_versions (
	parser_version    TEXT NOT NULL,
	gazetteer_version TEXT NOT NULL,
	records           INTEGER NOT NULL CHECK (records > 0),
	PRIMARY KEY (parser_version, gazetteer_version)
) STRICT, WITHOUT ROWID;

INSERT INTO record_versions (parser_version, gazetteer_version, records)
	SELECT parser_version, gazetteer_version, count(*) FROM records GROUP BY parser_version, gazetteer_version;

-- The index may be deferred by a load that was killed (0013): then it is
-- not in the schema, and its row must go, or the next Open would build it.
DROP INDEX IF EXISTS records_versions;
DELETE FROM deferred_indexes WHERE name = 'records_versions';
