package postgres

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"sijil/internal/caption"
)

// Unlinked returns up to limit records with no link at level, in ID order;
// at caption.LevelEvent only records already linked at caption.LevelCluster.
func (s *Store) Unlinked(ctx context.Context, level caption.LinkLevel, limit int) (_ []caption.StoredRecord, err error) {
	defer wrap(&err, "postgres.Unlinked(%s)", level)
	var where string
	switch level {
	case caption.LevelCluster:
		where = `r.cluster_id IS NULL`
	case caption.LevelEvent:
		where = `r.event_id IS NULL AND r.cluster_id IS NOT NULL`
	default:
		return nil, fmt.Errorf("%w: link level %q", caption.ErrInvalid, level)
	}
	if limit <= 0 {
		return nil, fmt.Errorf("%w: limit %d", caption.ErrInvalid, limit)
	}
	return s.queryRecords(ctx, recordSelect+` WHERE `+where+` ORDER BY r.id LIMIT $1`, limit)
}

// ClusterCandidates returns the records linked to a cluster that share an
// LSH band with fp, in ID order.
func (s *Store) ClusterCandidates(ctx context.Context, fp caption.Fingerprint) (_ []caption.StoredRecord, err error) {
	defer wrap(&err, "postgres.ClusterCandidates")
	if len(fp.Bands) == 0 {
		return nil, nil
	}
	return s.queryRecords(ctx, recordSelect+`
		WHERE r.cluster_id IS NOT NULL
		AND r.id IN (SELECT b.record_id FROM bands b WHERE b.hash = ANY($1))
		ORDER BY r.id`, bandHashes(fp.Bands))
}

// EventCandidates returns the records linked to an event whose date lies
// within days of d, in ID order: those whose dates (a day, a month or a
// year) overlap d's, widened by days on either side. A record or a d without
// a date has no candidates.
func (s *Store) EventCandidates(ctx context.Context, d caption.PartialDate, days int) (_ []caption.StoredRecord, err error) {
	defer wrap(&err, "postgres.EventCandidates(%s, %d)", d, days)
	if days < 0 {
		return nil, fmt.Errorf("%w: %d days", caption.ErrInvalid, days)
	}
	first, last := dateRange(d)
	if first == nil {
		return nil, nil
	}
	lo, hi := first.AddDate(0, 0, -days), last.AddDate(0, 0, days)
	// No date covers more than a year, so a record ending on or after lo
	// begins at most 366 days before it: the bound keeps the index scan
	// on date_first to the window instead of all of history.
	earliest := lo.AddDate(0, 0, -366)
	return s.queryRecords(ctx, recordSelect+`
		WHERE r.event_id IS NOT NULL
		AND r.date_first BETWEEN $3 AND $2 AND r.date_last >= $1
		ORDER BY r.id`, lo, hi, earliest)
}

// SetLink stores l and sets its record's group at l.Level, in one
// transaction. A record has one link per level: a later link replaces it,
// as when a reviewer undoes a match. A record or target that does not exist
// is caption.ErrNotFound.
func (s *Store) SetLink(ctx context.Context, l caption.Link) (err error) {
	defer wrap(&err, "postgres.SetLink(%d, %s)", l.Record, l.Level)
	column := map[caption.LinkLevel]string{caption.LevelCluster: "cluster_id", caption.LevelEvent: "event_id"}[l.Level]
	if column == "" {
		return fmt.Errorf("%w: link level %q", caption.ErrInvalid, l.Level)
	}
	if l.Group <= 0 {
		return fmt.Errorf("%w: group %d", caption.ErrInvalid, l.Group)
	}
	created := l.Created
	if created.IsZero() {
		created = time.Now()
	}
	return pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		tag, err := tx.Exec(ctx, `UPDATE records SET `+column+` = $2 WHERE id = $1`, l.Record, l.Group)
		if err != nil {
			return err
		}
		if tag.RowsAffected() == 0 {
			return pgx.ErrNoRows
		}
		_, err = tx.Exec(ctx, `
			INSERT INTO links (record_id, level, target_id, group_id, similarity, rule, created)
			VALUES ($1, $2, $3, $4, $5, $6, $7)
			ON CONFLICT (record_id, level) DO UPDATE SET target_id = excluded.target_id,
				group_id = excluded.group_id, similarity = excluded.similarity,
				rule = excluded.rule, created = excluded.created`,
			l.Record, string(l.Level), l.Target, l.Group, l.Similarity, l.Rule, created.UTC().Truncate(time.Microsecond))
		return err
	})
}

// Links returns the links of a record at every level: its cluster link
// first, then its event link.
func (s *Store) Links(ctx context.Context, record int64) (_ []caption.Link, err error) {
	defer wrap(&err, "postgres.Links(%d)", record)
	rows, err := s.pool.Query(ctx, `
		SELECT record_id, level, target_id, group_id, similarity, rule, created
		FROM links WHERE record_id = $1
		ORDER BY CASE level WHEN 'cluster' THEN 0 ELSE 1 END`, record)
	if err != nil {
		return nil, err
	}
	links, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (caption.Link, error) {
		var l caption.Link
		var level string
		err := row.Scan(&l.Record, &level, &l.Target, &l.Group, &l.Similarity, &l.Rule, &l.Created)
		l.Level, l.Created = caption.LinkLevel(level), l.Created.UTC()
		return l, err
	})
	if err == nil && len(links) == 0 {
		err = s.checkRecord(ctx, record)
	}
	return links, err
}
