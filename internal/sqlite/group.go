package sqlite

import (
	"context"
	"strconv"

	"sijil/internal/caption"
)

// groupColumn is the records column holding each level's group.
var groupColumn = map[caption.LinkLevel]string{caption.LevelCluster: "cluster", caption.LevelEvent: "event"}

// Group returns a page of the records of a cluster or an event, in group
// order (caption.GroupPage), with their number. Every statement ranges over
// the group's entries of records_cluster_members or records_event_members
// (0010_group_index.sql: the group, the first day, then the rowid, which is
// the ID), so that the count reads the group's index entries and the page
// its own rows, whatever the size of the register. A page after a cursor
// reads the rest of the cursor's day first, then the later days: a row
// value (day_first, id) > (?, ?) would range over the index by day_first
// alone, from the first record of the cursor's day, and the records of an
// event mostly share a day.
func (s *Store) Group(ctx context.Context, q caption.GroupQuery) (page caption.GroupPage, err error) {
	defer wrap(&err, "sqlite.Group(%s %d)", q.Level, q.Group)
	p, err := caption.PlanGroup(q)
	if err != nil {
		return caption.GroupPage{}, err
	}
	g := groupQuerier{db: s.read(ctx), ctx: ctx, where: " WHERE " + groupColumn[p.Level] + " = ?1 AND id <> ?2", p: p}
	var undatedAfter int64
	switch c := p.After; {
	case c == nil:
		g.read(" AND day_first IS NOT NULL ORDER BY day_first, id")
	case c.Dated:
		g.read(" AND day_first = ?3 AND id > ?4 ORDER BY id", c.Day, c.ID)
		g.read(" AND day_first > ?3 ORDER BY day_first, id", c.Day)
	default:
		undatedAfter = c.ID
	}
	g.read(" AND day_first IS NULL AND id > ?3 ORDER BY id", undatedAfter)
	if g.err != nil {
		return caption.GroupPage{}, g.err
	}
	// A first page that holds the whole group has counted it.
	total := len(g.rs)
	if p.After != nil || total > p.Limit {
		if err := g.db.QueryRowContext(ctx, "SELECT count(*) FROM records"+g.where, p.Group, p.Except).Scan(&total); err != nil {
			return caption.GroupPage{}, err
		}
	}
	return p.Page(g.rs, total), nil
}

// groupQuerier reads the pieces of a group's page, until it has one more
// record than the page holds.
type groupQuerier struct {
	db    querier
	ctx   context.Context
	where string
	p     caption.GroupPlan
	rs    []caption.StoredRecord
	err   error
}

// read appends the records of the group that match cond (after where, with
// its arguments from ?3), up to the page's limit plus one.
func (g *groupQuerier) read(cond string, args ...any) {
	left := g.p.Limit + 1 - len(g.rs)
	if g.err != nil || left <= 0 {
		return
	}
	args = append([]any{g.p.Group, g.p.Except}, args...)
	limit := " LIMIT ?" + strconv.Itoa(len(args)+1)
	rs, err := queryRecords(g.ctx, g.db, recordSelect+g.where+cond+limit, append(args, left)...)
	g.rs, g.err = append(g.rs, rs...), err
}
