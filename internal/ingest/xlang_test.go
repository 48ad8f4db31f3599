package ingest

import (
	"bytes"
	"encoding/binary"
	"image/jpeg"
	"path/filepath"
	"testing"

	"sijil/internal/caption"
	"sijil/internal/geocode"
)

// The captions below are invented for these tests, in the styles of the
// English, French and Arabic wires: one AFP photo of a building after an
// air strike on Ariha, and other photos of that day.
const (
	arihaEN = "A man stands in a building destroyed by Russian air strikes in the town of Ariha, in Idlib province, Syria, " +
		"on March 3, 2019. At least six people were killed, according to the Syrian Observatory for Human Rights. " +
		"(Photo by Omar Haj Kadour/AFP)"
	// arihaFR is arihaEN's photo on the French wire, which says what
	// destroyed the building no more: it names no event type.
	arihaFR = "Un homme se tient dans un immeuble détruit dans la ville d'Ariha, dans la province " +
		"d'Idleb, en Syrie, le 3 mars 2019. Au moins six personnes ont été tuées, selon l'Observatoire syrien des droits " +
		"de l'homme. Photo : Omar Haj Kadour / AFP"
	// arihaReuters is another agency's photo of a strike there that day.
	arihaReuters = "A building hit by an air strike in the town of Ariha, in Idlib province, Syria, March 3, 2019. REUTERS/Khalil Ashawi"
	// arihaFRToll is a French caption of that day and place with another
	// toll: another strike.
	arihaFRToll = "Un immeuble touché par un bombardement dans la ville d'Ariha, dans la province d'Idleb, en Syrie, " +
		"le 3 mars 2019. Au moins neuf personnes ont été tuées, selon l'Observatoire syrien des droits de l'homme. " +
		"Photo : Mahmoud Taha / AFP"
	// arihaAR is arihaEN's photo from an Arabic media office: the caption
	// says what the photo shows, with no word of the strike, and credits
	// AFP; the photo's IPTC fields give its date and town.
	arihaAR = "رجل يقف في مبنى مدمر في مدينة أريحا بريف إدلب. (أ ف ب)"
	// arihaARAnadolu is another agency's Arabic caption of that day and
	// place.
	arihaARAnadolu = "نساء يجمعن أغراضهن من بين أنقاض المنازل في أريحا بريف إدلب. (الأناضول)"
)

// iptcJPEG is a JPEG whose IPTC IIM holds the caption and the given
// datasets of record 2 (55 Date Created, 90 City, 101 Country…).
func iptcJPEG(tb testing.TB, seed int, text string, fields map[byte]string) []byte {
	tb.Helper()
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, smallScene(seed), &jpeg.Options{Quality: 85}); err != nil {
		tb.Fatal(err)
	}
	dataset := func(iim []byte, n byte, v string) []byte {
		return append(binary.BigEndian.AppendUint16(append(iim, 0x1C, 2, n), uint16(len(v))), v...)
	}
	iim := dataset(nil, 120, text)
	for _, n := range []byte{55, 90, 101} {
		if v, ok := fields[n]; ok {
			iim = dataset(iim, n, v)
		}
	}
	res := append(binary.BigEndian.AppendUint32([]byte("8BIM\x04\x04\x00\x00"), uint32(len(iim))), iim...)
	if len(res)%2 == 1 {
		res = append(res, 0)
	}
	payload := append([]byte("Photoshop 3.0\x00"), res...)
	seg := append(binary.BigEndian.AppendUint16([]byte{0xFF, 0xED}, uint16(len(payload)+2)), payload...)
	jpg := buf.Bytes()
	return append(append(append([]byte{}, jpg[:2]...), seg...), jpg[2:]...)
}

