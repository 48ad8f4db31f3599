package storetest

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"

	"sijil/internal/caption"
)

// photoOf is a photo of a made-up file named name, with fingerprint h.
func photoOf(name string, h uint64) caption.Photo {
	sum := sha256.Sum256([]byte(name))
	return caption.Photo{SHA256: hex.EncodeToString(sum[:]), Width: 600, Height: 400, Hash: fmt.Sprintf("%016x", h)}
}

// putPhotoDoc stores a one-caption document at path and the photo it is,
// under keys.
func putPhotoDoc(t *testing.T, s caption.Store, path, raw string, p caption.Photo, keys ...int64) int64 {
	t.Helper()
	doc, items := document(path, raw)
	doc.Format = "jpeg"
	res := mustPut(t, s, doc, items)
	thumb := []byte("\xff\xd8\xff thumbnail of " + p.SHA256)
	if err := s.PutPhotos(t.Context(), []caption.DocumentPhoto{{Document: res.Document.ID, Photo: p, Thumb: thumb, Keys: keys}}); err != nil {
		t.Fatalf("PutPhotos(%s): %v", path, err)
	}
	return res.Document.ID
}

// photoID returns the ID of the stored photo of a record's first source.
func photoID(t *testing.T, s caption.Store, raw string) caption.Photo {
	t.Helper()
	srcs, err := s.Sources(t.Context(), idOf(t, s, raw))
	if err != nil || len(srcs) == 0 || srcs[0].Photo == nil {
		t.Fatalf("Sources of %q: %v, %+v", raw, err, srcs)
	}
	return *srcs[0].Photo
}

// testPhotos: a photo is stored once per SHA-256 and comes back with the
// sources of its documents; a text document's sources have none.
func testPhotos(t *testing.T, s caption.Store) {
	ctx := t.Context()
	a := photoOf("a.jpg", 0x0123456789abcdef)
	putPhotoDoc(t, s, "a.jpg", "Smoke rises over Aleppo.", a)
	putPhotoDoc(t, s, "copy/a.jpg", "Smoke rises over Aleppo, a copy.", a)
	doc, items := document("notes.txt", "A caption without a picture.")
	mustPut(t, s, doc, items)

	pa := photoID(t, s, "Smoke rises over Aleppo.")
	pc := photoID(t, s, "Smoke rises over Aleppo, a copy.")
	want := a
	want.ID = pa.ID
	if diff := cmp.Diff(want, pa); diff != "" {
		t.Errorf("photo of a.jpg (-want +got):\n%s", diff)
	}
	if pc.ID != pa.ID {
		t.Errorf("the same file at two paths is photos %d and %d, want one", pa.ID, pc.ID)
	}
	srcs, err := s.Sources(ctx, idOf(t, s, "A caption without a picture."))
	if err != nil || len(srcs) != 1 || srcs[0].Photo != nil {
		t.Errorf("Sources of a text caption = %+v, %v; want one without a photo", srcs, err)
	}
	thumb, err := s.Thumbnail(ctx, a.SHA256)
	if err != nil || string(thumb) != "\xff\xd8\xff thumbnail of "+a.SHA256 {
		t.Errorf("Thumbnail = %q, %v", thumb, err)
	}
	if _, err := s.Thumbnail(ctx, photoOf("none", 0).SHA256); !errors.Is(err, caption.ErrNotFound) {
		t.Errorf("Thumbnail of an unknown photo: %v, want ErrNotFound", err)
	}
	// A second put of a stored photo keeps the first.
	again := a
	again.Width = 1
	if err := s.PutPhotos(ctx, []caption.DocumentPhoto{{Document: pa.ID, Photo: again, Thumb: []byte("x")}}); err != nil {
		t.Fatalf("PutPhotos again: %v", err)
	}
	if got := photoID(t, s, "Smoke rises over Aleppo."); got.Width != a.Width {
		t.Errorf("a photo put again has width %d, want the first %d", got.Width, a.Width)
	}
}

