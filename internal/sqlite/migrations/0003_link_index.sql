-- 0003: the event linking pass's date window. EventCandidates looks for
-- records linked at event level whose days overlap a window; records_event_day
-- (day_first only) made it read a year of rows before the window, since a
-- date can span a year, and fetch each to test day_last. This index holds the
-- precision first, so that day and month dates (day_last - day_first at most
-- 0 and 30) are ranged to the window, and day_last, so that the test reads
-- the index alone.
DROP INDEX records_event_day;
CREATE INDEX records_event_days ON records (date_precision, day_first, day_last) WHERE event IS NOT NULL;
