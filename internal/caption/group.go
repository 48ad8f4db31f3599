package caption

import "fmt"

// GroupQuery asks for a page of the records of one group: the records
// linked at Level into Group (a cluster or an event, named by its first
// record's ID), as a record's page and an event's page list them.
type GroupQuery struct {
	Level LinkLevel
	Group int64
	// Except leaves one record out, and out of the total: the record
	// whose page lists the others of its group. 0: none.
	Except int64
	// Limit is the page size: 0 is DefaultGroupLimit, more than
	// MaxGroupLimit is MaxGroupLimit. Cursor is the Next of the previous
	// page (a Cursor); "" for the first.
	Limit  int
	Cursor string
}

// Page sizes of a group's records: a 4,000-photo event is read fifty at a
// time, never whole.
const (
	DefaultGroupLimit = 50
	MaxGroupLimit     = 200
)

// GroupPage is one page of a group's records, the number of records in the
// group (less GroupQuery.Except) and the cursor of the next page ("" on the
// last). Records are ordered by the first day of their date, earliest
// first, undated last, then by ID; the cursor is a place in that order
// (CursorOf the page's last record), so that pages stay stable while
// records join the group.
type GroupPage struct {
	Records []StoredRecord
	Total   int
	Next    string
}

// GroupPlan is a checked GroupQuery, as a store runs it.
type GroupPlan struct {
	Level  LinkLevel
	Group  int64
	Except int64
	Limit  int     // the page size, 1 to MaxGroupLimit
	After  *Cursor // the page starts after this record; nil for the first page
}

// PlanGroup checks q: an unknown level, a group or limit below 0, or a
// cursor that no page returned is ErrInvalid.
func PlanGroup(q GroupQuery) (GroupPlan, error) {
	if q.Level != LevelCluster && q.Level != LevelEvent {
		return GroupPlan{}, fmt.Errorf("%w: link level %q", ErrInvalid, q.Level)
	}
	if q.Group <= 0 || q.Except < 0 || q.Limit < 0 {
		return GroupPlan{}, fmt.Errorf("%w: group %d, except %d, limit %d", ErrInvalid, q.Group, q.Except, q.Limit)
	}
	p := GroupPlan{Level: q.Level, Group: q.Group, Except: q.Except, Limit: q.Limit}
	switch {
	case p.Limit == 0:
		p.Limit = DefaultGroupLimit
	case p.Limit > MaxGroupLimit:
		p.Limit = MaxGroupLimit
	}
	if q.Cursor != "" {
		c, err := ParseCursor(q.Cursor)
		if err != nil {
			return GroupPlan{}, err
		}
		p.After = &c
	}
	return p, nil
}

// Page returns the page of rs, the records a store read after p.After in
// group order, at most p.Limit+1 of them: the first p.Limit, and the
// cursor of the next page when there was one more.
func (p GroupPlan) Page(rs []StoredRecord, total int) GroupPage {
	page := GroupPage{Records: rs, Total: total}
	if len(rs) > p.Limit {
		page.Records = rs[:p.Limit]
		page.Next = CursorOf(rs[p.Limit-1]).String()
	}
	return page
}
