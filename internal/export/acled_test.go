package export

import (
	"bytes"
	"encoding/csv"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"sijil/internal/caption"
)

// acledRows writes es as ACLED and returns the rows as maps by column.
func acledRows(t *testing.T, es ...Entry) (Counts, []map[string]string) {
	t.Helper()
	var buf bytes.Buffer
	c, err := WriteACLED(&buf, seq(es))
	if err != nil {
		t.Fatal(err)
	}
	rows, err := csv.NewReader(&buf).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(acledColumns(), rows[0]); diff != "" {
		t.Errorf("header (-want +got):\n%s", diff)
	}
	var out []map[string]string
	for _, row := range rows[1:] {
		m := map[string]string{}
		for i, name := range rows[0] {
			m[name] = row[i]
		}
		out = append(out, m)
	}
	return c, out
}

// event builds the entries of one event from records, IDs from first.
func event(first int64, recs ...caption.Record) []Entry {
	var es []Entry
	for i, r := range recs {
		es = append(es, Entry{StoredRecord: caption.StoredRecord{ID: first + int64(i), Record: r, Event: first, Cluster: first}})
	}
	return es
}

func TestACLEDEvent(t *testing.T) {
	day := func(d int) caption.PartialDate {
		return caption.PartialDate{Year: 2019, Month: 7, Day: d, Precision: caption.PrecisionDay}
	}
	month := caption.PartialDate{Year: 2019, Month: 6, Precision: caption.PrecisionMonth}
	sy := caption.CountryCode("SY")
	for _, tc := range []struct {
		name string
		recs []caption.Record
		want map[string]string // the columns checked
		why  string            // when the event is left out
	}{
		{
			name: "the day wins over a month, the earliest day over later ones",
			recs: []caption.Record{{Date: month, Country: sy, EventTypes: []caption.EventType{caption.Clashes}},
				{Date: day(4), Country: sy, EventTypes: []caption.EventType{caption.Clashes}},
				{Date: day(3), Country: sy, EventTypes: []caption.EventType{caption.Funeral}}},
			want: map[string]string{"event_date": "2019-07-03", "year": "2019", "time_precision": "1", "event_type": "Battles",
				"sub_event_type": "Armed clash", "disorder_type": "Political violence"},
		},
		{
			name: "a month is coded to its middle",
			recs: []caption.Record{{Date: month, Country: sy, EventTypes: []caption.EventType{caption.Protest}}},
			want: map[string]string{"event_date": "2019-06-15", "time_precision": "3", "disorder_type": "Demonstrations",
				"event_type": "Protests", "sub_event_type": "Peaceful protest"},
		},
		{
			name: "the type most records give; a tie goes to the table's order",
			recs: []caption.Record{{Date: day(1), Country: sy, EventTypes: []caption.EventType{caption.Shelling, caption.Rescue}},
				{Date: day(1), Country: sy, EventTypes: []caption.EventType{caption.BarrelBomb}},
				{Date: day(1), Country: sy, EventTypes: []caption.EventType{caption.Shelling}}},
			want: map[string]string{"sub_event_type": "Shelling/artillery/missile attack"},
		},
		{
			name: "barrel bomb before shelling on a tie",
			recs: []caption.Record{{Date: day(1), Country: sy, EventTypes: []caption.EventType{caption.Shelling, caption.BarrelBomb}}},
			want: map[string]string{"sub_event_type": "Air/drone strike"},
		},
		{
			name: "the highest killed figure, never the sum",
			recs: []caption.Record{{Date: day(1), Country: sy, Killed: intp(4), EventTypes: []caption.EventType{caption.Airstrike}},
				{Date: day(1), Country: sy, Killed: intp(9)}, {Date: day(1), Country: sy, Killed: intp(4)}},
			want: map[string]string{"fatalities": "9"},
		},
		{
			name: "no figure is not zero",
			recs: []caption.Record{{Date: day(1), Country: sy, EventTypes: []caption.EventType{caption.Airstrike}}},
			want: map[string]string{"fatalities": "", "latitude": "", "geo_precision": "", "location": ""},
		},
		{
			name: "the country most records give; a location elsewhere is not used",
			recs: []caption.Record{{Date: day(1), Country: "IQ", EventTypes: []caption.EventType{caption.Explosion},
				Location: &caption.Location{Name: "Qamishli", Lat: 37.05, Lon: 41.2, CountryCode: "SY", Precision: 1}},
				{Date: day(1), Country: "IQ"}, {Date: day(1), Country: sy}},
			want: map[string]string{"country": "Iraq", "iso": "368", "event_id_cnty": "IRQ-sijil-1", "location": "",
				"sub_event_type": "Remote explosive/landmine/IED"},
		},
		{
			name: "a country ISO does not know keeps its code",
			recs: []caption.Record{{Date: day(1), Country: "XK", EventTypes: []caption.EventType{caption.Protest}}},
			want: map[string]string{"country": "XK", "iso": "", "event_id_cnty": "XK-sijil-1"},
		},
		{
			name: "a country-precision location has no ACLED place",
			recs: []caption.Record{{Date: day(1), Country: sy, EventTypes: []caption.EventType{caption.Airstrike},
				Location: &caption.Location{Name: "Syria", Lat: 35, Lon: 38, CountryCode: "SY", Precision: 4}}},
			want: map[string]string{"location": "", "latitude": "", "admin1": ""},
		},
		{
			name: "near a place is geo_precision 2, the name as the caption spells it",
			recs: []caption.Record{{Date: day(1), Country: sy, EventTypes: []caption.EventType{caption.Airstrike},
				Location: &caption.Location{Name: "Saraqeb", Preferred: "Saraqib", Admin1: "Idlib", Lat: 35.86, Lon: 36.80, CountryCode: "SY", Precision: 2}}},
			want: map[string]string{"location": "Saraqeb", "admin1": "Idlib", "latitude": "35.86", "longitude": "36.8", "geo_precision": "2"},
		},
		{name: "a year is not enough", recs: []caption.Record{{Date: caption.PartialDate{Year: 2019, Precision: caption.PrecisionYear},
			Country: sy, EventTypes: []caption.EventType{caption.Airstrike}}}, why: whyNoDate},
		{name: "no country", recs: []caption.Record{{Date: day(1), EventTypes: []caption.EventType{caption.Airstrike}}}, why: whyNoCountry},
		{name: "only what follows an event", recs: []caption.Record{{Date: day(1), Country: sy,
			EventTypes: []caption.EventType{caption.Rescue, caption.Displacement, caption.Funeral}}}, why: whyNoType},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c, rows := acledRows(t, event(1, tc.recs...)...)
			if tc.why != "" {
				if len(rows) != 0 || c.Skipped != 1 || c.Why[tc.why] != 1 {
					t.Errorf("rows %v, counts %+v: want it left out for %q", rows, c, tc.why)
				}
				return
			}
			if len(rows) != 1 {
				t.Fatalf("%d rows, counts %+v", len(rows), c)
			}
			got := map[string]string{}
			for k := range tc.want {
				got[k] = rows[0][k]
			}
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("columns (-want +got):\n%s", diff)
			}
		})
	}
}

