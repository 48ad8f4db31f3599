package postgres

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/jackc/pgx/v5"

	"sijil/internal/caption"
)

// maxAttempts bounds how often PutDocument re-runs a transaction that lost a
// deadlock or serialization conflict to a concurrent writer.
const maxAttempts = 5

// PutDocument stores doc and its items in one transaction; see caption.Store.
//
// Two processes may put overlapping documents at once. The document row and
// each record are created with INSERT … ON CONFLICT DO NOTHING, which waits
// for a concurrent inserter of the same key to finish and then either finds
// its row or inserts: nothing is lost and no key is stored twice. New records
// are inserted in key order, so two writers wait for each other's keys in the
// same order and cannot deadlock on them; their IDs are nevertheless given in
// the order the document first cites them. Should the server still report a
// deadlock or serialization failure, the transaction is run again.
func (s *Store) PutDocument(ctx context.Context, doc caption.Document, items []caption.Item, v caption.Versions) (res caption.IngestResult, err error) {
	defer wrap(&err, "postgres.PutDocument(%q)", doc.Path)
	batch, err := prepare(doc, items, v)
	if err != nil {
		return caption.IngestResult{}, err
	}
	batch.placeKey = s.placeKey
	for attempt := 1; ; attempt++ {
		err = pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
			res, err = putDocument(ctx, tx, batch)
			return err
		})
		if err == nil || !retryable(err) || attempt == maxAttempts {
			return res, err
		}
	}
}

// A batch is a document ready to store: its items' records encoded, once,
// outside the transaction.
type batch struct {
	doc   caption.Document
	items []caption.Item
	keys  []string              // distinct record keys in the order items cite them
	rows  map[string]*recordRow // by key, from the first item citing it
	// placeKey is the store's place key function, for the search index.
	placeKey func(string) string
}

// recordRow is a new record's columns.
type recordRow struct {
	recordColumns
	Signature, Bands []byte
	BandHashes       []int64
}

// prepare checks and encodes a document's items.
func prepare(doc caption.Document, items []caption.Item, v caption.Versions) (*batch, error) {
	if doc.Path == "" || doc.SHA256 == "" {
		return nil, fmt.Errorf("%w: document without path or SHA-256", caption.ErrInvalid)
	}
	if err := checkText(doc.Path, doc.Root, doc.SHA256, doc.Format); err != nil {
		return nil, fmt.Errorf("document: %w", err)
	}
	doc.FirstSeen, doc.LastSeen = seenTimes(doc)
	b := &batch{doc: doc, items: items, rows: make(map[string]*recordRow)}
	indexes := make(map[int]bool, len(items))
	for i, it := range items {
		key := it.Fingerprint.Key
		if key == "" {
			return nil, fmt.Errorf("%w: item %d has no key", caption.ErrInvalid, i)
		}
		if idx := it.Occurrence.Index; indexes[idx] {
			return nil, fmt.Errorf("%w: two items at index %d", caption.ErrDuplicate, idx)
		}
		indexes[it.Occurrence.Index] = true
		if err := checkOccurrence(it.Occurrence); err != nil {
			return nil, fmt.Errorf("item %d: %w", i, err)
		}
		if b.rows[key] != nil {
			continue
		}
		cols, err := columnsOf(it.Record, v)
		if err != nil {
			return nil, fmt.Errorf("item %d: %w", i, err)
		}
		fp := it.Fingerprint
		b.rows[key] = &recordRow{recordColumns: cols, Signature: encodeSignature(fp.Signature),
			Bands: encodeBands(fp.Bands), BandHashes: bandHashes(fp.Bands)}
		b.keys = append(b.keys, key)
	}
	return b, nil
}

// seenTimes returns the document's first and last ingest times in UTC at
// the database's microsecond precision: LastSeen is the present when zero,
// and FirstSeen is LastSeen when zero.
func seenTimes(doc caption.Document) (first, last time.Time) {
	first, last = doc.FirstSeen, doc.LastSeen
	if last.IsZero() {
		last = time.Now()
	}
	if first.IsZero() {
		first = last
	}
	return first.UTC().Truncate(time.Microsecond), last.UTC().Truncate(time.Microsecond)
}

