package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"image/jpeg"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"sijil/internal/photo"
)

// drawScene draws a distinct picture for seed: a patchwork of colours, a
// score of blocks of random colours and places over it, shading and grain.
func drawScene(seed uint64, w, h int) *image.RGBA {
	r := rand.New(rand.NewPCG(seed, 16))
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	rgb := func() *image.Uniform {
		return &image.Uniform{color.RGBA{uint8(r.IntN(256)), uint8(r.IntN(256)), uint8(r.IntN(256)), 255}}
	}
	// A patchwork of walls and ground first, so that no edge of the frame
	// is one flat colour (which would be taken for a border).
	for y := 0; y < h; y += h / 6 {
		for x := 0; x < w; x += w / 8 {
			draw.Draw(img, image.Rect(x, y, x+w/8, y+h/6), rgb(), image.Point{}, draw.Src)
		}
	}
	for range 14 + r.IntN(8) {
		x, y := r.IntN(w), r.IntN(h)
		draw.Draw(img, image.Rect(x, y, x+w/20+r.IntN(w/4), y+h/20+r.IntN(h/3)), rgb(), image.Point{}, draw.Src)
	}
	// Light falls off across the frame and the grain of a sensor on
	// top, as in a photo: flat areas of one colour are no photo's.
	fx, fy := r.Float64()*2-1, r.Float64()*2-1
	for i := 0; i < len(img.Pix); i += 4 {
		x, y := float64(i/4%w)/float64(w), float64(i/4/w)/float64(h)
		shade := 40*(fx*x+fy*y) + float64(r.IntN(17)-8)
		for c := range 3 {
			img.Pix[i+c] = uint8(min(255, max(0, float64(img.Pix[i+c])+shade)))
		}
	}
	return img
}

// halfSize is img at half its size, each pixel the mean of four.
func halfSize(img *image.RGBA) *image.RGBA {
	out := image.NewRGBA(image.Rect(0, 0, img.Rect.Dx()/2, img.Rect.Dy()/2))
	for y := range out.Rect.Dy() {
		for x := range out.Rect.Dx() {
			var s [3]int
			for _, d := range [4][2]int{{0, 0}, {1, 0}, {0, 1}, {1, 1}} {
				c := img.RGBAAt(2*x+d[0], 2*y+d[1])
				s[0], s[1], s[2] = s[0]+int(c.R), s[1]+int(c.G), s[2]+int(c.B)
			}
			out.SetRGBA(x, y, color.RGBA{uint8(s[0] / 4), uint8(s[1] / 4), uint8(s[2] / 4), 255})
		}
	}
	return out
}

