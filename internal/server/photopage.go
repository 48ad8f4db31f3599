package server

import (
	"errors"
	"fmt"
	"io"
	"net/http"
	"slices"

	"sijil/internal/caption"
)

// photosView is the data of photos.html: a list of records found by their
// pictures.
type photosView struct {
	Title, Note, Error string
	Total              int
	Results            []photoResultView
	// PhotoAction is where the photo form posts: the photo search with
	// the filters of the page it is on. Chips are those filters.
	PhotoAction string
	Chips       []chip
}

type photoResultView struct {
	resultView
	Warnings []string
}

// handlePhotoSearchPage answers the search page's photo form: the photo
// (the form's "photo" file, read as it streams in, never stored) is
// searched for as POST /api/v1/photo-search does, with the filters of the
// search page the form was on (its action's query), and the records of
// the same picture that match them listed nearest first.
func (s *server) handlePhotoSearchPage(w http.ResponseWriter, r *http.Request) {
	v := photosView{Title: "Search by photo", Note: "Records whose photos are the same picture as the one given, nearest first."}
	f, q, err := s.filterQuery(r)
	v.PhotoAction = f.url("/photo-search")
	for _, k := range filterParams {
		if val, ok := f[k]; ok {
			v.Chips = append(v.Chips, chip{Label: fieldLabel(k), Value: val, RemoveURL: f.with(k, "").url("/")})
		}
	}
	if len(v.Chips) > 0 {
		v.Note = "Records whose photos are the same picture as the one given and that match the filters below, nearest first."
	}
	if err == nil {
		_, err = q.Plan()
	}
	// fail shows what went wrong on the page, or the error page for the
	// server's own faults.
	fail := func(err error) {
		status, msg := errorStatus(err)
		if status >= 500 {
			s.error(w, r, err)
			return
		}
		v.Error = msg
		s.render(w, r, status, "photos.html", v)
	}
	if err != nil {
		fail(searchError(err))
		return
	}
	release, ok := s.photoSearchSlot(w, r)
	if !ok {
		return
	}
	defer release()
	r.Body = http.MaxBytesReader(w, r.Body, s.limits.MaxUpload)
	part, err := photoPart(r)
	var ms []caption.PhotoMatch
	if err == nil {
		ms, err = s.findPhoto(r, part, q)
	}
	if err != nil {
		fail(err)
		return
	}
	rs := make([]caption.StoredRecord, len(ms))
	for i, m := range ms {
		rs[i] = m.Record
	}
	views, err := s.resultViews(r, rs)
	if err != nil {
		s.error(w, r, err)
		return
	}
	for i, rv := range views {
		d := ms[i].Distance
		rv.Distance = &d
		v.Results = append(v.Results, photoResultView{resultView: rv})
	}
	v.Total = len(v.Results)
	s.render(w, r, http.StatusOK, "photos.html", v)
}

// photoPart returns the "photo" file of r's multipart form, as it
// streams.
func photoPart(r *http.Request) (io.Reader, error) {
	mr, err := r.MultipartReader()
	if err != nil {
		return nil, &UserError{Kind: caption.ErrInvalid, Message: "send the photo as the form's \"photo\" file", Err: err}
	}
	for {
		p, err := mr.NextPart()
		if errors.Is(err, io.EOF) {
			return nil, &UserError{Kind: caption.ErrInvalid, Message: "choose a photo to search for"}
		}
		if err != nil {
			return nil, &UserError{Kind: caption.ErrInvalid, Message: "the form could not be read", Err: err}
		}
		if p.FormName() == "photo" {
			return p, nil
		}
	}
}

// handleConflictsPage lists the records whose picture is printed under
// another record's caption that disagrees with theirs, with the warnings
// that name the other records: the "captions that disagree" facet.
func (s *server) handleConflictsPage(w http.ResponseWriter, r *http.Request) {
	cs, err := caption.AllPhotoConflicts(r.Context(), s.store)
	if err != nil {
		s.error(w, r, err)
		return
	}
	var ids []int64
	for _, c := range cs {
		ids = append(ids, c.Record)
	}
	ids = slices.Compact(ids)
	rs, err := s.store.RecordsOf(r.Context(), ids[:min(len(ids), maxConflictList)])
	if err != nil {
		s.error(w, r, err)
		return
	}
	views, err := s.resultViews(r, rs)
	if err != nil {
		s.error(w, r, err)
		return
	}
	v := photosView{Title: "Same picture, captions that disagree", Total: len(ids), PhotoAction: "/photo-search",
		Note: fmt.Sprintf("Records whose photo is the same picture as another record's, whose caption dates it more than %d days apart, places it more than %d km away or in another country: the picture may be recirculated.",
			caption.ConflictDays, caption.ConflictKm)}
	for i, rv := range views {
		pv := photoResultView{resultView: rv}
		for _, c := range cs {
			if c.Record == rs[i].ID {
				pv.Warnings = append(pv.Warnings, c.Warning())
			}
		}
		v.Results = append(v.Results, pv)
	}
	s.render(w, r, http.StatusOK, "photos.html", v)
}

// maxConflictList is how many records the conflicts page lists.
const maxConflictList = 500
