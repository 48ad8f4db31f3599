package storetest

import (
	"context"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"sijil/internal/caption"
)

// Run runs the conformance suite. open returns a new, empty, migrated store
// for one subtest and closes it when that subtest ends (t.Cleanup); the suite
// never closes it itself. Subtests do not run in parallel.
//
// What the suite holds every store to, beyond caption.Store's comments:
//   - IDs of documents and records grow in the order they were first stored
//     (a record's first item within a document); they need not be dense.
//     Lists come in ID order; Sources by document ID, then index; Links
//     cluster first.
//   - PutDocument: a new document's FirstSeen is doc.FirstSeen, or its
//     LastSeen; a zero LastSeen is the current time. The second put of a
//     document (same SHA-256 and path) returns it with the new LastSeen,
//     Unchanged, and zero counts. A caption's record is the first one stored
//     under its key; later items with that key only add occurrences.
//   - Times are kept to the microsecond at least and compared with Equal.
//     Empty and nil slices and maps are not told apart.
//   - Errors: a missing record is caption.ErrNotFound for Record,
//     UpdateRecord, Sources, Links and SetLink (record or target); Sources
//     and Links of a record that has none return an empty list. A bad
//     argument is caption.ErrInvalid: empty path, SHA-256 or key; text that
//     is not UTF-8 or holds a NUL (path, occurrence text, meta, record: what
//     PostgreSQL cannot store); an unknown level; Unlinked's limit < 1;
//     SetLink's Group 0; EventCandidates' days < 0. A second occurrence at
//     the same index of one document is caption.ErrDuplicate. A failed call
//     changes nothing.
//   - A document keeps the Root it was first stored with (storing it again
//     from another root changes nothing). SourcesOf gives, for each record,
//     what Sources gives; records that do not exist are left out, and a
//     list of thousands of IDs is one call.
//   - SetLink replaces the record's link at that level.
//   - Settings come back as set, focus countries in their order; SetSettings
//     replaces them whole, and the zero Settings clears them.
//   - Corrections are appended, never changed: Seq grows, Value and
//     Previous come back byte for byte, UpdateRecord leaves them alone.
//   - ClusterBands yields only records linked at cluster level, above the
//     ID given, in ID order. Bands use all 64 bits.
//   - EventCandidates compares dates as intervals of days: a month or year
//     stands for all of its days, and two dates match when the gap between
//     their intervals is at most days. An undated date matches nothing.
//   - Group pages through the records of one cluster or event: by the
//     first day of the date, earliest first, undated last, then ID; each
//     record once, even while records join the group (keyset cursors);
//     Total counts the group less Except on every page; limit 0 is 50, over
//     200 is 200; a group without records is an empty page.
//   - A cancelled context makes every call fail with an error wrapping
//     context.Canceled; Exclusive then does not run fn.
//   - Records may be iterated while the store is written to (reparse).
//   - Concurrent PutDocument calls lose nothing, store no key or document
//     twice, and their NewRecords and ExactDuplicate add up, even when two
//     documents hold the same captions in opposite orders.
//   - Exclusive never runs two fns at once, returns fn's error, and the
//     store's methods work inside fn with fn's context. Its transaction
//     rules are caption.Store's; a write made inside fn with another
//     context fails once it has waited for fn for the store's lock wait,
//     10 seconds unless open shortened it (the stores' own tests do).
//   - A write naming a record that does not exist (SetLink, SetLinks,
//     PutDocuments' links, UpdateRecord, AddCorrection) is
//     caption.ErrNotFound, whether the store or its foreign keys find it.
//   - PutDocuments' items continuing a document (DocumentItems.Continues)
//     inside one Exclusive call are added to it as if it had been stored
//     whole; a continuation of a document not stored is ErrInvalid, one
//     repeating an index ErrDuplicate.
//
// Search (search.go; open must return a store that keys place names with
// PlaceKey):
//   - Text matches caption.SearchText of the record (caption, places,
//     actors, photographers, agencies) as caption.ParseText reads the query:
//     words and "phrases" all match, OR between alternatives, -excluded;
//     case, diacritics and apostrophes folded; a word also finds its
//     possessive (Aleppo finds Aleppo's). User text never reaches SQL, FTS5
//     or tsquery syntax: a bad query, or a bad value in any filter, is
//     caption.ErrInvalid with a plain message, never a driver's.
//   - Filters combine with AND: a date range overlapping the record's date
//     (partial dates stand for all their days; undated records never match
//     one), country, geonameid of the location or place key of any place
//     name (either matches), admin1 key, agency, photographer, event type
//     and actor (compared by caption.FoldTerm), the location's basis (one
//     of caption.LocationBases, in any case; a location stored without one
//     matches none), killed at least, and the great-circle distance of the
//     location.
//   - Order: first day of the date, newest first, undated last, then ID.
//     Cursors are keyset positions: following Next pages through every
//     record once, even while records are added. Limit 0 is 50; over 1000
//     is 1000. Total counts every match.
//   - Facets: every facet name is present; over every match, the 20 most
//     frequent values, then by value; each value as first stored. The
//     basis facet counts only locations stored with a basis.
//   - Photos (photo.go): stored once per SHA-256, the first put kept;
//     Sources carry the photo of a photo document and nil for text;
//     PhotosByKeys finds exactly the photos first stored under one of
//     its keys, in ID order; SetPhotoLinks is all or none.
//   - Timeline counts by the first day of the date, oldest first; Points
//     is the matches with a location, in search order, up to its limit.
func Run(t *testing.T, open func(t *testing.T) caption.Store) {
	tests := []struct {
		name string
		fn   func(t *testing.T, s caption.Store)
	}{
		{"PutDocument", testPutDocument},
		{"PutDocumentIdempotent", testPutDocumentIdempotent},
		{"PutDocumentTimes", testPutDocumentTimes},
		{"ExactDuplicates", testExactDuplicates},
		{"Repeats", testRepeats},
		{"SameContentOtherPath", testSameContentOtherPath},
		{"Occurrences", testOccurrences},
		{"RecordRoundTrip", testRecordRoundTrip},
		{"UnicodeRoundTrip", testUnicodeRoundTrip},
		{"PutDocumentInvalid", testPutDocumentInvalid},
		{"NotFound", testNotFound},
		{"Unlinked", testUnlinked},
		{"SetLinkReplaces", testSetLinkReplaces},
		{"SetLinkInvalid", testSetLinkInvalid},
		{"ClusterBands", testClusterBands},
		{"EventCandidates", testEventCandidates},
		{"Group", testGroup},
		{"GroupStable", testGroupStable},
		{"GroupLimits", testGroupLimits},
		{"SetLinks", testSetLinks},
		{"SetLinksAtomic", testSetLinksAtomic},
		{"LinkVersion", testLinkVersion},
		{"UpdateRecord", testUpdateRecord},
		{"Stats", testStats},
		{"RecordVersions", testRecordVersions},
		{"Settings", testSettings},
		{"Corrections", testCorrections},
		{"Records", testRecords},
		{"RecordsWhileWriting", testRecordsWhileWriting},
		{"SourcesOf", testSourcesOf},
		{"DocumentRoot", testDocumentRoot},
		{"Exclusive", testExclusive},
		{"ExclusiveMutual", testExclusiveMutual},
		{"ExclusiveTransaction", testExclusiveTransaction},
		{"MissingReference", testMissingReference},
		{"Cancelled", testCancelled},
		{"BigDocument", testBigDocument},
		{"PutDocumentsContinued", testPutDocumentsContinued},
		{"ConcurrentPuts", testConcurrentPuts},
		{"SearchText", testSearchText},
		{"SearchFilters", testSearchFilters},
		{"SearchPages", testSearchPages},
		{"SearchLimits", testSearchLimits},
		{"SearchFacets", testSearchFacets},
		{"SearchUpdate", testSearchUpdate},
		{"SearchInvalid", testSearchInvalid},
		{"SearchInjection", testSearchInjection},
		{"SearchCancelled", testSearchCancelled},
		{"Timeline", testTimeline},
		{"Points", testPoints},
		{"Photos", testPhotos},
		{"PhotosInvalid", testPhotosInvalid},
		{"PhotosByKeys", testPhotosByKeys},
		{"PhotoLinks", testPhotoLinks},
		{"DocumentsWithoutPhoto", testDocumentsWithoutPhoto},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			tc.fn(t, open(t))
		})
	}
}

