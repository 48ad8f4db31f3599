-- 0005: the register's settings (caption.Settings), so that a team sharing
-- this register makes records alike: one row per setting that is set, its
-- value as text. focus: the focus countries, ISO codes joined by commas,
-- most important first ('SY,IQ'); no row when there are none.
CREATE TABLE settings (
    name  text PRIMARY KEY CHECK (name <> ''),
    value text NOT NULL
);
