-- 0006: how each record's location was chosen (caption.Location.Basis), in
-- a column beside the country, so that searches filter and count it as they
-- do the country. Records stored before sijil recorded a basis have none in
-- their JSON and keep a NULL basis, which no filter matches and no facet
-- counts (`sijil reparse` gives them one); those stored with one before
-- this migration get it here.
ALTER TABLE records ADD COLUMN basis text;

UPDATE records SET basis = record->'location'->>'basis' WHERE record->'location'->>'basis' IS NOT NULL;

CREATE INDEX records_basis_idx ON records (basis) WHERE basis IS NOT NULL;
