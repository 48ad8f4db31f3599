package postgres

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"

	"sijil/internal/caption"
)

// maxAttempts bounds how often PutDocuments re-runs a transaction that lost
// a race for a document, a deadlock or a serialization conflict to a
// concurrent writer.
const maxAttempts = 5

// errDocumentRace is a document that a concurrent writer stored between
// PutDocuments' look-up and its insert.
var errDocumentRace = errors.New("a concurrent writer stored the same document")

// PutDocuments stores docs as PutDocument would each, and the records they
// create with the links link returns for them, in one transaction:
// Exclusive's inside it (in a savepoint, so that an error stores nothing
// and leaves the rest of fn's work alone), else one of its own. See
// caption.Store.
//
// It takes a handful of round trips for the whole batch, whatever the
// number of its documents and captions: one to find the documents already
// stored; one to find the records already stored, by key, and to take IDs
// from the sequences for the new documents and records (given to the
// records in the order the batch first cites them); then, once link has
// decided the new records' links, one COPY (pgx's CopyFrom, binary) each
// for the records, the search terms (into a staging table), the
// occurrences and the links, one statement for the documents
// (with those whose last ingest time moves on) and one for the search
// index's values and terms, set-based (INSERT … SELECT … ON CONFLICT).
// Each new record is written once, with its cluster and event: inserted
// and then updated, as SetLinks would, a records row is written twice, and
// each of its indexes, the full-text one among them, gets a second entry.
//
// Concurrent writers. Inside Exclusive, and outside it when link is not nil
// (it then runs in an Exclusive call of its own), the transaction holds
// the advisory lock, which every writer of sijil takes, exclusively or
// shared: the documents and records it found missing are still missing
// when it writes them, and the records are copied straight into records
// (see write). Outside Exclusive with no link, it takes the lock shared, so
// that such calls run side by side but never beside an Exclusive call: the
// records are staged and inserted in key order with ON CONFLICT DO
// NOTHING, which waits for a concurrent inserter of the same key and then
// finds its row, so that no key is stored twice and no occurrence lost;
// the occurrences then cite that record, and the call counts it as found,
// not created. A document stored meanwhile by another such call, a
// deadlock or a serialization failure runs the whole call again, up to
// maxAttempts times. Inside Exclusive, a document or record stored
// meanwhile by a writer that does not take the lock fails the call.
func (s *Store) PutDocuments(ctx context.Context, docs []caption.DocumentItems, v caption.Versions, link caption.LinkFunc) (res []caption.IngestResult, err error) {
	defer wrap(&err, "postgres.PutDocuments(%d documents)", len(docs))
	return s.putDocuments(ctx, docs, v, link)
}

func (s *Store) putDocuments(ctx context.Context, docs []caption.DocumentItems, v caption.Versions, link caption.LinkFunc) (res []caption.IngestResult, err error) {
	p, err := newPutPlan(docs)
	if err != nil {
		return nil, err
	}
	if x := s.txOf(ctx); x != nil {
		return p.run(ctx, x, v, link, true)
	}
	if link != nil {
		err = s.Exclusive(ctx, func(ctx context.Context) error {
			res, err = p.run(ctx, s.txOf(ctx), v, link, false)
			return err
		})
		return res, err
	}
	if _, err := s.gate.Enter(ctx, "PutDocuments", false); err != nil {
		return nil, err
	}
	for attempt := 1; ; attempt++ {
		var x *txState
		if x, err = s.begin(ctx, lockShared); err == nil {
			res, err = p.run(context.WithValue(ctx, txKey{}, x), x, v, nil, false)
			err = x.end(ctx, err)
		}
		if err == nil || !(retryable(err) || errors.Is(err, errDocumentRace)) || attempt == maxAttempts {
			return res, err
		}
		p.reset()
	}
}