// TestACLEDGroups checks that rows are events, not records: an unlinked
// record is its own event, and the rows come in event order whatever the
// order of the records.
func TestACLEDGroups(t *testing.T) {
	rec := func(country caption.CountryCode, desc string) caption.Record {
		return caption.Record{Description: desc, Country: country, EventTypes: []caption.EventType{caption.Shelling},
			Date: caption.PartialDate{Year: 2018, Month: 2, Day: 20, Precision: caption.PrecisionDay}}
	}
	seen := time.Date(2024, 1, 2, 3, 4, 5, 0, time.UTC)
	es := []Entry{
		{StoredRecord: caption.StoredRecord{ID: 9, Event: 0, Record: rec("SY", "unlinked")}},
		{StoredRecord: caption.StoredRecord{ID: 7, Event: 5, Record: rec("SY", "later copy")},
			Sources: []caption.Source{{Document: caption.Document{FirstSeen: seen}}}},
		{StoredRecord: caption.StoredRecord{ID: 5, Event: 5, Record: rec("SY", "first")},
			Sources: []caption.Source{{Document: caption.Document{FirstSeen: seen.Add(-time.Hour)}}}},
	}
	_, rows := acledRows(t, es...)
	var got [][3]string
	for _, r := range rows {
		got = append(got, [3]string{r["event_id_cnty"], r["notes"], r["timestamp"]})
	}
	want := [][3]string{{"SYR-sijil-5", "first", "1704164645"}, {"SYR-sijil-9", "unlinked", ""}}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("rows (-want +got):\n%s", diff)
	}
}

// acledDocumentedColumns are the columns of ACLED's public export as its
// codebook lists them, in order, written out here apart from acledColumns
// so that a change to either is caught.
var acledDocumentedColumns = []string{
	"event_id_cnty", "event_date", "year", "time_precision", "disorder_type", "event_type", "sub_event_type",
	"actor1", "assoc_actor_1", "inter1", "actor2", "assoc_actor_2", "inter2", "interaction", "civilian_targeting",
	"iso", "region", "country", "admin1", "admin2", "admin3", "location", "latitude", "longitude", "geo_precision",
	"source", "source_scale", "notes", "fatalities", "tags", "timestamp",
}

