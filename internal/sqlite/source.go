package sqlite

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"

	"sijil/internal/caption"
)

// Documents returns every document in ID order.
func (s *Store) Documents(ctx context.Context) (docs []caption.Document, err error) {
	defer wrap(&err, "sqlite.Documents")
	rows, err := s.read(ctx).QueryContext(ctx, "SELECT "+documentColumns+" FROM documents ORDER BY id")
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	for rows.Next() {
		d, err := scanDocument(rows)
		if err != nil {
			return nil, err
		}
		docs = append(docs, d)
	}
	return docs, rows.Err()
}

const documentColumns = "documents.id, path, sha256, size, format, first_seen, last_seen"

// scanner is what *sql.Row and *sql.Rows share.
type scanner interface{ Scan(dest ...any) error }

// scanDocument reads documentColumns, then dest.
func scanDocument(sc scanner, dest ...any) (caption.Document, error) {
	var d caption.Document
	var first, last string
	if err := sc.Scan(append([]any{&d.ID, &d.Path, &d.SHA256, &d.Size, &d.Format, &first, &last}, dest...)...); err != nil {
		return d, err
	}
	var err error
	if d.FirstSeen, err = parseTime(first); err != nil {
		return d, err
	}
	d.LastSeen, err = parseTime(last)
	return d, err
}

// Sources returns where a record was found, in document and index order.
func (s *Store) Sources(ctx context.Context, record int64) (srcs []caption.Source, err error) {
	defer wrap(&err, "sqlite.Sources(%d)", record)
	const query = `SELECT ` + documentColumns + `, idx, byte_start, byte_end, line, text, meta
		FROM occurrences JOIN documents ON documents.id = occurrences.document_id
		WHERE record_id = ? ORDER BY document_id, idx`
	rows, err := s.read(ctx).QueryContext(ctx, query, record)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	for rows.Next() {
		var src caption.Source
		var meta sql.NullString
		src.Document, err = scanDocument(rows, &src.Index, &src.Start, &src.End, &src.Line, &src.Text, &meta)
		if err != nil {
			return nil, err
		}
		src.DocumentID, src.RecordID = src.Document.ID, record
		if meta.Valid {
			if err := json.Unmarshal([]byte(meta.String), &src.Meta); err != nil {
				return nil, fmt.Errorf("occurrence %d of document %d: meta: %w", src.Index, src.DocumentID, err)
			}
		}
		srcs = append(srcs, src)
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	if len(srcs) == 0 {
		return nil, s.mustExist(ctx, record)
	}
	return srcs, nil
}