// putPlan is a PutDocuments call: its documents, checked, and what their
// look-up decided.
type putPlan struct {
	docs    []caption.DocumentItems // with FirstSeen and LastSeen set
	results []caption.IngestResult
	// canon is, for each document, the index of the batch's first
	// document with its path and SHA-256 (itself, mostly).
	canon []int
	// fresh are the indexes of the documents whose items are stored:
	// those to create, and those continued (caption.DocumentItems.
	// Continues); touched those already stored whose last ingest time
	// moves forward.
	fresh, touched []int
	// keys are the distinct keys of the fresh documents' items, in the
	// order they are first cited, and first the item citing each first.
	keys  []string
	first map[string]*caption.Item
	// prepared are the columns Prepare made of each key's first item,
	// when it made them.
	prepared map[string]*recordColumns
	// ids are the record of each key; isNew the keys whose record this
	// call creates.
	ids   map[string]int64
	isNew map[string]bool
	// lastSeen is, for each document first of its path and SHA-256 in
	// the batch, the last ingest time to store: the latest of its copies'
	// (and of the stored one's).
	lastSeen []time.Time
}

// newPutPlan checks docs: everything that can be refused without the
// database is refused before it is asked anything.
func newPutPlan(docs []caption.DocumentItems) (*putPlan, error) {
	p := &putPlan{docs: make([]caption.DocumentItems, len(docs)), canon: make([]int, len(docs))}
	byPath := map[[2]string]int{}
	for i, d := range docs {
		doc := d.Document
		if err := checkDocument(doc); err != nil {
			return nil, fmt.Errorf("%s: %w", doc.Path, err)
		}
		doc.FirstSeen, doc.LastSeen = seenTimes(doc)
		if err := checkItems(d.Items); err != nil {
			return nil, fmt.Errorf("%s: %w", doc.Path, err)
		}
		p.docs[i] = caption.DocumentItems{Document: doc, Items: d.Items, Continues: d.Continues, Prepared: d.Prepared}
		k := [2]string{doc.Path, doc.SHA256}
		if j, ok := byPath[k]; ok && !d.Continues {
			p.canon[i] = j
		} else {
			byPath[k] = i
			p.canon[i] = i
		}
	}
	return p, nil
}

// reset forgets what a failed attempt looked up.
func (p *putPlan) reset() {
	p.results, p.fresh, p.touched, p.keys, p.first, p.prepared, p.ids, p.isNew, p.lastSeen = nil, nil, nil, nil, nil, nil, nil, nil, nil
}

// run stores the plan's documents on x: look-up, linking, writes (in a
// savepoint when savepoint is set), results.
func (p *putPlan) run(ctx context.Context, x *txState, v caption.Versions, link caption.LinkFunc, savepoint bool) ([]caption.IngestResult, error) {
	s := x.store
	var created []caption.StoredRecord
	err := x.run(ctx, func(tx pgx.Tx) error {
		var err error
		created, err = p.lookUp(ctx, tx, s, v)
		return err
	})
	if err != nil {
		return nil, err
	}
	var links []caption.Link
	if link != nil && len(created) > 0 {
		// Outside x.run: link reads the store with ctx, through x. Its
		// decision is waited for: the writes are one COPY and a few
		// statements, which the links' groups are part of.
		decide, err := link(ctx, created)
		if err != nil {
			return nil, err
		}
		if links, err = decide(); err != nil {
			return nil, err
		}
	}
	w, err := p.writes(created, links, v)
	if err != nil {
		return nil, err
	}
	err = x.run(ctx, func(tx pgx.Tx) error {
		if !savepoint {
			return w.write(ctx, tx, x, p)
		}
		return pgx.BeginFunc(ctx, tx, func(sp pgx.Tx) error { return w.write(ctx, sp, x, p) })
	})
	if err != nil {
		return nil, err
	}
	return p.results, nil
}

