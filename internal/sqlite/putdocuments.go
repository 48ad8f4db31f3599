package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"runtime"
	"sync"
	"sync/atomic"
	"time"

	"sijil/internal/caption"
)

// PutDocuments stores docs as PutDocument would each, and the records they
// create with their links, in one transaction (Exclusive's, inside it).
//
// Everything that can make the call fail for its arguments but the links is
// found before anything is written (plan): the documents already stored,
// the records found by key, the new records' IDs (after the highest
// stored: the writer holds the write lock), what link reads, and every
// value checked. The writes then need no savepoint inside Exclusive (see
// writeChecked), whose journal held a copy of every page a document's
// statements touched; and each new record is inserted once with its
// cluster and event, where inserting it unlinked and then setting its
// groups grew rows in place and split pages. The links are decided while
// the documents and the search index are written (writePlan), and checked
// before the records are: a link refused fails the Exclusive call.
func (s *Store) PutDocuments(ctx context.Context, docs []caption.DocumentItems, v caption.Versions, link caption.LinkFunc) (res []caption.IngestResult, err error) {
	defer wrap(&err, "sqlite.PutDocuments(%d documents)", len(docs))
	return s.putDocuments(ctx, docs, v, link)
}

func (s *Store) putDocuments(ctx context.Context, docs []caption.DocumentItems, v caption.Versions, link caption.LinkFunc) ([]caption.IngestResult, error) {
	now := time.Now()
	p := &putPlan{docs: make([]caption.DocumentItems, len(docs))}
	for i, d := range docs {
		if err := checkDocument(d.Document); err != nil {
			return nil, fmt.Errorf("%s: %w", d.Document.Path, err)
		}
		if d.Document.LastSeen.IsZero() {
			d.Document.LastSeen = now
		}
		if d.Document.FirstSeen.IsZero() {
			d.Document.FirstSeen = d.Document.LastSeen
		}
		p.docs[i] = d
	}
	err := s.writeChecked(ctx,
		func(q querier) error { return s.plan(ctx, q, p, v, link) },
		func(q querier) error { return s.writePlan(ctx, q, p) })
	if err != nil {
		return nil, err
	}
	return p.results, nil
}

// putPlan is what PutDocuments writes, decided before any of it is.
type putPlan struct {
	docs    []caption.DocumentItems
	results []caption.IngestResult
	touched []int              // indexes of the documents already stored
	fresh   []int              // indexes of the new documents
	records [][]any            // new records' rows, in ID order
	occs    [][]any            // occurrences' rows
	links   []caption.Link     // the new records' links, in order
	index   []indexed          // new records for the search index
	groups  [2]map[int64]int64 // cluster and event of each new record linked
	created []caption.StoredRecord
	// createdRows are the new records' rows but their cluster and event.
	createdRows [][]any
	decide      caption.LinkDecision // link's second step, or nil
}

