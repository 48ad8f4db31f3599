package parse

import (
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"sijil/internal/caption"
)

// dateGot is the part of a dateResult the table compares: the date in ISO
// form so that a failure reads like sijil parse's output.
type dateGot struct {
	Date      string
	Precision caption.Precision
	Text      string
	Sentence  int
	Warnings  []string
}

func dateDay(iso, text string, sent int, warn ...string) dateGot {
	return dateGot{Date: iso, Precision: caption.PrecisionDay, Text: text, Sentence: sent, Warnings: warn}
}

var dateNone = dateGot{Sentence: -1}

// dateCases are invented captions in the styles of the agencies: AFP ("on
// November 6, 2016"), Reuters ("Syria November 19, 2016", "Picture taken"),
// AP ("Feb. 3", "In this Tuesday, July 29, 2014, photo"), EPA ("09 January
// 2024", "(issued …)") and Getty datelines.
var dateCases = []struct {
	name string
	in   string
	want dateGot
}{
	// Formats.
	{"afp on", "Rescuers search the rubble of a building hit by an air strike in the Bustan al-Qasr district of Aleppo on October 12, 2016.",
		dateDay("2016-10-12", "October 12, 2016", 0)},
	{"reuters no preposition", "Smoke rises over the eastern Mosul neighbourhood of al-Zuhour, Iraq December 3, 2016.",
		dateDay("2016-12-03", "December 3, 2016", 0)},
	{"ap abbreviation", "Ukrainian servicemen ride an armoured vehicle near Avdiivka, Ukraine, Feb. 3, 2017.",
		dateDay("2017-02-03", "Feb. 3, 2017", 0)},
	{"ap sept", "Yemeni children collect water from a public tap in Sanaa, Yemen, Sept. 14, 2016.",
		dateDay("2016-09-14", "Sept. 14, 2016", 0)},
	{"abbreviation without stop or comma", "Displaced Sudanese women queue for food in Zamzam camp, North Darfur, Jan 8 2024.",
		dateDay("2024-01-08", "Jan 8 2024", 0)},
	{"non-ap abbreviation", "A Rohingya boy carries firewood in Balukhali camp on Apr. 12, 2018.",
		dateDay("2018-04-12", "Apr. 12, 2018", 0)},
	{"day first", "Palestinians inspect a house destroyed in an Israeli strike in Rafah, southern Gaza Strip, 09 January 2024.",
		dateDay("2024-01-09", "09 January 2024", 0)},
	{"day first abbreviation", "Crowds gather outside the airport in Kabul, Afghanistan, 26 Aug. 2021.",
		dateDay("2021-08-26", "26 Aug. 2021", 0)},
	{"iso", "Refugees from Myanmar cross the Moei river near Mae Sot, Thailand, 2021-03-29.",
		dateDay("2021-03-29", "2021-03-29", 0)},
	{"ordinal month first", "Afghan policemen stand guard at a checkpoint in Kandahar on March 3rd, 2014.",
		dateDay("2014-03-03", "March 3rd, 2014", 0)},
	{"ordinal day first", "Mourners carry a coffin through Gaza City on the 21st of July 2014 after an air strike.",
		dateDay("2014-07-21", "21st of July 2014", 0)},
	{"upper case dateline", "KHARKIV, UKRAINE - MARCH 7, 2022: Residents queue for bread outside a damaged shop.",
		dateDay("2022-03-07", "MARCH 7, 2022", 0)},
	{"dateline without year", "MOSUL, IRAQ - JULY 9: Iraqi soldiers celebrate in the Old City on July 9, 2017 in Mosul, Iraq.",
		dateDay("2017-07-09", "July 9, 2017", 0)},
	{"leap day", "Fighters of the Houthi movement parade in Sanaa on February 29, 2016.",
		dateDay("2016-02-29", "February 29, 2016", 0)},

	// Weekdays are not part of date_text.
	{"weekday", "Syrian army soldiers walk in Palmyra on Sunday, March 27, 2016.",
		dateDay("2016-03-27", "March 27, 2016", 0)},
	{"weekday without comma", "Iraqi Kurdish fighters hold a position near Sinjar on Friday November 13, 2015.",
		dateDay("2015-11-13", "November 13, 2015", 0)},
	{"weekday mismatch", "Displaced Yemenis receive aid in Hodeidah on Monday, July 29, 2014.",
		dateDay("2014-07-29", "July 29, 2014", 0, "weekday Monday does not match July 29, 2014")},

	// Month and year precision.
	{"month", "Rohingya refugees arrive at Kutupalong camp in Cox's Bazar, Bangladesh, in September 2017.",
		dateGot{"2017-09", caption.PrecisionMonth, "September 2017", 0, nil}},
	{"month with comma", "Peshmerga fighters man a frontline position near Mosul in October, 2016.",
		dateGot{"2016-10", caption.PrecisionMonth, "October, 2016", 0, nil}},
	{"year", "A Kurdish Peshmerga fighter stands guard on a hill near Kirkuk in 2014.",
		dateGot{"2014", caption.PrecisionYear, "2014", 0, nil}},
	{"year mid", "Yazidi families shelter in a half-built house in Dohuk after fleeing Sinjar in mid-2014.",
		dateGot{"2014", caption.PrecisionYear, "2014", 0, nil}},
	{"year season", "A man walks through the ruins of the Shejaiya district of Gaza City in the summer of 2014.",
		dateGot{"2014", caption.PrecisionYear, "2014", 0, nil}},
	{"year closing a dateline", "Rohingya refugees wait for food rations, Kutupalong, Bangladesh, 2017.",
		dateGot{"2017", caption.PrecisionYear, "2017", 0, nil}},
	{"an event of a date the photo follows", "Soldiers stand near a damaged house in Metula on 14 October 2023, as fire has escalated since the attack of 7 October 2023.",
		dateDay("2023-10-14", "14 October 2023", 0)},
	{"an event of a date, later in the sentence", "A man walks past a destroyed school in Kharkiv on May 3, 2024, weeks after the strike of April 6, 2024.",
		dateDay("2024-05-03", "May 3, 2024", 0)},
	{"an event of a date alone still dates it", "Survivors walk through Antakya after the earthquake of February 6, 2023.",
		dateDay("2023-02-06", "February 6, 2023", 0)},
	{"a town seized dates the photo when nothing else does", "Fighters walk the streets of Jisr al-Shughur after the alliance seized the town on April 25, 2015.",
		dateGot{"2015-04-25", caption.PrecisionDay, "April 25, 2015", 0, nil}},
	{"a town seized loses to the photo's date", "A man walks in Mosul, which Iraqi forces recaptured on July 10, 2017, on March 3, 2018.",
		dateDay("2018-03-03", "March 3, 2018", 0)},
	{"day beats month in the scene", "Ukrainian soldiers fire a howitzer in January 2023 near Bakhmut, Ukraine, January 14, 2023.",
		dateDay("2023-01-14", "January 14, 2023", 0)},

	// Numbers that are not years.
	{"vehicle model", "A boy plays with a cat next to a 1948 Buick parked outside a house in Homs.", dateNone},
	{"model after a cue", "Militiamen drive in 1985 Toyotas through Marib.", dateNone},
	{"decimal", "More than 2.8 million Yemeni children are out of school, UNICEF says.", dateNone},
	{"count", "The battalion of 800 soldiers and over 2000 volunteers is stationed near Deir ez-Zor.", dateNone},
	{"resolution number", "Diplomats vote on Resolution 2254 at the Security Council.", dateNone},
	{"out of range", "A Sudanese man prays in 1850 square metres of ruins in Omdurman.", dateNone},
	{"invalid day", "Fighters rest near Aleppo on February 30, 2016.", dateNone},
	{"invalid leap day", "Fighters rest near Aleppo on February 29, 2015.", dateNone},
	{"range", "Burmese soldiers patrol Lashio on November 6-7, 2016.",
		dateGot{Sentence: -1, Warnings: []string{"a range of days, not read as the date: November 6-7, 2016"}}},
	{"range day first", "Burmese soldiers patrol Lashio on 6-7 November 2016.",
		dateGot{"2016-11", caption.PrecisionMonth, "November 2016", 0, []string{"a range of days, read as the month: 6-7 November 2016"}}},
	{"no year", "Houthi fighters guard a checkpoint in Sanaa on Sept. 4.",
		dateGot{Sentence: -1, Warnings: []string{"a date without a year, not read as the date: Sept. 4"}}},
	{"no year day first", "Houthi fighters guard a checkpoint in Sanaa on 4th September, a day after the raid.",
		dateGot{Sentence: -1, Warnings: []string{"a date without a year, not read as the date: 4th September"}}},
	{"range without a year", "Burmese soldiers patrol Lashio on 6-7 November, after the raid.",
		dateGot{Sentence: -1, Warnings: []string{"a range of days, not read as the date: 6-7 November"}}},
	{"weekday only", "Houthi fighters guard a checkpoint in Sanaa on Tuesday.", dateNone},
	{"month word, no day", "May God protect us, said a man in Sanaa, standing by 12 Marchers.", dateNone},
	{"empty", "", dateNone},

	// Picture taken and AP photo phrases win.
	{"picture taken wins", "Houthi fighters ride on a truck in Sanaa, Yemen January 5, 2017. Picture taken January 4, 2017.",
		dateDay("2017-01-04", "January 4, 2017", 1, "two dates: January 5, 2017 and January 4, 2017")},
	{"picture taken same date", "A girl stands in the rubble of Taiz November 26, 2015. Fighting has hit the city hard. Picture taken November 26, 2015.",
		dateDay("2015-11-26", "November 26, 2015", 2)},
	{"picture taken month", "Afghan schoolgirls read in a classroom in Herat. Picture taken in March 2015.",
		dateGot{"2015-03", caption.PrecisionMonth, "March 2015", 1, nil}},
	{"picture taken on", "A picture taken on April 3, 2019, shows a fighter loyal to the Government of National Accord near Tripoli.",
		dateDay("2019-04-03", "April 3, 2019", 0)},
	{"ap in this photo", "In this Tuesday, July 29, 2014, photo, displaced Yazidis rest at the Newroz camp in Hasakeh province, Syria.",
		dateDay("2014-07-29", "July 29, 2014", 0)},
	{"ap file photo", "FILE - In this Feb. 15, 2015 file photo, Syrian rebels fire a mortar in Aleppo. The opposition says it will attend talks on March 14, 2016.",
		dateDay("2015-02-15", "Feb. 15, 2015", 0)},
	{"ap photo taken on weekday", "In this photo taken on Wednesday, March 2, 2022, a Ukrainian soldier guards a bridge in Kyiv.",
		dateDay("2022-03-02", "March 2, 2022", 0)},
	{"taken beats provided", "This photo provided by the Yemeni army on June 3, 2015 was taken on June 1, 2015 near Marib.",
		dateDay("2015-06-01", "June 1, 2015", 0)},
	{"person taken is no photo", "Soldiers stand by as a detainee is taken to a prison near Mosul on August 2, 2017.",
		dateDay("2017-08-02", "August 2, 2017", 0)},

	// Release dates count only when nothing else is given.
	{"provided only", "This file photo provided on Sunday March 6, 2016 by the Shaam News Network shows smoke over Douma, Syria.",
		dateDay("2016-03-06", "March 6, 2016", 0)},
	{"released only", "A photo released by the Ukrainian presidential press service on May 4, 2022 shows a destroyed bridge.",
		dateDay("2022-05-04", "May 4, 2022", 0)},
	{"issued", "Syrians walk past destroyed buildings in eastern Aleppo (issued 25 November 2016).",
		dateDay("2016-11-25", "25 November 2016", 0)},
	{"scene beats provided", "A handout picture made available by the Syrian Arab News Agency (SANA) on 22 February 2018 shows smoke rising over Eastern Ghouta, Syria, 21 February 2018.",
		dateDay("2018-02-21", "21 February 2018", 0)},
	{"video released", "In this image made from video released on Jan. 3, 2016, Saudi-led coalition jets fly over Aden.",
		dateDay("2016-01-03", "Jan. 3, 2016", 0)},

	// Background facts.
	{"background formed", "Syrian Democratic Forces fighters rest near Tabqa on April 2, 2017. The alliance, formed on October 10, 2015, is backed by the U.S.-led coalition.",
		dateDay("2017-04-02", "April 2, 2017", 0)},
	{"background since", "Displaced Sudanese families shelter in a school in Port Sudan. Fighting has raged since April 2023 between the army and the paramilitary forces.", dateNone},
	{"background since in the scene", "A Syrian refugee family, displaced since 2011, lives in a tent in Arsal, Lebanon.", dateNone},
	{"background war start", "Women sit outside a clinic in Idlib. The war, which began in March 2011, has killed hundreds of thousands.", dateNone},
	{"background later year", "Boys fill jerrycans at a well in Maarib. Yemen's war has raged since 2014 and in 2015 the coalition intervened.", dateNone},
	{"background relative clause", "Members of the Taliban, who seized power in 2021, patrol a market in Kabul on August 15, 2022.",
		dateDay("2022-08-15", "August 15, 2022", 0)},
	{"background verb far back", "A Russian jet lands at Hmeymim. Russia began its air campaign on September 30, 2015.", dateNone},
	{"background declared", "Children play in the rubble of Mosul's Old City. Iraqi forces declared victory in the city on July 10, 2017.", dateNone},
	{"the date, not attributive", "Rebels fire a mortar in Deraa on the 6th of November 2016 during clashes with government forces.",
		dateDay("2016-11-06", "6th of November 2016", 0)},
	{"picture taken with a drone", "Destroyed buildings line a street in Raqqa. Picture taken with a drone on October 20, 2017.",
		dateDay("2017-10-20", "October 20, 2017", 1)},
	{"photo was taken", "A Sudanese girl carries water in El Fasher. The photo was taken on May 12, 2024, and released on May 20, 2024.",
		dateDay("2024-05-12", "May 12, 2024", 1)},
	{"attributive date", "Survivors visit the site of the August 4, 2020 port explosion in Beirut.", dateNone},
	{"later day without cue", "Smoke billows over Khan Younis. Israeli strikes hit the area on December 5, 2023, witnesses said.",
		dateDay("2023-12-05", "December 5, 2023", 1)},
	{"scene month beats later day", "Ukrainian soldiers fire a howitzer near Bakhmut in January 2023. Russian forces shelled the town on January 14, 2023, officials said.",
		dateGot{"2023-01", caption.PrecisionMonth, "January 2023", 0, nil}},

	// Two dates at the same rank.
	{"two scene dates", "Yemenis inspect the site of an air strike that hit a market in Mastaba on March 15, 2016, on March 16, 2016.",
		dateDay("2016-03-16", "March 16, 2016", 0, "two dates: March 15, 2016 and March 16, 2016")},
	{"earlier event", "Relatives mourn a man killed on March 2, 2016, at his funeral in Maarat al-Numan on March 3, 2016.",
		dateDay("2016-03-03", "March 3, 2016", 0)},
	{"earlier event only", "A boy injured on July 20, 2014 receives treatment at al-Shifa hospital in Gaza City.",
		dateDay("2014-07-20", "July 20, 2014", 0)},
	{"earlier event year", "A man walks past the Nuri mosque, destroyed in 2017, in Mosul in March 2019.",
		dateGot{"2019-03", caption.PrecisionMonth, "March 2019", 0, nil}},
	{"repeated date", "Iraqi troops advance in west Mosul on March 1, 2017. Picture taken March 1, 2017.",
		dateDay("2017-03-01", "March 1, 2017", 1)},
}

