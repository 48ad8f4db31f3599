-- 0014: which record holds which search value, as a full-text index. The
-- search_terms table (value_id, record_id) was keyed by value, so a batch
-- of new records added a row at the end of each of its values' runs,
-- spread over the whole table: at a million captions its 5 million rows
-- cost 7 s of statements and about as much again in pages read and
-- written, an eighth of an ingest, and it grew faster than the register.
-- search_terms_fts holds each record's value IDs as words ("v12 v345"):
-- FTS5 writes a batch's postings as one sorted segment and merges
-- segments in the background of later writes, and with detail = none it
-- keeps only the record IDs, in a tenth of the table's bytes. A record's
-- values are found, as before, from search_records.terms; a filter
-- matches 'v' || value ID.
CREATE VIRTUAL TABLE search_terms_fts USING fts5 (
	terms,
	content = '', contentless_delete = 1, detail = none,
	tokenize = 'ascii'
);

INSERT INTO search_terms_fts (rowid, terms)
SELECT record_id, group_concat('v' || value_id, ' ') FROM search_terms GROUP BY record_id;

DROP TABLE search_terms;
