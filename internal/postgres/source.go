package postgres

import (
	"context"
	"encoding/json"

	"github.com/jackc/pgx/v5"

	"sijil/internal/caption"
)

// documentColumns lists a document's columns, as scanDocument reads them.
const documentColumns = `id, path, root, sha256, size, format, first_seen, last_seen`

// scanDocument reads one row of documentColumns.
func scanDocument(row pgx.Row) (caption.Document, error) {
	var d caption.Document
	err := row.Scan(&d.ID, &d.Path, &d.Root, &d.SHA256, &d.Size, &d.Format, &d.FirstSeen, &d.LastSeen)
	d.FirstSeen, d.LastSeen = d.FirstSeen.UTC(), d.LastSeen.UTC()
	return d, err
}

// Documents returns every document in ID order.
func (s *Store) Documents(ctx context.Context) (_ []caption.Document, err error) {
	defer wrap(&err, "postgres.Documents")
	var docs []caption.Document
	err = s.read(ctx, func(q querier) error {
		rows, err := q.Query(ctx, `SELECT `+documentColumns+` FROM documents ORDER BY id`)
		if err != nil {
			return err
		}
		docs, err = pgx.CollectRows(rows, func(row pgx.CollectableRow) (caption.Document, error) {
			return scanDocument(row)
		})
		return err
	})
	return docs, err
}

// Sources returns where a record was found, in document and index order.
func (s *Store) Sources(ctx context.Context, record int64) (_ []caption.Source, err error) {
	defer wrap(&err, "postgres.Sources(%d)", record)
	var srcs []caption.Source
	err = s.read(ctx, func(q querier) error {
		rows, err := q.Query(ctx, `SELECT `+sourceColumns+`
			FROM occurrences o JOIN documents d ON d.id = o.document_id `+sourcePhotoJoin+`
			WHERE o.record_id = $1
			ORDER BY o.document_id, o.idx`, record)
		if err != nil {
			return err
		}
		srcs, err = pgx.CollectRows(rows, scanSource)
		return err
	})
	if err == nil && len(srcs) == 0 {
		err = s.checkRecord(ctx, record)
	}
	return srcs, err
}

// SourcesOf returns the sources of records, keyed by record, in one query
// (the IDs as one array parameter).
func (s *Store) SourcesOf(ctx context.Context, records []int64) (_ map[int64][]caption.Source, err error) {
	defer wrap(&err, "postgres.SourcesOf(%d records)", len(records))
	out := make(map[int64][]caption.Source, len(records))
	if len(records) == 0 {
		return out, ctx.Err()
	}
	var srcs []caption.Source
	err = s.read(ctx, func(q querier) error {
		rows, err := q.Query(ctx, `SELECT `+sourceColumns+`
			FROM occurrences o JOIN documents d ON d.id = o.document_id `+sourcePhotoJoin+`
			WHERE o.record_id = ANY($1)
			ORDER BY o.record_id, o.document_id, o.idx`, records)
		if err != nil {
			return err
		}
		srcs, err = pgx.CollectRows(rows, scanSource)
		return err
	})
	if err != nil {
		return nil, err
	}
	for _, src := range srcs {
		out[src.RecordID] = append(out[src.RecordID], src)
	}
	return out, nil
}

// sourceColumns are what scanSource reads.
const sourceColumns = `d.id, d.path, d.root, d.sha256, d.size, d.format, d.first_seen, d.last_seen,
	o.record_id, o.idx, o.start_byte, o.end_byte, o.line, o.text, o.meta, ` + photoColumns

// sourcePhotoJoin joins the photo of each source's document, when it has
// one, for sourceColumns.
const sourcePhotoJoin = `LEFT JOIN document_photos dp ON dp.document_id = d.id LEFT JOIN photos p ON p.id = dp.photo_id`

// scanSource reads one row of sourceColumns.
func scanSource(row pgx.CollectableRow) (caption.Source, error) {
	var src caption.Source
	var meta []byte
	var ph photoRow
	d, o := &src.Document, &src.Occurrence
	err := row.Scan(append([]any{&d.ID, &d.Path, &d.Root, &d.SHA256, &d.Size, &d.Format, &d.FirstSeen, &d.LastSeen,
		&o.RecordID, &o.Index, &o.Start, &o.End, &o.Line, &o.Text, &meta}, ph.dest()...)...)
	if err != nil {
		return src, err
	}
	src.Photo = ph.photo()
	d.FirstSeen, d.LastSeen = d.FirstSeen.UTC(), d.LastSeen.UTC()
	o.DocumentID = d.ID
	if meta != nil {
		err = json.Unmarshal(meta, &o.Meta)
	}
	return src, err
}

// Stats counts documents, occurrences, records, clusters and events.
func (s *Store) Stats(ctx context.Context) (st caption.Stats, err error) {
	defer wrap(&err, "postgres.Stats")
	err = s.read(ctx, func(q querier) error {
		return q.QueryRow(ctx, `SELECT
			(SELECT count(*) FROM documents),
			(SELECT count(*) FROM occurrences),
			(SELECT count(*) FROM records),
			(SELECT count(DISTINCT cluster_id) FROM records),
			(SELECT count(DISTINCT event_id) FROM records)`).
			Scan(&st.Documents, &st.Occurrences, &st.Records, &st.Clusters, &st.Events)
	})
	return st, err
}
