package postgres

import (
	"context"
	"fmt"
	"strings"
	"time"
	"unicode/utf8"

	"sijil/internal/caption"
)

// PutDocument stores doc and its items in one transaction; see
// caption.Store. It is PutDocuments of one document, without links.
func (s *Store) PutDocument(ctx context.Context, doc caption.Document, items []caption.Item, v caption.Versions) (res caption.IngestResult, err error) {
	defer wrap(&err, "postgres.PutDocument(%q)", doc.Path)
	rs, err := s.putDocuments(ctx, []caption.DocumentItems{{Document: doc, Items: items}}, v, nil)
	if err != nil {
		return caption.IngestResult{}, err
	}
	return rs[0], nil
}

// checkDocument refuses a document without path or SHA-256, or with text
// PostgreSQL could not keep exactly.
func checkDocument(doc caption.Document) error {
	if doc.Path == "" || doc.SHA256 == "" {
		return fmt.Errorf("%w: document without path or SHA-256", caption.ErrInvalid)
	}
	if err := checkText(doc.Path, doc.Root, doc.SHA256, doc.Format); err != nil {
		return fmt.Errorf("document: %w", err)
	}
	return nil
}

// checkItems refuses an item without a key, two items at one index, and
// occurrences PostgreSQL could not keep exactly.
func checkItems(items []caption.Item) error {
	indexes := make(map[int]bool, len(items))
	for i, it := range items {
		if it.Fingerprint.Key == "" {
			return fmt.Errorf("%w: item %d has no key", caption.ErrInvalid, i)
		}
		if idx := it.Occurrence.Index; indexes[idx] {
			return fmt.Errorf("%w: two items at index %d", caption.ErrDuplicate, idx)
		}
		indexes[it.Occurrence.Index] = true
		if err := checkOccurrence(it.Occurrence); err != nil {
			return fmt.Errorf("item %d: %w", i, err)
		}
	}
	return nil
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
