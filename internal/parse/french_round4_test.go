package parse

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

// Country is the parser's, from the caption's words; the gazetteer gives
// the others theirs.
//
// The captions of these tables were written for sijil's tests; the scenes
// and photographers are invented. Each table holds cases the French rules
// got wrong before the fix its comment names (round four).

// A caption may open with its town and a short apposition that places it,
// a country, a province or "région de X", before a full stop, a colon, a
// dash or the date (frHeadPlace); "Ahmed, 12 ans," is no heading.
func TestFrenchHeadingApposition(t *testing.T) {
	runFrScenes(t, []struct {
		name, in string
		want     frScene
	}{
		{"country then full stop", "Syrte, Libye. Des miliciens fouillent une maison abandonnée, le 2 juin 2016. (Photo Karim Naji / AFP)",
			frScene{Places: []string{"Syrte"}, Country: "LY"}},
		{"province then colon", "Beni, Nord-Kivu : des Casques bleus escortent un convoi humanitaire, le 14 novembre 2022. © Jean Mumbere / AFP",
			frScene{Places: []string{"Beni"}}},
		{"région de then dash", "Kostiantynivka, région de Donetsk – Des secouristes dégagent un immeuble touché par une bombe planante, le 9 juin 2024. © Olena Savchenko / AFP",
			frScene{Places: []string{"Kostiantynivka", "Donetsk"}}},
		{"région du then date", "Bamenda, région du Nord-Ouest du Cameroun, le 2 octobre 2021 – Une rue déserte pendant une journée « ville morte ». PHOTO PAUL NKWI / AFP",
			frScene{Places: []string{"Bamenda", "Nord-Ouest"}, Country: "CM"}},
		{"a person's age is no heading", "Ahmed, 12 ans, pleure son frère à Gaza, le 3 mars 2024. © Youssef Nasser / AFP",
			frScene{Places: []string{"Gaza"}}},
	})
}

// A country's French name heading a caption ("Tchad :") is the country,
// not a place the gazetteer may find elsewhere (Liban was Libáň, in
// Czechia) and not a place that hides the scene's town (frDropCountryPlaces).
func TestFrenchCountryHeading(t *testing.T) {
	runFrScenes(t, []struct {
		name, in string
		want     frScene
	}{
		{"Liban", "Liban : des secouristes fouillent les décombres à Tyr, dans le sud du pays, le 3 octobre 2024. © Kamal Safieddine / AFP",
			frScene{Places: []string{"Tyr"}, Country: "LB"}},
		{"Tchad", "Tchad : des réfugiés soudanais font la queue pour de l'eau à Adré, le 10 juin 2024. © Hamid Zakaria / Reuters",
			frScene{Places: []string{"Adré"}, Country: "TD"}},
		{"Syrie", "Syrie : des habitants fouillent les décombres à Jablé, le 7 février 2023. © Omar Haj / AFP",
			frScene{Places: []string{"Jablé"}, Country: "SY"}},
	})
}

// A heading names a wider place than the town the first sentence gives
// with "à", which is the scene (frSceneAfterHeading); "fuient vers Rafah"
// does not move it.
func TestFrenchSceneAfterHeading(t *testing.T) {
	runFrScenes(t, []struct {
		name, in string
		want     frScene
	}{
		{"Gaza heading", "Gaza : des enfants attendent une distribution de repas à Deir el-Balah, dans le centre de la bande de Gaza, le 5 mai 2024. © Youssef Nasser / AFP",
			frScene{Places: []string{"Deir el-Balah", "Gaza"}, Country: "PS"}},
		{"dateline of the province", "Zaporijjia, 12 octobre 2023 – Des pompiers éteignent un incendie à Orikhiv, dans la région de Zaporijjia. © Dmytro Lysenko / AFP",
			frScene{Places: []string{"Orikhiv", "Zaporijjia", "Zaporijjia"}}},
		{"Idleb dateline", "Idleb, 8 février 2023 – Des Casques blancs cherchent des survivants dans un immeuble effondré à Salqin, dans la province d'Idleb. © Omar Haj / AFP",
			frScene{Places: []string{"Salqin", "Idleb", "Idleb"}, Actors: []string{"White Helmets"}}},
		{"fleeing towards", "KHAN YOUNÈS (Bande de Gaza) - Des familles fuient vers Rafah avec leurs affaires, le 26 janvier 2024. © Youssef Nasser / AFP",
			frScene{Places: []string{"KHAN YOUNÈS"}, Country: "PS"}},
	})
}

