-- 0009: the directory named to the ingest that each document was found in
-- (caption.Document.Root), so that readers without the write token see the
-- document's path below it rather than where it lies on the disk of
-- whoever ingested it (caption.Document.PublicPath). Files named
-- themselves, standard input and uploads have none, and so do documents
-- stored before this migration: they are shown by their base name.
ALTER TABLE documents ADD COLUMN root TEXT NOT NULL DEFAULT '';
