package caption

import (
	"context"
	"fmt"
	"reflect"
	"strings"
	"time"
	"unicode/utf8"
)

// Photo is the picture a photo document holds, as the register keeps it:
// its file digest, its pixel size, its perceptual fingerprint and the
// group of the same picture it was linked into. Photos are stored once per
// SHA-256, however many documents (paths) hold the file.
type Photo struct {
	ID            int64
	SHA256        string // hex SHA-256 of the file
	Width, Height int    // pixel size as stored, before EXIF orientation
	// Hash is the perceptual fingerprint (photo.Hash) in hex: copies of a
	// picture resized, recompressed, cropped a little or recoloured lie
	// near each other by photo.Distance. The register keeps it opaque.
	Hash string
	Link PhotoLink // the zero PhotoLink until linked
}

// LevelPicture is the fourth link level, beside the three of records
// (identical key, LevelCluster, LevelEvent): photos of the same picture,
// whatever their captions say. It links photos, not records: one caption
// may be printed under two pictures, and one picture under many captions.
const LevelPicture LinkLevel = "picture"

// PhotoLink records why a photo joined its group of the same picture, so
// that a person can review it as they review a record's Link: the photo it
// was matched to and how many bits of their fingerprints differ. A photo
// that starts its own group links to itself with Rule "new".
type PhotoLink struct {
	Photo    int64
	Target   int64 // the photo matched; the group is Target's group
	Group    int64 // the ID of the group's first photo
	Distance int   // Hamming distance of the two fingerprints
	Rule     string
	Created  time.Time
}

// DocumentPhoto is a photo document's picture on its way into a store
// (PutPhotos), with its thumbnail and the keys it is found by.
type DocumentPhoto struct {
	Document int64 // the stored document that is the photo file
	Photo    Photo // ID and Link are set by the store
	Thumb    []byte
	// Keys index the photo for PhotosByKeys: locality-sensitive keys of
	// its Hash, which the photos near it share one of, most likely, and
	// unrelated photos seldom. Whoever makes the hash makes the keys.
	Keys []int64
}

// Check returns ErrInvalid unless p is storable: a SHA-256 of 64
// lower-case hex digits, a pixel size, a thumbnail and a document.
func (p DocumentPhoto) Check() error {
	if !IsSHA256(p.Photo.SHA256) || p.Photo.Width < 1 || p.Photo.Height < 1 || len(p.Thumb) == 0 || p.Document < 1 ||
		p.Photo.Hash == "" || !utf8.ValidString(p.Photo.Hash) || strings.IndexByte(p.Photo.Hash, 0) >= 0 {
		return fmt.Errorf("%w: photo %q of document %d: %dx%d, thumbnail of %d bytes",
			ErrInvalid, p.Photo.SHA256, p.Document, p.Photo.Width, p.Photo.Height, len(p.Thumb))
	}
	return nil
}

// IsSHA256 reports whether s is a SHA-256 as the register writes it: 64
// lower-case hex digits.
func IsSHA256(s string) bool {
	if len(s) != 64 {
		return false
	}
	for i := range len(s) {
		if c := s[i]; (c < '0' || c > '9') && (c < 'a' || c > 'f') {
			return false
		}
	}
	return true
}

// PhotoMatch is a record whose source carries the same picture as a photo
// searched for: the nearest of its photos and how far it lies.
type PhotoMatch struct {
	Record   StoredRecord
	Photo    Photo
	Distance int
}

// FilterPhotoMatches keeps, in their order, the matches of a photo search
// whose records match q's filters (full text, dates, country, places,
// event type…): the records of the same picture that a search would also
// find. q's Limit, Cursor and Records are its own. A q without filters
// keeps every match and asks s nothing.
func FilterPhotoMatches(ctx context.Context, s Store, ms []PhotoMatch, q Query) ([]PhotoMatch, error) {
	q.Limit, q.Cursor, q.Records = 0, "", nil
	if len(ms) == 0 || reflect.ValueOf(q).IsZero() {
		return ms, nil
	}
	q.Limit = MaxLimit
	keep := make(map[int64]bool, len(ms))
	for start := 0; start < len(ms); start += MaxRecordsFilter {
		part := ms[start:min(start+MaxRecordsFilter, len(ms))]
		q.Records, q.Cursor = make([]int64, len(part)), ""
		for i, m := range part {
			q.Records[i] = m.Record.ID
		}
		for {
			res, err := s.Search(ctx, q)
			if err != nil {
				return nil, fmt.Errorf("filter photo matches: %w", err)
			}
			for _, r := range res.Records {
				keep[r.ID] = true
			}
			if res.Next == "" {
				break
			}
			q.Cursor = res.Next
		}
	}
	out := make([]PhotoMatch, 0, len(keep))
	for _, m := range ms {
		if keep[m.Record.ID] {
			out = append(out, m)
		}
	}
	return out, nil
}