// lookUp finds the stored documents and records of the plan and takes IDs
// for the new ones, fills the results, and returns the records to create,
// in ID order, with the fields of the first item citing each.
func (p *putPlan) lookUp(ctx context.Context, tx pgx.Tx, s *Store, v caption.Versions) ([]caption.StoredRecord, error) {
	p.results = make([]caption.IngestResult, len(p.docs))
	p.lastSeen = make([]time.Time, len(p.docs))
	stored, err := p.storedDocuments(ctx, tx)
	if err != nil {
		return nil, err
	}
	for i, d := range p.docs {
		r := &p.results[i]
		if c := p.canon[i]; c != i {
			// Again in the batch: as a second call would find it, its
			// ID filled in below when it is new.
			p.lastSeen[c] = latest(p.lastSeen[c], d.Document.LastSeen)
			r.Document, r.Unchanged = p.results[c].Document, true
			r.Document.LastSeen = p.lastSeen[c]
			continue
		}
		r.Document, p.lastSeen[i] = d.Document, d.Document.LastSeen
		sd, ok := stored[[2]string{d.Document.Path, d.Document.SHA256}]
		switch {
		case d.Continues:
			if err := checkContinued(ctx, tx, ok, d.Document.Path, sd.ID, d.Items); err != nil {
				return nil, err
			}
			r.Document = sd
			p.fresh = append(p.fresh, i)
		case ok:
			r.Document, r.Unchanged = sd, true
			r.Document.LastSeen = latest(sd.LastSeen, d.Document.LastSeen)
			p.lastSeen[i] = r.Document.LastSeen
		default:
			p.fresh = append(p.fresh, i)
		}
	}
	for i, r := range p.results {
		if p.canon[i] == i && r.Unchanged && p.lastSeen[i].After(stored[[2]string{r.Document.Path, r.Document.SHA256}].LastSeen) {
			p.touched = append(p.touched, i)
		}
	}
	if len(p.fresh) == 0 {
		return nil, nil
	}
	p.first, p.prepared = map[string]*caption.Item{}, map[string]*recordColumns{}
	for _, i := range p.fresh {
		items, pre := p.docs[i].Items, caption.PreparedItems[preparedItems](p.docs[i])
		for n := range items {
			k := items[n].Fingerprint.Key
			if p.first[k] == nil {
				p.first[k] = &items[n]
				p.keys = append(p.keys, k)
				if pre != nil && pre[n] != nil {
					p.prepared[k] = pre[n]
				}
			}
		}
	}
	docIDs, fresh, err := p.takeIDs(ctx, tx, s)
	if err != nil {
		return nil, err
	}
	for n, i := range p.created() {
		p.results[i].Document.ID = docIDs[n]
	}
	for i := range p.results {
		if c := p.canon[i]; c != i {
			p.results[i].Document.ID = p.results[c].Document.ID
		}
	}
	// The new records' IDs, taken in any order, go to the keys in the
	// order the batch first cites them.
	slices.Sort(fresh)
	created := make([]caption.StoredRecord, 0, len(fresh))
	p.isNew = make(map[string]bool, len(fresh))
	for _, k := range p.keys {
		if _, ok := p.ids[k]; ok {
			continue
		}
		it := p.first[k]
		if it.Repeat {
			return nil, caption.RepeatUnheld(p.pathOf(it), it)
		}
		id := fresh[len(created)]
		p.ids[k], p.isNew[k] = id, true
		created = append(created, caption.StoredRecord{ID: id, Record: it.Record, Fingerprint: it.Fingerprint, Versions: v})
	}
	p.count()
	return created, nil
}

// pathOf returns the path of the fresh document holding it.
func (p *putPlan) pathOf(it *caption.Item) string {
	for _, i := range p.fresh {
		for n := range p.docs[i].Items {
			if &p.docs[i].Items[n] == it {
				return p.docs[i].Document.Path
			}
		}
	}
	return ""
}

