package dedup

import (
	"testing"
	"unsafe"

	"sijil/internal/caption"
)

// scene is a record as the parser and gazetteer leave it, for event tests.
type scene struct {
	id, cluster int64
	date        caption.PartialDate
	place       string
	lat, lon    float64
	precision   int // 0: not resolved
	kind        string
	types       []caption.EventType
	locName     string // the gazetteer's name when not place
	// For the cross-language rule: the caption's language, credit and toll.
	lang          string
	agencies      []caption.Agency
	photographers []string
	killed        *int
}

func (s scene) stored() caption.StoredRecord {
	r := caption.Record{Date: s.date, EventTypes: s.types, Lang: s.lang, Agencies: s.agencies, Photographers: s.photographers, Killed: s.killed}
	if s.place != "" {
		r.Places = []string{s.place}
		r.PlaceRefs = []caption.PlaceRef{{Name: s.place, Kind: s.kind}}
	}
	if s.precision > 0 {
		name := s.place
		if s.locName != "" {
			name = s.locName
		}
		r.Location = &caption.Location{Name: name, Lat: s.lat, Lon: s.lon, Precision: s.precision, Admin1: "Rif Dimashq", CountryCode: "SY"}
	}
	cl := s.cluster
	if cl == 0 {
		cl = s.id
	}
	return caption.StoredRecord{ID: s.id, Record: r, Cluster: cl, Event: s.id}
}

