package sqlite

import (
	"cmp"
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"slices"
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
// record's group at that level. A zero Created is the current time.
func (s *Store) SetLink(ctx context.Context, l caption.Link) (err error) {
	defer wrap(&err, "sqlite.SetLink(%d, %s)", l.Record, l.Level)
	return s.setLinks(ctx, []caption.Link{l})
}

// SetLinks stores links as SetLink does each, in order, in one transaction
// (a savepoint inside Exclusive): a linking pass writes a batch's links with
// a few multi-row statements instead of a savepoint and five statements a
// record, which took a large share of an ingest's time.
func (s *Store) SetLinks(ctx context.Context, links []caption.Link) (err error) {
	defer wrap(&err, "sqlite.SetLinks(%d links)", len(links))
	return s.setLinks(ctx, links)
}

func (s *Store) setLinks(ctx context.Context, links []caption.Link) error {
	if len(links) == 0 {
		return nil
	}
	now := time.Now()
	for i, l := range links {
		if _, ok := unlinkedWhere[l.Level]; !ok || l.Group == 0 {
			return fmt.Errorf("%w: level %q, group %d", caption.ErrInvalid, l.Level, l.Group)
		}
		if l.Created.IsZero() {
			links[i].Created = now
		}
	}
	check := func(q querier) error { return s.linkedRecords(ctx, q, links) }
	return s.writeChecked(ctx, check, func(q querier) error {
		// With every record and target checked, no constraint can fail: the
		// statements say so (OR FAIL, foreign keys deferred to the commit),
		// which spares SQLite a statement journal, a copy of every page
		// each multi-row statement changes, and time with it.
		if _, err := q.ExecContext(ctx, "PRAGMA defer_foreign_keys = ON"); err != nil {
			return err
		}
		linkRows := make([][]any, len(links))
		last := map[caption.LinkLevel]map[int64]int64{} // the group each record ends in, by level
		for i, l := range links {
			linkRows[i] = []any{l.Record, l.Level, l.Target, l.Group, l.Similarity, l.Rule, formatTime(l.Created)}
			if last[l.Level] == nil {
				last[l.Level] = map[int64]int64{}
			}
			last[l.Level][l.Record] = l.Group
		}
		const upsert = `INSERT OR FAIL INTO links (record_id, level, target, grp, similarity, rule, created) VALUES `
		const onConflict = ` ON CONFLICT (record_id, level) DO UPDATE SET target = excluded.target, grp = excluded.grp,
			similarity = excluded.similarity, rule = excluded.rule, created = excluded.created`
		if err := execRows(ctx, q, upsert, onConflict, linkRows, nil); err != nil {
			return err
		}
		if err := setGroups(ctx, q, last[caption.LevelCluster], last[caption.LevelEvent]); err != nil {
			return err
		}
		return bumpLinkVersion(ctx, q)
	})
}

// linkedRecords checks that the records, targets and groups of links
// exist: those the store does not know exist already (recordIDs) are
// looked up, and known from then on.
func (s *Store) linkedRecords(ctx context.Context, q querier, links []caption.Link) error {
	var ids []int64
	seen := map[int64]bool{}
	for _, l := range links {
		for _, id := range []int64{l.Record, l.Target, l.Group} {
			if !seen[id] {
				seen[id] = true
				if !s.records.has(id) {
					ids = append(ids, id)
				}
			}
		}
	}
	if len(ids) == 0 {
		return nil
	}
	list, err := json.Marshal(ids)
	if err != nil {
		return err
	}
	rows, err := q.QueryContext(ctx, "SELECT id FROM records WHERE id IN (SELECT value FROM json_each(?))", string(list))
	if err != nil {
		return err
	}
	found := make(map[int64]bool, len(ids))
	err = eachRow(rows, func(rows *sql.Rows) error {
		var id int64
		err := rows.Scan(&id)
		found[id] = true
		return err
	})
	if err != nil {
		return err
	}
	for _, id := range ids {
		if !found[id] {
			return fmt.Errorf("record %d: %w", id, caption.ErrNotFound)
		}
	}
	s.records.learn(ids)
	return nil
}

// setGroups sets records' groups, batchRows records a statement, in ID
// order so that the statements walk the table once. A record linked at
// both levels in one call has both columns set at once: its row (two
// kilobytes) is rewritten once, and it never enters records_unevented.
func setGroups(ctx context.Context, q querier, clusters, events map[int64]int64) error {
	var both, onlyCluster, onlyEvent [][]any
	for id, c := range clusters {
		if e, ok := events[id]; ok {
			both = append(both, []any{id, c, e})
		} else {
			onlyCluster = append(onlyCluster, []any{id, c})
		}
	}
	for id, e := range events {
		if _, ok := clusters[id]; !ok {
			onlyEvent = append(onlyEvent, []any{id, e})
		}
	}
	for _, u := range []struct {
		set  string
		rows [][]any
	}{
		{"cluster = v.column2, event = v.column3", both},
		{"cluster = v.column2", onlyCluster},
		{"event = v.column2", onlyEvent},
	} {
		slices.SortFunc(u.rows, func(a, b []any) int { return cmp.Compare(a[0].(int64), b[0].(int64)) })
		update := "UPDATE OR FAIL records SET " + u.set + " FROM (VALUES "
		if err := execRows(ctx, q, update, ") AS v WHERE records.id = v.column1", u.rows, nil); err != nil {
			return err
		}
	}
	return nil
}

// The link version is the database's user_version (a number in the file
// header, which SQLite leaves to applications): every transaction that sets
// links or updates records moves it on, and every connection and process
// sees it with the data, at no cost in rows or schema.
func bumpLinkVersion(ctx context.Context, q querier) error {
	var v int32
	if err := q.QueryRowContext(ctx, "PRAGMA user_version").Scan(&v); err != nil {
		return err
	}
	_, err := q.ExecContext(ctx, fmt.Sprintf("PRAGMA user_version = %d", v+1)) // wraps, which only comparisons for equality see
	return err
}

// LinkVersion returns a number that changes whenever links are set or
// records updated: the database's user_version (see bumpLinkVersion).
func (s *Store) LinkVersion(ctx context.Context) (v int64, err error) {
	defer wrap(&err, "sqlite.LinkVersion")
	var n int32
	err = s.read(ctx).QueryRowContext(ctx, "PRAGMA user_version").Scan(&n)
	return int64(n), err
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
// ANALYZE it may prefer another index. [1] is the same without INDEXED BY,
// for while a bulk load leaves the index unbuilt (bulk.go), which INDEXED
// BY would make an error: slow then, but right.
var eventCandidatesWhere = [2]string{eventCandidatesQuery("INDEXED BY records_event_days"), eventCandidatesQuery("")}

func eventCandidatesQuery(indexedBy string) string {
	var b strings.Builder
	b.WriteString(" WHERE id IN (")
	for i, p := range dateSpans {
		if i > 0 {
			b.WriteString(" UNION ALL ")
		}
		fmt.Fprintf(&b, "SELECT id FROM records %s WHERE event IS NOT NULL AND date_precision = '%s' AND day_first BETWEEN ?1 - %d AND ?2 AND day_last >= ?1", indexedBy, p.precision, p.span)
	}
	b.WriteString(") ORDER BY id")
	return b.String()
}

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
	// Ingest asks inside Exclusive, whose write lock keeps a load from
	// dropping the index between this check and the query.
	q := s.read(ctx)
	var indexed bool
	if err := q.QueryRowContext(ctx, "SELECT EXISTS (SELECT 1 FROM sqlite_schema WHERE type = 'index' AND name = 'records_event_days')").Scan(&indexed); err != nil {
		return nil, err
	}
	where := eventCandidatesWhere[0]
	if !indexed {
		where = eventCandidatesWhere[1]
	}
	return queryRecords(ctx, q, recordSelect+where, lo, hi)
}