// created returns the indexes of the documents to create: the fresh
// ones that are not continued.
func (p *putPlan) created() []int {
	var out []int
	for _, i := range p.fresh {
		if !p.docs[i].Continues {
			out = append(out, i)
		}
	}
	return out
}

// checkContinued checks the items of a document that continue it
// (caption.DocumentItems.Continues): the document must be stored (found),
// and the items' indexes must follow those stored.
func checkContinued(ctx context.Context, tx pgx.Tx, found bool, path string, id int64, items []caption.Item) error {
	if !found {
		return fmt.Errorf("%w: %s: continues a document not stored", caption.ErrInvalid, path)
	}
	var last int
	if err := tx.QueryRow(ctx, "SELECT coalesce(max(idx), -1) FROM occurrences WHERE document_id = $1", id).Scan(&last); err != nil {
		return err
	}
	for _, it := range items {
		if it.Occurrence.Index <= last {
			return fmt.Errorf("%w: %s: caption %d continues the document, which holds captions up to index %d", caption.ErrDuplicate, path, it.Occurrence.Index, last)
		}
	}
	return nil
}

// latest returns the later of two times.
func latest(a, b time.Time) time.Time {
	if b.After(a) {
		return b
	}
	return a
}

// storedDocuments returns the documents of the plan already stored, by
// path and SHA-256.
func (p *putPlan) storedDocuments(ctx context.Context, tx pgx.Tx) (map[[2]string]caption.Document, error) {
	var paths, sums []string
	for i, d := range p.docs {
		if p.canon[i] == i {
			paths, sums = append(paths, d.Document.Path), append(sums, d.Document.SHA256)
		}
	}
	rows, err := tx.Query(ctx, `SELECT d.id, d.path, d.root, d.sha256, d.size, d.format, d.first_seen, d.last_seen
		FROM unnest($1::text[], $2::text[]) AS u (path, sha256)
		JOIN documents d ON d.path = u.path AND d.sha256 = u.sha256`, paths, sums)
	if err != nil {
		return nil, err
	}
	stored := map[[2]string]caption.Document{}
	var d caption.Document
	_, err = pgx.ForEachRow(rows, []any{&d.ID, &d.Path, &d.Root, &d.SHA256, &d.Size, &d.Format, &d.FirstSeen, &d.LastSeen}, func() error {
		d.FirstSeen, d.LastSeen = d.FirstSeen.UTC(), d.LastSeen.UTC()
		stored[[2]string{d.Path, d.SHA256}] = d
		return nil
	})
	return stored, err
}

// takeIDs finds the stored records of p.keys (into p.ids) and takes IDs
// from the sequences for the others and for the new documents, in one
// round trip. It returns the documents' IDs in increasing order, and the
// new records' unordered.
func (p *putPlan) takeIDs(ctx context.Context, tx pgx.Tx, s *Store) (docIDs, fresh []int64, err error) {
	b := &pgx.Batch{}
	// CASE evaluates nextval only for the keys not found.
	b.Queue(`SELECT u.key, CASE WHEN r.id IS NULL THEN nextval($2::regclass) ELSE r.id END, r.id IS NULL
		FROM unnest($1::text[]) AS u (key) LEFT JOIN records r ON r.key = u.key`, p.keys, s.recordSeq)
	b.Queue(`SELECT nextval($1::regclass) FROM generate_series(1, $2)`, s.documentSeq, len(p.created()))
	br := tx.SendBatch(ctx, b)
	defer func() {
		if cerr := br.Close(); err == nil {
			err = cerr
		}
	}()
	rows, err := br.Query()
	if err != nil {
		return nil, nil, err
	}
	p.ids = make(map[string]int64, len(p.keys))
	var key string
	var id int64
	var missing bool
	if _, err := pgx.ForEachRow(rows, []any{&key, &id, &missing}, func() error {
		if missing {
			fresh = append(fresh, id)
		} else {
			p.ids[key] = id
		}
		return nil
	}); err != nil {
		return nil, nil, err
	}
	rows, err = br.Query()
	if err != nil {
		return nil, nil, err
	}
	if docIDs, err = pgx.CollectRows(rows, pgx.RowTo[int64]); err != nil {
		return nil, nil, err
	}
	slices.Sort(docIDs)
	return docIDs, fresh, nil
}

