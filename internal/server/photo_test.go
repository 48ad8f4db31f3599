package server

import (
	"bytes"
	"context"
	"image"
	"image/color"
	"image/jpeg"
	"io"
	"testing"

	"sijil/internal/caption"
	"sijil/internal/photo"
	"sijil/internal/picture"
)

// testPhoto is a drawn picture as a JPEG: bands and blocks of colour, as
// a photo has walls and ground, different for each seed.
func testPhoto(t *testing.T, seed int) []byte {
	t.Helper()
	img := image.NewRGBA(image.Rect(0, 0, 480, 360))
	for y := range 360 {
		for x := range 480 {
			v := uint8((x/60*37 + y/45*91 + seed*53) % 256)
			w := uint8((x/30*seed + y/90*17 + x*y/900) % 256)
			img.SetRGBA(x, y, color.RGBA{v, w, uint8(int(v) ^ seed), 255})
		}
	}
	var b bytes.Buffer
	if err := jpeg.Encode(&b, img, &jpeg.Options{Quality: 90}); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// putPhotoRecord stores file as a photo document with one caption,
// linked as ingest links it, and returns the record and the photo's
// SHA-256.
func putPhotoRecord(t *testing.T, s caption.Store, name, text string, file []byte, date ...caption.PartialDate) (int64, string) {
	t.Helper()
	ctx := t.Context()
	info, err := photo.Analyze(bytes.NewReader(file))
	if err != nil {
		t.Fatal(err)
	}
	doc := caption.Document{Path: "photos/" + name, SHA256: sum(string(file)), Size: int64(len(file)), Format: "jpeg"}
	item := caption.Item{Occurrence: caption.Occurrence{Text: text, End: len(text)},
		Record: caption.Record{Text: text, Description: text}, Fingerprint: caption.Fingerprint{Key: sum(text)}}
	if len(date) > 0 {
		item.Record.Date = date[0]
	}
	res, err := s.PutDocument(ctx, doc, []caption.Item{item}, caption.Versions{Parser: "test", Gazetteer: "test"})
	if err != nil {
		t.Fatal(err)
	}
	err = s.PutPhotos(ctx, []caption.DocumentPhoto{{Document: res.Document.ID, Thumb: info.Thumb, Keys: picture.Keys(info.Hash),
		Photo: caption.Photo{SHA256: doc.SHA256, Width: info.Width, Height: info.Height, Hash: info.Hash.String()}}})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := picture.Link(ctx, s); err != nil {
		t.Fatal(err)
	}
	return res.RecordIDs[0], doc.SHA256
}

// findPhoto is Options.FindPhoto as cmd/sijil wires it, less its words
// for the client's mistakes (cmd/sijil's tests check those).
func findPhoto(s caption.Store) func(context.Context, io.Reader) ([]caption.PhotoMatch, error) {
	return func(ctx context.Context, body io.Reader) ([]caption.PhotoMatch, error) {
		return picture.FindReader(ctx, s, body)
	}
}
