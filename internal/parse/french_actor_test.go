package parse

import (
	"strings"
	"testing"
	"testing/fstest"

	"github.com/google/go-cmp/cmp"

	"sijil/internal/caption"
)

// The captions of this table were written for sijil's tests in the French
// of agency wires; the scenes are invented.

func TestFrenchActors(t *testing.T) {
	p, err := New()
	if err != nil {
		t.Fatal(err)
	}
	type perp struct {
		Actor string
		Claim caption.Claim
	}
	for _, tc := range []struct {
		name   string
		in     string
		actors []string
		perp   *perp
	}{
		{"government forces in Syria", "Les forces gouvernementales ont pilonné Douma, en Syrie, le 20 février 2018.",
			[]string{"Syrian government forces"}, &perp{"Syrian government forces", ""}},
		{"government forces after the transition", "Les forces gouvernementales patrouillent à Lattaquié, en Syrie, le 9 mars 2025.",
			[]string{"Syrian transitional government forces"}, nil},
		{"government forces of another country", "Des combattants des forces gouvernementales près de Syrte, en Libye, le 22 juin 2016.",
			[]string{"Libyan government forces"}, nil},
		{"the army in Syria", "Des soldats de l'armée patrouillent à Homs, en Syrie, le 4 mai 2014.",
			[]string{"Syrian government forces"}, nil},
		{"the army of another country", "Des soldats de l'armée patrouillent dans une rue de Gao, au Mali, le 20 avril 2023.",
			[]string{"Malian government forces"}, nil},
		{"the army, no country named", "Des soldats de l'armée patrouillent dans une rue de Khartoum, le 20 avril 2023.",
			[]string{"Government forces"}, nil},
		{"the Syrian army", "Un char de l'armée syrienne à Alep, en Syrie, le 5 décembre 2016.",
			[]string{"Syrian government forces"}, nil},
		{"the Free Syrian Army is not the Syrian army", "Des combattants de l'Armée syrienne libre à Azaz, en Syrie, le 2 mars 2016.",
			[]string{"Free Syrian Army"}, nil},
		{"rebels in Syria fire", "Des rebelles tirent au mortier près de Hama, en Syrie, le 3 avril 2017.",
			[]string{"Syrian rebels"}, &perp{"Syrian rebels", ""}},
		{"rebels in Syria stand", "Des rebelles se reposent près de Hama, en Syrie, le 3 avril 2017.",
			[]string{"Syrian rebels"}, nil},
		{"Houthi rebels", "Des rebelles houthis lors d'un rassemblement à Sanaa, au Yémen, le 2 janvier 2020.",
			[]string{"Houthis"}, nil},
		{"Islamic State jihadists", "Des jihadistes de l'État islamique ont été tués près de Deir ez-Zor, en Syrie, le 9 septembre 2017.",
			[]string{"Islamic State"}, nil},
		{"EI in capitals", "Un ancien bastion de l'EI à Mossoul, en Irak, le 9 juillet 2017.",
			[]string{"Islamic State"}, nil},
		{"Daech", "Des combattants de Daech se rendent près de Baghouz, en Syrie, le 5 mars 2019.",
			[]string{"Islamic State"}, nil},
		{"Hayat Tahrir al-Cham", "Des membres de Hayat Tahrir al-Cham à Idleb, en Syrie, le 3 juillet 2019.",
			[]string{"Hayat Tahrir al-Sham"}, nil},
		{"SDF with their acronym", "Des combattants des Forces démocratiques syriennes (FDS) à Raqqa, en Syrie, le 5 novembre 2017.",
			[]string{"Syrian Democratic Forces"}, nil},
		{"Hezbollah", "Un combattant du Hezbollah près de Qousseir, en Syrie, le 5 juin 2013.",
			[]string{"Hezbollah"}, nil},
		{"Russian strikes are the attack", "Des secouristes après des frappes russes sur Ariha, en Syrie, le 3 mars 2019.",
			[]string{"Russian armed forces"}, &perp{"Russian armed forces", ""}},
		{"the Russian army by par", "Un hôpital détruit par l'armée russe à Marioupol, en Ukraine, le 16 mars 2022.",
			[]string{"Russian armed forces"}, &perp{"Russian armed forces", ""}},
		{"shelling of the regime", "Un immeuble détruit par des bombardements du régime à Alep, en Syrie, le 4 décembre 2016.",
			[]string{"Syrian government forces"}, &perp{"Syrian government forces", ""}},
		{"suspected", "Les ruines d'un marché après des frappes russes présumées à Maaret al-Noomane, en Syrie, le 22 juillet 2019.",
			[]string{"Russian armed forces"}, &perp{"Russian armed forces", caption.ClaimSuspected}},
		{"according to the Observatory", "Les forces du régime ont bombardé Saqba, en Syrie, le 2 avril 2017, selon l'OSDH.",
			[]string{"Syrian government forces"}, &perp{"Syrian government forces", caption.ClaimSaid}},
		{"claimed", "Une attaque revendiquée par l'État islamique à Kaboul, en Afghanistan, le 26 août 2021.",
			[]string{"Islamic State"}, &perp{"Islamic State", caption.ClaimClaimed}},
		{"claim of responsibility", "Des secouristes sur les lieux d'un attentat à Kaboul, en Afghanistan, le 26 août 2021 ; l'État islamique a revendiqué l'attaque.",
			[]string{"Islamic State"}, &perp{"Islamic State", caption.ClaimClaimed}},
		{"a protest against the strikes", "Des habitants manifestent contre les frappes russes à Idleb, en Syrie, le 1er mars 2020.",
			[]string{"Russian armed forces"}, nil},
		{"a source is no actor", "Des combattants de l'EI, selon l'armée irakienne, à Mossoul, en Irak, le 9 mars 2017.",
			[]string{"Islamic State"}, nil},
		{"rebel-held is no actor", "Une rue d'un quartier tenu par les rebelles à Alep, en Syrie, le 3 août 2016.", nil, nil},
		{"ei in lower case is no acronym", "Une rue de Homs, en Syrie, le 3 mars 2012. Photo : Ei Tanaka / AFP", nil, nil},
		{"background sentence", "Une rue de Homs, en Syrie, le 3 mars 2012. La ville avait été reprise par l'armée syrienne en 2014.", nil, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := p.Caption(tc.in)
			if r.Lang != "fr" {
				t.Fatalf("lang %q, want fr", r.Lang)
			}
			if diff := cmp.Diff(tc.actors, r.Actors); diff != "" {
				t.Errorf("%s\nactors (-want +got):\n%s", tc.in, diff)
			}
			var got *perp
			if r.Perpetrator != nil {
				got = &perp{r.Perpetrator.Actor, r.Perpetrator.Claim}
			}
			if diff := cmp.Diff(tc.perp, got); diff != "" {
				t.Errorf("%s\nperpetrator (-want +got):\n%s", tc.in, diff)
			}
			if len(r.Actors) > len(r.Evidence["actors"]) {
				t.Errorf("%d actors with %d evidence spans", len(r.Actors), len(r.Evidence["actors"]))
			}
			if (r.Perpetrator != nil) != (len(r.Evidence["perpetrator"]) > 0) {
				t.Errorf("perpetrator %v with evidence %v", r.Perpetrator, r.Evidence["perpetrator"])
			}
		})
	}
}

