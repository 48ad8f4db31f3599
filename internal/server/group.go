package server

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strconv"

	"sijil/internal/caption"
)

// detail is a record with everything its page and API answer show: the
// first page (or the page asked for) of the other records of its cluster
// and of its event, each read by the group's ID, never the whole group.
type detail struct {
	record      caption.StoredRecord
	sources     []caption.Source
	links       []caption.Link
	cluster     caption.GroupPage // the other records of its cluster
	event       caption.GroupPage // the other records of its event
	corrections []correctionJSON
	pictures    pictures // the other records of its sources' pictures
}

// The query parameters of member lists: the page size of every list, the
// cursor of an event's records, and of a record's two lists.
const (
	paramLimit         = "limit"
	paramCursor        = "cursor"
	paramClusterCursor = "cluster_cursor"
	paramEventCursor   = "event_cursor"
)

func (s *server) recordDetail(r *http.Request) (detail, error) {
	id, err := pathID(r)
	if err != nil {
		return detail{}, err
	}
	v := r.URL.Query()
	limit, err := groupLimit(v)
	if err != nil {
		return detail{}, err
	}
	ctx := r.Context()
	var d detail
	if d.record, err = s.store.Record(ctx, id); err != nil {
		return detail{}, err
	}
	if d.sources, err = s.store.Sources(ctx, id); err != nil {
		return detail{}, err
	}
	d.sources = s.sourcesFor(r, d.sources) // see paths.go
	if d.links, err = s.store.Links(ctx, id); err != nil {
		return detail{}, err
	}
	cluster := caption.GroupQuery{Level: caption.LevelCluster, Group: d.record.Cluster, Except: id, Limit: limit}
	if d.cluster, err = s.members(ctx, cluster, v, paramClusterCursor); err != nil {
		return detail{}, err
	}
	event := caption.GroupQuery{Level: caption.LevelEvent, Group: d.record.Event, Except: id, Limit: limit}
	if d.event, err = s.members(ctx, event, v, paramEventCursor); err != nil {
		return detail{}, err
	}
	if d.corrections, err = s.recordCorrections(ctx, id); err != nil {
		return detail{}, err
	}
	if d.pictures, err = s.pictures(ctx, id, d.sources); err != nil {
		return detail{}, err
	}
	// The record's picture printed under captions that disagree with its
	// own: warnings found when read (a copy: the store's record may be
	// shared with other readers).
	conflicts, err := caption.RecordPhotoConflicts(ctx, s.store, id)
	if err != nil {
		return detail{}, err
	}
	if len(conflicts) > 0 {
		d.record.Record.Warnings = slices.Clone(d.record.Record.Warnings)
		for _, c := range conflicts {
			d.record.Record.Warnings = append(d.record.Record.Warnings, c.Warning())
		}
	}
	return d, nil
}

// groupLimit reads the page size of member lists: 1 to
// caption.MaxGroupLimit, 0 (the store's default) when not given.
func groupLimit(v url.Values) (int, error) {
	l := v.Get(paramLimit)
	if l == "" {
		return 0, nil
	}
	n, err := strconv.Atoi(l)
	if err != nil || n < 1 || n > caption.MaxGroupLimit {
		return 0, invalid(paramLimit, "want a number from 1 to %d", caption.MaxGroupLimit)
	}
	return n, nil
}

// members returns the page of q's group after the cursor in parameter
// param of v; an empty page for a record not linked at q's level (group 0).
func (s *server) members(ctx context.Context, q caption.GroupQuery, v url.Values, param string) (caption.GroupPage, error) {
	if q.Group == 0 {
		return caption.GroupPage{}, nil
	}
	q.Cursor = v.Get(param)
	if len(q.Cursor) > maxOtherParam {
		return caption.GroupPage{}, invalid(param, "not a cursor this server gave")
	}
	p, err := s.store.Group(ctx, q)
	if errors.Is(err, caption.ErrInvalid) && q.Cursor != "" {
		// The query is the server's own but for the cursor.
		return caption.GroupPage{}, invalid(param, "not a cursor this server gave")
	}
	return p, err
}

// event is an event with what its page and API answer show: its first
// record, and a page of its records.
type event struct {
	id   int64
	head caption.StoredRecord
	page caption.GroupPage
}

// event reads the event {id} of r's path (its first record's ID) and the
// page of its records the query asks for (cursor, limit). ErrNotFound when
// id is a record that does not start an event.
func (s *server) event(r *http.Request) (event, error) {
	id, err := pathID(r)
	if err != nil {
		return event{}, err
	}
	v := r.URL.Query()
	limit, err := groupLimit(v)
	if err != nil {
		return event{}, err
	}
	head, err := s.store.Record(r.Context(), id)
	if err != nil {
		return event{}, err
	}
	if head.Event != id {
		return event{}, &UserError{Kind: caption.ErrNotFound, Message: fmt.Sprintf("record %d does not start an event", id)}
	}
	page, err := s.members(r.Context(), caption.GroupQuery{Level: caption.LevelEvent, Group: id, Limit: limit}, v, paramCursor)
	if err != nil {
		return event{}, err
	}
	return event{id: id, head: head, page: page}, nil
}

// nextURL is the URL of the page after p: r's path and member list
// parameters, with param set to p's cursor; "" on the last page.
func nextURL(r *http.Request, p caption.GroupPage, param string) string {
	if p.Next == "" {
		return ""
	}
	in, out := r.URL.Query(), url.Values{}
	for _, k := range []string{paramLimit, paramCursor, paramClusterCursor, paramEventCursor} {
		if in.Has(k) {
			out.Set(k, in.Get(k))
		}
	}
	out.Set(param, p.Next)
	return r.URL.Path + "?" + out.Encode()
}
