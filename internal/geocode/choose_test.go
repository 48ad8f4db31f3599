package geocode

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"sijil/internal/caption"
)

// namesakeGazetteer holds divisions with their abbreviations, towns far
// from their division's centre, namesakes in several countries and names
// alike but for their vowels, as the embedded data has them.
func namesakeGazetteer(t *testing.T) *Gazetteer {
	t.Helper()
	places := []Place{
		{ID: 5332921, Name: "California", Alternates: []string{"Calif."}, Lat: 36.75, Lon: -119.6, Class: 'A', Feature: "ADM1", Country: "US", Admin1Code: "CA", Admin1: "California"},
		{ID: 5350937, Name: "Fresno", Lat: 36.75, Lon: -119.77, Class: 'P', Feature: "PPLA2", Country: "US", Admin1Code: "CA", Admin1: "California", Population: 542107},
		{ID: 3127068, Name: "Calaf", Lat: 41.73, Lon: 1.51, Class: 'P', Feature: "PPLA3", Country: "ES", Admin1Code: "56", Admin1: "Catalonia", Population: 3306},
		{ID: 4398678, Name: "Missouri", Alternates: []string{"Mo."}, Lat: 38.25, Lon: -92.5, Class: 'A', Feature: "ADM1", Country: "US", Admin1Code: "MO", Admin1: "Missouri"},
		{ID: 4393217, Name: "Joplin", Lat: 37.08, Lon: -94.51, Class: 'P', Feature: "PPL", Country: "US", Admin1Code: "MO", Admin1: "Missouri", Population: 52195},
		{ID: 3194654, Name: "Muo", Lat: 42.43, Lon: 18.76, Class: 'P', Feature: "PPL", Country: "ME", Admin1Code: "10", Admin1: "Kotor", Population: 645},
		{ID: 4736286, Name: "Texas", Lat: 31.25, Lon: -99.25, Class: 'A', Feature: "ADM1", Country: "US", Admin1Code: "TX", Admin1: "Texas"},
		{ID: 4716805, Name: "Palestine", Lat: 31.76, Lon: -95.63, Class: 'P', Feature: "PPLA2", Country: "US", Admin1Code: "TX", Admin1: "Texas", Population: 18544},
		{ID: 2210247, Name: "Tripoli", Lat: 32.89, Lon: 13.19, Class: 'P', Feature: "PPLC", Country: "LY", Admin1Code: "09", Admin1: "Tripoli", Population: 1150989},
		{ID: 266826, Name: "Tripoli", Lat: 34.43, Lon: 35.84, Class: 'P', Feature: "PPLA", Country: "LB", Admin1Code: "09", Admin1: "North Lebanon", Population: 229398},
		{ID: 99532, Name: "Basrah", Alternates: []string{"Basra", "Busra"}, Lat: 30.51, Lon: 47.78, Class: 'P', Feature: "PPLA", Country: "IQ", Admin1Code: "02", Admin1: "Basra", Population: 1326564},
		{ID: 171126, Name: "Buşrá ash Shām", Alternates: []string{"Bosra", "Bostra"}, Lat: 32.52, Lon: 36.48, Class: 'P', Feature: "PPLA3", Country: "SY", Admin1Code: "07", Admin1: "Daraa", Population: 1000},
		{ID: 706448, Name: "Kherson", Lat: 46.64, Lon: 32.61, Class: 'P', Feature: "PPLA", Country: "UA", Admin1Code: "08", Admin1: "Kherson", Population: 320477},
		{ID: 706442, Name: "Kherson", Alternates: []string{"Kherson Oblast"}, Lat: 46.70, Lon: 33.58, Class: 'A', Feature: "ADM1", Country: "UA", Admin1Code: "08", Admin1: "Kherson"},
		{ID: 735788, Name: "Chérso", Alternates: []string{"Kherson"}, Lat: 41.09, Lon: 22.78, Class: 'P', Feature: "PPL", Country: "GR", Admin1Code: "ESYE12", Admin1: "Central Macedonia", Population: 814},
		{ID: 9000002, Name: "Sharr", Alternates: []string{"Shar"}, Lat: 42.05, Lon: 20.98, Class: 'P', Feature: "PPL", Country: "XK", Admin1Code: "01", Admin1: "Prizren", Population: 2000},
		{ID: 5024232, Name: "Cook", Lat: 47.85, Lon: -92.69, Class: 'P', Feature: "PPL", Country: "US", Admin1Code: "MN", Admin1: "Minnesota", Population: 520},
		{ID: 1519275, Name: "Shar", Lat: 49.59, Lon: 81.05, Class: 'P', Feature: "PPLA2", Country: "KZ", Admin1Code: "15", Admin1: "East Kazakhstan", Population: 7000},
		{ID: 9000001, Name: "Shaar", Lat: 12.1, Lon: 18.3, Class: 'P', Feature: "PPL", Country: "TD", Admin1Code: "02", Admin1: "Batha", Population: 900},
		{ID: 361468, Name: "Red Sea", Lat: 24.68, Lon: 34.15, Class: 'A', Feature: "ADM1", Country: "EG", Admin1Code: "02", Admin1: "Red Sea"},
		{ID: 379303, Name: "Geneina", Alternates: []string{"El Geneina"}, Lat: 13.45, Lon: 22.45, Class: 'P', Feature: "PPLA", Country: "SD", Admin1Code: "55", Admin1: "Western Darfur", Population: 162981},
		{ID: 8394436, Name: "Central Darfur", Alternates: []string{"Wasat Darfur"}, Lat: 12.20, Lon: 23.35, Class: 'A', Feature: "ADM1", Country: "SD", Admin1Code: "68", Admin1: "Central Darfur"},
		{ID: 2894646, Name: "Jübar", Lat: 52.69, Lon: 10.91, Class: 'P', Feature: "PPLA4", Country: "DE", Admin1Code: "14", Admin1: "Saxony-Anhalt", Population: 690},
		{ID: 129933, Name: "Jūybār", Lat: 36.64, Lon: 52.91, Class: 'P', Feature: "PPLA2", Country: "IR", Admin1Code: "35", Admin1: "Mazandaran", Population: 28404},
		{ID: 170100, Name: "Jawbar", Alternates: []string{"Jubar"}, Lat: 33.53, Lon: 36.33, Class: 'P', Feature: "PPLX", Country: "SY", Admin1Code: "13", Admin1: "Damascus"},
		{ID: 170654, Name: "Damascus", Lat: 33.51, Lon: 36.29, Class: 'P', Feature: "PPLC", Country: "SY", Admin1Code: "13", Admin1: "Damascus", Population: 1569394},
		{ID: 1133453, Name: "Qalāt", Lat: 32.11, Lon: 66.91, Class: 'P', Feature: "PPLA2", Country: "AF", Admin1Code: "39", Admin1: "Zabul", Population: 12191},
		{ID: 1174357, Name: "Kalat", Lat: 29.03, Lon: 66.59, Class: 'P', Feature: "PPLA2", Country: "PK", Admin1Code: "02", Admin1: "Balochistan", Population: 32000},
		{ID: 250441, Name: "Mafraq", Lat: 32.34, Lon: 36.21, Class: 'P', Feature: "PPLA", Country: "JO", Admin1Code: "21", Admin1: "Mafraq", Population: 57000},
		{ID: 4402381, Name: "Palmyra", Lat: 39.79, Lon: -91.52, Class: 'P', Feature: "PPLA2", Country: "US", Admin1Code: "MO", Admin1: "Missouri", Population: 3616},
		{ID: 163808, Name: "Tadmur", Alternates: []string{"Palmyra", "Tadmor"}, Lat: 34.56, Lon: 38.28, Class: 'P', Feature: "PPLA2", Country: "SY", Admin1Code: "11", Admin1: "Homs", Population: 51015},
		{ID: 5324200, Name: "Antioch", Lat: 38.00, Lon: -121.81, Class: 'P', Feature: "PPL", Country: "US", Admin1Code: "CA", Admin1: "California", Population: 110542},
		{ID: 323779, Name: "Antakya", Alternates: []string{"Antioch", "Hatay"}, Lat: 36.21, Lon: 36.16, Class: 'P', Feature: "PPLA", Country: "TR", Admin1Code: "31", Admin1: "Hatay", Population: 210000},
		{ID: 5393287, Name: "Santa Rosa", Lat: 38.44, Lon: -122.71, Class: 'P', Feature: "PPLA2", Country: "US", Admin1Code: "CA", Admin1: "California", Population: 178127},
		{ID: 143534, Name: "Āmol", Alternates: []string{"Amol", "الأمل"}, Lat: 36.47, Lon: 52.35, Class: 'P', Feature: "PPLA2", Country: "IR", Admin1Code: "35", Admin1: "Mazandaran", Population: 199382},
		{ID: 281124, Name: "Khān Yūnis", Alternates: []string{"Khan Younis", "خان يونس"}, Lat: 31.34, Lon: 34.31, Class: 'P', Feature: "PPLA2", Country: "PS", Admin1Code: "GZ", Admin1: "Gaza Strip", Population: 173183},
		{ID: 2988507, Name: "Paris", Lat: 48.85, Lon: 2.35, Class: 'P', Feature: "PPLC", Country: "FR", Admin1Code: "11", Admin1: "Île-de-France", Population: 2138551},
		{ID: 689690, Name: "Veselyy Kut", Alternates: []string{"Paris"}, Lat: 46.05, Lon: 29.29, Class: 'P', Feature: "PPL", Country: "UA", Admin1Code: "17", Admin1: "Odesa", Population: 1797},
		{ID: 95446, Name: "Erbil", Alternates: []string{"Arbil", "Irbil"}, Lat: 36.18, Lon: 44.01, Class: 'P', Feature: "PPLA", Country: "IQ", Admin1Code: "11", Admin1: "Erbil", Population: 1612700},
		{ID: 169372, Name: "‘Irbīn", Alternates: []string{"Aarbil", "Arbin", "Irbin"}, Lat: 33.54, Lon: 36.37, Class: 'P', Feature: "PPLA3", Country: "SY", Admin1Code: "08", Admin1: "Rif-dimashq", Population: 42474},
		{ID: 3668572, Name: "Santa Rosa", Lat: 4.87, Lon: -75.62, Class: 'P', Feature: "PPL", Country: "CO", Admin1Code: "24", Admin1: "Risaralda", Population: 24000},
	}
	return gazetteerOf(t, places, CountryEntry{"US", "United States"}, CountryEntry{"ES", "Spain"},
		CountryEntry{"ME", "Montenegro"}, CountryEntry{"LY", "Libya"}, CountryEntry{"LB", "Lebanon"},
		CountryEntry{"IQ", "Iraq"}, CountryEntry{"SY", "Syria"}, CountryEntry{"UA", "Ukraine"}, CountryEntry{"JO", "Jordan"},
		CountryEntry{"KZ", "Kazakhstan"}, CountryEntry{"TD", "Chad"}, CountryEntry{"EG", "Egypt"}, CountryEntry{"SD", "Sudan"},
		CountryEntry{"DE", "Germany"}, CountryEntry{"IR", "Iran"}, CountryEntry{"AF", "Afghanistan"}, CountryEntry{"PK", "Pakistan"},
		CountryEntry{"TR", "Turkey"}, CountryEntry{"CO", "Colombia"}, CountryEntry{"PS", "Palestine"}, CountryEntry{"FR", "France"},
		CountryEntry{"GR", "Greece"}, CountryEntry{"XK", "Kosovo"})
}

