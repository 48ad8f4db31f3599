package parse

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"sijil/internal/caption"
)

// The captions of these tables were written for sijil's tests; the scenes
// and photographers are invented. Each table holds cases the French rules
// got wrong before the fix its comment names.

// frScene is the part of a French record the tables below compare.
type frScene struct {
	Places  []string
	Country caption.CountryCode
	Actors  []string
}

func frSceneOf(t *testing.T, p *Parser, in string) frScene {
	t.Helper()
	r := p.Caption(in)
	if r.Lang != "fr" {
		t.Fatalf("lang %q, want fr: %s", r.Lang, in)
	}
	for field, spans := range r.Evidence {
		for _, s := range spans {
			if s.Start < 0 || s.End > len(r.Text) || s.Start >= s.End {
				t.Errorf("%s span %v outside the text", field, s)
			}
		}
	}
	return frScene{Places: r.Places, Country: r.Country, Actors: r.Actors}
}

func runFrScenes(t *testing.T, cases []struct {
	name, in string
	want     frScene
}) {
	t.Helper()
	p, err := New()
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if diff := cmp.Diff(tc.want, frSceneOf(t, p, tc.in)); diff != "" {
				t.Errorf("%s\n(-want +got):\n%s", tc.in, diff)
			}
		})
	}
}

// A dateline's date may be numeric, day first, as MaxPPP, Radio-Canada
// and Belgian papers write it, with a region or country between.
func TestFrenchNumericDateline(t *testing.T) {
	runFrScenes(t, []struct {
		name, in string
		want     frScene
	}{
		{"name and a numeric date", "Mykolaïv, 14/09/2022 : des habitants déblaient les gravats d'un immeuble. © Irena Kowal / MAXPPP",
			frScene{Places: []string{"Mykolaïv"}}},
		{"name, territory and a numeric date", "Hébron, Cisjordanie, 02/11/2023 — Des soldats israéliens ferment une route. Photo : Reuters / Samir Awad",
			frScene{Places: []string{"Hébron"}, Country: "PS", Actors: []string{"Israeli forces"}}},
		{"capitals and a dash", "OUAGADOUGOU, 30/09/2022 - Des soldats bloquent l'accès à la télévision nationale. © Awa Sawadogo / Jeune Afrique",
			frScene{Places: []string{"OUAGADOUGOU"}}},
		{"name, country and a numeric date", "Bunia, RDC, 11/06/2023 : des déplacés attendent une distribution de vivres. BELGA PHOTO LUC MARTENS",
			frScene{Places: []string{"Bunia"}, Country: "CD"}},
	})
}

// A place named with "de" and followed by a clause of fleeing or
// evacuation is where the people came from; the scene is where they are.
func TestFrenchFleeAfterPlace(t *testing.T) {
	runFrScenes(t, []struct {
		name, in string
		want     frScene
	}{
		{"ayant fui after the town", "Des résidents de Marioupol ayant fui la ville assiégée arrivent à Dnipro, le 20 mars 2022. AFP",
			frScene{Places: []string{"Dnipro"}}},
		{"fuyant after the town", "Des habitants d'Alep fuyant les bombardements arrivent à Azaz, le 6 février 2016. (Photo par Karim Haddad / AFP)",
			frScene{Places: []string{"Azaz"}}},
		{"qui ont fui after the town", "Des habitants de Kherson qui ont fui les frappes attendent un train à Odessa, en Ukraine, le 3 décembre 2022. AFP",
			frScene{Places: []string{"Odessa"}, Country: "UA"}},
		{"évacués after the region", "Des habitants de la région de Koursk évacués après l'incursion attendent dans un centre d'accueil de Toula, en Russie, le 12 août 2024. PHOTO IVAN PETROV / REUTERS",
			frScene{Places: []string{"Toula"}, Country: "RU"}},
		{"a long clause of fleeing", "Des familles ayant fui les attaques des jihadistes du groupe État islamique dans la province du Soum s'installent à Kaya, au Burkina Faso, le 8 mars 2023. AFP",
			frScene{Places: []string{"Kaya"}, Country: "BF", Actors: []string{"Islamic State"}}},
		{"people leaving are still in the town", "Des habitants de Bakhmout quittent la ville à bord d'un bus, le 3 mars 2023. AFP",
			frScene{Places: []string{"Bakhmout"}}},
		{"the only place is kept", "Des habitants de Soumy évacués par la Croix-Rouge montent dans un bus, le 14 mars 2022. AFP",
			frScene{Places: []string{"Soumy"}}},
	})
}