// testPhotosInvalid: bad photos are ErrInvalid, a missing document
// ErrNotFound, and a failed call stores none of its photos.
func testPhotosInvalid(t *testing.T, s caption.Store) {
	ctx := t.Context()
	doc, items := document("a.jpg", "A caption.")
	id := mustPut(t, s, doc, items).Document.ID
	good := caption.DocumentPhoto{Document: id, Photo: photoOf("a", 1), Thumb: []byte("t")}
	for name, p := range map[string]caption.DocumentPhoto{
		"short sha256": {Document: id, Photo: caption.Photo{SHA256: "abc", Width: 1, Height: 1}, Thumb: []byte("t")},
		"upper hex":    {Document: id, Photo: caption.Photo{SHA256: "ABCDEF0123456789ABCDEF0123456789ABCDEF0123456789ABCDEF0123456789", Width: 1, Height: 1}, Thumb: []byte("t")},
		"no size":      {Document: id, Photo: caption.Photo{SHA256: good.Photo.SHA256}, Thumb: []byte("t")},
		"no thumbnail": {Document: id, Photo: good.Photo},
		"no hash":      {Document: id, Photo: caption.Photo{SHA256: good.Photo.SHA256, Width: 1, Height: 1}, Thumb: []byte("t")},
	} {
		if err := s.PutPhotos(ctx, []caption.DocumentPhoto{good, p}); !errors.Is(err, caption.ErrInvalid) {
			t.Errorf("%s: PutPhotos = %v, want ErrInvalid", name, err)
		}
	}
	missing := caption.DocumentPhoto{Document: id + 100, Photo: photoOf("b", 2), Thumb: []byte("t")}
	if err := s.PutPhotos(ctx, []caption.DocumentPhoto{good, missing}); !errors.Is(err, caption.ErrNotFound) {
		t.Errorf("PutPhotos of a missing document = %v, want ErrNotFound", err)
	}
	if ps, err := s.UnlinkedPhotos(ctx, 10); err != nil || len(ps) != 0 {
		t.Errorf("after failed puts, UnlinkedPhotos = %+v, %v; want none", ps, err)
	}
	if _, err := s.UnlinkedPhotos(ctx, 0); !errors.Is(err, caption.ErrInvalid) {
		t.Errorf("UnlinkedPhotos(0) = %v, want ErrInvalid", err)
	}
}

// testPhotosByKeys: PhotosByKeys finds the photos stored under any of
// the keys asked for, each once, in ID order, and no other; the keys of a
// photo put again are those it was first stored with.
func testPhotosByKeys(t *testing.T, s caption.Store) {
	ctx := t.Context()
	putPhotoDoc(t, s, "a.jpg", "Caption a.", photoOf("a", 1), 10, 11, -1<<62)
	putPhotoDoc(t, s, "b.jpg", "Caption b.", photoOf("b", 2), 11, 12, 12)
	putPhotoDoc(t, s, "c.jpg", "Caption c.", photoOf("c", 3), 13)
	putPhotoDoc(t, s, "c2.jpg", "Caption c again.", photoOf("c", 3), 10)
	for _, tc := range []struct {
		keys []int64
		want []string
	}{
		{[]int64{10}, []string{"a"}},
		{[]int64{11}, []string{"a", "b"}},
		{[]int64{12, 13, 11}, []string{"a", "b", "c"}},
		{[]int64{-1 << 62}, []string{"a"}},
		{[]int64{99}, nil},
		{nil, nil},
	} {
		ps, err := s.PhotosByKeys(ctx, tc.keys)
		if err != nil {
			t.Fatalf("PhotosByKeys(%v): %v", tc.keys, err)
		}
		var got []string
		for _, p := range ps {
			for _, n := range []string{"a", "b", "c"} {
				if p.SHA256 == photoOf(n, 0).SHA256 {
					got = append(got, n)
				}
			}
		}
		if diff := cmp.Diff(tc.want, got, diffOpts...); diff != "" {
			t.Errorf("PhotosByKeys(%v) (-want +got):\n%s", tc.keys, diff)
		}
	}
}