// TestIngestEventsAcrossLanguages ingests one photo's English, French and
// Arabic captions, with the gazetteer, into a SQLite register: the three
// are one event though their event types differ, by the cross-language
// rule; another agency's photo of that day and a French caption with
// another toll are not joined to it by that rule.
func TestIngestEventsAcrossLanguages(t *testing.T) {
	dir := t.TempDir()
	write := func(name string, data []byte) string { return writeFile(t, filepath.Join(dir, name), string(data)) }
	meta := map[byte]string{55: "20190303", 90: "Ariha", 101: "Syria"}
	paths := []string{
		write("1-en.txt", []byte(arihaEN+"\n")),
		write("2-reuters.txt", []byte(arihaReuters+"\n")),
		write("3-fr.txt", []byte(arihaFR+"\n\n"+arihaFRToll+"\n")),
		// Anadolu's before AFP's: two Arabic captions with no type at one
		// place on one day are one event by the usual rule, whatever their
		// agencies, as two English ones would be.
		write("4-ar-anadolu.jpg", iptcJPEG(t, 2, arihaARAnadolu, meta)),
		write("5-ar.jpg", iptcJPEG(t, 1, arihaAR, meta)),
	}
	emb, err := geocode.Embedded()
	if err != nil {
		t.Fatal(err)
	}
	s := newSQLite(t)
	opt := testOptions(t)
	opt.Gazetteer = geocode.New(emb)
	// Two runs: the English captions first, so that the others find them
	// among the register's event candidates, as a later ingest would.
	if sum := mustIngest(t, s, paths[:2], opt); sum.NewRecords != 2 || len(sum.Failures) > 0 {
		t.Fatalf("first ingest: %+v; want 2 records", sum)
	}
	if sum := mustIngest(t, s, paths[2:], opt); sum.NewRecords != 4 || len(sum.Failures) > 0 {
		t.Fatalf("second ingest: %+v; want 4 records", sum)
	}
	byText := map[string]caption.StoredRecord{}
	for r, err := range s.Records(t.Context()) {
		if err != nil {
			t.Fatal(err)
		}
		byText[r.Record.Text] = r
	}
	get := func(text string) caption.StoredRecord {
		r, ok := byText[text]
		if !ok {
			t.Fatalf("no record for %q", text)
		}
		return r
	}
	en, reuters, fr, frToll, ar, arAnadolu := get(arihaEN), get(arihaReuters), get(arihaFR), get(arihaFRToll), get(arihaAR), get(arihaARAnadolu)

	// What the test stands on: the parse and the gazetteer agree on the
	// day and the town, and the types differ, so that only the
	// cross-language rule can join the captions.
	for _, r := range []caption.StoredRecord{en, fr, ar} {
		if r.Record.Date.String() != "2019-03-03" || r.Record.Location == nil || r.Record.Location.GeonameID != en.Record.Location.GeonameID ||
			len(r.Record.Agencies) != 1 || r.Record.Agencies[0] != "AFP" {
			t.Fatalf("record %q: date %s, location %+v, agencies %v; want 2019-03-03, Ariha, AFP", r.Record.Text, r.Record.Date, r.Record.Location, r.Record.Agencies)
		}
	}
	if len(fr.Record.EventTypes) != 0 || len(ar.Record.EventTypes) != 0 || len(en.Record.EventTypes) == 0 {
		t.Fatalf("event types: en %v, fr %v, ar %v; want the English only", en.Record.EventTypes, fr.Record.EventTypes, ar.Record.EventTypes)
	}
	if fr.Record.Lang != "fr" || ar.Record.Lang != "ar" {
		t.Fatalf("languages %q, %q", fr.Record.Lang, ar.Record.Lang)
	}

	eventRule := func(r caption.StoredRecord) (target int64, rule string) {
		links, err := s.Links(t.Context(), r.ID)
		if err != nil {
			t.Fatal(err)
		}
		for _, l := range links {
			if l.Level == caption.LevelEvent {
				return l.Target, l.Rule
			}
		}
		t.Fatalf("record %d has no event link", r.ID)
		return 0, ""
	}
	// Records are linked in ID order: the French caption joins the English
	// one, and the Arabic one the first of them.
	if target, rule := eventRule(fr); target != en.ID || rule != "date,10km,xlang" {
		t.Errorf("French caption's event link: target %d rule %q; want %d, date,10km,xlang", target, rule, en.ID)
	}
	if target, rule := eventRule(ar); (target != en.ID && target != fr.ID) || rule != "date,10km,xlang" {
		t.Errorf("Arabic caption's event link: target %d rule %q; want %d or %d, date,10km,xlang", target, rule, en.ID, fr.ID)
	}
	if fr.Event != en.Event || ar.Event != en.Event {
		t.Errorf("events: en %d, fr %d, ar %d; want one event", en.Event, fr.Event, ar.Event)
	}
	// Reuters' English caption names an air strike, and joins the AFP
	// photo's event by the usual rule (two photos of one incident, as far
	// as words can tell). Anadolu's Arabic one names no type, and shares
	// no agency with the others: it stays alone, though the French caption
	// names no type either.
	if _, rule := eventRule(reuters); reuters.Event != en.Event || rule != "date,10km,types" {
		t.Errorf("the Reuters caption: event %d rule %q; want %d by date,10km,types", reuters.Event, rule, en.Event)
	}
	if arAnadolu.Event != arAnadolu.ID {
		t.Errorf("the Arabic Anadolu caption joined event %d", arAnadolu.Event)
	}
	// The French shelling caption with another toll: an AFP photo of that
	// day and place, but not the one the English caption describes.
	if frToll.Event != frToll.ID {
		t.Errorf("the French caption with another toll joined event %d", frToll.Event)
	}
}