// plan fills p: it reads, and checks, but writes nothing.
func (s *Store) plan(ctx context.Context, q querier, p *putPlan, v caption.Versions, link caption.LinkFunc) error {
	p.results = make([]caption.IngestResult, len(p.docs))
	var nextDoc int64
	if err := q.QueryRowContext(ctx, "SELECT coalesce(max(id), 0) + 1 FROM documents").Scan(&nextDoc); err != nil {
		return err
	}
	byPath := map[[2]string]int{} // sha256, path → index of the batch's first such document
	// The item lists are made at their size: they hold a chunk's every
	// caption, and growing lists of records of half a kilobyte each copied
	// and faulted in several times what they hold.
	total := 0
	for _, d := range p.docs {
		total += len(d.Items)
	}
	items := make([]*caption.Item, 0, total) // the documents' own, not copies: a wire dump of 50,000 captions held 28 MB of copies
	itemDoc := make([]int, 0, total)         // document index of each of items
	itemPack := make([]*packed, 0, total)    // what Prepare made of each, or nil
	for i, d := range p.docs {
		r := &p.results[i]
		r.Document = d.Document
		k := [2]string{d.Document.SHA256, d.Document.Path}
		if j, ok := byPath[k]; ok && !d.Continues {
			r.Document, r.Unchanged = p.results[j].Document, true
			continue
		}
		byPath[k] = i
		found, err := findDocument(ctx, q, &r.Document)
		if err != nil {
			return err
		}
		switch {
		case d.Continues:
			if err := checkContinued(ctx, q, found, d.Document.Path, r.Document.ID, d.Items); err != nil {
				return err
			}
		case found:
			r.Unchanged = true
			p.touched = append(p.touched, i)
			continue
		default:
			r.Document.ID = nextDoc
			nextDoc++
			p.fresh = append(p.fresh, i)
		}
		pre := caption.PreparedItems[preparedItems](d)
		for j := range d.Items {
			it := &d.Items[j]
			items = append(items, it)
			itemDoc = append(itemDoc, i)
			var pk *packed
			if pre != nil && pre[j] != nil && pre[j].text == it.Record.Text {
				pk = pre[j]
			}
			itemPack = append(itemPack, pk)
		}
	}
	ids, held, texts, err := s.findRecords(ctx, q, items)
	if err != nil {
		return err
	}
	var nextRecord int64
	if err := q.QueryRowContext(ctx, "SELECT coalesce(max(id), 0) + 1 FROM records").Scan(&nextRecord); err != nil {
		return err
	}
	created := make([]caption.StoredRecord, 0, len(items))
	createdRows := make([][]any, 0, len(items))
	newItems := make([]int, 0, len(items)) // index in items of each created record
	p.occs = make([][]any, 0, len(items))
	for n, it := range items {
		key := it.Fingerprint.Key
		r := &p.results[itemDoc[n]]
		if _, ok := ids[key]; ok {
			r.ExactDuplicate++
		} else {
			if it.Repeat {
				return caption.RepeatUnheld(r.Document.Path, it)
			}
			newItems = append(newItems, n)
			var hash any
			if h := s.keyHash(key); !held[h] {
				hash, held[h] = h, true
			}
			ids[key] = nextRecord
			created = append(created, caption.StoredRecord{ID: nextRecord, Record: it.Record, Fingerprint: it.Fingerprint, Versions: v})
			// Made at its final size (recordRowLen), so that adding its
			// columns, bands and groups below never copies it.
			createdRows = append(createdRows, append(make([]any, 0, recordRowLen), nextRecord, key, hash))
			texts[key] = it.Record.Text
			r.NewRecords++
			r.Created = append(r.Created, nextRecord)
			nextRecord++
		}
		id := ids[key]
		r.RecordIDs = append(r.RecordIDs, id)
		r.Occurrences++
		row, err := occurrenceRow(r.Document.ID, id, it.Occurrence, texts[key])
		if err != nil {
			return fmt.Errorf("%s: caption %d: %w", r.Document.Path, it.Occurrence.Index, err)
		}
		p.occs = append(p.occs, row)
	}
	if err := checkIndexes(p, itemDoc, items); err != nil {
		return err
	}
	// The new records' packed forms (their fields encoded: once most of
	// the writer's own CPU) that Prepare did not make are made on every
	// core while the store waits.
	packs := make([]*packed, len(newItems))
	errs := make([]error, len(newItems))
	parallel(len(newItems), func(i int) {
		if packs[i] = itemPack[newItems[i]]; packs[i] == nil {
			packs[i], errs[i] = pack(items[newItems[i]].Record)
		}
	})
	for i, n := range newItems {
		if errs[i] != nil {
			return fmt.Errorf("%s: caption %d: %w", p.results[itemDoc[n]].Document.Path, items[n].Occurrence.Index, errs[i])
		}
		cols := recordColumns(items[n].Record, packs[i], v)
		createdRows[i] = append(append(createdRows[i], cols...), packUint64s(items[n].Fingerprint.Bands))
	}
	p.created, p.createdRows = created, createdRows
	p.index = make([]indexed, 0, len(created))
	for i := range created {
		p.index = append(p.index, indexed{created[i].ID, &created[i].Record})
	}
	if link != nil && len(created) > 0 {
		decide, err := link(ctx, created)
		if err != nil {
			return err
		}
		p.decide = decide
	}
	return nil
}

// decideLinks runs p.decide, if any, on a goroutine of its own, and
// returns a function that waits for its links (none without p.decide).
func (p *putPlan) decideLinks() (wait func() ([]caption.Link, error)) {
	if p.decide == nil {
		return func() ([]caption.Link, error) { return nil, nil }
	}
	var links []caption.Link
	var err error
	done := make(chan struct{})
	go func() {
		defer close(done)
		links, err = p.decide()
	}()
	return func() ([]caption.Link, error) {
		<-done
		return links, err
	}
}

// recordRows fills p.records from p.createdRows and the groups the links
// gave.
func (p *putPlan) recordRows() {
	p.records = make([][]any, 0, len(p.createdRows))
	for i, row := range p.createdRows {
		id := p.created[i].ID
		var cluster, event any
		if g, ok := p.groups[0][id]; ok {
			cluster = g
		}
		if g, ok := p.groups[1][id]; ok {
			event = g
		}
		p.records = append(p.records, append(row, cluster, event))
	}
}

