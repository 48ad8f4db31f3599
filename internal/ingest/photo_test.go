package ingest

import (
	"crypto/sha256"
	"fmt"
	"image"
	"image/color"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"sijil/internal/caption"
)

// smallScene is a distinct 480x320 picture for seed.
func smallScene(seed int) image.Image {
	img := image.NewRGBA(image.Rect(0, 0, 480, 320))
	for y := range 320 {
		for x := range 480 {
			img.SetRGBA(x, y, color.RGBA{uint8(x/40*31 + seed*71), uint8(y/40*47 + seed*13), uint8((x/60 + y/80) * seed * 29), 255})
		}
	}
	return img
}

// TestIngestPhotos: each photo document's picture is analysed once,
// stored and linked with its captions; ingesting again stores nothing
// more (and tries the unreadable picture again); a photo whose pixels cannot be read keeps its caption and is
// reported; photos another process stored without linking are linked.
func TestIngestPhotos(t *testing.T) {
	dir := t.TempDir()
	for i := range 3 {
		data := captionedJPEG(t, smallScene(i+1), fmt.Sprintf("Smoke rises over district %d on May %d, 2021.", i, i+1))
		if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("p%d.jpg", i)), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	broken := captionedJPEG(t, smallScene(9), "Rescuers search the rubble on May 9, 2021.")
	if err := os.WriteFile(filepath.Join(dir, "broken.jpg"), broken[:len(broken)/2], 0o644); err != nil {
		t.Fatal(err)
	}
	s := newSQLite(t)
	var warned []string
	opt := testOptions(t)
	opt.PhotoFailed = func(f Failure) { warned = append(warned, f.Err.Error()) }
	sum := mustIngest(t, s, []string{dir}, opt)
	if sum.Photos != 3 || sum.PhotosLinked != 3 || sum.NewRecords != 4 || len(sum.PhotoFailures) != 1 || len(warned) != 1 ||
		!strings.Contains(warned[0], "broken.jpg") {
		t.Fatalf("ingest: %d photos, %d linked, %d records, photo failures %v (warned %q); want 3, 3, 4 and broken.jpg",
			sum.Photos, sum.PhotosLinked, sum.NewRecords, sum.PhotoFailures, warned)
	}
	for r, err := range s.Records(t.Context()) {
		if err != nil {
			t.Fatal(err)
		}
		srcs, err := s.Sources(t.Context(), r.ID)
		if err != nil || len(srcs) != 1 {
			t.Fatalf("Sources(%d) = %v, %v", r.ID, srcs, err)
		}
		p := srcs[0].Photo
		switch {
		case strings.HasSuffix(srcs[0].Document.Path, "broken.jpg"):
			if p != nil {
				t.Errorf("broken.jpg has photo %+v", p)
			}
		case p == nil || p.SHA256 != srcs[0].Document.SHA256 || p.Width != 480 || p.Link.Group != p.ID || p.Link.Rule != "new":
			t.Errorf("%s: photo %+v; want 480 px wide, its own group", srcs[0].Document.Path, p)
		}
	}
	// The unreadable picture is tried again, and reported again: its
	// document is unchanged, but the register still lacks its picture.
	if again := mustIngest(t, s, []string{dir}, opt); again.Photos != 0 || again.Unchanged != 4 || again.PhotosLinked != 0 || len(again.PhotoFailures) != 1 {
		t.Errorf("ingest again: %+v; want nothing new, broken.jpg reported again", again)
	}

	// A photo stored by a process that does not link is linked by the
	// next ingest, to the copy of it stored before.
	doc, items := caption.Document{Path: "elsewhere/p0-copy.jpg", SHA256: strings.Repeat("e", 64), Size: 1, Format: "jpeg"},
		[]caption.Item{{Occurrence: caption.Occurrence{Text: "x", End: 1}, Record: caption.Record{Text: "x"}, Fingerprint: caption.Fingerprint{Key: strings.Repeat("f", 64)}}}
	res, err := s.PutDocument(t.Context(), doc, items, opt.Versions)
	if err != nil {
		t.Fatal(err)
	}
	data := captionedJPEG(t, smallScene(1), "x")
	first, err := analyze(data, sha256.Sum256(data), "jpeg")
	if err != nil {
		t.Fatal(err)
	}
	first.Document, first.Photo.SHA256 = res.Document.ID, doc.SHA256
	if err := s.PutPhotos(t.Context(), []caption.DocumentPhoto{*first}); err != nil {
		t.Fatal(err)
	}
	if later := mustIngest(t, s, []string{dir}, opt); later.PhotosLinked != 1 {
		t.Errorf("ingest after an unlinked photo: %d linked, want 1", later.PhotosLinked)
	}
	srcs, err := s.Sources(t.Context(), res.RecordIDs[0])
	if err != nil || len(srcs) != 1 || srcs[0].Photo == nil || srcs[0].Photo.Link.Rule != "fingerprint" || srcs[0].Photo.Link.Distance != 0 {
		t.Errorf("the unlinked copy: %+v, %v; want it linked by fingerprint at distance 0", srcs, err)
	}
}

