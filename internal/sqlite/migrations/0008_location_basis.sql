-- 0008: how each record's location was chosen (caption.Location.Basis), in
-- search_records beside the country, so that searches filter and count it
-- as they do the country. Records stored before sijil recorded a basis have
-- none in their JSON and keep a NULL basis, which no filter matches and no
-- facet counts (`sijil reparse` gives them one); those stored with one
-- before this migration get it here.
ALTER TABLE search_records ADD COLUMN basis TEXT;

UPDATE search_records SET basis = (SELECT json_extract(r.json, '$.location.basis') FROM records AS r WHERE r.id = search_records.id)
WHERE id IN (SELECT id FROM records WHERE instr(json, '"basis"') > 0);

CREATE INDEX search_records_basis ON search_records (basis) WHERE basis IS NOT NULL;