// TestResolveChoice is one case per rule that chooses among namesakes and
// says how: divisions as containers, division words, spelling, namesakes
// abroad with and without focus countries, a document's country.
func TestResolveChoice(t *testing.T) {
	type want struct {
		ID        int
		Precision int
		Country   caption.CountryCode
		Basis     caption.LocationBasis
		Warning   string // a substring of some warning, or "" for none
	}
	tests := []struct {
		name    string
		refs    []caption.PlaceRef
		country caption.CountryCode
		basis   caption.CountryBasis
		focus   []caption.CountryCode
		want    want
	}{
		{"a state's abbreviation contains the town", refs("Fresno", "Calif."), "", "", nil,
			want{5350937, 1, "US", caption.BasisOnly, ""}},
		{"a division vouches for a town far from its centre", refs("Joplin", "Mo."), "", "", nil,
			want{4393217, 1, "US", caption.BasisOnly, ""}},
		{"a town named for a country, in its state", refs("Palestine", "Texas"), "US", caption.CountryNamed, nil,
			want{4716805, 1, "US", caption.BasisOnly, ""}},
		{"a division word asks for the division", refs("Kherson Oblast"), "", "", nil,
			want{706442, 3, "UA", caption.BasisOnly, ""}},
		{"the bare name is the city", refs("Kherson"), "", "", nil,
			want{706448, 1, "UA", caption.BasisPopulation, ""}},
		{"a county the data lacks is no namesake town", refs("Cook County"), "", "", nil,
			want{0, 0, "", "", `"Cook County" not found`}},
		{"written as the caption writes it", refs("Bosra"), "", "", nil,
			want{171126, 1, "SY", caption.BasisPopulation, "namesakes in SY, IQ"}},
		{"close namesakes abroad: the largest, with a warning", refs("Tripoli"), "", "", nil,
			want{2210247, 1, "LY", caption.BasisPopulation, "namesakes in LY, LB"}},
		{"close namesakes abroad: the focus country", refs("Tripoli"), "", "", []caption.CountryCode{"SY", "LB"},
			want{266826, 1, "LB", caption.BasisFocus, "chose LB, a focus country"}},
		{"a focus country does not move a named one", refs("Tripoli"), "LY", caption.CountryNamed, []caption.CountryCode{"LB"},
			want{2210247, 1, "LY", caption.BasisCountry, ""}},
		{"a hinted country settles close namesakes", refs("Tripoli"), "LB", caption.CountryHint, nil,
			want{266826, 1, "LB", caption.BasisHint, ""}},
		{"a hinted country does not take a capital's name to a village", refs("Paris"), "UA", caption.CountryHint, nil,
			want{2988507, 1, "FR", caption.BasisPopulation, ""}},
		{"a document's country does not rule out the caption's place", refs("Mafraq"), "SY", caption.CountryDocument, nil,
			want{250441, 1, "JO", caption.BasisOnly, ""}},
		{"a sea is no division", refs("Red Sea|sea"), "", "", nil,
			want{0, 0, "", "", `"Red Sea" not found`}},
		{"a town written as the caption writes it stands against a far container of its country",
			refs("El Geneina", "West Darfur"), "", "", nil,
			want{379303, 1, "SD", caption.BasisOnly, ""}},
		{"a document's country rules out namesakes of several countries", refs("al-Shaar"), "SY", caption.CountryDocument, nil,
			want{0, 4, "SY", caption.BasisCountryOnly, `"al-Shaar" not found`}},
		{"a document's country does not rule out a city abroad for a hamlet namesake", refs("Kherson"), "PS", caption.CountryDocument, nil,
			want{706448, 1, "UA", caption.BasisPopulation, ""}},
		{"a document's country does not take a city's name, written as the caption writes it, to a town another name of which is alike", refs("Erbil"), "SY", caption.CountryDocument, nil,
			want{95446, 1, "IQ", caption.BasisPopulation, ""}},
		{"the town of the document's country, written as the caption writes it, beside a city abroad spelt alike", refs("Aarbil"), "SY", caption.CountryDocument, nil,
			want{169372, 1, "SY", caption.BasisDocument, ""}},
		{"a document's country rules out a town abroad with a namesake of a third of its size", refs("Shar"), "SY", caption.CountryDocument, nil,
			want{0, 4, "SY", caption.BasisCountryOnly, `"Shar" not found`}},
		{"no hamlet abroad for a neighbourhood on a likeness of keys alone", refs("Jobar"), "", "", nil,
			want{0, 0, "", "", `"Jobar": only small places in DE`}},
		{"no small town abroad among namesakes on a likeness of keys alone", refs("Qalaat"), "", "", nil,
			want{0, 0, "", "", `"Qalaat": only small places in PK, AF`}},
		{"a small town among namesakes abroad, written as the caption writes it", refs("Qalat"), "", "", nil,
			want{1133453, 1, "AF", caption.BasisPopulation, ""}},
		{"a neighbourhood is in the town that follows it, however large its namesake abroad", refs("الأمل|neighbourhood", "خان يونس"), "", "", nil,
			want{281124, 2, "PS", caption.BasisContainer, `"الأمل" not found`}},
		{"a larger namesake abroad is no place of a smaller town that follows it", refs("الأمل", "خان يونس"), "", "", nil,
			want{143534, 1, "IR", caption.BasisOnly, ""}},
		{"a namesake near a place the caption names", refs("Jobar", "Damascus"), "", "", nil,
			want{170100, 1, "SY", caption.BasisContainer, ""}},
		{"a small town written as the caption writes it", refs("Muo"), "", "", nil,
			want{3194654, 1, "ME", caption.BasisPopulation, ""}},
		{"an ancient city in a war zone, not its namesake town by its own name", refs("Palmyra"), "", "", nil,
			want{163808, 1, "SY", caption.BasisWarZone, "chose SY, a country at war"}},
		{"a city in a war zone, larger than its namesake abroad", refs("Antioch"), "", "", nil,
			want{323779, 1, "TR", caption.BasisWarZone, "chose TR, a country at war"}},
		{"no smaller town for being in a war zone", refs("Santa Rosa"), "", "", nil,
			want{5393287, 1, "US", caption.BasisPopulation, "namesakes in US, CO"}},
		{"a focus country before a war zone", refs("Palmyra"), "", "", []caption.CountryCode{"US"},
			want{4402381, 1, "US", caption.BasisFocus, "chose US, a focus country"}},
		{"a war zone's namesake never stands against a named country", refs("Palmyra"), "US", caption.CountryNamed, nil,
			want{4402381, 1, "US", caption.BasisCountry, ""}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			g := namesakeGazetteer(t)
			g.SetFocus(tc.focus)
			rec := caption.Record{PlaceRefs: tc.refs, Country: tc.country, CountryBasis: tc.basis,
				Evidence: map[string][]caption.Span{}}
			if tc.basis == caption.CountryDocument {
				rec.Warnings = []string{caption.DocumentCountryWarning(tc.country)}
			}
			g.Resolve(&rec, nil)
			var got want
			if l := rec.Location; l != nil {
				got = want{l.GeonameID, l.Precision, rec.Country, l.Basis, ""}
			}
			for _, w := range rec.Warnings {
				if tc.want.Warning != "" && strings.Contains(w, tc.want.Warning) {
					got.Warning = tc.want.Warning
				}
				if w == caption.DocumentCountryWarning(tc.country) && rec.Country != tc.country {
					t.Errorf("kept %q for a record now in %s", w, rec.Country)
				}
			}
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("(-want +got):\n%s\nwarnings %q", diff, rec.Warnings)
			}
		})
	}
}
