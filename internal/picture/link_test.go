package picture

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"path/filepath"
	"testing"

	"sijil/internal/caption"
	"sijil/internal/photo"
	"sijil/internal/sqlite"
)

func newStore(t *testing.T) caption.Store {
	t.Helper()
	s, err := sqlite.Open(t.Context(), filepath.Join(t.TempDir(), "sijil.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

// putFile stores file as a photo document at path with one caption, as
// ingest would, and returns the caption's record.
func putFile(t *testing.T, s caption.Store, path, text string, date caption.PartialDate, file []byte) int64 {
	t.Helper()
	sum := sha256.Sum256(file)
	doc := caption.Document{Path: path, SHA256: hex.EncodeToString(sum[:]), Size: int64(len(file)), Format: "jpeg"}
	key := sha256.Sum256([]byte(text))
	item := caption.Item{
		Occurrence:  caption.Occurrence{Text: text, End: len(text)},
		Record:      caption.Record{Text: text, Description: text, Date: date},
		Fingerprint: caption.Fingerprint{Key: hex.EncodeToString(key[:])},
	}
	res, err := s.PutDocument(t.Context(), doc, []caption.Item{item}, caption.Versions{})
	if err != nil {
		t.Fatal(err)
	}
	info := analyze(t, file)
	err = s.PutPhotos(t.Context(), []caption.DocumentPhoto{{Document: res.Document.ID,
		Photo: caption.Photo{SHA256: doc.SHA256, Width: info.Width, Height: info.Height, Hash: info.Hash.String()},
		Thumb: info.Thumb, Keys: Keys(info.Hash)}})
	if err != nil {
		t.Fatal(err)
	}
	return res.RecordIDs[0]
}

func day(y, m, d int) caption.PartialDate {
	return caption.PartialDate{Year: y, Month: m, Day: d, Precision: caption.PrecisionDay}
}

// TestLinkAndFind: linking groups each photo with the nearest photo stored
// before it that photo.Distance calls the same picture, and no other; Find
// returns the records of a copy's group nearest first, earliest first
// among equals, and nothing for an unrelated picture.
func TestLinkAndFind(t *testing.T) {
	s := newStore(t)
	const scenes = 12
	type stored struct {
		record int64
		hash   photo.Hash
		scene  int
	}
	var all []stored
	for i := range scenes {
		img := scene(uint64(100+i), 480, 360)
		orig := encode(t, img, 90)
		all = append(all, stored{putFile(t, s, fmt.Sprintf("s%d.jpg", i), fmt.Sprintf("Scene %d, first published.", i), day(2020, 1, 1+i), orig), analyze(t, orig).Hash, i})
		// The copy, two years older by its caption, is stored after.
		cp := encode(t, half(img), 70)
		all = append(all, stored{putFile(t, s, fmt.Sprintf("s%d-copy.jpg", i), fmt.Sprintf("Scene %d, as recirculated.", i), day(2018, 1, 1+i), cp), analyze(t, cp).Hash, i})
	}
	n, err := Link(t.Context(), s)
	if err != nil || n != 2*scenes {
		t.Fatalf("Link = %d, %v; want %d", n, err, 2*scenes)
	}
	if n, err := Link(t.Context(), s); err != nil || n != 0 {
		t.Errorf("Link again = %d, %v; want 0", n, err)
	}
	groupOf := map[int64]int64{}
	for _, st := range all {
		srcs, err := s.Sources(t.Context(), st.record)
		if err != nil || len(srcs) != 1 || srcs[0].Photo == nil {
			t.Fatalf("Sources(%d) = %+v, %v", st.record, srcs, err)
		}
		groupOf[st.record] = srcs[0].Photo.Link.Group
	}
	for i, a := range all {
		for _, b := range all[:i] {
			same := photo.Distance(a.hash, b.hash) <= photo.SameMax
			if a.scene != b.scene && same {
				t.Fatalf("scenes %d and %d are the same picture by photo.Distance", a.scene, b.scene)
			}
			if grouped := groupOf[a.record] == groupOf[b.record]; grouped != same {
				t.Errorf("records %d and %d (scenes %d, %d, distance %d): grouped %v, same picture %v",
					a.record, b.record, a.scene, b.scene, photo.Distance(a.hash, b.hash), grouped, same)
			}
		}
	}

	// Search with another copy of scene 3: both its records, the older
	// caption first when they are as near.
	q := analyze(t, encode(t, scene(103, 480, 360), 80)).Hash
	ms, err := Find(t.Context(), s, q)
	if err != nil {
		t.Fatal(err)
	}
	if len(ms) != 2 || ms[0].Record.ID != all[6].record && ms[0].Record.ID != all[7].record {
		t.Fatalf("Find(scene 3) = %+v, want the records of scene 3", ms)
	}
	if ms[0].Distance > ms[1].Distance || ms[0].Distance == ms[1].Distance && ms[0].Record.ID != all[7].record {
		t.Errorf("Find(scene 3): %d at %d before %d at %d; want nearest, then earliest", ms[0].Record.ID, ms[0].Distance, ms[1].Record.ID, ms[1].Distance)
	}
	unrelated := analyze(t, encode(t, scene(999, 480, 360), 90)).Hash
	if ms, err := Find(t.Context(), s, unrelated); err != nil || len(ms) != 0 {
		t.Errorf("Find(unrelated) = %+v, %v; want nothing", ms, err)
	}

	// The two captions of each scene disagree by two years: both warned.
	cs, err := caption.AllPhotoConflicts(t.Context(), s)
	if err != nil {
		t.Fatal(err)
	}
	warned := map[int64]bool{}
	for _, c := range cs {
		warned[c.Record] = true
	}
	for _, st := range all {
		if groupOf[all[2*st.scene].record] == groupOf[all[2*st.scene+1].record] && !warned[st.record] {
			t.Errorf("record %d (scene %d) shares its picture with a caption two years apart, but is not warned", st.record, st.scene)
		}
	}
	own, err := caption.RecordPhotoConflicts(t.Context(), s, all[6].record)
	if err != nil || len(own) != 1 || own[0].Other != all[7].record {
		t.Errorf("RecordPhotoConflicts(%d) = %+v, %v; want the recirculated copy %d", all[6].record, own, err, all[7].record)
	} else {
		t.Logf("warning: %s", own[0].Warning())
	}
}
