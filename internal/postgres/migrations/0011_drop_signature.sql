-- 0011: no MinHash signature. Linking reads a record's bands, never its
-- signature, once the bands are made; the column was 512 of the about
-- 2,200 bytes each record's row sent by COPY, and stored. Dropping a
-- column only marks it dropped: its bytes go as rows are rewritten.
ALTER TABLE records DROP COLUMN signature;
