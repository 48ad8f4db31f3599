package postgres

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"

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
	return s.setLinks(ctx, []caption.Link{l})
}

// SetLinks stores links as SetLink does each, in order, in one transaction
// (inside Exclusive, a savepoint of its): the links are copied into a
// staging table (COPY), and one UPDATE sets the groups of their records,
// both levels at once, so that a record linked at both is written once,
// and one INSERT … ON CONFLICT DO UPDATE stores them, instead of a
// statement, or a transaction, per link.
func (s *Store) SetLinks(ctx context.Context, links []caption.Link) (err error) {
	defer wrap(&err, "postgres.SetLinks(%d links)", len(links))
	return s.setLinks(ctx, links)
}

// linkColumns are the records column of each level's group.
var linkColumns = map[caption.LinkLevel]string{caption.LevelCluster: "cluster_id", caption.LevelEvent: "event_id"}

func (s *Store) setLinks(ctx context.Context, links []caption.Link) error {
	if len(links) == 0 {
		return nil
	}
	// A record linked twice at one level keeps its last link, as it would
	// one call at a time; one statement may not touch a row twice.
	last, err := lastLinks(links)
	if err != nil {
		return err
	}
	kept := make([]caption.Link, 0, len(last))
	records := map[int64]bool{}
	for i, l := range links {
		if last[i] {
			kept = append(kept, l)
			records[l.Record] = true
		}
	}
	now := time.Now()
	return s.write(ctx, "SetLinks", func(tx pgx.Tx, x *txState) error {
		t, err := stageTable(ctx, tx, x, stageLinks)
		if err != nil {
			return err
		}
		if err := copyLinks(ctx, tx, t, kept, now); err != nil {
			return err
		}
		b := &pgx.Batch{}
		var updated int64
		b.Queue(`UPDATE records r SET cluster_id = coalesce(l.cluster_id, r.cluster_id), event_id = coalesce(l.event_id, r.event_id)
			FROM (SELECT record_id,
					max(group_id) FILTER (WHERE level = 'cluster') AS cluster_id,
					max(group_id) FILTER (WHERE level = 'event') AS event_id
				FROM ` + stageLinks + ` GROUP BY record_id) AS l
			WHERE r.id = l.record_id`).Exec(func(tag pgconn.CommandTag) error {
			updated = tag.RowsAffected()
			return nil
		})
		b.Queue(`INSERT INTO links (record_id, level, target_id, group_id, similarity, rule, created)
			SELECT record_id, level, target_id, group_id, similarity, rule, created FROM ` + stageLinks + `
			ON CONFLICT (record_id, level) DO UPDATE SET target_id = excluded.target_id,
				group_id = excluded.group_id, similarity = excluded.similarity,
				rule = excluded.rule, created = excluded.created`)
		b.Queue(`SELECT nextval('link_version')`)
		if err := tx.SendBatch(ctx, b).Close(); err != nil {
			return err
		}
		if int(updated) != len(records) {
			return pgx.ErrNoRows
		}
		return nil
	})
}

// LinkVersion returns the link_version sequence's value, which SetLink,
// SetLinks and UpdateRecord move on: the last value taken, or one less than
// the first before any was (last_value alone is 1 both then and after the
// first nextval).
func (s *Store) LinkVersion(ctx context.Context) (v int64, err error) {
	defer wrap(&err, "postgres.LinkVersion")
	err = s.read(ctx, func(q querier) error {
		return q.QueryRow(ctx, `SELECT CASE WHEN is_called THEN last_value ELSE last_value - 1 END FROM link_version`).Scan(&v)
	})
	return v, err
}

// Links returns the links of a record at every level: its cluster link
// first, then its event link.
func (s *Store) Links(ctx context.Context, record int64) (_ []caption.Link, err error) {
	defer wrap(&err, "postgres.Links(%d)", record)
	var links []caption.Link
	err = s.read(ctx, func(q querier) error {
		rows, err := q.Query(ctx, `
			SELECT record_id, level, target_id, group_id, similarity, rule, created
			FROM links WHERE record_id = $1
			ORDER BY CASE level WHEN 'cluster' THEN 0 ELSE 1 END`, record)
		if err != nil {
			return err
		}
		links, err = pgx.CollectRows(rows, func(row pgx.CollectableRow) (caption.Link, error) {
			var l caption.Link
			var level string
			err := row.Scan(&l.Record, &level, &l.Target, &l.Group, &l.Similarity, &l.Rule, &l.Created)
			l.Level, l.Created = caption.LinkLevel(level), l.Created.UTC()
			return l, err
		})
		return err
	})
	if err == nil && len(links) == 0 {
		err = s.checkRecord(ctx, record)
	}
	return links, err
}
