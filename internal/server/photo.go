package server

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"slices"

	"sijil/internal/caption"
)

// photoJSON is the picture of a photo source: its file digest and size,
// its fingerprint, the URL of its thumbnail, how it was linked into its
// group of the same picture (for review), and the other records whose
// sources carry that picture (the first maxSamePicture).
type photoJSON struct {
	SHA256      string         `json:"sha256"`
	Width       int            `json:"width"`
	Height      int            `json:"height"`
	PHash       string         `json:"phash"`
	Thumbnail   string         `json:"thumbnail"`
	Group       *int64         `json:"group"`
	Link        *photoLinkJSON `json:"link"`
	SamePicture []int64        `json:"same_picture"`
}

// photoLinkJSON is why a photo joined its group: the photo matched (its
// SHA-256), the distance of their fingerprints, the rule.
type photoLinkJSON struct {
	Target   string `json:"target"`
	Distance int    `json:"distance"`
	Rule     string `json:"rule"`
}

// maxSamePicture is how many other records of a picture a record lists.
const maxSamePicture = 50

// thumbnailURL is where a photo's thumbnail is served: by the file's
// SHA-256, so that the URL names one image for ever (see handleThumbnail).
func thumbnailURL(sha256 string) string { return "/api/v1/photos/" + sha256 + "/thumbnail" }

// pictures reads, for the photos of srcs, the other records whose sources
// carry the same picture (group → record IDs, without record) and the
// SHA-256 of each photo's link target (photo ID → SHA-256), in one read.
type pictures struct {
	others  map[int64][]int64
	targets map[int64]string
}

func (s *server) pictures(ctx context.Context, record int64, srcs []caption.Source) (pictures, error) {
	p := pictures{others: map[int64][]int64{}, targets: map[int64]string{}}
	var groups []int64
	for _, src := range srcs {
		if src.Photo != nil && src.Photo.Link.Group != 0 && !slices.Contains(groups, src.Photo.Link.Group) {
			groups = append(groups, src.Photo.Link.Group)
		}
	}
	if len(groups) == 0 {
		return p, nil
	}
	all, err := s.store.PhotoSources(ctx, groups)
	if err != nil {
		return p, err
	}
	for _, src := range all {
		p.targets[src.Photo.ID] = src.Photo.SHA256
		g := src.Photo.Link.Group
		if src.RecordID != record && !slices.Contains(p.others[g], src.RecordID) && len(p.others[g]) < maxSamePicture {
			p.others[g] = append(p.others[g], src.RecordID)
		}
	}
	return p, nil
}

// photoOf is src's picture as the API shows it; nil for a text source.
func (p pictures) photoOf(src caption.Source) *photoJSON {
	ph := src.Photo
	if ph == nil {
		return nil
	}
	out := &photoJSON{SHA256: ph.SHA256, Width: ph.Width, Height: ph.Height, PHash: ph.Hash, Thumbnail: thumbnailURL(ph.SHA256),
		SamePicture: []int64{}}
	if l := ph.Link; l.Group != 0 {
		g := l.Group
		out.Group = &g
		out.Link = &photoLinkJSON{Target: p.targets[l.Target], Distance: l.Distance, Rule: l.Rule}
		out.SamePicture = append(out.SamePicture, p.others[g]...)
	}
	return out
}