// TestFrenchActorsLexicon adds an alias from a team's file and rejects an
// alias for an actor actorinfo.tsv does not know.
func TestFrenchActorsLexicon(t *testing.T) {
	p, err := New(fstest.MapFS{"fr_actors.tsv": {Data: []byte("# ours\nJaish al-Islam\t*\tarmée de l'islam de zahrane\n")}})
	if err != nil {
		t.Fatal(err)
	}
	r := p.Caption("Des combattants de l'armée de l'islam de Zahrane à Douma, en Syrie, le 3 mars 2016.")
	if diff := cmp.Diff([]string{"Jaish al-Islam"}, r.Actors); diff != "" {
		t.Errorf("actors (-want +got):\n%s", diff)
	}
	for _, tc := range []struct{ name, line, want string }{
		{"unknown actor", "Brigade des Lions\t*\tbrigade des lions\n", `fr_actors.tsv:1: actor "Brigade des Lions" is not in actorinfo.tsv`},
		{"bad scope", "Hezbollah\tLiban\thezbollah\n", `fr_actors.tsv:1: scope "Liban"`},
		{"too few fields", "Hezbollah\t*\n", "fr_actors.tsv:1: want"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := New(fstest.MapFS{"fr_actors.tsv": {Data: []byte(tc.line)}})
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("err = %v, want one containing %q", err, tc.want)
			}
		})
	}
}

// TestFrenchActorsLikeEnglish parses the English and French captions of one
// scene: both must give the same actors and perpetrator, so that the two
// records facet together.
func TestFrenchActorsLikeEnglish(t *testing.T) {
	p, err := New()
	if err != nil {
		t.Fatal(err)
	}
	for _, pair := range [][2]string{
		{"Government forces shelled Douma, Syria, on February 20, 2018.",
			"Les forces gouvernementales ont pilonné Douma, en Syrie, le 20 février 2018."},
		{"Rescuers search the rubble after Russian air strikes on Ariha, Syria, on March 3, 2019.",
			"Des secouristes fouillent les décombres après des frappes russes sur Ariha, en Syrie, le 3 mars 2019."},
		{"Fighters of the Syrian Democratic Forces guard Islamic State prisoners near Baghouz, Syria, on March 12, 2019.",
			"Des combattants des Forces démocratiques syriennes gardent des prisonniers de l'État islamique près de Baghouz, en Syrie, le 12 mars 2019."},
		{"Houthi rebels rally in Sanaa, Yemen, on January 2, 2020.",
			"Des rebelles houthis se rassemblent à Sanaa, au Yémen, le 2 janvier 2020."},
		{"A Hezbollah fighter stands guard near Qusayr, Syria, on June 5, 2013.",
			"Un combattant du Hezbollah monte la garde près de Qousseir, en Syrie, le 5 juin 2013."},
		{"A member of Hayat Tahrir al-Sham in Idlib, Syria, on July 3, 2019.",
			"Un membre de Hayat Tahrir al-Cham à Idleb, en Syrie, le 3 juillet 2019."},
	} {
		en, fr := p.Caption(pair[0]), p.Caption(pair[1])
		if fr.Lang != "fr" || en.Lang != "en" {
			t.Fatalf("languages %q, %q", en.Lang, fr.Lang)
		}
		if len(en.Actors) == 0 {
			t.Fatalf("%s: no English actors: the pair tests nothing", pair[0])
		}
		if diff := cmp.Diff(en.Actors, fr.Actors); diff != "" {
			t.Errorf("%s\nactors (-English +French):\n%s", pair[1], diff)
		}
		var pe, pf string
		if en.Perpetrator != nil {
			pe = en.Perpetrator.Actor
		}
		if fr.Perpetrator != nil {
			pf = fr.Perpetrator.Actor
		}
		if pe != pf {
			t.Errorf("%s\nperpetrator %q, English %q", pair[1], pf, pe)
		}
	}
}
