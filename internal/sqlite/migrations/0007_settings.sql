-- 0007: the register's settings (caption.Settings), so that everyone using
-- the register makes records alike: one row per setting that is set, its
-- value as text. focus: the focus countries, ISO codes joined by commas,
-- most important first ("SY,IQ"); no row when there are none.
CREATE TABLE settings (
	name  TEXT PRIMARY KEY CHECK (name <> ''),
	value TEXT NOT NULL
) STRICT;
