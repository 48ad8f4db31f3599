package caption

import (
	"cmp"
	"context"
	"fmt"
	"slices"
)

// Captions of the same picture conflict when they date it more than
// ConflictDays apart (a picture published over a few days keeps its date),
// place its scene more than ConflictKm apart (a town and its outskirts
// agree), or in other countries: the recirculated photo presented as a new
// event elsewhere.
const (
	ConflictDays = 3
	ConflictKm   = 50
)

// PhotoConflict is a record whose caption, printed under the same picture
// as Other's, disagrees with it: Reason says how, naming Other's value.
type PhotoConflict struct {
	Record, Other int64
	Group         int64 // the picture group both records' photos are in
	Reason        string
}

// Warning is the conflict as the record's warning names it.
func (c PhotoConflict) Warning() string {
	return fmt.Sprintf("same picture as record %d, whose caption %s", c.Other, c.Reason)
}

// maxConflictRecords bounds the records of one picture group compared pair
// by pair: a picture printed under thousands of captions is compared by
// its first ones (in ID order), which already show it recirculating.
const maxConflictRecords = 256

// PhotoConflicts returns the conflicts among the records of sources that
// share a picture group: each pair of records whose captions disagree,
// both ways (each record is warned, naming the other), ordered by record,
// then other record. recs holds the records by ID; sources missing from it
// or without a linked photo are left out.
func PhotoConflicts(sources []Source, recs map[int64]Record) []PhotoConflict {
	groups := map[int64][]int64{}
	for _, s := range sources {
		if s.Photo == nil || s.Photo.Link.Group == 0 {
			continue
		}
		if _, ok := recs[s.RecordID]; !ok {
			continue
		}
		g := s.Photo.Link.Group
		if !slices.Contains(groups[g], s.RecordID) {
			groups[g] = append(groups[g], s.RecordID)
		}
	}
	var out []PhotoConflict
	for g, ids := range groups {
		slices.Sort(ids)
		ids = ids[:min(len(ids), maxConflictRecords)]
		for i, a := range ids {
			for _, b := range ids[i+1:] {
				if why := disagree(recs[b], recs[a]); why != "" {
					out = append(out, PhotoConflict{Record: a, Other: b, Group: g, Reason: why})
					out = append(out, PhotoConflict{Record: b, Other: a, Group: g, Reason: disagree(recs[a], recs[b])})
				}
			}
		}
	}
	slices.SortFunc(out, func(x, y PhotoConflict) int {
		return cmp.Or(cmp.Compare(x.Record, y.Record), cmp.Compare(x.Other, y.Other), cmp.Compare(x.Group, y.Group))
	})
	return slices.CompactFunc(out, func(x, y PhotoConflict) bool { return x.Record == y.Record && x.Other == y.Other })
}

// disagree says how other's caption disagrees with r's, in words naming
// other's value ("dates it 2014-03-02, 731 days apart"), or returns "".
// Only what both captions say is compared: a caption silent on the date
// conflicts with none.
func disagree(other, r Record) string {
	if !other.Date.IsZero() && !r.Date.IsZero() {
		of, ol := other.Date.Days()
		rf, rl := r.Date.Days()
		gap := max(of-rl, rf-ol)
		if gap > ConflictDays {
			return fmt.Sprintf("dates it %s, %d days apart", other.Date, gap)
		}
	}
	if other.Country != "" && r.Country != "" && other.Country != r.Country {
		return fmt.Sprintf("places it in another country (%s)", other.Country)
	}
	if o, l := other.Location, r.Location; o != nil && l != nil && o.Precision < 4 && l.Precision < 4 {
		if km := Distance(o.Lat, o.Lon, l.Lat, l.Lon); km > ConflictKm {
			return fmt.Sprintf("places it in %s, %.0f km away", o.Name, km)
		}
	}
	return ""
}

// RecordPhotoConflicts returns the conflicts of one record: the records
// whose captions, printed under the same picture as one of its sources,
// disagree with its own (PhotoConflicts), each a warning of the record.
// They are found when read, not stored, so that a reparse or a correction
// of either record is seen at once.
func RecordPhotoConflicts(ctx context.Context, s Store, record int64) ([]PhotoConflict, error) {
	srcs, err := s.Sources(ctx, record)
	if err != nil {
		return nil, err
	}
	var groups []int64
	for _, src := range srcs {
		if src.Photo != nil && src.Photo.Link.Group != 0 && !slices.Contains(groups, src.Photo.Link.Group) {
			groups = append(groups, src.Photo.Link.Group)
		}
	}
	if len(groups) == 0 {
		return nil, nil
	}
	all, err := conflictsOf(ctx, s, groups)
	if err != nil {
		return nil, err
	}
	return slices.DeleteFunc(all, func(c PhotoConflict) bool { return c.Record != record }), nil
}

// AllPhotoConflicts returns the conflicts of every picture printed more
// than once (PhotoSources(nil)), by record: what `sijil search
// -conflicting-photos` lists.
func AllPhotoConflicts(ctx context.Context, s Store) ([]PhotoConflict, error) {
	return conflictsOf(ctx, s, nil)
}

func conflictsOf(ctx context.Context, s Store, groups []int64) ([]PhotoConflict, error) {
	srcs, err := s.PhotoSources(ctx, groups)
	if err != nil {
		return nil, err
	}
	var ids []int64
	for _, src := range srcs {
		ids = append(ids, src.RecordID)
	}
	slices.Sort(ids)
	recs, err := s.RecordsOf(ctx, slices.Compact(ids))
	if err != nil {
		return nil, err
	}
	byID := make(map[int64]Record, len(recs))
	for _, r := range recs {
		byID[r.ID] = r.Record
	}
	return PhotoConflicts(srcs, byID), nil
}
