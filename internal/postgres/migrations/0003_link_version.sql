-- 0003: a number that moves on whenever links are set or records updated
-- (SetLink, SetLinks, UpdateRecord), which a linking pass compares between
-- its Exclusive calls to know whether another process changed the groups or
-- records it keeps in memory. A sequence, because nextval neither waits for
-- nor blocks other writers; that a rolled-back transaction moves it too only
-- costs such a pass a needless reload.
CREATE SEQUENCE link_version;