func TestMatchEvent(t *testing.T) {
	air := []caption.EventType{caption.Airstrike}
	month := caption.PartialDate{Year: 2017, Month: 4, Precision: caption.PrecisionMonth}
	saqba := scene{id: 100, date: day(2017, 4, 2), place: "Saqba", lat: 33.5167, lon: 36.3833, precision: 1, types: air}
	at := func(s scene, id int64, f func(*scene)) scene {
		s.id = id
		f(&s)
		return s
	}
	tests := []struct {
		name       string
		in         scene
		candidates []scene
		wantID     int64 // 0: no match
		wantRule   string
	}{
		{"same day 1 km", saqba, []scene{at(saqba, 7, func(s *scene) { s.place, s.lat, s.lon = "Hamouria", 33.525, 36.39 })}, 7, "date,10km,types"},
		{"next day", saqba, []scene{at(saqba, 7, func(s *scene) { s.date = day(2017, 4, 3) })}, 7, "date±1,10km,types"},
		{"across a month end", at(saqba, 100, func(s *scene) { s.date = day(2017, 3, 31) }), []scene{at(saqba, 7, func(s *scene) { s.date = day(2017, 4, 1) })}, 7, "date±1,10km,types"},
		{"funeral the day after the strike", at(saqba, 100, func(s *scene) { s.date, s.types = day(2017, 4, 3), []caption.EventType{caption.Funeral} }), []scene{at(saqba, 7, func(*scene) {})}, 7, "date±1,10km,sequel"},
		{"rescue the day before the strike", at(saqba, 100, func(s *scene) { s.date, s.types = day(2017, 4, 1), []caption.EventType{caption.Rescue} }), []scene{at(saqba, 7, func(*scene) {})}, 0, ""},
		{"no types on either", at(saqba, 100, func(s *scene) { s.types = nil }), []scene{at(saqba, 7, func(s *scene) { s.types = nil })}, 7, "date,10km,notypes"},
		{"types on one only", at(saqba, 100, func(s *scene) { s.types = nil }), []scene{at(saqba, 7, func(*scene) {})}, 0, ""},
		{"same place, 3 days apart", saqba, []scene{at(saqba, 7, func(s *scene) { s.date = day(2017, 4, 5) })}, 0, ""},
		{"same date, 40 km apart", saqba, []scene{at(saqba, 7, func(s *scene) { s.place, s.lat = "Elsewhere", saqba.lat+0.36 })}, 0, ""},
		{"protest vs airstrike", saqba, []scene{at(saqba, 7, func(s *scene) { s.types = []caption.EventType{caption.Protest} })}, 0, ""},
		{"same province only", at(saqba, 100, func(s *scene) { s.place, s.precision, s.kind = "Rif Dimashq", 3, "province" }),
			[]scene{at(saqba, 7, func(s *scene) { s.place, s.precision, s.kind, s.lat = "Rif Dimashq", 3, "province", 33.6 })}, 0, ""},
		{"same unresolved name", at(saqba, 100, func(s *scene) { s.place, s.precision = "al-Shaar", 0 }),
			[]scene{at(saqba, 7, func(s *scene) { s.place, s.precision = "Al Sha'ar", 0 })}, 7, "date,place,types"},
		{"town resolved to its country only", at(saqba, 100, func(s *scene) { s.place, s.precision, s.locName = "Bahri", 4, "Sudan" }),
			[]scene{at(saqba, 7, func(s *scene) { s.place, s.precision, s.locName = "Bahri", 4, "Sudan" })}, 7, "date,place,types"},
		{"province named alone, no kind", at(saqba, 100, func(s *scene) { s.place, s.precision = "Rif Dimashq", 3 }),
			[]scene{at(saqba, 7, func(s *scene) { s.place, s.precision = "Rif Dimashq", 3 })}, 0, ""},
		{"unresolved countryside", at(saqba, 100, func(s *scene) { s.place, s.precision, s.kind = "Idlib", 0, "countryside" }),
			[]scene{at(saqba, 7, func(s *scene) { s.place, s.precision, s.kind = "Idlib", 0, "countryside" })}, 0, ""},
		{"month precision", at(saqba, 100, func(s *scene) { s.date = month }), []scene{at(saqba, 7, func(*scene) {})}, 7, "month,10km,types"},
		{"a day does not join a month", saqba, []scene{at(saqba, 3, func(s *scene) { s.date = month })}, 0, ""},
		{"a month record joins the closest of its month", at(saqba, 100, func(s *scene) { s.date = month }), []scene{at(saqba, 3, func(s *scene) { s.date = month }), at(saqba, 7, func(s *scene) { s.date = day(2017, 4, 1); s.lat += 0.05 })}, 3, "month,10km,types"},
		{"other months", at(saqba, 100, func(s *scene) { s.date = month }), []scene{at(saqba, 7, func(s *scene) { s.date = day(2017, 5, 1) })}, 0, ""},
		{"no date", at(saqba, 100, func(s *scene) { s.date = caption.PartialDate{} }), []scene{at(saqba, 7, func(*scene) {})}, 0, ""},
		{"closer wins", saqba, []scene{at(saqba, 3, func(s *scene) { s.lat += 0.05 }), at(saqba, 7, func(s *scene) { s.lat += 0.01 })}, 7, "date,10km,types"},
		{"tie goes to the lowest ID", saqba, []scene{at(saqba, 9, func(*scene) {}), at(saqba, 4, func(*scene) {})}, 4, "date,10km,types"},
		{"own cluster excluded", saqba, []scene{at(saqba, 7, func(s *scene) { s.cluster = 100 })}, 0, ""},
		{"itself excluded", saqba, []scene{saqba}, 0, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var cands []caption.StoredRecord
			for _, c := range tc.candidates {
				cands = append(cands, c.stored())
			}
			best, sim, rule, ok := MatchEvent(tc.in.stored(), cands)
			if ok != (tc.wantID != 0) || best.ID != tc.wantID || rule != tc.wantRule {
				t.Fatalf("MatchEvent = (ID %d, %.3f, %q, %v), want (ID %d, %q)", best.ID, sim, rule, ok, tc.wantID, tc.wantRule)
			}
			if ok && (sim <= 0 || sim > 1) {
				t.Errorf("sim = %v, want in (0, 1]", sim)
			}
			// An EventIndex holding the candidates decides alike.
			ix := NewEventIndex()
			for _, c := range cands {
				ix.Add(NewEventRecord(c))
			}
			ib, isim, irule, iok := ix.Match(NewEventRecord(tc.in.stored()))
			if iok != ok || ib.ID != best.ID || isim != sim || irule != rule {
				t.Errorf("EventIndex.Match = (ID %d, %v, %q, %v), MatchEvent (ID %d, %v, %q, %v)", ib.ID, isim, irule, iok, best.ID, sim, rule, ok)
			}
		})
	}
}