// count fills the results of the fresh documents from p.ids and p.isNew.
func (p *putPlan) count() {
	claimed := make(map[string]bool, len(p.isNew))
	for _, i := range p.fresh {
		r := &p.results[i]
		items := p.docs[i].Items
		r.Occurrences, r.NewRecords, r.ExactDuplicate, r.Created = len(items), 0, 0, nil
		r.RecordIDs = make([]int64, len(items))
		for n, it := range items {
			k := it.Fingerprint.Key
			r.RecordIDs[n] = p.ids[k]
			if p.isNew[k] && !claimed[k] {
				claimed[k] = true
				r.NewRecords++
				r.Created = append(r.Created, p.ids[k])
			}
		}
		r.ExactDuplicate = len(items) - r.NewRecords
		slices.Sort(r.Created)
	}
}

// putWrites are the rows a plan writes, encoded before the transaction is
// asked to take them.
type putWrites struct {
	records []recordRow // in ID order
	links   []caption.Link
	groups  [2]map[int64]int64 // cluster and event of the new records linked
}

// recordRow is a new record's columns.
type recordRow struct {
	id  int64
	key string
	recordColumns
	bands []byte
}

// writes encodes the new records and checks links: each of a new record,
// at a level, to a group (their targets and groups must exist or be new:
// the foreign keys check that).
func (p *putPlan) writes(created []caption.StoredRecord, links []caption.Link, v caption.Versions) (*putWrites, error) {
	w := &putWrites{groups: [2]map[int64]int64{{}, {}}}
	isNew := make(map[int64]bool, len(created))
	for _, r := range created {
		cols, err := p.columns(r, v)
		if err != nil {
			return nil, fmt.Errorf("record of %q: %w", r.Fingerprint.Key, err)
		}
		if err := checkText(cols.SearchText); err != nil {
			return nil, fmt.Errorf("record of %q: %w", r.Fingerprint.Key, err)
		}
		fp := r.Fingerprint
		w.records = append(w.records, recordRow{id: r.ID, key: fp.Key, recordColumns: cols,
			bands: encodeBands(fp.Bands)})
		isNew[r.ID] = true
	}
	last, err := lastLinks(links)
	if err != nil {
		return nil, err
	}
	for i, l := range links {
		if !last[i] {
			continue
		}
		if !isNew[l.Record] {
			return nil, fmt.Errorf("%w: link of record %d, which the call does not create", caption.ErrInvalid, l.Record)
		}
		level := 0
		if l.Level == caption.LevelEvent {
			level = 1
		}
		w.groups[level][l.Record] = l.Group
		w.links = append(w.links, l)
	}
	return w, nil
}

// lastLinks checks links and reports which of them a record keeps: its
// last at each level, as storing them one by one would leave.
func lastLinks(links []caption.Link) (map[int]bool, error) {
	type key struct {
		record int64
		level  caption.LinkLevel
	}
	last := map[key]int{}
	for i, l := range links {
		if linkColumns[l.Level] == "" {
			return nil, fmt.Errorf("%w: link level %q", caption.ErrInvalid, l.Level)
		}
		if l.Group <= 0 {
			return nil, fmt.Errorf("%w: link of record %d to group %d", caption.ErrInvalid, l.Record, l.Group)
		}
		last[key{l.Record, l.Level}] = i
	}
	keep := make(map[int]bool, len(last))
	for _, i := range last {
		keep[i] = true
	}
	return keep, nil
}