// TestIngestPhotosLater: photo documents stored without their pictures (by
// a sijil from before the register kept them, which stored documents as
// this test does) get them from the next ingest of the same unchanged
// files, linked at the picture level like new ones (a resized copy joins
// its original's group); a third ingest finds nothing left to do.
func TestIngestPhotosLater(t *testing.T) {
	dir := t.TempDir()
	write := func(name string, data []byte) string { return writeFile(t, filepath.Join(dir, name), string(data)) }
	paths := []string{
		write("a.jpg", captionedJPEG(t, smallScene(1), "Smoke rises over district 1 on May 1, 2021.")),
		write("b.jpg", captionedJPEG(t, smallScene(2), "Smoke rises over district 2 on May 2, 2021.")),
		write("b-small.jpg", captionedJPEG(t, halve(smallScene(2)), "Smoke rises over district 2 on May 2, 2023.")),
		write("notes.txt", []byte("Residents flee the district on June 4, 2020. (Photo by Test/AFP)\n")),
	}
	s := newSQLite(t)
	opt := testOptions(t)
	in, err := newIngester(t.Context(), s, opt)
	if err != nil {
		t.Fatal(err)
	}
	for ord, p := range paths {
		d := in.prepare(p, ord)
		if d.err != nil {
			t.Fatal(d.err)
		}
		if _, err := s.PutDocument(t.Context(), d.doc, d.items, opt.Versions); err != nil {
			t.Fatal(err)
		}
	}
	if ids, err := s.DocumentsWithoutPhoto(t.Context(), []string{"jpeg"}); err != nil || len(ids) != 3 {
		t.Fatalf("before: documents without photo %v, %v; want the 3 JPEGs", ids, err)
	}

	sum := mustIngest(t, s, []string{dir}, opt)
	if sum.Unchanged != 4 || sum.NewRecords != 0 || sum.Photos != 3 || sum.PhotosLinked != 3 || len(sum.PhotoFailures) != 0 {
		t.Fatalf("second ingest: %d unchanged, %d new records, %d photos, %d linked, failures %v; want 4, 0, 3, 3, none",
			sum.Unchanged, sum.NewRecords, sum.Photos, sum.PhotosLinked, sum.PhotoFailures)
	}
	groups := map[string]int64{}
	for r, err := range s.Records(t.Context()) {
		if err != nil {
			t.Fatal(err)
		}
		srcs, err := s.Sources(t.Context(), r.ID)
		if err != nil || len(srcs) != 1 {
			t.Fatalf("Sources(%d) = %v, %v", r.ID, srcs, err)
		}
		name, p := filepath.Base(srcs[0].Document.Path), srcs[0].Photo
		switch {
		case name == "notes.txt":
			if p != nil {
				t.Errorf("notes.txt has photo %+v", p)
			}
		case p == nil || p.SHA256 != srcs[0].Document.SHA256 || p.Link.Group == 0:
			t.Errorf("%s: photo %+v; want its picture, linked", name, p)
		default:
			groups[name] = p.Link.Group
		}
	}
	if len(groups) != 3 || groups["b-small.jpg"] != groups["b.jpg"] || groups["a.jpg"] == groups["b.jpg"] {
		t.Errorf("groups %v; want b-small.jpg with b.jpg, a.jpg apart", groups)
	}

	if again := mustIngest(t, s, []string{dir}, opt); again.Unchanged != 4 || again.Photos != 0 || again.PhotosLinked != 0 {
		t.Errorf("third ingest: %d unchanged, %d photos, %d linked; want 4, 0, 0", again.Unchanged, again.Photos, again.PhotosLinked)
	}
	if ids, err := s.DocumentsWithoutPhoto(t.Context(), []string{"jpeg"}); err != nil || len(ids) != 0 {
		t.Errorf("after: documents without photo %v, %v; want none", ids, err)
	}
}

// halve is img at half its size, each pixel the mean of four.
func halve(img image.Image) image.Image {
	b := img.Bounds()
	out := image.NewRGBA(image.Rect(0, 0, b.Dx()/2, b.Dy()/2))
	for y := range b.Dy() / 2 {
		for x := range b.Dx() / 2 {
			var s [3]uint32
			for _, d := range [4][2]int{{0, 0}, {1, 0}, {0, 1}, {1, 1}} {
				r, g, bl, _ := img.At(b.Min.X+2*x+d[0], b.Min.Y+2*y+d[1]).RGBA()
				s[0], s[1], s[2] = s[0]+r>>8, s[1]+g>>8, s[2]+bl>>8
			}
			out.SetRGBA(x, y, color.RGBA{uint8(s[0] / 4), uint8(s[1] / 4), uint8(s[2] / 4), 255})
		}
	}
	return out
}
