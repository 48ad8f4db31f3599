package sqlite

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"sijil/internal/caption"
)

// PutDocument stores doc and its items in one transaction, begun with BEGIN
// IMMEDIATE so that no other writer can come between the look-ups and the
// inserts. A document already stored with the same SHA-256 and path only has
// LastSeen moved forward. A new document's FirstSeen is doc.FirstSeen, or
// its LastSeen; a zero LastSeen is the current time.
func (s *Store) PutDocument(ctx context.Context, doc caption.Document, items []caption.Item, v caption.Versions) (res caption.IngestResult, err error) {
	defer wrap(&err, "sqlite.PutDocument(%q)", doc.Path)
	if err := checkDocument(doc); err != nil {
		return res, err
	}
	if doc.LastSeen.IsZero() {
		doc.LastSeen = time.Now()
	}
	if doc.FirstSeen.IsZero() {
		doc.FirstSeen = doc.LastSeen
	}
	err = s.write(ctx, func(q querier) error {
		res = caption.IngestResult{Document: doc}
		found, err := touchDocument(ctx, q, &res.Document)
		if err != nil || found {
			res.Unchanged = found
			return err
		}
		const ins = "INSERT INTO documents (path, root, sha256, size, format, first_seen, last_seen) VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id"
		if err := q.QueryRowContext(ctx, ins, doc.Path, doc.Root, doc.SHA256, doc.Size, doc.Format,
			formatTime(doc.FirstSeen), formatTime(doc.LastSeen)).Scan(&res.Document.ID); err != nil {
			return err
		}
		return s.putItems(ctx, q, &res, items, v)
	})
	if err != nil {
		return caption.IngestResult{}, err
	}
	return res, nil
}

// touchDocument moves the LastSeen of the document stored with doc's SHA-256
// and path, if there is one, and fills doc with what is stored.
func touchDocument(ctx context.Context, q querier, doc *caption.Document) (bool, error) {
	const touch = `UPDATE documents SET last_seen = max(last_seen, ?) WHERE sha256 = ? AND path = ?
		RETURNING id, root, size, format, first_seen, last_seen`
	var first, last string
	err := q.QueryRowContext(ctx, touch, formatTime(doc.LastSeen), doc.SHA256, doc.Path).
		Scan(&doc.ID, &doc.Root, &doc.Size, &doc.Format, &first, &last)
	if errors.Is(err, sql.ErrNoRows) {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	if doc.FirstSeen, err = parseTime(first); err != nil {
		return false, err
	}
	doc.LastSeen, err = parseTime(last)
	return true, err
}

// putItems stores the occurrences of a new document, finding each one's
// record by key or creating it. Records get IDs in the order of their first
// item.
func (s *Store) putItems(ctx context.Context, q querier, res *caption.IngestResult, items []caption.Item, v caption.Versions) error {
	ids, held, err := s.findRecords(ctx, q, items)
	if err != nil {
		return err
	}
	newRows, newItems, err := s.newRecordRows(items, ids, held, v)
	if err != nil {
		return err
	}
	res.NewRecords, res.ExactDuplicate = len(newRows), len(items)-len(newRows)
	const insertRecords = `INSERT INTO records (key, key_hash, json, date, date_precision, day_first, day_last, country, lat, lon,
		killed, injured, parser_version, gazetteer_version, signature, bands) VALUES `
	err = execRows(ctx, q, insertRecords, " RETURNING key, id", newRows, func(rows *sql.Rows) error {
		var key string
		var id int64
		err := rows.Scan(&key, &id)
		ids[key] = id
		res.Created = append(res.Created, id)
		return err
	})
	if err != nil {
		return err
	}
	slices.Sort(res.Created)
	occRows := make([][]any, len(items))
	res.RecordIDs = make([]int64, len(items))
	for i, it := range items {
		res.RecordIDs[i] = ids[it.Fingerprint.Key]
		if occRows[i], err = occurrenceRow(res.Document.ID, res.RecordIDs[i], it.Occurrence); err != nil {
			return fmt.Errorf("caption %d: %w", it.Occurrence.Index, err)
		}
	}
	const insertOccurrences = "INSERT INTO occurrences (document_id, idx, byte_start, byte_end, line, text, meta, record_id) VALUES "
	if err := execRows(ctx, q, insertOccurrences, "", occRows, nil); err != nil {
		return err
	}
	res.Occurrences = len(items)
	if s.beforeSearch != nil {
		s.beforeSearch()
	}
	// The search index goes last (see indexRecords).
	recs := make([]indexed, len(newItems))
	for i, n := range newItems {
		recs[i] = indexed{ids[items[n].Fingerprint.Key], items[n].Record}
	}
	return s.indexRecords(ctx, q, recs)
}

// newRecordRows returns the records rows (without ID) of the items whose
// key is neither in ids nor earlier in items, and their indexes. held holds the
// key hashes taken; a new key whose hash is taken gets a NULL key_hash (see
// 0001_init.sql).
func (s *Store) newRecordRows(items []caption.Item, ids map[string]int64, held map[int64]bool, v caption.Versions) ([][]any, []int, error) {
	var rows [][]any
	var newItems []int
	seen := map[string]bool{}
	for i := range items {
		it := &items[i]
		key := it.Fingerprint.Key
		if _, found := ids[key]; found || seen[key] {
			continue
		}
		seen[key] = true
		cols, err := recordColumns(it.Record, v)
		if err != nil {
			return nil, nil, fmt.Errorf("caption %d: %w", it.Occurrence.Index, err)
		}
		var hash any
		if h := s.keyHash(key); !held[h] {
			hash, held[h] = h, true
		}
		row := append([]any{key, hash}, cols...)
		rows = append(rows, append(row, packUint32s(it.Fingerprint.Signature), packUint64s(it.Fingerprint.Bands)))
		newItems = append(newItems, i)
	}
	return rows, newItems, nil
}

func occurrenceRow(doc, record int64, o caption.Occurrence) ([]any, error) {
	meta, err := marshalMeta(o.Meta)
	if err != nil {
		return nil, err
	}
	if err := checkText("occurrence text", o.Text); err != nil {
		return nil, err
	}
	return []any{doc, o.Index, o.Start, o.End, o.Line, o.Text, meta, record}, nil
}

func checkDocument(doc caption.Document) error {
	if doc.Path == "" || doc.SHA256 == "" {
		return fmt.Errorf("%w: document needs a path and a SHA-256", caption.ErrInvalid)
	}
	if err := checkText("path", doc.Path); err != nil {
		return err
	}
	if err := checkText("root", doc.Root); err != nil {
		return err
	}
	return checkText("format", doc.Format)
}

// checkText refuses what PostgreSQL cannot store in text, so that both stores
// take the same documents: invalid UTF-8 and NUL.
func checkText(what, s string) error {
	if !utf8.ValidString(s) || strings.IndexByte(s, 0) >= 0 {
		return fmt.Errorf("%w: %s %q is not UTF-8 without NUL", caption.ErrInvalid, what, s)
	}
	return nil
}

// marshalMeta encodes an occurrence's metadata as a JSON object, or NULL
// when there is none.
func marshalMeta(m map[string]string) (any, error) {
	if len(m) == 0 {
		return nil, nil
	}
	for k, v := range m {
		if err := checkText("meta "+k, k+v); err != nil {
			return nil, err
		}
	}
	b, err := json.Marshal(m)
	if err != nil {
		return nil, fmt.Errorf("%w: meta: %w", caption.ErrInvalid, err)
	}
	return string(b), nil
}
