package picture

import (
	"cmp"
	"context"
	"fmt"
	"io"
	"slices"

	"sijil/internal/caption"
	"sijil/internal/photo"
)

// FindReader analyses the photo r holds (photo.Analyze) and returns Find
// of its fingerprint: the query of `sijil search -photo` and of the photo
// search of the API. The photo is not stored. A file that is not an image
// sijil reads, too large or corrupt is an error wrapping
// caption.ErrInvalid and photo's error.
func FindReader(ctx context.Context, s caption.Store, r io.Reader) ([]caption.PhotoMatch, error) {
	info, err := photo.Analyze(r)
	if err != nil {
		return nil, fmt.Errorf("%w: %w", caption.ErrInvalid, err)
	}
	return Find(ctx, s, info.Hash)
}

// Find returns the records whose sources carry the same picture as a photo
// of fingerprint h: those of the groups of the stored photos within
// photo.SameMax of h. Each record comes once, with its source's photo
// nearest h and that distance; nearest first, then the earliest first day
// of the date (undated last), then ID. An unrelated photo finds nothing.
func Find(ctx context.Context, s caption.Store, h photo.Hash) ([]caption.PhotoMatch, error) {
	cands, err := s.PhotosByKeys(ctx, QueryKeys(h))
	if err != nil {
		return nil, fmt.Errorf("find photo: %w", err)
	}
	var groups []int64
	for _, c := range cands {
		ch, err := photo.ParseHash(c.Hash)
		if err != nil || c.Link.Group == 0 || photo.Distance(h, ch) > photo.SameMax {
			continue
		}
		if !slices.Contains(groups, c.Link.Group) {
			groups = append(groups, c.Link.Group)
		}
	}
	if len(groups) == 0 {
		return nil, nil
	}
	srcs, err := s.PhotoSources(ctx, groups)
	if err != nil {
		return nil, fmt.Errorf("find photo: %w", err)
	}
	best := map[int64]caption.PhotoMatch{}
	var ids []int64
	for _, src := range srcs {
		ch, err := photo.ParseHash(src.Photo.Hash)
		if err != nil {
			continue
		}
		d := photo.Distance(h, ch)
		m, ok := best[src.RecordID]
		if !ok {
			ids = append(ids, src.RecordID)
		}
		if !ok || d < m.Distance {
			best[src.RecordID] = caption.PhotoMatch{Photo: *src.Photo, Distance: d}
		}
	}
	slices.Sort(ids)
	recs, err := s.RecordsOf(ctx, ids)
	if err != nil {
		return nil, fmt.Errorf("find photo: %w", err)
	}
	out := make([]caption.PhotoMatch, 0, len(recs))
	for _, r := range recs {
		m := best[r.ID]
		m.Record = r
		out = append(out, m)
	}
	slices.SortFunc(out, func(a, b caption.PhotoMatch) int {
		return cmp.Or(cmp.Compare(a.Distance, b.Distance), compareDates(a.Record, b.Record), cmp.Compare(a.Record.ID, b.Record.ID))
	})
	return out, nil
}

// compareDates orders records by the first day of their date, earliest
// first, undated last.
func compareDates(a, b caption.StoredRecord) int {
	ad, bd := a.Record.Date, b.Record.Date
	switch {
	case ad.IsZero() && bd.IsZero():
		return 0
	case ad.IsZero():
		return 1
	case bd.IsZero():
		return -1
	}
	af, _ := ad.Days()
	bf, _ := bd.Days()
	return cmp.Compare(af, bf)
}