// photoFile writes img as a JPEG of quality q at path, with caption in its
// IPTC Caption-Abstract when not empty.
func photoFile(t *testing.T, path string, img image.Image, q int, caption string) {
	t.Helper()
	var b bytes.Buffer
	if err := jpeg.Encode(&b, img, &jpeg.Options{Quality: q}); err != nil {
		t.Fatal(err)
	}
	data := b.Bytes()
	if caption != "" {
		data = withIPTC(data, 120, caption)
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
}

// photoSearchResult is search -photo -json and -conflicting-photos -json.
type photoSearchResult struct {
	Total   int
	Records []struct {
		ID       int64
		Date     *string
		Text     string
		Distance int
		Photo    struct {
			SHA256 string
			Group  int64
		}
		PhotoConflicts []struct {
			Other   int64
			Warning string
		} `json:"photo_conflicts"`
	}
}

func photoSearch(t *testing.T, env map[string]string, args ...string) photoSearchResult {
	t.Helper()
	r := mustRun(t, env, append([]string{"search", "-json"}, args...)...)
	var res photoSearchResult
	if err := json.Unmarshal([]byte(r.stdout), &res); err != nil {
		t.Fatalf("search %v: %v\n%s", args, err, r.stdout)
	}
	return res
}

// TestSearchPhoto ingests photos with captions, one of them printed again
// two years earlier under a caption of its own, resized: the two records
// are the same picture and warned, search -photo with another copy finds
// that picture's records first, and an unrelated photo finds nothing.
func TestSearchPhoto(t *testing.T) {
	dir := t.TempDir()
	env := map[string]string{"SIJIL_DB": "sqlite:" + filepath.Join(t.TempDir(), "photos.db"), "SIJIL_GAZETTEER": filepath.Join(dir, "no-gazetteer")}
	archive := filepath.Join(dir, "archive")
	const scenes = 8
	for i := range scenes {
		photoFile(t, filepath.Join(archive, fmt.Sprintf("p%d.jpg", i)), drawScene(uint64(i), 800, 600), 90,
			fmt.Sprintf("Residents walk past building number %d after shelling on March %d, 2019. (Photo by Lina Haddad / AFP)", i, i+1))
	}
	// Picture 3 printed two years before, resized and under another story.
	photoFile(t, filepath.Join(archive, "old", "p3-2017.jpg"), halfSize(drawScene(3, 800, 600)), 70,
		"Residents walk past a damaged building on March 4, 2017. (Photo by Omar Saleh / Reuters)")
	r := mustRun(t, env, "ingest", archive)
	if strings.Contains(r.stderr, "picture not kept") {
		t.Fatalf("ingest: %s", r.stderr)
	}
	// Ingesting again changes nothing.
	mustRun(t, env, "ingest", archive)

	query := filepath.Join(dir, "query", "copy.jpg")
	photoFile(t, query, halfSize(drawScene(3, 800, 600)), 80, "")
	res := photoSearch(t, env, "-photo", query)
	if res.Total != 2 || len(res.Records) != 2 {
		t.Fatalf("search -photo a copy of picture 3: %+v; want its two records", res)
	}
	first, second := res.Records[0], res.Records[1]
	if !strings.Contains(first.Text, "2017") && first.Distance == second.Distance || first.Distance > second.Distance {
		t.Errorf("search -photo: %q (distance %d) before %q (distance %d); want nearest, then earliest", first.Text, first.Distance, second.Text, second.Distance)
	}
	if first.Photo.Group == 0 || first.Photo.Group != second.Photo.Group {
		t.Errorf("search -photo: groups %d and %d, want one picture group", first.Photo.Group, second.Photo.Group)
	}
	text := mustRun(t, env, "search", "-photo", query).stdout
	if !strings.Contains(text, "distance") || !strings.Contains(text, "2 records with the same picture") {
		t.Errorf("search -photo prints:\n%s", text)
	}
	// QUERY and the filters keep the records of the picture that match.
	for _, tc := range []struct {
		args []string
		want string // the year of the one record kept; "" for none
	}{
		{[]string{"-from", "2019"}, "2019"},
		{[]string{"-to", "2018-12"}, "2017"},
		{[]string{"-agency", "Reuters"}, "2017"},
		{[]string{"-photographer", "Lina Haddad", "-from", "2019-03"}, "2019"},
		{[]string{"damaged"}, "2017"},
		{[]string{"-event", "shelling"}, "2019"},
		{[]string{"-from", "2020"}, ""},
	} {
		res := photoSearch(t, env, append([]string{"-photo", query}, tc.args...)...)
		switch {
		case tc.want == "" && (res.Total != 0 || len(res.Records) != 0):
			t.Errorf("search -photo %v: %+v; want nothing", tc.args, res)
		case tc.want != "" && (res.Total != 1 || len(res.Records) != 1 || !strings.Contains(res.Records[0].Text, tc.want) || res.Records[0].Distance > photo.SameMax):
			t.Errorf("search -photo %v: %+v; want the record of %s", tc.args, res, tc.want)
		}
	}
	if r := runSijil(t, env, "", "search", "-conflicting-photos", "damaged"); r.code != 2 {
		t.Errorf("search -conflicting-photos QUERY: exit %d; want a usage error", r.code)
	}

	unrelated := filepath.Join(dir, "query", "unrelated.jpg")
	photoFile(t, unrelated, drawScene(999, 640, 480), 90, "")
	if res := photoSearch(t, env, "-photo", unrelated); res.Total != 0 || len(res.Records) != 0 {
		t.Errorf("search -photo an unrelated photo: %+v; want nothing", res)
	}
	if r := runSijil(t, env, "", "search", "-photo", unrelated); r.code != 0 || !strings.Contains(r.stdout, "0 records") {
		t.Errorf("search -photo an unrelated photo: exit %d\n%s", r.code, r.stdout)
	}
	notPhoto := filepath.Join(dir, "query", "notes.txt")
	if err := os.WriteFile(notPhoto, []byte("not a photo"), 0o644); err != nil {
		t.Fatal(err)
	}
	err := run(t.Context(), []string{"search", "-photo", notPhoto}, func(k string) string { return env[k] }, strings.NewReader(""), io.Discard, io.Discard)
	if exitCode(err) != 1 || err == nil || !strings.Contains(err.Error(), "notes.txt") || !strings.Contains(err.Error(), "not a JPEG") {
		t.Errorf("search -photo a text file: %v; want an error naming it and saying why", err)
	}

	conflicts := photoSearch(t, env, "-conflicting-photos")
	if conflicts.Total != 2 {
		t.Fatalf("search -conflicting-photos: %+v; want the two records of picture 3", conflicts)
	}
	a, b := conflicts.Records[0], conflicts.Records[1]
	for _, pair := range [][2]int64{{a.ID, b.ID}, {b.ID, a.ID}} {
		rec := a
		if pair[0] == b.ID {
			rec = b
		}
		if len(rec.PhotoConflicts) != 1 || rec.PhotoConflicts[0].Other != pair[1] ||
			!strings.Contains(rec.PhotoConflicts[0].Warning, fmt.Sprintf("record %d", pair[1])) {
			t.Errorf("record %d: conflicts %+v; want a warning naming record %d", pair[0], rec.PhotoConflicts, pair[1])
		}
	}
	// The export carries each source's picture, and the group they share.
	for _, rec := range exportRecords(t, env) {
		if len(rec.Sources) != 1 || rec.Sources[0].Photo == nil || rec.Sources[0].Photo.SHA256 != rec.Sources[0].SHA256 ||
			rec.Sources[0].Photo.Width == 0 || len(rec.Sources[0].Photo.PHash) == 0 {
			t.Errorf("export: record %d sources %+v; want one with its photo", rec.ID, rec.Sources)
		} else if g := rec.Sources[0].Photo.Group; (rec.ID == a.ID || rec.ID == b.ID) != (g != nil && *g == first.Photo.Group) {
			t.Errorf("export: record %d is in picture group %v; picture 3's is %d", rec.ID, g, first.Photo.Group)
		}
	}
	show := mustRun(t, env, "show", fmt.Sprint(a.ID)).stdout
	if !strings.Contains(show, fmt.Sprintf("same picture as record %d", b.ID)) || !strings.Contains(show, "photo ") {
		t.Errorf("sijil show %d: no photo or no warning naming record %d:\n%s", a.ID, b.ID, show)
	}
}
