-- 0014: records.search is written by the store, a tsvector of the words of
-- search_text that it builds itself (searchVector), instead of a column the
-- server generates with to_tsvector('simple', search_text). Its parser was
-- a fifth of the server's time in an ingest, splitting words that the
-- store had already split and folded. Searches read their query as a
-- tsquery literal of the same folded words (the store's tsQuery) instead
-- of parsing it.
ALTER TABLE records ALTER COLUMN search DROP EXPRESSION;
-- The vectors stored before stay: for words of letters and digits, as
-- search_text holds, to_tsvector made the same vector, except that it read
-- a word of digits, "e" and digits followed by more ("2e5x") as a number
-- and a word. The records whose text may hold one are reindexed when the
-- store opens (search.go), with the vector the store builds.
INSERT INTO search_pending (record_id)
SELECT id FROM records WHERE search_text ~ '(^| )[0-9]+e[0-9]'
ON CONFLICT DO NOTHING;