// write stores the plan: the new records with their groups, the new
// documents, the last ingest time of those touched, then (once the records
// that a concurrent writer stored first are known) the search terms,
// occurrences and links.
//
// Under the exclusive lock (Exclusive's transaction), the new records are
// copied straight into records: their keys were found missing under the
// lock, which every writer of sijil takes, so none can have been stored
// since; a writer that does not take it would make the copy fail on the
// unique key (ErrDuplicate), and the call with it. Staging them and
// inserting them with ON CONFLICT would write each twice for nothing. Under the shared lock,
// concurrent calls may store the same keys: the records are staged, and
// moved into records with INSERT … ON CONFLICT DO NOTHING.
func (w *putWrites) write(ctx context.Context, tx pgx.Tx, x *txState, p *putPlan) error {
	locked := x.lock == lockExclusive
	if len(w.records) > 0 {
		t := pgx.Identifier{"records"}
		if !locked {
			var err error
			if t, err = stageTable(ctx, tx, x, stageRecords); err != nil {
				return err
			}
		}
		if err := w.copyRecords(ctx, tx, t); err != nil {
			return err
		}
	}
	docs, inserted, err := w.insertRows(ctx, tx, p, !locked)
	if err != nil {
		return err
	}
	if docs != len(p.created()) {
		if locked {
			return fmt.Errorf("%w, outside the advisory lock", errDocumentRace)
		}
		return errDocumentRace
	}
	if !locked && inserted != len(w.records) {
		if err := w.foundMeanwhile(ctx, tx, p); err != nil {
			return err
		}
	}
	if err := w.copyTerms(ctx, tx, x); err != nil {
		return err
	}
	if err := copyOccurrences(ctx, tx, p); err != nil {
		return err
	}
	if len(w.links) > 0 {
		if err := copyLinks(ctx, tx, pgx.Identifier{"links"}, w.links, time.Now()); err != nil {
			return err
		}
	}
	return w.index(ctx, tx)
}

// copiedColumns are the columns of records that copyRecords fills, in the
// order of its rows: the columns of the staging table, which insertRows
// moves into records.
var copiedColumns = []string{"id", "key", "text", "desc_len", "fields", "search_text", "search", "date_first", "date_last", "date_precision",
	"country", "lat", "lon", "killed", "injured", "parser_version", "gazetteer_version", "bands", "basis",
	"cluster_id", "event_id"}

// copyRecords copies the new records, with their groups, into table:
// records, or the staging table.
func (w *putWrites) copyRecords(ctx context.Context, tx pgx.Tx, table pgx.Identifier) error {
	_, err := tx.CopyFrom(ctx, table, copiedColumns,
		pgx.CopyFromSlice(len(w.records), func(i int) ([]any, error) {
			r := &w.records[i]
			return []any{r.id, r.key, r.Text, r.DescLen, r.Fields, r.SearchText, r.Search, r.DateFirst, r.DateLast, r.DatePrecision,
				r.Country, r.Lat, r.Lon, r.Killed, r.Injured, r.Parser, r.Gazetteer, r.bands, r.Basis,
				w.group(0, r.id), w.group(1, r.id)}, nil
		}))
	if err != nil {
		return fmt.Errorf("copy records into %s: %w", table.Sanitize(), err)
	}
	return nil
}

// group returns the group of a new record at a level (0 cluster, 1
// event), nil when it has no link there.
func (w *putWrites) group(level int, id int64) *int64 {
	if g, ok := w.groups[level][id]; ok {
		return &g
	}
	return nil
}