func TestPickDate(t *testing.T) {
	for _, tc := range dateCases {
		t.Run(tc.name, func(t *testing.T) {
			sents := sentences(tc.in)
			r := pickDate(tc.in, sents)
			checkDateResult(t, tc.in, sents, r)
			got := dateGot{Date: r.Date.String(), Precision: r.Date.Precision, Text: r.Text, Sentence: r.Sentence, Warnings: r.Warnings}
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("pickDate(%q) mismatch (-want +got):\n%s", tc.in, diff)
			}
		})
	}
}

func TestPickDateAllocs(t *testing.T) {
	desc := dateCases[0].in
	sents := sentences(desc)
	if n := testing.AllocsPerRun(100, func() { pickDate(desc, sents) }); n != 0 {
		t.Errorf("pickDate allocates %v times per caption, want 0", n)
	}
}

// BenchmarkPickDate measures one caption at a time, as Caption calls it.
func BenchmarkPickDate(b *testing.B) {
	type input struct {
		desc  string
		sents []caption.Span
	}
	var ins []input
	size := 0
	for _, tc := range dateCases {
		ins = append(ins, input{tc.in, sentences(tc.in)})
		size += len(tc.in)
	}
	b.SetBytes(int64(size))
	for b.Loop() {
		for _, in := range ins {
			pickDate(in.desc, in.sents)
		}
	}
}

