package postgres

import (
	"context"
	"time"

	"sijil/internal/caption"
)

// groupColumn is the records column holding each level's group.
var groupColumn = map[caption.LinkLevel]string{caption.LevelCluster: "cluster_id", caption.LevelEvent: "event_id"}

// Group returns a page of the records of a cluster or an event, in group
// order (caption.GroupPage), with their number. Each statement ranges over
// the group's entries of records_cluster_members_idx or
// records_event_members_idx (0008_group_index.sql: the group, the first
// day, the ID), whatever the size of the register.
func (s *Store) Group(ctx context.Context, q caption.GroupQuery) (_ caption.GroupPage, err error) {
	defer wrap(&err, "postgres.Group(%s %d)", q.Level, q.Group)
	p, err := caption.PlanGroup(q)
	if err != nil {
		return caption.GroupPage{}, err
	}
	col := "r." + groupColumn[p.Level]
	var rs []caption.StoredRecord
	if p.After == nil || p.After.Dated {
		where := " WHERE " + col + " = $1 AND r.id <> $2 AND r.date_first IS NOT NULL"
		args := []any{p.Group, p.Except, p.Limit + 1}
		if p.After != nil {
			where += " AND (r.date_first, r.id) > ($4::date, $5)"
			args = append(args, time.Unix(p.After.Day*86400, 0).UTC(), p.After.ID)
		}
		if rs, err = s.queryRecords(ctx, recordSelect+where+" ORDER BY r.date_first, r.id LIMIT $3", args...); err != nil {
			return caption.GroupPage{}, err
		}
	}
	if len(rs) <= p.Limit {
		var after int64
		if p.After != nil && !p.After.Dated {
			after = p.After.ID
		}
		undated, err := s.queryRecords(ctx, recordSelect+" WHERE "+col+" = $1 AND r.id <> $2 AND r.date_first IS NULL AND r.id > $3 ORDER BY r.id LIMIT $4",
			p.Group, p.Except, after, p.Limit+1-len(rs))
		if err != nil {
			return caption.GroupPage{}, err
		}
		rs = append(rs, undated...)
	}
	// A first page that holds the whole group has counted it.
	total := len(rs)
	if p.After != nil || total > p.Limit {
		if err := s.read(ctx, func(q querier) error {
			return q.QueryRow(ctx, "SELECT count(*) FROM records r WHERE "+col+" = $1 AND r.id <> $2", p.Group, p.Except).Scan(&total)
		}); err != nil {
			return caption.GroupPage{}, err
		}
	}
	return p.Page(rs, total), nil
}
