package picture

import (
	"context"
	"fmt"

	"sijil/internal/caption"
	"sijil/internal/photo"
)

// linkBatch is how many unlinked photos Link reads and links at a time.
const linkBatch = 500

// The rules of a photo link.
const (
	RuleNew         = "new"         // no photo stored before it is the same picture
	RuleFingerprint = "fingerprint" // the nearest earlier photo within photo.SameMax
)

// Link links every photo of s not yet linked, in ID order, and returns how
// many it linked. Each joins the group of the nearest photo stored before
// it whose fingerprint lies within photo.SameMax (the earliest among
// equals), found through the key index; or starts a group of its own. Run
// inside Exclusive with the writes that stored the photos, an ingest killed
// at any point leaves no photo unlinked; run again, it links what another
// process stored without linking.
func Link(ctx context.Context, s caption.Store) (int, error) {
	n := 0
	for {
		ps, err := s.UnlinkedPhotos(ctx, linkBatch)
		if err != nil {
			return n, fmt.Errorf("link photos: %w", err)
		}
		if len(ps) == 0 {
			return n, nil
		}
		decided := make(map[int64]int64, len(ps)) // photo → group, for the batch's own photos
		links := make([]caption.PhotoLink, 0, len(ps))
		for _, p := range ps {
			l, err := linkOne(ctx, s, p, decided)
			if err != nil {
				return n, err
			}
			decided[p.ID] = l.Group
			links = append(links, l)
		}
		if err := s.SetPhotoLinks(ctx, links); err != nil {
			return n, fmt.Errorf("link photos: %w", err)
		}
		n += len(links)
		if len(ps) < linkBatch {
			return n, nil
		}
	}
}

// linkOne decides the link of p among the photos under its keys that are
// already linked (in the store, or in decided).
func linkOne(ctx context.Context, s caption.Store, p caption.Photo, decided map[int64]int64) (caption.PhotoLink, error) {
	l := caption.PhotoLink{Photo: p.ID, Target: p.ID, Group: p.ID, Rule: RuleNew}
	h, err := photo.ParseHash(p.Hash)
	if err != nil {
		// A fingerprint of another version of sijil: the photo stands
		// alone rather than being compared wrongly.
		return l, nil
	}
	cands, err := s.PhotosByKeys(ctx, QueryKeys(h))
	if err != nil {
		return l, fmt.Errorf("link photo %d: %w", p.ID, err)
	}
	best := photo.SameMax + 1
	for _, c := range cands { // in ID order: the earliest wins a tie
		group := c.Link.Group
		if g, ok := decided[c.ID]; ok {
			group = g
		}
		if c.ID == p.ID || group == 0 {
			continue // not linked yet: it will be linked to p
		}
		ch, err := photo.ParseHash(c.Hash)
		if err != nil {
			continue
		}
		if d := photo.Distance(h, ch); d < best {
			best = d
			l = caption.PhotoLink{Photo: p.ID, Target: c.ID, Group: group, Distance: d, Rule: RuleFingerprint}
		}
	}
	return l, nil
}
