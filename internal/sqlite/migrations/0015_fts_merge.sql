-- 0015: FTS5 merges sixteen segments of a level at a time instead of four.
-- Every transaction of an ingest flushes its new postings as a segment,
-- and with automerge at 4 each posting was rewritten once for every level
-- of fours it climbed: at a million captions the merges were 6 s of the
-- writer's CPU, nineteen times their cost at 100,000, and the pages they
-- rewrote a good part of every COMMIT. At 16 the levels are fewer and each
-- posting is rewritten about half as often; a search reads more segments
-- of each level, which measured within noise at 690,000 records (see
-- docs/performance-log.md, 2026-12-05 night). The setting is kept in each
-- table's _config row, so existing registers take it here.
INSERT INTO records_fts (records_fts, rank) VALUES ('automerge', 16);
INSERT INTO search_terms_fts (search_terms_fts, rank) VALUES ('automerge', 16);