// testPhotoLinks: links group photos, replace each other, and PhotoSources
// returns the sources of groups; a bad link changes nothing.
func testPhotoLinks(t *testing.T, s caption.Store) {
	ctx := t.Context()
	putPhotoDoc(t, s, "a.jpg", "Picture A in Homs.", photoOf("a", 1))
	putPhotoDoc(t, s, "b.jpg", "Picture A again, in Idlib.", photoOf("b", 3))
	putPhotoDoc(t, s, "c.jpg", "Picture C.", photoOf("c", 1<<40))
	a, b, c := photoID(t, s, "Picture A in Homs."), photoID(t, s, "Picture A again, in Idlib."), photoID(t, s, "Picture C.")
	ps, err := s.UnlinkedPhotos(ctx, 2)
	if err != nil || len(ps) != 2 || ps[0].ID != a.ID || ps[1].ID != b.ID {
		t.Fatalf("UnlinkedPhotos(2) = %+v, %v; want a, b", ps, err)
	}
	links := []caption.PhotoLink{
		{Photo: a.ID, Target: a.ID, Group: a.ID, Rule: "new", Created: t0},
		{Photo: b.ID, Target: a.ID, Group: a.ID, Distance: 1, Rule: "phash", Created: t0},
		{Photo: c.ID, Target: c.ID, Group: c.ID, Rule: "new", Created: t0},
	}
	if err := s.SetPhotoLinks(ctx, links); err != nil {
		t.Fatal(err)
	}
	if ps, err := s.UnlinkedPhotos(ctx, 10); err != nil || len(ps) != 0 {
		t.Errorf("UnlinkedPhotos after linking = %+v, %v", ps, err)
	}
	if got := photoID(t, s, "Picture A again, in Idlib.").Link; !cmp.Equal(got, links[1]) {
		t.Errorf("link of b = %+v, want %+v", got, links[1])
	}
	bad := []caption.PhotoLink{{Photo: c.ID, Target: a.ID, Group: a.ID, Rule: "phash", Created: t1}, {Photo: c.ID, Target: c.ID + 10, Group: c.ID, Rule: "phash"}}
	if err := s.SetPhotoLinks(ctx, bad); !errors.Is(err, caption.ErrNotFound) {
		t.Errorf("SetPhotoLinks to a missing target = %v, want ErrNotFound", err)
	}
	if err := s.SetPhotoLinks(ctx, []caption.PhotoLink{{Photo: c.ID, Target: c.ID, Rule: "new"}}); !errors.Is(err, caption.ErrInvalid) {
		t.Errorf("SetPhotoLinks with group 0 = %v, want ErrInvalid", err)
	}
	if got := photoID(t, s, "Picture C.").Link; !cmp.Equal(got, links[2]) {
		t.Errorf("a failed SetPhotoLinks changed c's link to %+v", got)
	}
	for _, tc := range []struct {
		groups []int64
		want   []string
	}{
		{[]int64{a.ID}, []string{"Picture A in Homs.", "Picture A again, in Idlib."}},
		{[]int64{c.ID, a.ID}, []string{"Picture A in Homs.", "Picture A again, in Idlib.", "Picture C."}},
		{nil, []string{"Picture A in Homs.", "Picture A again, in Idlib."}}, // groups of more than one photo
		{[]int64{}, nil},
	} {
		srcs, err := s.PhotoSources(ctx, tc.groups)
		if err != nil {
			t.Fatalf("PhotoSources(%v): %v", tc.groups, err)
		}
		var got []string
		for _, src := range srcs {
			got = append(got, src.Text)
			if src.Photo == nil || !slices.Contains(tc.groups, src.Photo.Link.Group) && tc.groups != nil {
				t.Errorf("PhotoSources(%v): source %q has photo %+v", tc.groups, src.Text, src.Photo)
			}
		}
		if diff := cmp.Diff(tc.want, got, diffOpts...); diff != "" {
			t.Errorf("PhotoSources(%v) (-want +got):\n%s", tc.groups, diff)
		}
	}
}

// testDocumentsWithoutPhoto: the documents of the formats asked for that
// have no photo are listed, in ID order, until PutPhotos stores theirs.
func testDocumentsWithoutPhoto(t *testing.T, s caption.Store) {
	ctx := t.Context()
	photoFormats := []string{"jpeg", "png", "tiff"}
	putPhotoDoc(t, s, "kept.jpg", "Smoke rises over Aleppo.", photoOf("kept.jpg", 1))
	var bare []int64
	for _, name := range []string{"old.jpg", "old.png"} {
		doc, items := document(name, "A caption of "+name+" stored without its picture.")
		doc.Format = name[len(name)-3:]
		if doc.Format == "jpg" {
			doc.Format = "jpeg"
		}
		bare = append(bare, mustPut(t, s, doc, items).Document.ID)
	}
	doc, items := document("notes.txt", "A caption without a picture.")
	text := mustPut(t, s, doc, items).Document.ID
	if got, err := s.DocumentsWithoutPhoto(ctx, photoFormats); err != nil || !slices.Equal(got, bare) {
		t.Errorf("DocumentsWithoutPhoto(photo formats) = %v, %v; want %v", got, err, bare)
	}
	if got, err := s.DocumentsWithoutPhoto(ctx, []string{"text"}); err != nil || !slices.Equal(got, []int64{text}) {
		t.Errorf("DocumentsWithoutPhoto(text) = %v, %v; want %v", got, err, []int64{text})
	}
	if got, err := s.DocumentsWithoutPhoto(ctx, nil); err != nil || len(got) != 0 {
		t.Errorf("DocumentsWithoutPhoto(none) = %v, %v; want none", got, err)
	}
	p := photoOf("old.jpg", 2)
	if err := s.PutPhotos(ctx, []caption.DocumentPhoto{{Document: bare[0], Photo: p, Thumb: []byte("\xff\xd8\xff")}}); err != nil {
		t.Fatal(err)
	}
	if got, err := s.DocumentsWithoutPhoto(ctx, photoFormats); err != nil || !slices.Equal(got, bare[1:]) {
		t.Errorf("DocumentsWithoutPhoto after PutPhotos = %v, %v; want %v", got, err, bare[1:])
	}
}
