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

const documentColumns = "documents.id, documents.path, documents.root, documents.sha256, documents.size, documents.format, documents.first_seen, documents.last_seen"

// scanner is what *sql.Row and *sql.Rows share.
type scanner interface{ Scan(dest ...any) error }

// scanDocument reads documentColumns, then dest.
func scanDocument(sc scanner, dest ...any) (caption.Document, error) {
	var d caption.Document
	var first, last string
	if err := sc.Scan(append([]any{&d.ID, &d.Path, &d.Root, &d.SHA256, &d.Size, &d.Format, &first, &last}, dest...)...); err != nil {
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
	const query = `SELECT ` + sourceColumns + `
		FROM occurrences JOIN documents ON documents.id = occurrences.document_id ` + sourcePhotoJoin + `
		WHERE occurrences.record_id = ? ORDER BY occurrences.document_id, occurrences.idx`
	err = s.querySources(ctx, query, []any{record}, func(src caption.Source) {
		srcs = append(srcs, src)
	})
	if err != nil {
		return nil, err
	}
	if len(srcs) == 0 {
		return nil, s.mustExist(ctx, record)
	}
	return srcs, nil
}

// SourcesOf returns the sources of records, keyed by record, in one query:
// the IDs go in as one JSON array, which json_each unrolls for the index
// on occurrences.record_id, so that the query is the same whatever their
// number (no statement of thousands of parameters).
func (s *Store) SourcesOf(ctx context.Context, records []int64) (out map[int64][]caption.Source, err error) {
	defer wrap(&err, "sqlite.SourcesOf(%d records)", len(records))
	out = make(map[int64][]caption.Source, len(records))
	if len(records) == 0 {
		return out, ctx.Err()
	}
	ids, err := json.Marshal(records)
	if err != nil {
		return nil, err
	}
	const query = `SELECT ` + sourceColumns + `
		FROM occurrences JOIN documents ON documents.id = occurrences.document_id ` + sourcePhotoJoin + `
		WHERE occurrences.record_id IN (SELECT value FROM json_each(?)) ORDER BY occurrences.record_id, occurrences.document_id, occurrences.idx`
	err = s.querySources(ctx, query, []any{string(ids)}, func(src caption.Source) {
		out[src.RecordID] = append(out[src.RecordID], src)
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// sourceColumns are what scanSource reads.
const sourceColumns = documentColumns + `, occurrences.record_id, occurrences.idx, occurrences.byte_start, occurrences.byte_end,
	occurrences.line, occurrences.text, (SELECT text FROM records WHERE records.id = occurrences.record_id), occurrences.meta, ` + photoColumns

// sourcePhotoJoin joins the photo of each source's document, when it has
// one, for sourceColumns.
const sourcePhotoJoin = `LEFT JOIN document_photos ON document_photos.document_id = documents.id
	LEFT JOIN photos ON photos.id = document_photos.photo_id`

// querySources runs a query of sourceColumns and calls fn with each row.
func (s *Store) querySources(ctx context.Context, query string, args []any, fn func(caption.Source)) error {
	rows, err := s.read(ctx).QueryContext(ctx, query, args...)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		var src caption.Source
		var meta sql.NullString
		var packed []byte
		var recordText string
		var ph photoRow
		src.Document, err = scanDocument(rows, append([]any{&src.RecordID, &src.Index, &src.Start, &src.End, &src.Line, &packed, &recordText, &meta}, ph.dest()...)...)
		if err != nil {
			return err
		}
		if src.Photo, err = ph.photo(); err != nil {
			return err
		}
		if src.Text, err = unpackText(packed, recordText); err != nil {
			return fmt.Errorf("occurrence %d of document %d: %w", src.Index, src.Document.ID, err)
		}
		src.DocumentID = src.Document.ID
		if meta.Valid {
			if err := json.Unmarshal([]byte(meta.String), &src.Meta); err != nil {
				return fmt.Errorf("occurrence %d of document %d: meta: %w", src.Index, src.DocumentID, err)
			}
		}
		fn(src)
	}
	return rows.Err()
}
