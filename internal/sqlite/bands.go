package sqlite

import (
	"cmp"
	"context"
	"database/sql"
	"fmt"
	"iter"
	"slices"
	"strings"

	"sijil/internal/caption"
)

// bandPage is how many records ClusterBands reads per query: it reads a
// page, closes the query, then yields, so that the caller may write to the
// store inside the loop.
const bandPage = 4096

// ClusterBands yields the records linked at cluster level with ID above
// after, in ID order, with their cluster and bands.
func (s *Store) ClusterBands(ctx context.Context, after int64) iter.Seq2[caption.BandRecord, error] {
	return func(yield func(caption.BandRecord, error) bool) {
		const query = "SELECT id, cluster, coalesce(date, ''), bands FROM records WHERE id > ? AND cluster IS NOT NULL ORDER BY id LIMIT ?"
		for {
			var page []caption.BandRecord
			err := queryEach(ctx, s.read(ctx), query, []any{after, bandPage}, func(rows *sql.Rows) error {
				var b caption.BandRecord
				var raw []byte
				var date string
				if err := rows.Scan(&b.ID, &b.Cluster, &date, &raw); err != nil {
					return err
				}
				var err error
				if b.Date, err = caption.ParseDate(date); err != nil {
					return fmt.Errorf("record %d: %w", b.ID, err)
				}
				if b.Bands, err = unpackUint64s(raw); err != nil {
					return fmt.Errorf("record %d: bands: %w", b.ID, err)
				}
				page = append(page, b)
				return nil
			})
			if err != nil {
				yield(caption.BandRecord{}, fmt.Errorf("sqlite.ClusterBands after %d: %w", after, err))
				return
			}
			for _, b := range page {
				if !yield(b, nil) {
					return
				}
				after = b.ID
			}
			if len(page) < bandPage {
				return
			}
		}
	}
}

// RecordsOf returns the records of ids that exist, in ID order.
func (s *Store) RecordsOf(ctx context.Context, ids []int64) (out []caption.StoredRecord, err error) {
	defer wrap(&err, "sqlite.RecordsOf(%d records)", len(ids))
	for len(ids) > 0 {
		n := stmtRows(len(ids))
		args := make([]any, n)
		for i, id := range ids[:n] {
			args[i] = id
		}
		rs, err := queryRecords(ctx, s.read(ctx), recordSelect+" WHERE id IN (?"+strings.Repeat(", ?", n-1)+")", args...)
		if err != nil {
			return nil, err
		}
		out = append(out, rs...)
		ids = ids[n:]
	}
	slices.SortFunc(out, func(a, b caption.StoredRecord) int { return cmp.Compare(a.ID, b.ID) })
	return out, nil
}
