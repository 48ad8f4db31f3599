package parse

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

// French-language papers, broadcasters and photographers' collectives
// credit their photos by name (agencies.tsv); before they were listed, a
// credit naming one gave neither photographer nor agency. The captions were
// written for sijil's tests; the photographers are invented (round five).
func TestFrenchOutletCredits(t *testing.T) {
	p, err := New()
	if err != nil {
		t.Fatal(err)
	}
	type credit struct{ Photographers, Agencies []string }
	for _, tc := range []struct {
		name, in string
		want     credit
	}{
		{"collective for a paper", "Des soldats ukrainiens dans une tranchée près de Koupiansk, le 9 février 2024. Claire Moreau / MYOP pour Le Monde",
			credit{[]string{"Claire Moreau"}, []string{"MYOP", "Le Monde"}}},
		{"regional paper", "Des réfugiés soudanais à Farchana, au Tchad, le 2 mai 2024. Photo Yann Le Goff / Ouest-France",
			credit{[]string{"Yann Le Goff"}, []string{"Ouest-France"}}},
		{"Swiss paper", "Des manifestants pour Gaza devant le Palais des Nations à Genève, le 14 novembre 2023. Photo Léa Favre / Le Temps",
			credit{[]string{"Léa Favre"}, []string{"Le Temps"}}},
		{"Belgian paper", "Des casques bleus à Goma, dans l'est de la RDC, le 30 janvier 2025. Photo Jan Peeters / La Libre Belgique",
			credit{[]string{"Jan Peeters"}, []string{"La Libre Belgique"}}},
		{"northern paper", "Des bénévoles chargent un camion d'aide pour l'Ukraine à Lille, le 4 mars 2022. Photo Paul Lefebvre / La Voix du Nord",
			credit{[]string{"Paul Lefebvre"}, []string{"La Voix du Nord"}}},
		// Syrian documentation teams and monitors credit their own photos
		// (creditOrgWords): "Réseau", "Équipe", "Observatoire", "Casques".
		{"documentation team", "Frappe aérienne sur le marché de Sarmin (est d'Idleb), le 14 février 2020. Photo : Équipe de documentation de Sarmin",
			credit{nil, []string{"Équipe de documentation de Sarmin"}}},
		{"rights network and handout", "Des enfants dans les décombres à Jisr al-Choughour, le 2 mars 2020. Photo : Réseau syrien des droits de l'homme / Handout",
			credit{nil, []string{"Réseau syrien des droits de l'homme"}}},
		{"White Helmets and a wire", "Des secouristes dégagent une fillette à Ariha, en Syrie, le 30 janvier 2020. (Photo Casques blancs / AFP)",
			credit{nil, []string{"Casques blancs", "AFP"}}},
		{"collective after a full stop", "Des enfants dans un camp de déplacés à Bunia, le 8 juin 2023. Photo Awa Kaboré. Divergence",
			credit{[]string{"Awa Kaboré"}, []string{"Divergence"}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := p.Caption(tc.in)
			got := credit{r.Photographers, nil}
			for _, a := range r.Agencies {
				got.Agencies = append(got.Agencies, string(a))
			}
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("%s\n(-want +got):\n%s", tc.in, diff)
			}
		})
	}
}
