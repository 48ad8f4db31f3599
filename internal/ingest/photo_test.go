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
// more; a photo whose pixels cannot be read keeps its caption and is
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
	if again := mustIngest(t, s, []string{dir}, opt); again.Photos != 0 || again.Unchanged != 4 || again.PhotosLinked != 0 {
		t.Errorf("ingest again: %+v; want nothing new", again)
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
