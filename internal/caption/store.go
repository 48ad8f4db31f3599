package caption

import (
	"context"
	"iter"
	"time"
)

// Document is a source file as ingested: where it was, what it held.
type Document struct {
	ID   int64
	Path string // as given on the command line or upload
	// Root is the directory named to the ingest that the document was
	// found in, written as Path is (Path lies under it): "" for a file
	// named itself, standard input and uploads, and for documents stored
	// before sijil kept it. See PublicPath.
	Root      string
	SHA256    string // hex digest of the whole file
	Size      int64
	Format    string // the reader that read it: text, jsonl, csv, html, jpeg
	FirstSeen time.Time
	LastSeen  time.Time
}

// Occurrence is one caption as found in a document: the provenance of a
// record. A record has one occurrence per place it was found.
type Occurrence struct {
	DocumentID int64
	Index      int    // the caption's position in its document, from 0
	Start, End int    // byte range in the document
	Line       int    // 1-based line of Start, 0 when the format has no lines
	Text       string // the caption as found, before folding
	Meta       map[string]string
	RecordID   int64
}

// Item is one caption of a document on its way into a store: where it was
// found, the record parsed from it and its fingerprint.
type Item struct {
	Occurrence  Occurrence // DocumentID and RecordID are set by the store
	Record      Record
	Fingerprint Fingerprint
	// Repeat marks a caption whose key an earlier item of the same
	// PutDocuments call, or of one made before it, holds: its record is
	// that item's, and the store keeps only this occurrence of it. Its
	// Record and Fingerprint are then incomplete (ingest spares a copy
	// the document's context and its bands, work a third of an archive's
	// captions would do for nothing), and a store refuses to make a
	// record of it with caption.ErrInvalid.
	Repeat bool
}

// Fingerprint is what deduplication keeps of a record.
type Fingerprint struct {
	// Key identifies the caption: the hex SHA-256 of its text with white
	// space, quotes and dashes folded. Equal keys are the same record.
	Key string
	// Bands are the LSH band hashes of the MinHash signature of the
	// description's shingles: records sharing a band are candidate
	// near-duplicates.
	Bands []uint64
}

// Versions name the rules and data that derived a record's fields, so that
// `sijil reparse` knows what is stale.
type Versions struct {
	Parser    string
	Gazetteer string
}

// StoredRecord is a record in a store with its identity and groups.
type StoredRecord struct {
	ID          int64
	Record      Record
	Fingerprint Fingerprint
	Versions    Versions
	Cluster     int64 // 0 until linked; else the ID of the cluster's first record
	Event       int64 // 0 until linked; else the ID of the event's first record
}

// BandRecord is what a linking pass keeps in memory of a record linked at
// cluster level to find the cluster candidates of new records without
// asking the store for each: its ID, its cluster, its date (copies agree
// on the date, and most records sharing a band by chance do not) and its
// LSH bands.
type BandRecord struct {
	ID      int64
	Cluster int64
	Date    PartialDate
	Bands   []uint64
}

// LinkLevel is the level at which two records are grouped.
type LinkLevel string

// The two levels above exact identity: altered copies of one caption, and
// other photos of the same incident.
const (
	LevelCluster LinkLevel = "cluster"
	LevelEvent   LinkLevel = "event"
)

// Link records why a record joined a group, so that a person can review and
// undo it: the record it was matched to, how alike they were, by which rule.
// A record that starts its own group has a Link with Target equal to itself
// and Rule "new".
type Link struct {
	Record     int64
	Level      LinkLevel
	Target     int64 // the record matched; the group is Target's group
	Group      int64 // the cluster or event ID joined
	Similarity float64
	Rule       string
	Created    time.Time
}

// IngestResult counts what storing one document changed.
type IngestResult struct {
	Document       Document
	Occurrences    int // new occurrences stored
	NewRecords     int // records not seen before
	ExactDuplicate int // captions whose record already existed
	Unchanged      bool
	// RecordIDs are the record of each item, in the order given, and
	// Created the records this call created, in ID order (nil when
	// Unchanged): a linking pass links the new records from the items it
	// holds instead of reading them back. A created record's fields are
	// those of the first item citing it.
	RecordIDs []int64
	Created   []int64
}

// DocumentItems is a document and its items, for PutDocuments.
type DocumentItems struct {
	Document Document
	Items    []Item
	// Prepared is what the store's Prepare made of Items, or nil: the
	// store does itself whatever of it is missing.
	Prepared Prepared
	// Continues says that Items carry on the document, which an earlier
	// PutDocuments call of the same Exclusive call stored with the items
	// before them: they are added to it, where a document found stored is
	// otherwise Unchanged. A document of hundreds of thousands of captions
	// is stored so, a part at a time, and only its parts in flight are
	// held in memory; inside one Exclusive call, a reader never sees it,
	// nor does a kill leave it, in part. Its items' indexes follow on from
	// the earlier parts' (an index stored again is refused), and a
	// document not stored is refused (ErrInvalid).
	Continues bool
}

