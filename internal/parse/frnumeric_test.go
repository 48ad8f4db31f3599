package parse

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

// The captions of this file were written for sijil's tests; the scenes and
// photographers are invented. Each case failed before the fix its comment
// names (round five).

// frDayToll is the part of a record the numeric tables compare.
type frDayToll struct {
	Date            string
	Killed, Injured *int
}

func runFrNumbers(t *testing.T, cases []struct {
	name, in string
	want     frDayToll
}) {
	t.Helper()
	p, err := New()
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			r := p.Caption(tc.in)
			if r.Lang != "fr" {
				t.Fatalf("lang %q, want fr", r.Lang)
			}
			got := frDayToll{Killed: r.Killed, Injured: r.Injured}
			if !r.Date.IsZero() {
				got.Date = r.Date.String()
			}
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("%s\n(-want +got):\n%s", tc.in, diff)
			}
		})
	}
}

// An all-numeric date may separate its parts with dots or hyphens, day
// first, or be written year first as documentation teams' logs write it
// (frNumericDate); "31.02.2020" is no day.
func TestFrenchNumericDateForms(t *testing.T) {
	n := func(v int) *int { return &v }
	runFrNumbers(t, []struct {
		name, in string
		want     frDayToll
	}{
		{"dots", "Frappe aérienne sur le marché de Sarmin (est d'Idleb), 14.02.2020. Six civils tués et 11 blessés. Photo : Hadi Youssef / AFP",
			frDayToll{Date: "2020-02-14", Killed: n(6), Injured: n(11)}},
		{"hyphens", "Bombardement sur la ville de Kafr Nabl, le 07-05-2019 : deux morts. © Samer Khalil / AFP",
			frDayToll{Date: "2019-05-07", Killed: n(2)}},
		{"year first", "Des casques blancs évacuent des blessés à Douma, le 2018/02/21. Photo Rami Haddad / AFP",
			frDayToll{Date: "2018-02-21"}},
		{"Swiss dateline", "GENÈVE, 3.10.2023 - Des manifestants pour Gaza devant le siège de l'ONU. KEYSTONE/Martial Favre",
			frDayToll{Date: "2023-10-03"}},
		{"no such day", "Des habitants dans les ruines de Saraqeb, le 31.02.2020. Photo Omar Haj Kadour / AFP",
			frDayToll{}},
		// Two-digit years, as Belgian and Swiss captions abbreviate them.
		{"two-digit year, dots", "Des secouristes dans les décombres à Antakya, en Turquie, le 08.02.23. BELGA PHOTO Nicolas Maeterlinck",
			frDayToll{Date: "2023-02-08"}},
		{"two-digit year, slashes", "Des soldats ukrainiens près de Bakhmout, le 12/05/23 : trois blessés. (KEYSTONE/Oleg Petrasiuk)",
			frDayToll{Date: "2023-05-12", Injured: n(3)}},
		{"two-digit year of the 1990s", "Des réfugiés kosovars arrivent à Blace, en Macédoine, le 03.04.99. Photo Pierre Dupont / AFP",
			frDayToll{Date: "1999-04-03"}},
		{"two-digit day that is no day", "Des habitants de Gaza, le 30.02.24, attendent l'aide. Photo Mahmud Hams / AFP",
			frDayToll{}},
	})
}

// Belgian and Swiss papers group thousands with a tight dot: "3.800 morts"
// is 3800, not 800 (mergeThousands).
func TestFrenchDottedThousands(t *testing.T) {
	n := func(v int) *int { return &v }
	runFrNumbers(t, []struct {
		name, in string
		want     frDayToll
	}{
		{"killed", "Des sauveteurs à Derna, dans l'est de la Libye, le 13 septembre 2023. Les inondations ont fait au moins 5.300 morts. BELGA PHOTO AFP",
			frDayToll{Date: "2023-09-13", Killed: n(5300)}},
		{"injured", "Des blessés soignés à l'hôpital de Beyrouth, le 5 août 2020, au lendemain de l'explosion qui a fait 6.500 blessés. (KEYSTONE/EPA/Nabil Mounzer)",
			frDayToll{Date: "2020-08-05", Injured: n(6500)}},
	})
}