// Capitalised words that are no place: a division noun before its name,
// a sea's name, an organisation's head noun; and ", en juin" is a date.
func TestFrenchNotPlaceNames(t *testing.T) {
	runFrScenes(t, []struct {
		name, in string
		want     frScene
	}{
		{"l'État de", "Des enfants déplacés attendent une distribution dans l'État de Borno, au Nigeria, le 2 mai 2017. AFP",
			frScene{Places: []string{"Borno"}, Country: "NG"}},
		{"l'État du", "Des soldats patrouillent dans l'État du Nil-Bleu, au Soudan, le 5 juin 2023. AFP",
			frScene{Places: []string{"Nil-Bleu"}, Country: "SD"}},
		{"a capitalised province", "Des tentes dans la Province d'Idleb, en Syrie, le 3 mars 2020. AFP",
			frScene{Places: []string{"Idleb"}, Country: "SY"}},
		{"a sea and a month after a comma", "Des pêcheurs réparent leurs filets à Hodeïda, sur la mer Rouge, en mai 2018. AFP",
			frScene{Places: []string{"Hodeïda"}}},
		{"a gulf", "Un navire patrouille dans le golfe d'Aden, le 4 février 2024. AFP",
			frScene{}},
		{"a UN mission's base", "Des casques bleus montent la garde devant la base de la Minusma de Tombouctou, le 16 août 2023. AFP",
			frScene{Places: []string{"Tombouctou"}}},
		{"an organisation's camp", "Des soldats sécurisent le camp du Mécanisme opérationnel de coordination (MOC) de Kidal, au Mali, le 4 mars 2017. AFP",
			frScene{Places: []string{"Kidal"}, Country: "ML"}},
	})
}

// A country's name inside a broadcaster's name ("France 24") is no scene,
// nor the name before it that the English rules read as "Alep, Syrie".
func TestFrenchMediaName(t *testing.T) {
	runFrScenes(t, []struct {
		name, in string
		want     frScene
	}{
		{"credit left in the description", "Nyala (Soudan) - Vue de la ville, le 27 octobre 2023. © Adam Ibrahim, France 24",
			frScene{Places: []string{"Nyala"}, Country: "SD"}},
		{"credit with no country", "Des déplacés font la queue à Goma, le 4 mars 2024. © Pascal Mulumba, France 24",
			frScene{Places: []string{"Goma"}}},
	})
}

// Countries of French coverage fr_countries.tsv lacked, and "séparatistes"
// that are Russia's only in Ukraine.
func TestFrenchCountriesAndSeparatists(t *testing.T) {
	runFrScenes(t, []struct {
		name, in string
		want     frScene
	}{
		{"Cameroon's separatists", "Des combattants séparatistes patrouillent à Bamenda, au Cameroun, le 4 mai 2019. AFP",
			frScene{Places: []string{"Bamenda"}, Country: "CM"}},
		{"Aden's separatists", "ADEN - Des combattants séparatistes patrouillent près du port d'Aden, dans le sud du Yémen, le 10 août 2019. AFP",
			frScene{Places: []string{"ADEN"}, Country: "YE"}},
		{"Ukraine's separatists", "Des séparatistes tirent au mortier près de Donetsk, en Ukraine, le 3 juin 2015. AFP",
			frScene{Places: []string{"Donetsk"}, Country: "UA", Actors: []string{"Russian-backed separatists"}}},
		{"Ethiopia", "Des déplacés à Mekele, en Éthiopie, le 12 mai 2021. AFP",
			frScene{Places: []string{"Mekele"}, Country: "ET"}},
		{"Mozambique", "Des soldats patrouillent à Palma, au Mozambique, le 9 août 2021. AFP",
			frScene{Places: []string{"Palma"}, Country: "MZ"}},
		{"Côte d'Ivoire", "Des manifestants à Abidjan, en Côte d'Ivoire, le 13 août 2020. AFP",
			frScene{Places: []string{"Abidjan"}, Country: "CI", Actors: nil}},
	})
}

// A town noun in apposition after a name ("Omdourman, ville jumelle de
// Khartoum") makes the name a town whatever introduced it, and a twin
// town, as a neighbouring one, is not the scene.
func TestFrenchAppositiveTown(t *testing.T) {
	runFrScenes(t, []struct {
		name, in string
		want     frScene
	}{
		{"twin town", "Des volontaires distribuent des repas dans une cuisine d'Omdourman, ville jumelle de Khartoum, le 4 février 2024. AFP",
			frScene{Places: []string{"Omdourman"}}},
		{"besieged town", "Une femme pleure devant sa maison détruite de Djibo, ville assiégée du nord du Burkina Faso, le 3 mai 2023. AFP",
			frScene{Places: []string{"Djibo"}, Country: "BF"}},
		{"after a verb", "Le cortège funèbre traverse Tyr, ville côtière du sud du Liban, le 5 octobre 2024. AFP",
			frScene{Places: []string{"Tyr"}, Country: "LB"}},
		{"chef-lieu", "Des élèves dans la cour de leur école de Bunia, chef-lieu de l'Ituri, le 2 avril 2022. © Aimé Kasongo / Jeune Afrique",
			frScene{Places: []string{"Bunia"}}},
	})
}
