package postgres

import (
	"context"
	"fmt"
	"iter"

	"github.com/jackc/pgx/v5"

	"sijil/internal/caption"
)

// bandPage is how many records ClusterBands reads per query.
const bandPage = 4096

// ClusterBands yields the records linked at cluster level with ID above
// after, in ID order, with their cluster and bands.
func (s *Store) ClusterBands(ctx context.Context, after int64) iter.Seq2[caption.BandRecord, error] {
	return func(yield func(caption.BandRecord, error) bool) {
		for {
			rows, err := s.pool.Query(ctx, `SELECT id, cluster_id, bands FROM records
				WHERE id > $1 AND cluster_id IS NOT NULL ORDER BY id LIMIT $2`, after, bandPage)
			var page []caption.BandRecord
			if err == nil {
				page, err = pgx.CollectRows(rows, func(row pgx.CollectableRow) (caption.BandRecord, error) {
					var b caption.BandRecord
					var raw []byte
					if err := row.Scan(&b.ID, &b.Cluster, &raw); err != nil {
						return b, err
					}
					var err error
					b.Bands, err = decodeBands(raw)
					return b, err
				})
			}
			if err != nil {
				yield(caption.BandRecord{}, fmt.Errorf("postgres.ClusterBands after %d: %w", after, err))
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
func (s *Store) RecordsOf(ctx context.Context, ids []int64) (_ []caption.StoredRecord, err error) {
	defer wrap(&err, "postgres.RecordsOf(%d records)", len(ids))
	if len(ids) == 0 {
		return nil, nil
	}
	return s.queryRecords(ctx, recordSelect+` WHERE r.id = ANY($1) ORDER BY r.id`, ids)
}