// putDocument is PutDocument's transaction.
func putDocument(ctx context.Context, tx pgx.Tx, b *batch) (caption.IngestResult, error) {
	doc, created, err := insertDocument(ctx, tx, b.doc)
	if err != nil || !created {
		return caption.IngestResult{Document: doc, Unchanged: err == nil}, err
	}
	ids, fresh, err := findOrCreateRecords(ctx, tx, b)
	if err != nil {
		return caption.IngestResult{}, err
	}
	if err := insertOccurrences(ctx, tx, doc.ID, b.items, ids); err != nil {
		return caption.IngestResult{}, err
	}
	recordIDs := make([]int64, len(b.items))
	for i, it := range b.items {
		recordIDs[i] = ids[it.Fingerprint.Key]
	}
	return caption.IngestResult{
		Document:       doc,
		Occurrences:    len(b.items),
		NewRecords:     len(fresh),
		ExactDuplicate: len(b.items) - len(fresh),
		RecordIDs:      recordIDs,
		Created:        fresh,
	}, nil
}

// insertDocument creates the document's row, or, when the same path and
// SHA-256 are already stored, moves its last ingest time forward and
// reports created false.
func insertDocument(ctx context.Context, tx pgx.Tx, doc caption.Document) (_ caption.Document, created bool, err error) {
	err = tx.QueryRow(ctx, `
		INSERT INTO documents (path, root, sha256, size, format, first_seen, last_seen)
		VALUES ($1, $2, $3, $4, $5, $6, $7)
		ON CONFLICT (path, sha256) DO NOTHING
		RETURNING id`,
		doc.Path, doc.Root, doc.SHA256, doc.Size, doc.Format, doc.FirstSeen, doc.LastSeen).Scan(&doc.ID)
	if err == nil {
		return doc, true, nil
	}
	if !errors.Is(err, pgx.ErrNoRows) {
		return caption.Document{}, false, err
	}
	row := tx.QueryRow(ctx, `
		UPDATE documents SET last_seen = greatest(last_seen, $3)
		WHERE path = $1 AND sha256 = $2
		RETURNING `+documentColumns,
		doc.Path, doc.SHA256, doc.LastSeen)
	doc, err = scanDocument(row)
	return doc, false, err
}

// insertOccurrences stores where each item was found.
func insertOccurrences(ctx context.Context, tx pgx.Tx, docID int64, items []caption.Item, ids map[string]int64) error {
	n := len(items)
	idx, line, recs := make([]int32, n), make([]int32, n), make([]int64, n)
	start, end := make([]int64, n), make([]int64, n)
	texts, metas := make([]string, n), make([]*string, n)
	for i, it := range items {
		o := it.Occurrence
		idx[i], line[i], recs[i] = int32(o.Index), int32(o.Line), ids[it.Fingerprint.Key]
		start[i], end[i], texts[i] = int64(o.Start), int64(o.End), o.Text
		if len(o.Meta) > 0 {
			js, err := json.Marshal(o.Meta)
			if err != nil {
				return fmt.Errorf("%w: item %d meta: %w", caption.ErrInvalid, i, err)
			}
			m := string(js)
			metas[i] = &m
		}
	}
	_, err := tx.Exec(ctx, `
		INSERT INTO occurrences (document_id, idx, start_byte, end_byte, line, text, meta, record_id)
		SELECT $1, u.idx, u.start_byte, u.end_byte, u.line, u.text, u.meta::jsonb, u.record_id
		FROM unnest($2::integer[], $3::bigint[], $4::bigint[], $5::integer[], $6::text[], $7::text[], $8::bigint[])
			AS u (idx, start_byte, end_byte, line, text, meta, record_id)`,
		docID, idx, start, end, line, texts, metas, recs)
	return err
}

// checkOccurrence refuses an occurrence whose text or metadata PostgreSQL
// could not keep exactly.
func checkOccurrence(o caption.Occurrence) error {
	if err := checkText(o.Text); err != nil {
		return err
	}
	for k, v := range o.Meta {
		if err := checkText(k, v); err != nil {
			return fmt.Errorf("meta: %w", err)
		}
	}
	return nil
}

// checkText refuses, as caption.ErrInvalid, strings that PostgreSQL's text
// cannot hold (NUL) or that would not come back as given (invalid UTF-8,
// which encoding/json would replace in metadata).
func checkText(ss ...string) error {
	for _, s := range ss {
		if !utf8.ValidString(s) {
			return fmt.Errorf("%w: %q is not valid UTF-8", caption.ErrInvalid, s)
		}
		if strings.IndexByte(s, 0) >= 0 {
			return fmt.Errorf("%w: %q holds a NUL byte", caption.ErrInvalid, s)
		}
	}
	return nil
}
