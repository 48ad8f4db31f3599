-- 0005: the band index without its foreign key. A linking batch writes some
-- thirty rows a record into it, at random places; with the key, each row
-- looked its record up, and each multi-row insert kept a statement journal
-- (a copy of every page it changed, in case a row failed the check part-way):
-- six percent of an ingest's time. Rows are written only by the store, with
-- their record, in its transaction (as search_terms are).
ALTER TABLE bands RENAME TO bands_old;
CREATE TABLE bands (
	band      INTEGER NOT NULL,
	record_id INTEGER NOT NULL,
	PRIMARY KEY (band, record_id)
) STRICT, WITHOUT ROWID;
INSERT INTO bands (band, record_id) SELECT band, record_id FROM bands_old ORDER BY band, record_id;
DROP TABLE bands_old;
