package postgres

import (
	"context"
	"fmt"
	"iter"
	"time"

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
			var page []caption.BandRecord
			err := s.read(ctx, func(q querier) error {
				rows, err := q.Query(ctx, `SELECT id, cluster_id, date_first, coalesce(date_precision, ''), bands FROM records
					WHERE id > $1 AND cluster_id IS NOT NULL ORDER BY id LIMIT $2`, after, bandPage)
				if err != nil {
					return err
				}
				page, err = pgx.CollectRows(rows, func(row pgx.CollectableRow) (caption.BandRecord, error) {
					var b caption.BandRecord
					var raw []byte
					var first *time.Time
					var precision string
					if err := row.Scan(&b.ID, &b.Cluster, &first, &precision, &raw); err != nil {
						return b, err
					}
					b.Date = partialDate(first, caption.Precision(precision))
					var err error
					b.Bands, err = decodeBands(raw)
					return b, err
				})
				return err
			})
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

// partialDate is the date whose first day is first at precision p (the
// inverse of dateRange).
func partialDate(first *time.Time, p caption.Precision) caption.PartialDate {
	if first == nil {
		return caption.PartialDate{}
	}
	d := caption.PartialDate{Year: first.Year(), Precision: p}
	switch p {
	case caption.PrecisionDay:
		d.Month, d.Day = int(first.Month()), first.Day()
	case caption.PrecisionMonth:
		d.Month = int(first.Month())
	case caption.PrecisionYear:
	default:
		return caption.PartialDate{}
	}
	return d
}
