package sqlite

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"unicode/utf8"

	"sijil/internal/caption"
)

// PutDocument stores doc and its items in one transaction, as PutDocuments
// does a document without links. A document already stored with the same
// SHA-256 and path only has LastSeen moved forward. A new document's
// FirstSeen is doc.FirstSeen, or its LastSeen; a zero LastSeen is the
// current time.
func (s *Store) PutDocument(ctx context.Context, doc caption.Document, items []caption.Item, v caption.Versions) (_ caption.IngestResult, err error) {
	defer wrap(&err, "sqlite.PutDocument(%q)", doc.Path)
	res, err := s.putDocuments(ctx, []caption.DocumentItems{{Document: doc, Items: items}}, v, nil)
	if err != nil {
		return caption.IngestResult{}, err
	}
	return res[0], nil
}

// occurrenceRow is o's row of occurrences; its text is NULL when it is
// recordText, as most are.
func occurrenceRow(doc, record int64, o caption.Occurrence, recordText string) ([]any, error) {
	meta, err := marshalMeta(o.Meta)
	if err != nil {
		return nil, err
	}
	if err := checkText("occurrence text", o.Text); err != nil {
		return nil, err
	}
	text, err := packText(o.Text, recordText)
	if err != nil {
		return nil, err
	}
	return []any{doc, o.Index, o.Start, o.End, o.Line, text, meta, record}, nil
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