// New Caledonia is a country of its own in ISO 3166 (NC): "gendarmes
// français" there must not make the scene French (fr_countries.tsv).
func TestFrenchNewCaledonia(t *testing.T) {
	runFrScenes(t, []struct {
		name, in string
		want     frScene
	}{
		{"dateline and French gendarmes", "NOUMÉA (Nouvelle-Calédonie) - Des gendarmes français démantèlent un barrage dans le quartier de Rivière-Salée à Nouméa, le 20 mai 2024. © Louis Wema / AFP",
			frScene{Places: []string{"NOUMÉA", "Rivière-Salée"}, Country: "NC"}},
		{"en Nouvelle-Calédonie", "Des émeutiers incendient une concession automobile à Dumbéa, en Nouvelle-Calédonie, le 15 mai 2024. © Louis Wema / AFP",
			frScene{Places: []string{"Dumbéa"}, Country: "NC"}},
	})
}

// frToll is the part of a French record the casualty tables compare.
type frToll struct{ Killed, Injured int } // -1: none

func frTollOf(t *testing.T, p *Parser, in string) frToll {
	t.Helper()
	r := p.Caption(in)
	if r.Lang != "fr" {
		t.Fatalf("lang %q, want fr: %s", r.Lang, in)
	}
	got := frToll{-1, -1}
	if r.Killed != nil {
		got.Killed = *r.Killed
	}
	if r.Injured != nil {
		got.Injured = *r.Injured
	}
	return got
}

// The victims of rural and camp attacks are counted like "civils"
// (frPeople), and a figure whose clause sets its event a week, a month or
// a year ago is not the scene's (frEarlierEvent), unless the period only
// bounds a running total.
func TestFrenchTollPeopleAndPeriod(t *testing.T) {
	p, err := New()
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name, in string
		want     frToll
	}{
		{"villagers", "Des proches pleurent devant les corps de sept villageois tués par des jihadistes près de Ménaka, le 4 mars 2024. © Abdoulaye Cissé / AFP", frToll{7, -1}},
		{"displaced", "Trois déplacés ont été tués et deux autres blessés par un obus tombé sur le camp de Bulengo, près de Goma, le 3 mai 2024. © Jean Mumbere / AFP", frToll{3, 2}},
		{"last month", "Des habitants de Kramatorsk réparent les fenêtres de leur immeuble, le 5 avril 2024. Au moins 8 personnes ont été tuées dans une frappe sur la ville le mois dernier. © Olena Savchenko / AFP", frToll{-1, -1}},
		{"previous month", "Des habitants déblaient une école détruite à Tillabéri, le 3 avril 2024. Au moins 9 élèves ont été tués lors d'une attaque le mois précédent, selon un élu local. © Boubacar Issa / AFP", frToll{-1, -1}},
		{"period bounds another clause", "Des secouristes évacuent un blessé à Kharkiv, le 2 septembre 2024. Au moins 6 personnes ont été tuées, portant à 40 le nombre de victimes dans la ville depuis le mois dernier. © Olena Savchenko / AFP", frToll{6, -1}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if diff := cmp.Diff(tc.want, frTollOf(t, p, tc.in)); diff != "" {
				t.Errorf("%s\n(-want +got):\n%s", tc.in, diff)
			}
		})
	}
}
