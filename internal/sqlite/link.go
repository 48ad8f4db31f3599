package sqlite

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"sijil/internal/caption"
)

// unlinkedWhere selects the records waiting for each linking pass; each
// condition matches a partial index of 0001_init.sql.
var unlinkedWhere = map[caption.LinkLevel]string{
	caption.LevelCluster: "cluster IS NULL",
	caption.LevelEvent:   "event IS NULL AND cluster IS NOT NULL",
}

// Unlinked returns up to limit records with no link at level, in ID order;
// at LevelEvent, only records already linked at LevelCluster.
func (s *Store) Unlinked(ctx context.Context, level caption.LinkLevel, limit int) (rs []caption.StoredRecord, err error) {
	defer wrap(&err, "sqlite.Unlinked(%s, %d)", level, limit)
	where, ok := unlinkedWhere[level]
	if !ok || limit <= 0 {
		return nil, fmt.Errorf("%w: level %q, limit %d", caption.ErrInvalid, level, limit)
	}
	return queryRecords(ctx, s.read(ctx), recordSelect+" WHERE "+where+" ORDER BY id LIMIT ?", limit)
}

// SetLink stores l, replacing the record's link at l.Level, and sets the
// record's group at that level. A record linked at cluster level has its
// bands indexed, which makes it a ClusterCandidate. A zero Created is the
// current time.
func (s *Store) SetLink(ctx context.Context, l caption.Link) (err error) {
	defer wrap(&err, "sqlite.SetLink(%d, %s)", l.Record, l.Level)
	if _, ok := unlinkedWhere[l.Level]; !ok || l.Group == 0 {
		return fmt.Errorf("%w: level %q, group %d", caption.ErrInvalid, l.Level, l.Group)
	}
	if l.Created.IsZero() {
		l.Created = time.Now()
	}
	return s.write(ctx, func(q querier) error {
		c := s.preparer(ctx, q)
		var bands []byte
		err := c.queryRow(ctx, q, "SELECT bands FROM records WHERE id = ?", l.Record).Scan(&bands)
		if errors.Is(err, sql.ErrNoRows) {
			return fmt.Errorf("record %d: %w", l.Record, caption.ErrNotFound)
		}
		if err != nil {
			return err
		}
		var one int
		err = c.queryRow(ctx, q, "SELECT 1 FROM records WHERE id = ?", l.Target).Scan(&one)
		if errors.Is(err, sql.ErrNoRows) {
			return fmt.Errorf("record %d: %w", l.Target, caption.ErrNotFound)
		}
		if err != nil {
			return err
		}
		const upsert = `INSERT INTO links (record_id, level, target, grp, similarity, rule, created) VALUES (?, ?, ?, ?, ?, ?, ?)
			ON CONFLICT (record_id, level) DO UPDATE SET target = excluded.target, grp = excluded.grp,
			similarity = excluded.similarity, rule = excluded.rule, created = excluded.created`
		if _, err := c.exec(ctx, q, upsert, l.Record, l.Level, l.Target, l.Group, l.Similarity, l.Rule, formatTime(l.Created)); err != nil {
			return err
		}
		if _, err := c.exec(ctx, q, setGroup[l.Level], l.Group, l.Record); err != nil {
			return err
		}
		if l.Level != caption.LevelCluster {
			return nil
		}
		return indexBands(ctx, q, c, l.Record, bands)
	})
}

// setGroup sets a record's group at each level.
var setGroup = map[caption.LinkLevel]string{
	caption.LevelCluster: "UPDATE records SET cluster = ? WHERE id = ?",
	caption.LevelEvent:   "UPDATE records SET event = ? WHERE id = ?",
}

// insertBands inserts n bands of a record: every record of a store has as
// many, so the statement is prepared once per transaction.
func insertBands(n int) string {
	return "INSERT OR IGNORE INTO bands (band, record_id) VALUES " + strings.Repeat("(?, ?), ", n-1) + "(?, ?)"
}

// indexBands writes a record's packed bands into the bands table, with c's
// prepared statement when c is not nil.
func indexBands(ctx context.Context, q querier, c *txStmts, record int64, packed []byte) error {
	bands, err := unpackUint64s(packed)
	if err != nil || len(bands) == 0 {
		return err
	}
	args := make([]any, 0, 2*len(bands))
	for _, b := range bands {
		args = append(args, int64(b), record)
	}
	_, err = c.exec(ctx, q, insertBands(len(bands)), args...)
	return err
}

