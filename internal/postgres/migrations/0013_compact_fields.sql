-- 0013: a record's fields in caption.AppendCompactFields's binary form
-- (fields, after a byte naming the form), with its text and description
-- length beside them, as the SQLite store keeps them, instead of its
-- JSON. At 100,000 captions the JSON was over half the time the server
-- spent copying records in: parsing it into jsonb, then compressing each
-- row, which the JSON took over the 2 KB at which PostgreSQL compresses.
-- Rows written before keep their JSON in record and are read as before;
-- a row is rewritten in the new form when its record is next updated.
ALTER TABLE records
    ALTER COLUMN record DROP NOT NULL,
    ADD COLUMN text text,
    ADD COLUMN desc_len integer,
    ADD COLUMN fields bytea,
    -- NOT VALID: the rows already stored hold their JSON and nothing else,
    -- which the check allows; validating them would read the whole table.
    ADD CONSTRAINT records_fields_check CHECK (
        CASE WHEN fields IS NULL THEN record IS NOT NULL
        ELSE record IS NULL AND text IS NOT NULL END) NOT VALID;
