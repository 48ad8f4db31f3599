-- 0009: no band table. Linking finds a record's cluster candidates in a
-- band index of its own, kept in memory and read from records.bands
-- (ClusterBands); nothing reads the bands table any more, and writing it
-- (33 rows per record, at random places in its primary key) was a third
-- of the server's time in an ingest.
DROP TABLE bands;
