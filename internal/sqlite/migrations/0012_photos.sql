-- 0012: the pictures themselves (issue 16). A photo is stored once per
-- file SHA-256, whatever the documents (paths) that hold it; its thumbnail
-- apart, so that reading fingerprints never pages through thumbnails.
--
-- phash is the perceptual fingerprint in hex (photo.Hash), which the
-- register keeps opaque. photo_keys indexes each photo under a few dozen
-- locality-sensitive keys of it (caption.DocumentPhoto.Keys): the photos
-- near a fingerprint share one of its keys, most likely, and unrelated
-- photos seldom, so that finding a picture's copies reads the photos under
-- its keys, never every photo.
--
-- grp, target, distance, rule and linked are the photo's link at the
-- picture level (caption.PhotoLink), all NULL until it is linked.
CREATE TABLE photos (
	id       INTEGER PRIMARY KEY,
	sha256   TEXT NOT NULL UNIQUE CHECK (length(sha256) = 64),
	width    INTEGER NOT NULL CHECK (width > 0),
	height   INTEGER NOT NULL CHECK (height > 0),
	phash    TEXT NOT NULL,
	grp      INTEGER REFERENCES photos (id),
	target   INTEGER REFERENCES photos (id),
	distance INTEGER,
	rule     TEXT,
	linked   TEXT
) STRICT;

CREATE INDEX photos_group ON photos (grp) WHERE grp IS NOT NULL;
CREATE INDEX photos_unlinked ON photos (id) WHERE grp IS NULL;

CREATE TABLE photo_keys (
	key      INTEGER NOT NULL,
	photo_id INTEGER NOT NULL REFERENCES photos (id),
	PRIMARY KEY (key, photo_id)
) STRICT, WITHOUT ROWID;

CREATE TABLE photo_thumbs (
	photo_id INTEGER PRIMARY KEY REFERENCES photos (id),
	jpeg     BLOB NOT NULL
) STRICT;

-- A photo document is one photo; a text document has no row here.
CREATE TABLE document_photos (
	document_id INTEGER PRIMARY KEY REFERENCES documents (id),
	photo_id    INTEGER NOT NULL REFERENCES photos (id)
) STRICT;

CREATE INDEX document_photos_photo ON document_photos (photo_id);