// Prepared is a store's own work on a document's items, done by Prepare
// before the write; only the store that made it reads it.
type Prepared any

// PreparedItems returns d.Prepared as a store's own list P of one entry per
// item, when it is one and holds as many entries as d has items, else nil:
// the store then makes what is missing itself, and it checks each entry
// against its item's text, which a document changed since Prepare no
// longer matches.
func PreparedItems[P ~[]E, E any](d DocumentItems) P {
	if pre, ok := d.Prepared.(P); ok && len(pre) == len(d.Items) {
		return pre
	}
	return nil
}

// A Preparer is a store that can do part of storing items apart from its
// write: the work that depends on the items alone (encoding each record
// for its row). A store writes on one goroutine; ingest calls Prepare on
// its workers, beside the writer, which would otherwise do that work while
// the workers wait for it.
type Preparer interface {
	// Prepare may be called from several goroutines at once, and must not
	// touch the store's data. It may drop from items what it encoded and
	// the write will not read again (a record's evidence): the caller
	// gives items to the write and reads them no more.
	Prepare(items []Item) Prepared
}

// A BulkLoader is a store that can take a load as large as itself faster
// by leaving some of its indexes unbuilt while the load lasts and building
// them, each in one sorted pass, at its end. Maintaining an index whose
// keys arrive in random order costs a page write per new row once the
// index outgrows a transaction's rows, so a register's cost a caption grew
// with its size; built at the end, the index costs one sort.
//
// Only indexes that reads alone use are deferred: constraints and what
// storing and linking look up stay. Reads stay correct while the indexes
// are missing, only slower; a store whose indexes a load left deferred
// (killed, or stopped) builds them the next time it is opened.
type BulkLoader interface {
	// DeferIndexes drops the deferrable indexes the store holds, keeping
	// their definitions.
	DeferIndexes(ctx context.Context) error
	// RestoreIndexes builds every index deferred, by this process or
	// another, and reports how many it built.
	RestoreIndexes(ctx context.Context) (int, error)
}

// LinkFunc decides the links of the records a PutDocuments call creates,
// before they are written, in two steps. Given them in ID order (IDs set,
// each with the fields of the first item citing it, Cluster and Event 0),
// it reads what it needs: it runs inside the call's transaction, before
// the call writes anything, and may read the store with the ctx it is
// given (which does not yet hold created), but must not write to it. It
// returns the second step, which decides their links at either level or
// both from what it read, without the store: the call may run it on
// another goroutine while it writes what does not depend on the links
// (a linking pass's matching and a batch's search index take about as
// long), and it may set created's Cluster and Event but must change
// nothing else of them.
type LinkFunc func(ctx context.Context, created []StoredRecord) (LinkDecision, error)

// LinkDecision is a LinkFunc's second step: the links it decided.
type LinkDecision func() ([]Link, error)

// Stats counts a store's contents.
type Stats struct {
	Documents   int
	Occurrences int
	Records     int
	Clusters    int
	Events      int
}

// Source is an occurrence with its document, as `sijil show` and exports
// cite it.
type Source struct {
	Document Document
	Occurrence
	// Photo is the picture the document is, with its link; nil for a
	// text document and a photo stored before sijil kept pictures.
	Photo *Photo
}