func FuzzPickDate(f *testing.F) {
	for _, tc := range dateCases {
		f.Add(tc.in)
	}
	f.Fuzz(func(t *testing.T, desc string) {
		sents := sentences(desc)
		checkDateResult(t, desc, sents, pickDate(desc, sents))
	})
}

// checkDateResult asserts what holds for every description: the span
// quotes desc, the date exists in the calendar and stays in range, and the
// precision matches the ISO form.
func checkDateResult(t *testing.T, desc string, sents []caption.Span, r dateResult) {
	t.Helper()
	if r.Sentence < -1 || r.Sentence >= len(sents) {
		t.Fatalf("Sentence = %d, want -1 to %d", r.Sentence, len(sents)-1)
	}
	// A warning about a date it did not read quotes the description.
	for _, w := range r.Warnings {
		if _, quote, ok := strings.Cut(w, "not read as the date: "); ok && !strings.Contains(desc, quote) {
			t.Fatalf("warning %q quotes no part of the description", w)
		}
	}
	d := r.Date
	if d.IsZero() {
		if r.Text != "" || r.Span != (caption.Span{}) || r.Sentence != -1 || d != (caption.PartialDate{}) {
			t.Fatalf("no date but result %+v", r)
		}
		return
	}
	if r.Span.Start < 0 || r.Span.Start >= r.Span.End || r.Span.End > len(desc) {
		t.Fatalf("Span %v outside description of %d bytes", r.Span, len(desc))
	}
	if got := desc[r.Span.Start:r.Span.End]; got != r.Text {
		t.Fatalf("desc[Span] = %q, Text = %q", got, r.Text)
	}
	if r.Sentence >= 0 {
		if s := sents[r.Sentence]; r.Span.Start < s.Start || r.Span.Start >= s.End {
			t.Errorf("Span %v not in sentence %d %v", r.Span, r.Sentence, s)
		}
	}
	if d.Year < 1900 || d.Year > 2100 {
		t.Errorf("year %d out of range", d.Year)
	}
	checkDatePrecision(t, d)
	for _, w := range r.Warnings {
		if w == "" {
			t.Errorf("empty warning in %q", r.Warnings)
		}
	}
}

// checkDatePrecision asserts that the fields below the precision are zero,
// the others valid, and that the ISO string parses back at that precision.
func checkDatePrecision(t *testing.T, d caption.PartialDate) {
	t.Helper()
	layout := map[caption.Precision]string{
		caption.PrecisionDay: "2006-01-02", caption.PrecisionMonth: "2006-01", caption.PrecisionYear: "2006",
	}[d.Precision]
	if layout == "" {
		t.Fatalf("precision %q unknown", d.Precision)
	}
	iso := d.String()
	tm, err := time.Parse(layout, iso)
	if err != nil {
		t.Fatalf("%q does not parse as %s: %v", iso, layout, err)
	}
	want := caption.PartialDate{Year: tm.Year(), Precision: d.Precision}
	if d.Precision != caption.PrecisionYear {
		want.Month = int(tm.Month())
	}
	if d.Precision == caption.PrecisionDay {
		want.Day = tm.Day()
	}
	if d != want {
		t.Errorf("date %+v does not round-trip through %q (%+v)", d, iso, want)
	}
}
