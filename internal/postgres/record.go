package postgres

import (
	"context"
	"iter"

	"github.com/jackc/pgx/v5"

	"sijil/internal/caption"
)

// recordSelect lists a stored record's columns, as scanRecord reads them.
const recordSelect = `SELECT r.id, r.key, r.record, r.text, r.desc_len, r.fields, r.bands, r.parser_version,
	r.gazetteer_version, coalesce(r.cluster_id, 0), coalesce(r.event_id, 0) FROM records r`

// scanRecord reads one row of recordSelect.
func scanRecord(row pgx.Row) (caption.StoredRecord, error) {
	var sr caption.StoredRecord
	var js, fields, bands []byte
	var text *string
	var descLen *int32
	err := row.Scan(&sr.ID, &sr.Fingerprint.Key, &js, &text, &descLen, &fields, &bands, &sr.Versions.Parser,
		&sr.Versions.Gazetteer, &sr.Cluster, &sr.Event)
	if err != nil {
		return caption.StoredRecord{}, err
	}
	if sr.Record, err = unpackRecord(js, text, descLen, fields); err != nil {
		return caption.StoredRecord{}, err
	}
	if sr.Fingerprint.Bands, err = decodeBands(bands); err != nil {
		return caption.StoredRecord{}, err
	}
	return sr, nil
}

// queryRecords runs a query of recordSelect and reads every row.
func (s *Store) queryRecords(ctx context.Context, sql string, args ...any) (rs []caption.StoredRecord, err error) {
	err = s.read(ctx, func(q querier) error {
		rows, err := q.Query(ctx, sql, args...)
		if err != nil {
			return err
		}
		rs, err = pgx.CollectRows(rows, func(row pgx.CollectableRow) (caption.StoredRecord, error) {
			return scanRecord(row)
		})
		return err
	})
	return rs, err
}

// Record returns one record; caption.ErrNotFound when there is none.
func (s *Store) Record(ctx context.Context, id int64) (_ caption.StoredRecord, err error) {
	defer wrap(&err, "postgres.Record(%d)", id)
	var r caption.StoredRecord
	err = s.read(ctx, func(q querier) error {
		r, err = scanRecord(q.QueryRow(ctx, recordSelect+` WHERE r.id = $1`, id))
		return err
	})
	return r, err
}

// checkRecord returns pgx.ErrNoRows when record id does not exist: a list
// that comes back empty must tell a record without entries from no record.
func (s *Store) checkRecord(ctx context.Context, id int64) error {
	var exists bool
	if err := s.read(ctx, func(q querier) error {
		return q.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM records WHERE id = $1)`, id).Scan(&exists)
	}); err != nil {
		return err
	}
	if !exists {
		return pgx.ErrNoRows
	}
	return nil
}

// recordsPage is how many records Records reads per query.
const recordsPage = 1000

// Records yields every record in ID order. It reads them a page at a time,
// after the last ID yielded, so that no query stays open while the caller
// works: the caller may update the records it is given (as reparse does).
func (s *Store) Records(ctx context.Context) iter.Seq2[caption.StoredRecord, error] {
	return func(yield func(caption.StoredRecord, error) bool) {
		var after int64
		for {
			page, err := s.queryRecords(ctx, recordSelect+` WHERE r.id > $1 ORDER BY r.id LIMIT $2`, after, recordsPage)
			if err != nil {
				wrap(&err, "postgres.Records")
				yield(caption.StoredRecord{}, err)
				return
			}
			for _, sr := range page {
				if !yield(sr, nil) {
					return
				}
			}
			if len(page) < recordsPage {
				return
			}
			after = page[len(page)-1].ID
		}
	}
}

// UpdateRecord replaces a record's derived fields, versions and search
// terms, leaving its key, fingerprint, sources and links alone.
func (s *Store) UpdateRecord(ctx context.Context, id int64, r caption.Record, v caption.Versions) (err error) {
	defer wrap(&err, "postgres.UpdateRecord(%d)", id)
	c, err := columnsOf(r, v)
	if err != nil {
		return err
	}
	return s.write(ctx, "UpdateRecord", func(tx pgx.Tx, _ *txState) error {
		tag, err := tx.Exec(ctx, `
			UPDATE records SET record = NULL, text = $2, desc_len = $15, fields = $16, search_text = $3, search = $17,
				date_first = $4, date_last = $5, date_precision = $6, country = $7, lat = $8, lon = $9,
				killed = $10, injured = $11, parser_version = $12, gazetteer_version = $13, basis = $14
			WHERE id = $1`,
			id, c.Text, c.SearchText, c.DateFirst, c.DateLast, c.DatePrecision, c.Country, c.Lat, c.Lon,
			c.Killed, c.Injured, c.Parser, c.Gazetteer, c.Basis, c.DescLen, c.Fields, c.Search)
		if err == nil && tag.RowsAffected() == 0 {
			err = pgx.ErrNoRows
		}
		if err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `SELECT nextval('link_version')`); err != nil {
			return err
		}
		return reindexTerms(ctx, tx, s.placeKey, id, r)
	})
}