// Store is sijil's register. It has two implementations, SQLite and
// PostgreSQL, held to the same behaviour by internal/storetest.
//
// Ingest is split so that every step is one transaction and can be re-run:
// PutDocument stores a document's occurrences and new records atomically and
// idempotently; the linking passes then take records not yet linked at a
// level, in ID order, and link each one. An ingest killed at any moment
// leaves a consistent store, and running it again completes it.
type Store interface {
	// PutDocument stores doc and its items in one transaction. A document
	// already stored with the same SHA-256 and path only has LastSeen
	// updated (Unchanged). Records are found or created by Fingerprint.Key.
	PutDocument(ctx context.Context, doc Document, items []Item, v Versions) (IngestResult, error)

	// PutDocuments stores docs, each as PutDocument would, and the
	// records they create with the links link returns for them (as
	// SetLinks would store them; nil link: none), all in one transaction
	// (Exclusive's, inside it), and returns a result per document. Each
	// link's Record must be one of the records created; a record is
	// written once, with its groups. An error stores nothing. Inside
	// Exclusive, an error of link's second step, or a link it returns
	// that is refused, may come after the call began writing: the store
	// may then fail the whole Exclusive call, which fn must return the
	// error to.
	PutDocuments(ctx context.Context, docs []DocumentItems, v Versions, link LinkFunc) ([]IngestResult, error)

	// Unlinked returns up to limit records with no link at level, in ID
	// order (at LevelEvent, only records already linked at LevelCluster).
	Unlinked(ctx context.Context, level LinkLevel, limit int) ([]StoredRecord, error)
	// ClusterBands yields the records linked at cluster level whose ID is
	// above after, in ID order, with their cluster and bands: a linking
	// pass reads them once into an index in memory, then only the records
	// linked since. Reading the records themselves would decode every
	// field of each.
	ClusterBands(ctx context.Context, after int64) iter.Seq2[BandRecord, error]
	// RecordsOf returns the records of ids that exist, in ID order, in
	// one read: the candidates a linking pass found in its index.
	RecordsOf(ctx context.Context, ids []int64) ([]StoredRecord, error)
	// EventCandidates returns the records linked as events whose date lies
	// within days of d.
	EventCandidates(ctx context.Context, d PartialDate, days int) ([]StoredRecord, error)
	// SetLink stores l and sets the record's group at l.Level.
	SetLink(ctx context.Context, l Link) error
	// SetLinks stores links, in order, as SetLink would one by one, but
	// in one transaction (or Exclusive's): all or none.
	SetLinks(ctx context.Context, links []Link) error
	// LinkVersion returns a number that changes whenever a link is set or
	// a record's fields are updated, by any process: a linking pass that
	// keeps what it learnt of the store between Exclusive calls compares
	// it to know whether that still holds.
	LinkVersion(ctx context.Context) (int64, error)
	// Links returns the links of a record at every level.
	Links(ctx context.Context, record int64) ([]Link, error)
	// Exclusive runs fn in one transaction that no other Exclusive call,
	// of this process or another, runs beside (SQLite: the write lock;
	// PostgreSQL: an advisory lock held by the transaction):
	//   - Every call made with fn's ctx, or a context made from it, runs
	//     in that transaction, reads included: they see fn's writes, which
	//     nobody else sees until fn returns. Exclusive called with fn's ctx
	//     runs the inner fn in the same transaction.
	//   - The transaction is committed when fn returns nil and rolled back,
	//     keeping nothing fn wrote, when fn returns an error (which
	//     Exclusive returns) or the process dies.
	//   - A write that fails for its arguments (ErrInvalid, ErrNotFound,
	//     ErrDuplicate) changes nothing and leaves fn's other writes in
	//     place. After a failure of the database itself the transaction may
	//     be unusable: later calls fail, and Exclusive returns an error
	//     having kept nothing.
	//   - A call made while fn runs with another context is not part of
	//     the transaction: a read sees what is committed; a write or
	//     Exclusive from another goroutine waits for fn to end. Made from
	//     fn, it would wait for fn for ever: a store fails such a call once
	//     it has waited for one Exclusive call longer than some seconds
	//     (its lock wait), rather than hang. Pass fn's ctx.
	//   - fn must not use its ctx after it returns; calls with it may come
	//     from several goroutines, which take turns on the transaction.
	Exclusive(ctx context.Context, fn func(ctx context.Context) error) error

	// Record returns one record; ErrNotFound when there is none.
	Record(ctx context.Context, id int64) (StoredRecord, error)
	// Records yields every record in ID order.
	Records(ctx context.Context) iter.Seq2[StoredRecord, error]
	// Group returns a page of the records of a cluster or an event, how
	// many it has and the cursor of the next page (see GroupPage for the
	// order): the page is read by the group's ID, whatever the size of the
	// register. A group with no records is an empty page; a bad query is
	// ErrInvalid (PlanGroup).
	Group(ctx context.Context, q GroupQuery) (GroupPage, error)
	// Sources returns where a record was found, in document and index order.
	Sources(ctx context.Context, record int64) ([]Source, error)
	// SourcesOf returns where each of records was found, as Sources
	// would one record at a time, in one read: the sources of each record,
	// in document and index order, keyed by its ID. A record that does not
	// exist is not in the map. Exports read the sources of a page of
	// records at a time with it, rather than a query per record.
	SourcesOf(ctx context.Context, records []int64) (map[int64][]Source, error)
	// Documents returns every document in ID order.
	Documents(ctx context.Context) ([]Document, error)
	// UpdateRecord replaces a record's derived fields (after a reparse),
	// leaving its sources and links alone.
	UpdateRecord(ctx context.Context, id int64, r Record, v Versions) error
	// Stats counts documents, occurrences, records, clusters and events.
	Stats(ctx context.Context) (Stats, error)
	// RecordVersions counts the records by the Versions that derived
	// them, most records first, then by parser and gazetteer version: what
	// `sijil reparse` would bring up to date.
	RecordVersions(ctx context.Context) ([]VersionCount, error)

	// Settings returns the register's settings: the zero Settings when
	// none were ever set.
	Settings(ctx context.Context) (Settings, error)
	// SetSettings replaces the register's settings with s, for every
	// process that uses the register from then on. It is ErrInvalid, and
	// changes nothing, when s.Check fails.
	SetSettings(ctx context.Context, s Settings) error

	// AddCorrection appends c to the record's corrections and returns it
	// with its Seq (c.Seq is ignored; a zero At is the current time). It is
	// ErrNotFound when the record does not exist and ErrInvalid when c's
	// text is not storable (not UTF-8, NUL) or its field is empty.
	// Corrections are never changed or removed.
	AddCorrection(ctx context.Context, c Correction) (Correction, error)
	// Corrections returns the corrections of a record, oldest first: none
	// for a record without any, ErrNotFound for a record that does not
	// exist.
	Corrections(ctx context.Context, record int64) ([]Correction, error)

	// Search returns a page of the records matching q (Query says how
	// they match and are ordered), how many match in all, the cursor of the
	// next page and facet counts over every match. A bad query is
	// ErrInvalid with a message for the user.
	Search(ctx context.Context, q Query) (SearchResult, error)
	// Timeline counts the records matching q by day; q's Limit and Cursor
	// are ignored.
	Timeline(ctx context.Context, q Query) ([]DayCount, error)
	// Points returns up to limit (at least 1) of the records matching q
	// that have a location, in search order, for a map: each with its ID
	// and the fields of PointRecord only. q's Limit and Cursor are ignored.
	Points(ctx context.Context, q Query, limit int) ([]StoredRecord, error)

	// PutPhotos stores each photo, once per SHA-256 (a photo already
	// stored keeps its ID, link and thumbnail), and that its document is
	// that photo, all in one transaction (or Exclusive's): a document is
	// one photo, and stored again it keeps the first. A document that
	// does not exist is ErrNotFound; a SHA-256 that is not 64 lower-case
	// hex digits, a size below 1, an empty hash or thumbnail, ErrInvalid.
	PutPhotos(ctx context.Context, photos []DocumentPhoto) error
	// DocumentsWithoutPhoto returns the IDs, in order, of the documents
	// of one of formats (the photo formats) that PutPhotos stored no
	// photo for: documents stored before the register kept pictures, by a
	// process that did not analyse them, or whose pixels could not be
	// read. Ingest analyses their pictures when it meets them unchanged.
	DocumentsWithoutPhoto(ctx context.Context, formats []string) ([]int64, error)
	// UnlinkedPhotos returns up to limit (at least 1) photos with no
	// PhotoLink, in ID order.
	UnlinkedPhotos(ctx context.Context, limit int) ([]Photo, error)
	// PhotosByKeys returns the photos stored with one of keys
	// (DocumentPhoto.Keys), linked or not, in ID order: the candidates
	// near a fingerprint, read through an index of the keys, never by
	// reading every photo.
	PhotosByKeys(ctx context.Context, keys []int64) ([]Photo, error)
	// SetPhotoLinks stores links, in order, each replacing its photo's,
	// in one transaction (or Exclusive's): all or none. A photo or target
	// that does not exist is ErrNotFound; a Group below 1, ErrInvalid. A
	// zero Created is the current time.
	SetPhotoLinks(ctx context.Context, links []PhotoLink) error
	// PhotoSources returns the sources whose photo is linked into one of
	// groups, each with its Photo, by group, photo ID, document and index.
	// groups nil: the sources of every group of more than one photo, the
	// pictures printed more than once.
	PhotoSources(ctx context.Context, groups []int64) ([]Source, error)
	// Thumbnail returns the thumbnail (JPEG) of the photo whose file has
	// that hex SHA-256; ErrNotFound when there is none.
	Thumbnail(ctx context.Context, sha256 string) ([]byte, error)

	// Close releases the store.
	Close() error
}

// SearchLister is a Store that lists every record a query matches in one
// pass. An export of all of a search's matches paged through Search
// instead, and each page counted and ranked every match again for its
// facets and its place: an export of the 587,000 records of a million
// dated from 2015 on had not ended after eight CPU-minutes, and took 28 s
// from one list; one of 73,000 records took 31.0 s, and 4.7 s.
type SearchLister interface {
	// SearchIDs returns the IDs of the records matching q, in search
	// order (Search's, page after page); q's Limit and Cursor are ignored.
	SearchIDs(ctx context.Context, q Query) ([]int64, error)
	// RecordsByID returns the records of ids that exist, in that order.
	RecordsByID(ctx context.Context, ids []int64) ([]StoredRecord, error)
}