// "ont perdu la vie" counts the dead as "ont été tués" does (frLostLife),
// and a nationality after the people counted does not break the count
// (frPeopleAdjective): "trois soldats ukrainiens tués".
func TestFrenchTollWording(t *testing.T) {
	n := func(v int) *int { return &v }
	runFrNumbers(t, []struct {
		name, in string
		want     frDayToll
	}{
		{"perdu la vie", "Des proches devant la morgue de Bunia, le 2 février 2022. Au moins 60 déplacés ont perdu la vie dans l'attaque du camp, selon la Croix-Rouge. © Samir Tshibanda / AFP",
			frDayToll{Date: "2022-02-02", Killed: n(60)}},
		{"nationality after soldiers", "Deux soldats maliens tués et quatre blessés dans une embuscade près de Boni, le 3 septembre 2022, selon l'armée. © Amadou Cissé / AFP",
			frDayToll{Date: "2022-09-03", Killed: n(2), Injured: n(4)}},
		{"nationality after civilians", "Sept civils libanais ont été tués dans une frappe sur Aïtaroun, le 20 novembre 2023. (Photo by Rami Haddad / AFP)",
			frDayToll{Date: "2023-11-20", Killed: n(7)}},
		{"people after fighters", "Quatre combattants kurdes ont été tués lors d'une attaque de drone près de Qamichli, le 6 décembre 2022. © Delil Khalil / AFP",
			frDayToll{Date: "2022-12-06", Killed: n(4)}},
	})
}

// A documentation team's log labels its toll ("Morts : 7 ; blessés : 21",
// frLabelledFigure), and neither that label nor "Bilan :" is the place a
// heading rule took it for; a toll "depuis samedi" runs from the war's
// first day, no event's (frRunningTotal).
func TestFrenchTollLabels(t *testing.T) {
	n := func(v int) *int { return &v }
	runFrNumbers(t, []struct {
		name, in string
		want     frDayToll
	}{
		{"labels", "Morts : 6 ; blessés : 15. Frappe russe sur le marché de Sarmin (province d'Idleb), le 9 février 2021. Photo : Ahmad Sleiman / AFP",
			frDayToll{Date: "2021-02-09", Killed: n(6), Injured: n(15)}},
		{"label after a dash", "Bombardement sur Kafr Nabl, le 3 avril 2019 – Tués : 4. Photo : Hadi Youssef / AFP",
			frDayToll{Date: "2019-04-03", Killed: n(4)}},
		{"since a weekday", "Des infirmiers dans un couloir de l'hôpital Nasser, le 10 octobre 2023. Les autorités font état de 900 morts depuis samedi. © Said Khatib / AFP",
			frDayToll{Date: "2023-10-10"}},
	})
	p, err := New()
	if err != nil {
		t.Fatal(err)
	}
	for _, in := range []string{
		"Morts : 6 ; blessés : 15. Frappe russe sur le marché de Sarmin (province d'Idleb), le 9 février 2021. Photo : Ahmad Sleiman / AFP",
		"Bilan : 3 morts. Une frappe a touché une école à Deir el-Balah, le 4 juin 2024. © Eyad Baba / AFP",
	} {
		if r := p.Caption(in); len(r.Places) == 0 || r.Places[0] == "Morts" || r.Places[0] == "Bilan" {
			t.Errorf("%s: places %v", in, r.Places)
		}
	}
}

// "Au moins un mort" counts one, as "a fait un mort" does (frAtLeast).
func TestFrenchAtLeastOne(t *testing.T) {
	n := func(v int) *int { return &v }
	runFrNumbers(t, []struct {
		name, in string
		want     frDayToll
	}{
		{"heading toll", "Explosion d'un camion piégé à Azaz, le 6 juillet 2024 : au moins un mort et huit blessés. © Bakr Alkasem / AFP",
			frDayToll{Date: "2024-07-06", Killed: n(1), Injured: n(8)}},
		{"clause", "Des pompiers sur le site d'une frappe à Dnipro, le 2 février 2024, qui a fait au moins un mort selon le gouverneur. Photo Mykola Hrytsenko / AFP",
			frDayToll{Date: "2024-02-02", Killed: n(1)}},
		{"an article is still no count", "Un blessé est évacué vers l'hôpital de Deir el-Balah, le 9 janvier 2024. © Omar Naaman / AFP",
			frDayToll{Date: "2024-01-09"}},
	})
}
