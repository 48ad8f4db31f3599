package main

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"image"
	"image/jpeg"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"sijil/internal/caption"
	"sijil/internal/dedup"
	"sijil/internal/parse"
	"sijil/internal/source"
	"sijil/internal/testenv"
)

// captionJPEG returns an 8×8 JPEG whose APP13 Photoshop segment holds the
// IPTC datasets (record 2) given as number, value pairs, declared UTF-8.
func captionJPEG(t *testing.T, datasets ...any) []byte {
	t.Helper()
	var img bytes.Buffer
	if err := jpeg.Encode(&img, image.NewGray(image.Rect(0, 0, 8, 8)), nil); err != nil {
		t.Fatal(err)
	}
	return withIPTC(img.Bytes(), datasets...)
}

// withIPTC returns the JPEG b with an APP13 Photoshop segment after its SOI
// marker holding the IPTC datasets (record 2) given as number, value
// pairs, declared UTF-8.
func withIPTC(b []byte, datasets ...any) []byte {
	iim := func(rec, num byte, v string) []byte {
		return append(binary.BigEndian.AppendUint16([]byte{0x1C, rec, num}, uint16(len(v))), v...)
	}
	stream := iim(1, 90, "\x1B%G")
	for i := 0; i+1 < len(datasets); i += 2 {
		stream = append(stream, iim(2, byte(datasets[i].(int)), datasets[i+1].(string))...)
	}
	res := binary.BigEndian.AppendUint32([]byte("8BIM\x04\x04\x00\x00"), uint32(len(stream)))
	res = append(res, stream...)
	if len(res)%2 == 1 {
		res = append(res, 0)
	}
	payload := append([]byte("Photoshop 3.0\x00"), res...)
	seg := append(binary.BigEndian.AppendUint16([]byte{0xFF, 0xED}, uint16(len(payload)+2)), payload...)
	return append(append(append([]byte{}, b[:2]...), seg...), b[2:]...)
}

// seedCaptions returns up to n captions of ../shared/seeds, read with the
// text reader at test time (the seeds stay outside the repository), that
// the parser keeps whole as one caption. It skips the test when the seeds
// are not there.
func seedCaptions(t *testing.T, n int) []string {
	t.Helper()
	seeds, _ := filepath.Glob(filepath.Join(testenv.Shared(t, "seeds"), "*.txt"))
	if len(seeds) == 0 {
		testenv.Missing(t, testenv.SharedRequired, "no captions in ../shared/seeds")
	}
	p, err := parse.New()
	if err != nil {
		t.Fatal(err)
	}
	var caps []string
	for _, file := range seeds {
		f, err := os.Open(file)
		if err != nil {
			t.Fatal(err)
		}
		paras, err := source.ReadText(f, file)
		f.Close()
		if err != nil {
			t.Fatal(err)
		}
		for _, para := range paras {
			// A paragraph the text path would cut or join is not the
			// same caption in a photo: leave it out.
			if len(para.Text) >= 80 && len(para.Text) < 2000 && len(p.Segment([]caption.Raw{para})) == 1 {
				caps = append(caps, para.Text)
				break
			}
		}
		if len(caps) == n {
			break
		}
	}
	if len(caps) == 0 {
		testenv.Missing(t, testenv.SharedRequired, "no caption in ../shared/seeds fits an IPTC caption")
	}
	return caps
}

// parseLines runs sijil parse on files and returns its JSON lines, as
// lines and as objects.
func parseLines(t *testing.T, files ...string) ([]string, []map[string]json.RawMessage) {
	t.Helper()
	r := runSijil(t, nil, "", append([]string{"parse"}, files...)...)
	if r.code != 0 || r.stderr != "" {
		t.Fatalf("sijil parse: exit %d\n%s", r.code, r.stderr)
	}
	lines := strings.Split(strings.TrimSuffix(r.stdout, "\n"), "\n")
	var recs []map[string]json.RawMessage
	for _, line := range lines {
		var rec map[string]json.RawMessage
		if err := json.Unmarshal([]byte(line), &rec); err != nil {
			t.Fatal(err)
		}
		recs = append(recs, rec)
	}
	return lines, recs
}