// insertRows inserts the new documents, in path order, and, when staged,
// the staged records, in key order (so that concurrent writers wait for
// each other's rows in one order, and cannot deadlock on them), and moves
// the touched documents' last ingest time, in one round trip. It returns
// how many documents and records it inserted.
func (w *putWrites) insertRows(ctx context.Context, tx pgx.Tx, p *putPlan, staged bool) (docs, records int, err error) {
	b := &pgx.Batch{}
	if created := p.created(); len(created) > 0 {
		c := documentArrays{}
		for _, i := range created {
			d := p.results[i].Document
			d.LastSeen = p.lastSeen[i]
			c.add(d)
		}
		b.Queue(`INSERT INTO documents (id, path, root, sha256, size, format, first_seen, last_seen)
			SELECT * FROM unnest($1::bigint[], $2::text[], $3::text[], $4::text[], $5::bigint[], $6::text[], $7::timestamptz[], $8::timestamptz[])
				AS u (id, path, root, sha256, size, format, first_seen, last_seen)
			ORDER BY path, sha256
			ON CONFLICT (path, sha256) DO NOTHING`,
			c.ID, c.Path, c.Root, c.SHA256, c.Size, c.Format, c.FirstSeen, c.LastSeen).Exec(func(tag pgconn.CommandTag) error {
			docs = int(tag.RowsAffected())
			return nil
		})
	}
	if len(p.touched) > 0 {
		ids, times := make([]int64, len(p.touched)), make([]time.Time, len(p.touched))
		for n, i := range p.touched {
			ids[n], times[n] = p.results[i].Document.ID, p.lastSeen[i]
		}
		b.Queue(`UPDATE documents d SET last_seen = greatest(d.last_seen, u.last_seen)
			FROM unnest($1::bigint[], $2::timestamptz[]) AS u (id, last_seen) WHERE d.id = u.id`, ids, times)
	}
	if len(w.records) > 0 && staged {
		cols := strings.Join(copiedColumns, ", ")
		b.Queue(`INSERT INTO records (` + cols + `) SELECT ` + cols + ` FROM ` + stageRecords + ` ORDER BY key
			ON CONFLICT (key) DO NOTHING`).Exec(func(tag pgconn.CommandTag) error {
			records = int(tag.RowsAffected())
			return nil
		})
	}
	if b.Len() == 0 {
		return 0, 0, nil
	}
	return docs, records, tx.SendBatch(ctx, b).Close()
}

// documentArrays are documents as one array per column.
type documentArrays struct {
	ID, Size                   []int64
	Path, Root, SHA256, Format []string
	FirstSeen, LastSeen        []time.Time
}

func (c *documentArrays) add(d caption.Document) {
	c.ID, c.Size = append(c.ID, d.ID), append(c.Size, d.Size)
	c.Path, c.Root, c.SHA256, c.Format = append(c.Path, d.Path), append(c.Root, d.Root), append(c.SHA256, d.SHA256), append(c.Format, d.Format)
	c.FirstSeen, c.LastSeen = append(c.FirstSeen, d.FirstSeen), append(c.LastSeen, d.LastSeen)
}

// foundMeanwhile handles the new records that a concurrent writer stored
// between the look-up and the insert: the plan's items cite that writer's
// record instead, which the results count as found, and the search terms
// of the record not inserted are not written.
func (w *putWrites) foundMeanwhile(ctx context.Context, tx pgx.Tx, p *putPlan) error {
	rows, err := tx.Query(ctx, `SELECT s.key, r.id FROM `+stageRecords+` s JOIN records r ON r.key = s.key WHERE r.id <> s.id`)
	if err != nil {
		return err
	}
	theirs := map[string]int64{}
	var key string
	var id int64
	if _, err := pgx.ForEachRow(rows, []any{&key, &id}, func() error {
		theirs[key] = id
		return nil
	}); err != nil {
		return err
	}
	kept := w.records[:0]
	for _, r := range w.records {
		if id, ok := theirs[r.key]; ok {
			p.ids[r.key] = id
			delete(p.isNew, r.key)
		} else {
			kept = append(kept, r)
		}
	}
	w.records = kept
	p.count()
	return nil
}