// TestACLEDLoadsByColumnName reads the fixture's ACLED file as ACLED-shaped
// tooling does, finding each documented column by its name, and checks
// every row has every column.
func TestACLEDLoadsByColumnName(t *testing.T) {
	var buf bytes.Buffer
	if _, err := WriteACLED(&buf, seq(fixture())); err != nil {
		t.Fatal(err)
	}
	r := csv.NewReader(&buf)
	header, err := r.Read()
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(acledDocumentedColumns, header); diff != "" {
		t.Errorf("header is not ACLED's columns in ACLED's order (-want +got):\n%s", diff)
	}
	at := map[string]int{}
	for i, name := range header {
		at[name] = i
	}
	rows, err := r.ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) == 0 {
		t.Fatal("no rows")
	}
	byID := map[string][]string{}
	for _, row := range rows {
		if len(row) != len(acledDocumentedColumns) {
			t.Fatalf("row of %d columns, want %d", len(row), len(acledDocumentedColumns))
		}
		byID[row[at["event_id_cnty"]]] = row
	}
	gaza := byID["PSE-sijil-8"]
	if gaza == nil {
		t.Fatalf("no row for the fixture's Gaza record; rows %q", rows)
	}
	got := map[string]string{}
	for _, c := range []string{"actor1", "inter1", "actor2", "inter2", "interaction", "civilian_targeting", "tags"} {
		got[c] = gaza[at[c]]
	}
	want := map[string]string{"actor1": "Israeli forces", "inter1": "1", "actor2": "Civilians (Palestine)", "inter2": "7",
		"interaction": "17", "civilian_targeting": "Civilian targeting",
		"tags": "perpetrator claim: said; target: hospital; actor named: Israeli forces; sijil records: 8"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("Gaza row (-want +got):\n%s", diff)
	}
}

// TestACLEDDyad pins actor1, actor2 and their codes from the perpetrators
// and targets of an event's records.
func TestACLEDDyad(t *testing.T) {
	base := func(p *caption.Perpetrator, target ...caption.TargetKind) caption.Record {
		return caption.Record{Country: "YE", EventTypes: []caption.EventType{caption.Airstrike}, Perpetrator: p, Target: target,
			Date: caption.PartialDate{Year: 2018, Month: 8, Day: 9, Precision: caption.PrecisionDay}}
	}
	coalition := &caption.Perpetrator{Actor: "Saudi-led coalition", Kind: caption.KindCoalition}
	suspected := &caption.Perpetrator{Actor: "Saudi-led coalition", Kind: caption.KindCoalition, Claim: caption.ClaimSuspected}
	houthis := &caption.Perpetrator{Actor: "Houthis", Kind: caption.KindRebels, Country: "YE"}
	renamed := &caption.Perpetrator{Actor: "Hayat Tahrir al-Sham", Name: "Jabhat al-Nusra", Kind: caption.KindRebels}
	cols := []string{"actor1", "inter1", "actor2", "assoc_actor_2", "inter2", "interaction", "civilian_targeting"}
	for _, tc := range []struct {
		name string
		recs []caption.Record
		want []string // cols
	}{
		{"no perpetrator, no target", []caption.Record{base(nil)}, []string{"", "", "", "", "", "", ""}},
		{"coalition against civilians", []caption.Record{base(coalition, caption.TargetCivilians, caption.TargetSchool)},
			[]string{"Saudi-led coalition", "8", "Civilians (Yemen)", "", "7", "78", "Civilian targeting"}},
		{"rebels alone", []caption.Record{base(houthis, caption.TargetMilitary)}, []string{"Houthis", "2", "", "", "", "20", ""}},
		{"journalists are civilians with an associate", []caption.Record{base(houthis, caption.TargetJournalists)},
			[]string{"Houthis", "2", "Civilians (Yemen)", "Journalists (Yemen)", "7", "27", "Civilian targeting"}},
		{"civilians struck by nobody named", []caption.Record{base(nil, caption.TargetCivilians)},
			[]string{"", "", "Civilians (Yemen)", "", "7", "", "Civilian targeting"}},
		{"the name on the day", []caption.Record{base(renamed)}, []string{"Jabhat al-Nusra", "2", "", "", "", "20", ""}},
		{"the perpetrator most records name", []caption.Record{base(houthis), base(coalition), base(suspected)},
			[]string{"Saudi-led coalition", "8", "", "", "", "80", ""}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, rows := acledRows(t, event(1, tc.recs...)...)
			var got []string
			for _, c := range cols {
				got = append(got, rows[0][c])
			}
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("%q (-want +got):\n%s", cols, diff)
			}
		})
	}
}

// TestACLEDClaimTag checks that a perpetrator no record states is tagged
// with how it was claimed, and one any record states is not.
func TestACLEDClaimTag(t *testing.T) {
	rec := func(c caption.Claim) caption.Record {
		return caption.Record{Country: "SY", EventTypes: []caption.EventType{caption.Airstrike},
			Date:        caption.PartialDate{Year: 2019, Month: 5, Day: 5, Precision: caption.PrecisionDay},
			Perpetrator: &caption.Perpetrator{Actor: "Russian armed forces", Kind: caption.KindState, Country: "RU", Claim: c}}
	}
	_, rows := acledRows(t, event(1, rec(caption.ClaimSaid), rec(caption.ClaimSuspected))...)
	if got, want := rows[0]["tags"], "perpetrator claim: said; sijil records: 1, 2"; got != want {
		t.Errorf("hedged tags = %q, want %q", got, want)
	}
	_, rows = acledRows(t, event(1, rec(caption.ClaimSaid), rec(caption.ClaimStated))...)
	if got, want := rows[0]["tags"], "sijil records: 1, 2"; got != want {
		t.Errorf("stated tags = %q, want %q", got, want)
	}
}