// diffOpts compares as the suite promises: times by Equal (cmp's default
// for types with an Equal method), nil and empty alike.
var diffOpts = []cmp.Option{cmpopts.EquateEmpty()}

// t0 and t1 are ingest times with whole microseconds, which every store keeps.
var (
	t0 = time.Date(2026, 11, 29, 10, 30, 0, 123456000, time.UTC)
	t1 = t0.Add(26*time.Hour + 5*time.Microsecond)
)

var v1 = caption.Versions{Parser: "parse/1", Gazetteer: "geonames-2026-11"}

// document builds a text document whose captions stand at real byte offsets
// after a title line, separated by blank lines, and the items a reader and
// parser would make of them.
func document(path string, raws ...string) (caption.Document, []caption.Item) {
	var b strings.Builder
	b.WriteString("Captions from " + path + "\n")
	items := make([]caption.Item, len(raws))
	for i, raw := range raws {
		b.WriteString("\n")
		line := strings.Count(b.String(), "\n") + 1
		start := b.Len()
		b.WriteString(raw)
		b.WriteString("\n")
		items[i] = caption.Item{
			Occurrence:  caption.Occurrence{Index: i, Start: start, End: start + len(raw), Line: line, Text: raw, Meta: map[string]string{"reader": "text"}},
			Record:      record(raw),
			Fingerprint: fingerprint(raw),
		}
	}
	content := b.String()
	sum := sha256.Sum256([]byte(content))
	doc := caption.Document{Path: path, SHA256: hex.EncodeToString(sum[:]), Size: int64(len(content)), Format: "text", LastSeen: t0}
	return doc, items
}