// Links returns a record's links, its cluster link first.
func (s *Store) Links(ctx context.Context, record int64) (ls []caption.Link, err error) {
	defer wrap(&err, "sqlite.Links(%d)", record)
	const query = `SELECT level, target, grp, similarity, rule, created FROM links WHERE record_id = ?
		ORDER BY CASE level WHEN 'cluster' THEN 0 ELSE 1 END`
	rows, err := s.read(ctx).QueryContext(ctx, query, record)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	for rows.Next() {
		l := caption.Link{Record: record}
		var created string
		if err := rows.Scan(&l.Level, &l.Target, &l.Group, &l.Similarity, &l.Rule, &created); err != nil {
			return nil, err
		}
		if l.Created, err = parseTime(created); err != nil {
			return nil, err
		}
		ls = append(ls, l)
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	if len(ls) == 0 {
		return nil, s.mustExist(ctx, record)
	}
	return ls, nil
}

// ClusterCandidates returns the records linked at cluster level that share
// a band with fp, in ID order, each once. The bands go in as one JSON array,
// so that their number is not bound by SQLite's limit on parameters.
func (s *Store) ClusterCandidates(ctx context.Context, fp caption.Fingerprint) (rs []caption.StoredRecord, err error) {
	defer wrap(&err, "sqlite.ClusterCandidates(%s)", fp.Key)
	if len(fp.Bands) == 0 {
		return nil, nil
	}
	bands := make([]int64, len(fp.Bands))
	for i, b := range fp.Bands {
		bands[i] = int64(b) // as stored: the two's-complement int64
	}
	list, err := json.Marshal(bands)
	if err != nil {
		return nil, err
	}
	const where = ` WHERE id IN (SELECT record_id FROM bands WHERE band IN (SELECT value FROM json_each(?)))
		AND cluster IS NOT NULL ORDER BY id`
	return queryRecords(ctx, s.read(ctx), recordSelect+where, string(list))
}

// dateSpans are the most day_last - day_first can be at each date
// precision: a day, a 31-day month, a leap year. A date's span bounds how
// far before a window its day_first can be when its day_last is in it.
var dateSpans = []struct {
	precision caption.Precision
	span      int64
}{{caption.PrecisionDay, 0}, {caption.PrecisionMonth, 30}, {caption.PrecisionYear, 365}}

// eventCandidatesWhere selects the records linked at event level with
// day_first <= hi and day_last >= lo, one date precision at a time, so that
// records_event_days (0003_link_index.sql) ranges each over the window
// widened by the precision's span and tests day_last in the index; only the
// matching rows are read. INDEXED BY holds the planner to it: without
// ANALYZE it may prefer records_day.
var eventCandidatesWhere = func() string {
	var b strings.Builder
	b.WriteString(" WHERE id IN (")
	for i, p := range dateSpans {
		if i > 0 {
			b.WriteString(" UNION ALL ")
		}
		fmt.Fprintf(&b, "SELECT id FROM records INDEXED BY records_event_days WHERE event IS NOT NULL AND date_precision = '%s' AND day_first BETWEEN ?1 - %d AND ?2 AND day_last >= ?1", p.precision, p.span)
	}
	b.WriteString(") ORDER BY id")
	return b.String()
}()

// EventCandidates returns the records linked at event level whose date is
// within days of d, in ID order. Dates are compared as intervals of days: a
// month stands for its first to its last day, and matches when the gap
// between the two intervals is at most days. An undated d matches nothing.
func (s *Store) EventCandidates(ctx context.Context, d caption.PartialDate, days int) (rs []caption.StoredRecord, err error) {
	defer wrap(&err, "sqlite.EventCandidates(%s, %d)", d, days)
	if days < 0 {
		return nil, fmt.Errorf("%w: negative window", caption.ErrInvalid)
	}
	if d.IsZero() {
		return nil, ctx.Err()
	}
	first, last := dayRange(d)
	lo, hi := first-int64(days), last+int64(days)
	return queryRecords(ctx, s.read(ctx), recordSelect+eventCandidatesWhere, lo, hi)
}