// copyTerms stages the search values of the new records.
func (w *putWrites) copyTerms(ctx context.Context, tx pgx.Tx, x *txState) error {
	placeKey := x.store.placeKey
	var rows [][]any
	for _, r := range w.records {
		for _, t := range r.Terms {
			f := fieldCode(t.Field)
			rows = append(rows, []any{r.id, f, t.Fold, t.Value, keyOf(placeKey, f, t.Value)})
		}
	}
	if len(rows) == 0 {
		return nil
	}
	t, err := stageTable(ctx, tx, x, stageTerms)
	if err != nil {
		return err
	}
	_, err = tx.CopyFrom(ctx, t, []string{"record_id", "field", "fold", "value", "key"}, pgx.CopyFromRows(rows))
	if err != nil {
		return fmt.Errorf("stage search terms: %w", err)
	}
	return nil
}

// copyOccurrences copies the fresh documents' occurrences straight into
// occurrences: their documents are new in this transaction, and each index
// is cited once (checkItems), so none can conflict.
func copyOccurrences(ctx context.Context, tx pgx.Tx, p *putPlan) error {
	var rows [][]any
	for _, i := range p.fresh {
		r := &p.results[i]
		for n, it := range p.docs[i].Items {
			o := it.Occurrence
			var meta []byte
			if len(o.Meta) > 0 {
				var err error
				if meta, err = json.Marshal(o.Meta); err != nil {
					return fmt.Errorf("%w: %s: caption %d: meta: %w", caption.ErrInvalid, r.Document.Path, o.Index, err)
				}
			}
			rows = append(rows, []any{r.Document.ID, int32(o.Index), int64(o.Start), int64(o.End), int32(o.Line), o.Text, meta, r.RecordIDs[n]})
		}
	}
	if len(rows) == 0 {
		return nil
	}
	_, err := tx.CopyFrom(ctx, pgx.Identifier{"occurrences"},
		[]string{"document_id", "idx", "start_byte", "end_byte", "line", "text", "meta", "record_id"}, pgx.CopyFromRows(rows))
	if err != nil {
		return fmt.Errorf("copy occurrences: %w", err)
	}
	return nil
}

// copyLinks copies links (checked, each record once per level) into table:
// links itself for new records, which have none yet, or stageLinks.
func copyLinks(ctx context.Context, tx pgx.Tx, table pgx.Identifier, links []caption.Link, now time.Time) error {
	_, err := tx.CopyFrom(ctx, table, []string{"record_id", "level", "target_id", "group_id", "similarity", "rule", "created"},
		pgx.CopyFromSlice(len(links), func(i int) ([]any, error) {
			l := &links[i]
			created := l.Created
			if created.IsZero() {
				created = now
			}
			return []any{l.Record, string(l.Level), l.Target, l.Group, l.Similarity, l.Rule, created.UTC().Truncate(time.Microsecond)}, nil
		}))
	if err != nil {
		return fmt.Errorf("copy links: %w", err)
	}
	return nil
}

// index adds the staged search values to the search index, new values in
// field and fold order (so that concurrent writers take the unique index's
// locks in one order), and moves the link version on when links were
// stored, in one round trip.
func (w *putWrites) index(ctx context.Context, tx pgx.Tx) error {
	b := &pgx.Batch{}
	if slices.ContainsFunc(w.records, func(r recordRow) bool { return len(r.Terms) > 0 }) {
		b.Queue(`INSERT INTO search_values (field, fold, value, key)
			SELECT DISTINCT ON (field, fold) field, fold, value, key FROM ` + stageTerms + `
			ORDER BY field, fold
			ON CONFLICT (field, fold) DO NOTHING`)
		b.Queue(`INSERT INTO search_terms (value_id, record_id, field)
			SELECT v.id, t.record_id, t.field
			FROM ` + stageTerms + ` t JOIN search_values v ON v.field = t.field AND v.fold = t.fold`)
	}
	if len(w.links) > 0 {
		b.Queue(`SELECT nextval('link_version')`)
	}
	if b.Len() == 0 {
		return nil
	}
	return tx.SendBatch(ctx, b).Close()
}