// fold is the fixture's stand-in for dedup's normalisation: captions that
// differ only in white space are the same record.
func fold(raw string) string { return strings.Join(strings.Fields(raw), " ") }

func record(raw string) caption.Record {
	text := fold(raw)
	return caption.Record{Text: text, Description: text, Evidence: map[string][]caption.Span{}}
}

// fingerprint keys a caption by its folded text. Its bands are unique to it,
// so that tests about candidates set bands explicitly.
func fingerprint(raw string) caption.Fingerprint {
	sum := sha256.Sum256([]byte(fold(raw)))
	return caption.Fingerprint{
		Key:   hex.EncodeToString(sum[:]),
		Bands: []uint64{binary.LittleEndian.Uint64(sum[8:]), binary.LittleEndian.Uint64(sum[16:])},
	}
}

func key(raw string) string { return fingerprint(raw).Key }

func mustPut(t *testing.T, s caption.Store, doc caption.Document, items []caption.Item) caption.IngestResult {
	t.Helper()
	res, err := s.PutDocument(t.Context(), doc, items, v1)
	if err != nil {
		t.Fatalf("PutDocument(%s): %v", doc.Path, err)
	}
	return res
}

// allRecords collects Records, failing on the first error.
func allRecords(t *testing.T, s caption.Store) []caption.StoredRecord {
	t.Helper()
	var out []caption.StoredRecord
	for r, err := range s.Records(t.Context()) {
		if err != nil {
			t.Fatalf("Records: %v", err)
		}
		out = append(out, r)
	}
	return out
}

// ids maps record keys to IDs.
func ids(t *testing.T, s caption.Store) map[string]int64 {
	t.Helper()
	m := map[string]int64{}
	for _, r := range allRecords(t, s) {
		m[r.Fingerprint.Key] = r.ID
	}
	return m
}

// idOf returns the ID of the record made from raw.
func idOf(t *testing.T, s caption.Store, raw string) int64 {
	t.Helper()
	id, ok := ids(t, s)[key(raw)]
	if !ok {
		t.Fatalf("no record for %q", raw)
	}
	return id
}

func mustStats(t *testing.T, s caption.Store) caption.Stats {
	t.Helper()
	st, err := s.Stats(t.Context())
	if err != nil {
		t.Fatalf("Stats: %v", err)
	}
	return st
}

func mustRecord(t *testing.T, s caption.Store, id int64) caption.StoredRecord {
	t.Helper()
	r, err := s.Record(t.Context(), id)
	if err != nil {
		t.Fatalf("Record(%d): %v", id, err)
	}
	return r
}

func mustLink(t *testing.T, s caption.Store, l caption.Link) {
	t.Helper()
	if l.Created.IsZero() {
		l.Created = t1
	}
	if err := s.SetLink(t.Context(), l); err != nil {
		t.Fatalf("SetLink(%+v): %v", l, err)
	}
}

// newGroup links id as the first record of its own group at level.
func newGroup(t *testing.T, s caption.Store, level caption.LinkLevel, id int64) {
	t.Helper()
	mustLink(t, s, caption.Link{Record: id, Level: level, Target: id, Group: id, Similarity: 1, Rule: "new"})
}

func recordIDs(rs []caption.StoredRecord) []int64 {
	out := make([]int64, len(rs))
	for i, r := range rs {
		out[i] = r.ID
	}
	return out
}

// withTimeout bounds a test that would hang if a store deadlocked.
func withTimeout(t *testing.T) context.Context {
	ctx, cancel := context.WithTimeout(t.Context(), 60*time.Second)
	t.Cleanup(cancel)
	return ctx
}