// TestParsePhotoLikeText checks that a caption gives the same record from
// the IPTC caption of a JPEG as from a text file.
func TestParsePhotoLikeText(t *testing.T) {
	dir := t.TempDir()
	var files []string
	caps := seedCaptions(t, 3)
	for i, c := range caps {
		txt := filepath.Join(dir, "c"+string(rune('0'+i))+".txt")
		jpg := strings.TrimSuffix(txt, ".txt") + ".jpg"
		if err := os.WriteFile(txt, []byte(c+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(jpg, captionJPEG(t, 120, c), 0o644); err != nil {
			t.Fatal(err)
		}
		files = append(files, txt, jpg)
	}
	lines, recs := parseLines(t, files...)
	if len(recs) != len(files) {
		t.Fatalf("got %d records from %d files, want one each", len(recs), len(files))
	}
	for i, line := range lines {
		checkRecordLine(t, i+1, line)
	}
	for i := 0; i < len(recs); i += 2 {
		for _, f := range specFields {
			if txt, jpg := string(recs[i][f]), string(recs[i+1][f]); txt != jpg {
				t.Errorf("%s: %s = %s from the text, %s from the JPEG", files[i+1], f, txt, jpg)
			}
		}
	}
}

// TestIngestPhotoLikeText ingests seed captions both as text files and as
// JPEGs carrying them in IPTC: each caption must be one record in the
// register, with two sources, one byte range in each file.
func TestIngestPhotoLikeText(t *testing.T) {
	dir := t.TempDir()
	// The seeds repeat captions across documents: keep one of each record.
	var caps []string
	seen := map[string]bool{}
	for _, c := range seedCaptions(t, 5) {
		if k := dedup.Key(c); !seen[k] {
			seen[k] = true
			caps = append(caps, c)
		}
	}
	for i, c := range caps {
		name := filepath.Join(dir, "c"+string(rune('0'+i)))
		if err := os.WriteFile(name+".txt", []byte(c+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(name+".jpg", captionJPEG(t, 120, c), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	env := map[string]string{"SIJIL_DB": "sqlite:" + filepath.Join(t.TempDir(), "photos.db"), "SIJIL_GAZETTEER": filepath.Join(dir, "no-gazetteer")}
	mustRun(t, env, "ingest", dir)
	recs := exportRecords(t, env)
	if len(recs) != len(caps) {
		t.Fatalf("%d records from %d captions in text and JPEG, want one each", len(recs), len(caps))
	}
	for _, rec := range recs {
		var exts []string
		for _, src := range rec.Sources {
			exts = append(exts, filepath.Ext(src.Document))
		}
		if diff := cmp.Diff([]string{".jpg", ".txt"}, exts); diff != "" {
			t.Errorf("record %d: sources' files (-want +got):\n%s", rec.ID, diff)
		}
	}
}

// TestParsePhotoMetadata checks that a field the caption is silent on is
// filled from the photo's IPTC metadata, and that the record says so.
func TestParsePhotoMetadata(t *testing.T) {
	const text = "Civil defence workers search the rubble of a building after an airstrike on March 3, 2019. (Photo by Lina Haddad / AFP)"
	jpg := filepath.Join(t.TempDir(), "saraqib.jpg")
	if err := os.WriteFile(jpg, captionJPEG(t, 120, text, 90, "Saraqib", 100, "SY"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, recs := parseLines(t, jpg)
	if len(recs) != 1 {
		t.Fatalf("got %d records, want 1", len(recs))
	}
	rec := recs[0]
	var got struct {
		Places   []string
		Country  *string
		Location *struct {
			Lat, Lon    float64
			CountryCode string `json:"country_code"`
		}
		Origins map[string]string
	}
	line, err := json.Marshal(rec)
	if err == nil {
		err = json.Unmarshal(line, &got)
	}
	if err != nil {
		t.Fatal(err)
	}
	if len(got.Places) == 0 || got.Places[0] != "Saraqib" {
		t.Errorf("places %q, want Saraqib from iptc:City\n%s", got.Places, line)
	}
	if got.Country == nil || *got.Country != "SY" {
		t.Errorf("country %v, want SY from iptc:Country-PrimaryLocationCode\n%s", got.Country, line)
	}
	// Saraqib lies at 35.86 N, 36.80 E; the gazetteer spells it its own way.
	if l := got.Location; l == nil || l.CountryCode != "SY" || math.Abs(l.Lat-35.86) > 0.1 || math.Abs(l.Lon-36.80) > 0.1 {
		t.Errorf("location %+v, want the gazetteer's Saraqib, SY\n%s", got.Location, line)
	}
	if got.Origins["places"] != caption.MetaIPTCCity || got.Origins["country"] != caption.MetaIPTCCountryCode {
		t.Errorf("origins %q, want places from %s and country from %s\n%s", got.Origins, caption.MetaIPTCCity, caption.MetaIPTCCountryCode, line)
	}
}

// TestIngestPhoto ingests a JPEG and checks that its record's source range
// is the caption's bytes in the file.
func TestIngestPhoto(t *testing.T) {
	const text = "Smoke rises over Saraqib, Idlib province, Syria, after an airstrike on March 3, 2019. (Photo by Lina Haddad / AFP)"
	data := captionJPEG(t, 90, "Saraqib", 120, text)
	jpg := filepath.Join(t.TempDir(), "saraqib.jpg")
	if err := os.WriteFile(jpg, data, 0o644); err != nil {
		t.Fatal(err)
	}
	env := map[string]string{"SIJIL_DB": "sqlite:" + filepath.Join(t.TempDir(), "photo.db")}
	mustRun(t, env, "ingest", jpg)
	recs := exportRecords(t, env)
	if len(recs) != 1 || recs[0].Text != text || len(recs[0].Sources) != 1 {
		t.Fatalf("exported %+v, want the one caption", recs)
	}
	src := recs[0].Sources[0]
	if src.Start < 0 || src.End > len(data) || string(data[src.Start:src.End]) != text {
		t.Errorf("source range [%d,%d) does not hold the caption in the %d-byte file", src.Start, src.End, len(data))
	}
}