// checkContinued checks the items of a document that continue it
// (caption.DocumentItems.Continues): the document must be stored (found),
// and the items' indexes must follow those stored.
func checkContinued(ctx context.Context, q querier, found bool, path string, id int64, items []caption.Item) error {
	if !found {
		return fmt.Errorf("%w: %s: continues a document not stored", caption.ErrInvalid, path)
	}
	var last int
	if err := q.QueryRowContext(ctx, "SELECT coalesce(max(idx), -1) FROM occurrences WHERE document_id = ?", id).Scan(&last); err != nil {
		return err
	}
	for _, it := range items {
		if it.Occurrence.Index <= last {
			return fmt.Errorf("%w: %s: caption %d continues the document, which holds captions up to index %d", caption.ErrDuplicate, path, it.Occurrence.Index, last)
		}
	}
	return nil
}

// checkIndexes refuses two captions of one document at one index, which
// the occurrences' unique key would refuse half-way through the writes.
func checkIndexes(p *putPlan, itemDoc []int, items []*caption.Item) error {
	seen := map[[2]int]bool{}
	for n, it := range items {
		k := [2]int{itemDoc[n], it.Occurrence.Index}
		if seen[k] {
			return fmt.Errorf("%w: %s: two captions at index %d", caption.ErrDuplicate, p.docs[itemDoc[n]].Document.Path, it.Occurrence.Index)
		}
		seen[k] = true
	}
	return nil
}

// planLinks checks links, those of p.created, and keeps them in p: each
// is of a created record, at a level, to a group. It returns the targets
// and groups that are not created, as links to themselves, whose records
// must exist (Store.linkedRecords).
func (p *putPlan) planLinks(links []caption.Link) (stored []caption.Link, err error) {
	if len(links) == 0 {
		return nil, nil
	}
	isNew := make(map[int64]bool, len(p.created))
	for _, r := range p.created {
		isNew[r.ID] = true
	}
	p.groups = [2]map[int64]int64{make(map[int64]int64, len(p.created)), make(map[int64]int64, len(p.created))}
	p.links = make([]caption.Link, 0, len(links))
	now := time.Now()
	for _, l := range links {
		level := 0
		switch l.Level {
		case caption.LevelCluster:
		case caption.LevelEvent:
			level = 1
		default:
			return nil, fmt.Errorf("%w: link level %q", caption.ErrInvalid, l.Level)
		}
		if !isNew[l.Record] {
			return nil, fmt.Errorf("%w: link of record %d, which the call does not create", caption.ErrInvalid, l.Record)
		}
		if l.Group == 0 {
			return nil, fmt.Errorf("%w: link of record %d to group 0", caption.ErrInvalid, l.Record)
		}
		for _, id := range []int64{l.Target, l.Group} {
			if !isNew[id] {
				stored = append(stored, caption.Link{Record: id, Target: id, Group: id})
			}
		}
		if l.Created.IsZero() {
			l.Created = now
		}
		p.groups[level][l.Record] = l.Group
		p.links = append(p.links, l)
	}
	return stored, nil
}