func TestFoldPlace(t *testing.T) {
	tests := []struct{ in, want string }{
		{"al-Bab", "bab"},
		{"Al Bab", "bab"},
		{"Ma‘arrat al-Nu‘mān", "maarrat numan"},
		{"Ḩarastā", "harasta"},
		{"Deir ez-Zor", "deir ez zor"},
		{"Sheikh Maqsoud", "sheikh maqsoud"},
		{"حَلَب", "حلب"},
		{"مدينة إدلب", "مدينه ادلب"},
		{"Café", "cafe"},
		{"", ""},
	}
	for _, tc := range tests {
		if got := foldPlace(tc.in); got != tc.want {
			t.Errorf("foldPlace(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

func TestHaversine(t *testing.T) {
	// Damascus to Aleppo is about 310 km.
	if d := haversineKm(33.513, 36.292, 36.202, 37.158); d < 300 || d > 320 {
		t.Errorf("Damascus–Aleppo = %.1f km", d)
	}
	if d := haversineKm(33.5, 36.3, 33.5, 36.3); d != 0 {
		t.Errorf("zero distance = %v", d)
	}
}

// TestIndexedEventSize guards the size of what an EventIndex keeps per
// record: a million-caption ingest holds most of its records in one.
func TestIndexedEventSize(t *testing.T) {
	if n := unsafe.Sizeof(indexedEvent{}); n > 72 {
		t.Errorf("indexedEvent is %d bytes, want at most 72", n)
	}
}

// MatchEvent is EventIndex.Match over candidates alone, for the tests: the
// best of candidates for rec, how alike and by which rule.
func MatchEvent(rec caption.StoredRecord, candidates []caption.StoredRecord) (best caption.StoredRecord, sim float64, rule string, ok bool) {
	r := NewEventRecord(rec)
	es := make([]EventRecord, len(candidates))
	ptrs := make([]*EventRecord, len(candidates))
	for i, c := range candidates {
		es[i] = NewEventRecord(c)
		ptrs[i] = &es[i]
	}
	i, top, ok := matchEventRecords(&r, ptrs)
	if !ok {
		return caption.StoredRecord{}, 0, "", false
	}
	return candidates[i], top.score, top.rule(), true
}

// TestMatchEventAcrossLanguages: the captions of one photo in two languages
// join one event though their types disagree, as long as date, place,
// agency, photographers and tolls do; two incidents stay apart.
func TestMatchEventAcrossLanguages(t *testing.T) {
	air := []caption.EventType{caption.Airstrike}
	seven, nine := 7, 9
	afp := []caption.Agency{"AFP"}
	// The English caption of an AFP photo of an air strike on Saqba.
	en := scene{id: 100, date: day(2016, 11, 14), place: "Saqba", lat: 33.5167, lon: 36.3833, precision: 1, types: air,
		lang: "en", agencies: afp, photographers: []string{"Hamza Tayyan"}, killed: &seven}
	other := func(id int64, f func(*scene)) scene {
		s := en
		s.id, s.types, s.photographers = id, nil, nil
		f(&s)
		return s
	}
	// The Arabic caption of that photo: the Arabic rules found no type, its
	// place is spelt in Arabic and resolved to the same town, its credit
	// is "(أ ف ب)".
	ar := other(7, func(s *scene) { s.place, s.lang = "سقبا", "ar" })
	tests := []struct {
		name     string
		in       scene
		cand     scene
		wantID   int64
		wantRule string
	}{
		{"English and Arabic of one photo", en, ar, 7, "date,10km,xlang"},
		{"Arabic joins English", ar, en, 100, "date,10km,xlang"},
		{"Arabic shelling, English air strike", en, other(7, func(s *scene) {
			s.lang, s.types = "ar", []caption.EventType{caption.Shelling}
		}), 7, "date,10km,xlang"},
		{"French, same photographer", en, other(7, func(s *scene) { s.lang, s.photographers = "fr", []string{"HAMZA TAYYAN"} }), 7, "date,10km,xlang"},
		{"Arabic name against a Latin one", en, other(7, func(s *scene) { s.photographers = []string{"حمزة الطيان"}; s.lang = "ar" }), 7, "date,10km,xlang"},
		{"types agree: the usual rule", en, other(7, func(s *scene) { s.lang, s.types = "fr", air }), 7, "date,10km,types"},
		{"another agency", en, other(7, func(s *scene) { s.lang, s.agencies = "ar", []caption.Agency{"Reuters"} }), 0, ""},
		{"no agency", en, other(7, func(s *scene) { s.lang, s.agencies = "ar", nil }), 0, ""},
		{"another toll", en, other(7, func(s *scene) { s.lang, s.killed = "ar", &nine }), 0, ""},
		{"another photographer", en, other(7, func(s *scene) { s.lang, s.photographers = "fr", []string{"Omar Haj"} }), 0, ""},
		{"same photographer, spelt otherwise", en, other(7, func(s *scene) { s.lang, s.photographers = "fr", []string{"Hamza al-Tayan"} }), 7, "date,10km,xlang"},
		{"the next day", en, other(7, func(s *scene) { s.lang, s.date = "ar", day(2016, 11, 15) }), 0, ""},
		{"same language", en, other(7, func(s *scene) { s.lang = "en" }), 0, ""},
		{"language unknown", en, other(7, func(s *scene) { s.lang = "" }), 0, ""},
		{"no types on either, one agency", other(100, func(s *scene) { s.types = nil }), ar, 7, "date,10km,xlang"},
		{"no types on either, two agencies", other(100, func(s *scene) { s.types = nil }), other(7, func(s *scene) {
			s.lang, s.agencies = "ar", []caption.Agency{"Anadolu Agency"}
		}), 0, ""},
		{"no types on either, one language: the usual rule", other(100, func(s *scene) { s.types = nil }), other(7, func(s *scene) {
			s.agencies = []caption.Agency{"Anadolu Agency"}
		}), 7, "date,10km,notypes"},
		{"a protest is no air strike", en, other(7, func(s *scene) { s.lang, s.types = "ar", []caption.EventType{caption.Protest} }), 0, ""},
		{"another town", en, other(7, func(s *scene) { s.lang, s.place, s.lat = "ar", "دوما", en.lat+0.3 }), 0, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			cands := []caption.StoredRecord{tc.cand.stored()}
			best, sim, rule, ok := MatchEvent(tc.in.stored(), cands)
			if ok != (tc.wantID != 0) || best.ID != tc.wantID || rule != tc.wantRule {
				t.Fatalf("MatchEvent = (ID %d, %.3f, %q, %v), want (ID %d, %q)", best.ID, sim, rule, ok, tc.wantID, tc.wantRule)
			}
			ix := NewEventIndex()
			ix.Add(NewEventRecord(cands[0]))
			ib, _, irule, iok := ix.Match(NewEventRecord(tc.in.stored()))
			if iok != ok || ib.ID != best.ID || irule != rule {
				t.Errorf("EventIndex.Match = (ID %d, %q, %v), MatchEvent (ID %d, %q, %v)", ib.ID, irule, iok, best.ID, rule, ok)
			}
		})
	}
}
