package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"slices"

	"sijil/internal/caption"
	"sijil/internal/photo"
	"sijil/internal/picture"
	"sijil/internal/server"
)

// runPhotoSearch prints the records whose sources carry the same picture
// as the photo file at path and match q's filters: nearest first, then
// earliest. No match is an empty result, as for a search.
func runPhotoSearch(ctx context.Context, cfg Config, path string, q caption.Query, asJSON bool, std stdio) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	return withStore(ctx, cfg, func(s caption.Store) error {
		ms, err := picture.FindReader(ctx, s, f)
		if err == nil {
			ms, err = caption.FilterPhotoMatches(ctx, s, ms, q)
		}
		if err != nil {
			return fmt.Errorf("search -photo %s: %w", path, err)
		}
		out := bufio.NewWriterSize(std.out, 64<<10)
		if asJSON {
			err = writePhotoMatchesJSON(out, ms)
		} else {
			w := termWriter{out}
			for _, m := range ms {
				printRecordLine(w, m.Record, fmt.Sprintf("distance %-3d", m.Distance))
			}
			fmt.Fprintf(w, "\n%d records with the same picture\n", len(ms))
		}
		return errors.Join(err, out.Flush())
	})
}

// printRecordLine prints a record as search lists it, with note after
// its date.
func printRecordLine(w io.Writer, sr caption.StoredRecord, note string) {
	r := sr.Record
	date := r.Date.String()
	if date == "" {
		date = "-"
	}
	fmt.Fprintf(w, "%7d  %-10s  %s  %-28s  %-7s  %s\n", sr.ID, date, note, clip(termText(placeOf(r)), 28), casualties(r), clip(termText(describe(r)), 80))
}

// wirePhoto is a photo in search's JSON.
type wirePhoto struct {
	SHA256 string `json:"sha256"`
	Width  int    `json:"width"`
	Height int    `json:"height"`
	Hash   string `json:"phash"`
	Group  int64  `json:"group"`
}

func writePhotoMatchesJSON(w io.Writer, ms []caption.PhotoMatch) error {
	recs := []json.RawMessage{}
	for _, m := range ms {
		js, err := searchRecordJSON(m.Record)
		if err != nil {
			return err
		}
		p := m.Photo
		extra := struct {
			Distance int       `json:"distance"`
			Photo    wirePhoto `json:"photo"`
		}{m.Distance, wirePhoto{p.SHA256, p.Width, p.Height, p.Hash, p.Link.Group}}
		if js, err = addFields(js, extra); err != nil {
			return err
		}
		recs = append(recs, js)
	}
	return encodeIndented(w, struct {
		Total   int               `json:"total"`
		Records []json.RawMessage `json:"records"`
	}{len(recs), recs})
}

// runConflictingPhotos prints the records whose picture is printed under
// another record's caption that disagrees with theirs, each with its
// warnings, in ID order.
func runConflictingPhotos(ctx context.Context, cfg Config, asJSON bool, std stdio) error {
	return withStore(ctx, cfg, func(s caption.Store) error {
		cs, err := caption.AllPhotoConflicts(ctx, s)
		if err != nil {
			return fmt.Errorf("search -conflicting-photos: %w", err)
		}
		var ids []int64
		for _, c := range cs {
			ids = append(ids, c.Record)
		}
		recs, err := s.RecordsOf(ctx, slices.Compact(ids))
		if err != nil {
			return fmt.Errorf("search -conflicting-photos: %w", err)
		}
		out := bufio.NewWriterSize(std.out, 64<<10)
		if asJSON {
			err = writeConflictsJSON(out, recs, cs)
		} else {
			w := termWriter{out}
			for _, r := range recs {
				printRecordLine(w, r, "")
				for _, c := range cs {
					if c.Record == r.ID {
						fmt.Fprintf(w, "         warning: %s\n", termText(c.Warning()))
					}
				}
			}
			fmt.Fprintf(w, "\n%d records whose picture carries a caption that disagrees\n", len(recs))
		}
		return errors.Join(err, out.Flush())
	})
}

func writeConflictsJSON(w io.Writer, recs []caption.StoredRecord, cs []caption.PhotoConflict) error {
	type wireConflict struct {
		Other   int64  `json:"other"`
		Group   int64  `json:"group"`
		Reason  string `json:"reason"`
		Warning string `json:"warning"`
	}
	out := []json.RawMessage{}
	for _, r := range recs {
		js, err := searchRecordJSON(r)
		if err != nil {
			return err
		}
		var mine []wireConflict
		for _, c := range cs {
			if c.Record == r.ID {
				mine = append(mine, wireConflict{c.Other, c.Group, c.Reason, c.Warning()})
			}
		}
		if js, err = addFields(js, struct {
			Conflicts []wireConflict `json:"photo_conflicts"`
		}{mine}); err != nil {
			return err
		}
		out = append(out, js)
	}
	return encodeIndented(w, struct {
		Total   int               `json:"total"`
		Records []json.RawMessage `json:"records"`
	}{len(out), out})
}

// addFields appends the fields of extra (a struct) to the JSON object js.
func addFields(js json.RawMessage, extra any) (json.RawMessage, error) {
	b, err := json.Marshal(extra)
	if err != nil {
		return nil, err
	}
	return append(append(js[:len(js)-1:len(js)-1], ','), b[1:]...), nil
}

func encodeIndented(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}

// photoFinder is the server's photo search: picture.FindReader on store,
// after the first bytes are checked to be an image's (photo.Sniff), with
// the client's mistakes told in words (server.UserError) and the rest
// left to the server's generic message.
func photoFinder(store caption.Store) func(ctx context.Context, body io.Reader) ([]caption.PhotoMatch, error) {
	return func(ctx context.Context, body io.Reader) ([]caption.PhotoMatch, error) {
		head := make([]byte, 16)
		n, err := io.ReadFull(body, head)
		if err != nil && !errors.Is(err, io.ErrUnexpectedEOF) && !errors.Is(err, io.EOF) {
			return nil, err // the body too large, or the client gone
		}
		if !photo.Sniff(head[:n]) {
			return nil, &server.UserError{Kind: caption.ErrInvalid, Message: "the upload is not a JPEG or PNG image"}
		}
		ms, err := picture.FindReader(ctx, store, io.MultiReader(bytes.NewReader(head[:n]), body))
		var mbe *http.MaxBytesError
		switch {
		case errors.As(err, &mbe):
			return nil, err
		case errors.Is(err, photo.ErrTooLarge):
			return nil, &server.UserError{Kind: caption.ErrInvalid, Err: err,
				Message: fmt.Sprintf("the image is too large: at most %d megapixels", photo.MaxPixels/1_000_000)}
		case errors.Is(err, photo.ErrCorrupt):
			return nil, &server.UserError{Kind: caption.ErrInvalid, Err: err, Message: "the image is truncated or corrupt"}
		case errors.Is(err, photo.ErrFormat):
			return nil, &server.UserError{Kind: caption.ErrInvalid, Err: err, Message: "the upload is not a JPEG or PNG image"}
		}
		return ms, err
	}
}