// findDocument fills doc with the stored document of its SHA-256 and path,
// if there is one, its LastSeen moved forward as touching it will.
func findDocument(ctx context.Context, q querier, doc *caption.Document) (bool, error) {
	const find = "SELECT id, root, size, format, first_seen, last_seen FROM documents WHERE sha256 = ? AND path = ?"
	var first, last string
	d := *doc
	err := q.QueryRowContext(ctx, find, doc.SHA256, doc.Path).Scan(&d.ID, &d.Root, &d.Size, &d.Format, &first, &last)
	if errors.Is(err, sql.ErrNoRows) {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	if d.FirstSeen, err = parseTime(first); err != nil {
		return false, err
	}
	if d.LastSeen, err = parseTime(last); err != nil {
		return false, err
	}
	if doc.LastSeen.After(d.LastSeen) {
		d.LastSeen = doc.LastSeen
	}
	*doc = d
	return true, nil
}

// writePlan writes what plan decided. The documents and the search index,
// which do not depend on the links, are written while link's second step
// decides them (at 100,000 captions both took about 1.1 CPU-s, in turn on
// the writer's goroutine); the records, their occurrences and the links
// after. The occurrences must follow their records: with the foreign
// keys checked and deferred, a record inserted after rows that refer to
// it has SQLite search its children to settle their violations, and
// occurrences_record is one of the indexes a load defers.
func (s *Store) writePlan(ctx context.Context, q querier, p *putPlan) error {
	linked := p.decideLinks()
	// Never back before the goroutine is: it holds the plan's records.
	defer linked()
	// Every document, record, target and group is checked and every key
	// is new: no constraint can fail. The statements say so (OR FAIL, and
	// foreign keys checked at the commit, where a write outside Exclusive
	// checks them at all: see Store.begin), which spares SQLite a statement
	// journal for each of them where they can: a copy of every page a
	// multi-row statement changes, kept to undo that statement alone.
	// Should a statement fail anyway, its transaction is abandoned whole
	// (writeChecked).
	if _, err := q.ExecContext(ctx, "PRAGMA defer_foreign_keys = ON"); err != nil {
		return err
	}
	for _, i := range p.touched {
		d := p.results[i].Document
		if _, err := q.ExecContext(ctx, "UPDATE documents SET last_seen = ? WHERE id = ?", formatTime(d.LastSeen), d.ID); err != nil {
			return err
		}
	}
	docRows := make([][]any, len(p.fresh))
	for n, i := range p.fresh {
		d := p.results[i].Document
		docRows[n] = []any{d.ID, d.Path, d.Root, d.SHA256, d.Size, d.Format, formatTime(d.FirstSeen), formatTime(d.LastSeen)}
	}
	if err := execRows(ctx, q, "INSERT OR FAIL INTO documents (id, path, root, sha256, size, format, first_seen, last_seen) VALUES ", "", docRows, nil); err != nil {
		return err
	}
	if err := s.indexRecords(ctx, q, p.index); err != nil {
		return err
	}
	if s.afterSearchIndex != nil {
		s.afterSearchIndex()
	}
	links, err := linked()
	if err != nil {
		return err
	}
	stored, err := p.planLinks(links)
	if err != nil {
		return err
	}
	if err := s.linkedRecords(ctx, q, stored); err != nil {
		return err
	}
	p.recordRows()
	linkRows := make([][]any, len(p.links))
	for i, l := range p.links {
		linkRows[i] = []any{l.Record, l.Level, l.Target, l.Group, l.Similarity, l.Rule, formatTime(l.Created)}
	}
	for _, ins := range []struct {
		prefix, suffix string
		rows           [][]any
	}{
		{prefix: "INSERT OR FAIL INTO records (id, key, key_hash, " + recordColumnNames + ", bands, cluster, event) VALUES ", rows: p.records},
		{prefix: "INSERT OR FAIL INTO occurrences (document_id, idx, byte_start, byte_end, line, text, meta, record_id) VALUES ", rows: p.occs},
		// A record linked twice at one level in one call keeps the last.
		{prefix: "INSERT OR FAIL INTO links (record_id, level, target, grp, similarity, rule, created) VALUES ", rows: linkRows,
			suffix: ` ON CONFLICT (record_id, level) DO UPDATE SET target = excluded.target, grp = excluded.grp,
			similarity = excluded.similarity, rule = excluded.rule, created = excluded.created`},
	} {
		if err := execRows(ctx, q, ins.prefix, ins.suffix, ins.rows, nil); err != nil {
			return err
		}
	}
	if len(p.created) > 0 {
		// A call's new records all have its versions.
		if err := countVersions(ctx, q, p.created[0].Versions, int64(len(p.created))); err != nil {
			return err
		}
		ids := make([]int64, len(p.created))
		for i, r := range p.created {
			ids[i] = r.ID
		}
		s.records.learn(ids)
	}
	if len(p.links) > 0 {
		if err := bumpLinkVersion(ctx, q); err != nil {
			return err
		}
	}
	if s.afterWrites != nil && len(p.index) > 0 {
		s.afterWrites()
	}
	return nil
}

// parallel calls fn(0) … fn(n-1) on GOMAXPROCS goroutines and returns
// when all have returned. The store's writer is one goroutine; what it can
// compute apart from the database (encoding records, their search terms)
// would otherwise leave the other cores idle while the readers and parsers
// wait for it.
func parallel(n int, fn func(i int)) {
	workers := min(runtime.GOMAXPROCS(0), (n+63)/64)
	if workers <= 1 {
		for i := range n {
			fn(i)
		}
		return
	}
	var next atomic.Int64
	var wg sync.WaitGroup
	for range workers {
		wg.Go(func() {
			for {
				i := int(next.Add(64)) - 64
				if i >= n {
					return
				}
				for j := i; j < min(i+64, n); j++ {
					fn(j)
				}
			}
		})
	}
	wg.Wait()
}
