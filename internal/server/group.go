package server

import (
	"cmp"
	"context"
	"fmt"
	"net/http"
	"slices"

	"sijil/internal/caption"
)

// eventWindow is how many days around an event's first record its other
// records are looked for. Events join records of the same or an adjacent
// day, so a chain reaching a week away is already unusual.
const eventWindow = 7

// detail is a record with everything its page and API answer show.
type detail struct {
	record      caption.StoredRecord
	sources     []caption.Source
	links       []caption.Link
	cluster     []caption.StoredRecord // the other records of its cluster
	event       []caption.StoredRecord // the other records of its event
	corrections []correctionJSON
}

func (s *server) recordDetail(r *http.Request) (detail, error) {
	id, err := pathID(r)
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
	if d.links, err = s.store.Links(ctx, id); err != nil {
		return detail{}, err
	}
	if d.cluster, err = s.clusterMembers(ctx, d.record); err != nil {
		return detail{}, err
	}
	if d.record.Event != 0 {
		ev, err := s.eventRecords(ctx, d.record.Event)
		if err != nil {
			return detail{}, err
		}
		d.event = slices.DeleteFunc(ev, func(m caption.StoredRecord) bool { return m.ID == id })
	}
	if d.corrections, err = s.recordCorrections(ctx, id); err != nil {
		return detail{}, err
	}
	return d, nil
}

// clusterMembers returns the other records of sr's cluster that share an
// LSH band with it, in ID order: the near-duplicates a reader compares it
// with. (The store has no "members of a group" query; a cluster's records
// share bands with the record that joined them, so this finds all but
// copies joined through a third record.)
func (s *server) clusterMembers(ctx context.Context, sr caption.StoredRecord) ([]caption.StoredRecord, error) {
	if sr.Cluster == 0 {
		return nil, nil
	}
	cands, err := s.store.ClusterCandidates(ctx, sr.Fingerprint)
	if err != nil {
		return nil, err
	}
	return slices.DeleteFunc(cands, func(c caption.StoredRecord) bool { return c.Cluster != sr.Cluster || c.ID == sr.ID }), nil
}

// eventRecords returns the records of event id (its first record's ID), the
// first one first, then by date and ID. ErrNotFound when id is a record that
// does not start an event.
func (s *server) eventRecords(ctx context.Context, id int64) ([]caption.StoredRecord, error) {
	head, err := s.store.Record(ctx, id)
	if err != nil {
		return nil, err
	}
	if head.Event != id {
		return nil, &UserError{Kind: caption.ErrNotFound, Message: fmt.Sprintf("record %d does not start an event", id)}
	}
	cands, err := s.store.EventCandidates(ctx, head.Record.Date, eventWindow)
	if err != nil {
		return nil, err
	}
	members := []caption.StoredRecord{head}
	for _, c := range cands {
		if c.Event == id && c.ID != id {
			members = append(members, c)
		}
	}
	slices.SortStableFunc(members[1:], func(a, b caption.StoredRecord) int {
		return cmp.Or(cmp.Compare(a.Record.Date.String(), b.Record.Date.String()), cmp.Compare(a.ID, b.ID))
	})
	return members, nil
}

// event is an event with what its page and API answer show.
type event struct {
	id      int64
	records []caption.StoredRecord
}

func (s *server) event(r *http.Request) (event, error) {
	id, err := pathID(r)
	if err != nil {
		return event{}, err
	}
	recs, err := s.eventRecords(r.Context(), id)
	if err != nil {
		return event{}, err
	}
	return event{id: id, records: recs}, nil
}