// handleThumbnail serves a photo's thumbnail. The URL names the file by
// its SHA-256, so the answer never changes: it may be cached for a year
// (immutable), and its ETag is the digest. Under the site's CSP it is an
// image of 'self'; nosniff keeps it an image.
func (s *server) handleThumbnail(w http.ResponseWriter, r *http.Request) {
	sha := r.PathValue("sha256")
	if !caption.IsSHA256(sha) {
		s.error(w, r, &UserError{Kind: caption.ErrNotFound, Message: "no photo: want its SHA-256 in lower-case hex"})
		return
	}
	etag := `"` + sha + `"`
	h := w.Header()
	if r.Header.Get("If-None-Match") == etag {
		h.Set("Cache-Control", "public, max-age=31536000, immutable")
		h.Set("ETag", etag)
		w.WriteHeader(http.StatusNotModified)
		return
	}
	b, err := s.store.Thumbnail(r.Context(), sha)
	if err != nil {
		s.error(w, r, err)
		return
	}
	h.Set("Content-Type", "image/jpeg")
	h.Set("Cache-Control", "public, max-age=31536000, immutable")
	h.Set("ETag", etag)
	w.WriteHeader(http.StatusOK)
	w.Write(b)
}

// photoMatchJSON is one answer of a photo search: the record as the list
// gives it, how far its picture lies from the one uploaded, and which of
// its photos it is.
type photoMatchJSON struct {
	Record   json.RawMessage `json:"record"`
	Distance int             `json:"distance"`
	Photo    *photoJSON      `json:"photo"`
}

// handlePhotoSearch answers POST /api/v1/photo-search: the records whose
// sources carry the same picture as the uploaded photo (the body, a JPEG
// or PNG of at most Limits.MaxUpload bytes), nearest first, and match the
// search's filters given in the URL (q, from, country…). The upload is a
// query: nothing is stored, and no token is needed. At most
// maxPhotoSearches run at once, since decoding a large photo takes
// hundreds of megabytes.
func (s *server) handlePhotoSearch(w http.ResponseWriter, r *http.Request) {
	_, q, err := s.filterQuery(r)
	if err == nil {
		_, err = q.Plan()
	}
	if err != nil {
		s.error(w, r, searchError(err))
		return
	}
	release, ok := s.photoSearchSlot(w, r)
	if !ok {
		return
	}
	defer release()
	body := http.MaxBytesReader(w, r.Body, s.limits.MaxUpload)
	ms, err := s.findPhoto(r, body, q)
	if err != nil {
		s.error(w, r, err)
		return
	}
	out := struct {
		Total   int              `json:"total"`
		Matches []photoMatchJSON `json:"matches"`
	}{len(ms), make([]photoMatchJSON, 0, len(ms))}
	var p pictures // the list shows each match's photo, not its group's other records
	for _, m := range ms {
		rec, err := recordJSON(m.Record)
		if err != nil {
			s.error(w, r, err)
			return
		}
		ph := m.Photo
		out.Matches = append(out.Matches, photoMatchJSON{Record: rec, Distance: m.Distance, Photo: p.photoOf(caption.Source{Photo: &ph})})
	}
	writeJSON(w, http.StatusOK, out)
}

// findPhoto returns the records of the same picture as the photo body
// holds that match q's filters.
func (s *server) findPhoto(r *http.Request, body io.Reader, q caption.Query) ([]caption.PhotoMatch, error) {
	ms, err := s.opt.FindPhoto(r.Context(), body)
	if err != nil {
		return nil, err
	}
	return caption.FilterPhotoMatches(r.Context(), s.store, ms, q)
}

// maxPhotoSearches is how many photo searches run at once.
const maxPhotoSearches = 2

// photoSearchSlot takes one of the maxPhotoSearches slots for a photo
// search, the API's or the page's: release gives it back. When the server
// does not search by photo, or every slot is taken, it answers r itself
// and returns ok false.
func (s *server) photoSearchSlot(w http.ResponseWriter, r *http.Request) (release func(), ok bool) {
	if s.opt.FindPhoto == nil {
		s.error(w, r, &UserError{Kind: caption.ErrUnsupported, Message: "this server does not search by photo"})
		return nil, false
	}
	select {
	case s.photoSearches <- struct{}{}:
		return func() { <-s.photoSearches }, true
	default:
		s.error(w, r, &UserError{Kind: errBusy, Message: "too many photo searches at once; try again in a moment"})
		return nil, false
	}
}
