package parse_test

import (
	"strings"
	"testing"
	"testing/fstest"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"sijil/internal/caption"
	"sijil/internal/parse"
)

// TestActorNames pins how the names captions use become canonical actors:
// aliases in English and Arabic transliteration, forces that take the
// scene's country, and former names. Every caption was written for this
// test.
func TestActorNames(t *testing.T) {
	p := mustParser(t)
	tests := []struct {
		name, text string
		want       []string
	}{
		{"English alias", "YPG fighters stand guard in Qamishli, Syria, May 2, 2017.", []string{"Kurdish People's Protection Units"}},
		{"long English alias", "Fighters of the Kurdish People's Protection Units rest in Kobani, Syria, on February 1, 2015.",
			[]string{"Kurdish People's Protection Units"}},
		{"Arabic transliteration", "Members of al-Hashd al-Shaabi drive near Tal Afar, Iraq, August 20, 2017.",
			[]string{"Popular Mobilisation Forces"}},
		{"Arabic name of the Houthis", "Ansarullah supporters gather in Sanaa, Yemen, September 21, 2019.", []string{"Houthis"}},
		{"government forces take the scene's country", "Government forces patrol a street in Tripoli, Libya, May 2, 2019.",
			[]string{"Libyan government forces"}},
		{"the army takes the scene's country", "The army deploys in Khartoum, Sudan, on April 15, 2023.",
			[]string{"Sudanese government forces"}},
		{"regime forces in Iraq are not Syrian", "Government troops advance on Ramadi, Iraq, December 22, 2015.",
			[]string{"Iraqi government forces"}},
		{"a country's own row wins over the template", "Regime forces advance in Aleppo, Syria, on December 7, 2016.",
			[]string{"Syrian government forces"}},
		{"pro-government militia takes the scene's country", "Pro-government militiamen guard a road in Benghazi, Libya, May 3, 2015.",
			[]string{"Libyan pro-government militias"}},
		{"no country, no demonym", "Government forces patrol the streets on May 2, 2019.", []string{"Government forces"}},
		{"former name before the renaming", "Nusra Front fighters parade in Idlib on March 30, 2015.", []string{"Hayat Tahrir al-Sham"}},
		{"second former name", "Jabhat Fateh al-Sham fighters rest in Aleppo on November 3, 2016.", []string{"Hayat Tahrir al-Sham"}},
		{"current name", "Hayat Tahrir al-Sham fighters gather in Idlib on May 2, 2019.", []string{"Hayat Tahrir al-Sham"}},
		{"dated scope: the republic's forces", "Government forces patrol a street in Kabul, Afghanistan, March 3, 2019.",
			[]string{"Afghan security forces"}},
		{"dated scope: the Taliban's forces", "Government forces patrol a street in Kabul, Afghanistan, September 3, 2022.",
			[]string{"Taliban"}},
		{"dated scope by month", "Security forces stand guard in Kabul, Afghanistan, in October 2021.", []string{"Taliban"}},
		{"undated: the scene's country", "Government forces patrol a street in Kabul, Afghanistan.", []string{"Afghan government forces"}},
		{"Syrian army before December 2024", "Syrian army soldiers stand in Aleppo, Syria, on December 7, 2016.",
			[]string{"Syrian government forces"}},
		{"Syrian army after December 2024", "Syrian army soldiers stand in Aleppo, Syria, on March 7, 2025.",
			[]string{"Syrian transitional government forces"}},
		{"a source is not in the scene", "A man walks past rubble in Saada, Yemen, May 2, 2018. Three people were killed in the strike, the army said.",
			nil},
		{"according to", "Five people were killed in Marib, Yemen, on May 2, 2018, according to the Houthis.", nil},
		{"one group, not two", "A Yemeni soldier fires during clashes with Houthi rebels in Taiz, Yemen, May 4, 2016.",
			[]string{"Yemeni government forces", "Houthis"}},
		{"humanitarian", "Syrian Arab Red Crescent workers unload aid in Madaya, Syria, January 11, 2016.",
			[]string{"Syrian Arab Red Crescent"}},
		{"UN", "UN peacekeepers patrol near Goma, Democratic Republic of the Congo, March 3, 2013.", []string{"United Nations"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := p.Caption(tc.text)
			if diff := cmp.Diff(tc.want, got.Actors, cmpopts.EquateEmpty()); diff != "" {
				t.Errorf("actors of %q (-want +got):\n%s", tc.text, diff)
			}
			for _, s := range got.Evidence["actors"] {
				if s.Start < 0 || s.End > len(got.Text) || s.Start >= s.End {
					t.Errorf("actor evidence %v outside the text", s)
				}
			}
		})
	}
}

// TestPerpetrator is one case per way a caption names who did the event,
// and per trap: presence, protest, hedged and passive voice, in several
// countries and agency styles. Every caption was written for this test.
func TestPerpetrator(t *testing.T) {
	p := mustParser(t)
	type want struct {
		Actor    string
		Name     string
		Kind     caption.ActorKind
		Country  caption.CountryCode
		Claim    caption.Claim
		Evidence string // the text of the perpetrator's evidence
		Target   []caption.TargetKind
	}
	tests := []struct {
		name, text string
		want       *want
	}{
		// The actor's phrase is the attack.
		{"Russian air strikes, Syria", "Civil defence workers search the rubble after Russian air strikes on Ariha, Syria, May 5, 2019.",
			&want{Actor: "Russian armed forces", Kind: caption.KindState, Country: "RU", Evidence: "Russian air strikes"}},
		{"government shelling, Syria", "Smoke rises after government shelling on Douma, Syria, March 3, 2016.",
			&want{Actor: "Syrian government forces", Kind: caption.KindState, Country: "SY", Evidence: "government shelling"}},
		{"government shelling takes the scene's country, Libya", "A man walks past a house hit by government shelling in Derna, Libya, June 1, 2018.",
			&want{Actor: "Libyan government forces", Kind: caption.KindState, Country: "LY", Evidence: "government shelling",
				Target: []caption.TargetKind{caption.TargetHomes}}},
		{"Israeli strike on a school, Gaza", "Palestinians inspect a school after an Israeli strike on the school in Gaza City, November 10, 2023.",
			&want{Actor: "Israeli forces", Kind: caption.KindState, Country: "IL", Evidence: "Israeli strike", Target: []caption.TargetKind{caption.TargetSchool}}},
		// An attack noun or a verb follows the actor.
		{"rebel rocket fire, Syria", "Men inspect damage caused by rebel rocket fire in Aleppo, Syria, October 30, 2016.",
			&want{Actor: "Syrian rebels", Kind: caption.KindRebels, Country: "SY", Evidence: "rebel rocket fire"}},
		{"Houthi drone attack, Saudi Arabia", "Firefighters work after a Houthi drone attack on a fuel depot in Jizan, Saudi Arabia, March 5, 2022. AFP PHOTO",
			&want{Actor: "Houthis", Kind: caption.KindRebels, Country: "YE", Evidence: "Houthi drone attack",
				Target: []caption.TargetKind{caption.TargetInfrastructure}}},
		{"fighters attacked, Nigeria", "Soldiers stand guard after Boko Haram fighters attacked the village of Dalori, Nigeria, January 31, 2016.",
			&want{Actor: "Boko Haram", Kind: caption.KindRebels, Country: "NG", Evidence: "Boko Haram fighters attacked"}},
		{"RSF attacked a market, Sudan", "People flee after Rapid Support Forces attacked a market in El Fasher, Sudan, May 12, 2024.",
			&want{Actor: "Rapid Support Forces", Kind: caption.KindMilitia, Country: "SD", Evidence: "Rapid Support Forces attacked",
				Target: []caption.TargetKind{caption.TargetMarket}}},
		// "by" after the attack, passive voice.
		{"strike by the coalition, Yemen", "Yemenis inspect a house destroyed by a strike by the Saudi-led coalition in Sanaa, Yemen, August 25, 2017.",
			&want{Actor: "Saudi-led coalition", Kind: caption.KindCoalition, Evidence: "strike by the Saudi-led coalition",
				Target: []caption.TargetKind{caption.TargetHomes}}},
		{"claimed by Islamic State, Iraq", "Police inspect the site of a car bomb claimed by Islamic State in Baghdad, Iraq, January 15, 2018. REUTERS/Stringer",
			&want{Actor: "Islamic State", Kind: caption.KindRebels, Claim: caption.ClaimClaimed, Evidence: "claimed by Islamic State"}},
		{"killed by Taliban gunmen, Afghanistan", "Relatives mourn three policemen killed by the Taliban in Kunduz, Afghanistan, on May 3, 2016.",
			&want{Actor: "Taliban", Kind: caption.KindRebels, Country: "AF", Evidence: "killed by the Taliban",
				Target: []caption.TargetKind{caption.TargetPolice}}},
		{"former name on the day", "Fighters of Jabhat al-Nusra fire a rocket in Aleppo, Syria, May 3, 2015.",
			&want{Actor: "Hayat Tahrir al-Sham", Name: "Jabhat al-Nusra", Kind: caption.KindRebels, Country: "SY", Evidence: "Jabhat al-Nusra fire"}},
		{"claimed responsibility in a later sentence, Iraq", "A wounded man is carried after an explosion at a market in Baghdad, Iraq, January 21, 2021. Islamic State claimed responsibility for the attack.",
			&want{Actor: "Islamic State", Kind: caption.KindRebels, Claim: caption.ClaimClaimed, Evidence: "Islamic State claimed responsibility",
				Target: []caption.TargetKind{caption.TargetMarket}}},
		{"drone strike, Afghanistan", "Relatives mourn a child killed by a US drone strike in Kabul, Afghanistan, August 30, 2021.",
			&want{Actor: "United States armed forces", Kind: caption.KindState, Country: "US", Evidence: "US drone strike",
				Target: []caption.TargetKind{caption.TargetCivilians}}},
		// Hedged: kept as a claim.
		{"by suspected, Nigeria", "Troops inspect a burnt house after an attack by suspected Boko Haram militants in Borno, Nigeria, February 2, 2020.",
			&want{Actor: "Boko Haram", Kind: caption.KindRebels, Country: "NG", Claim: caption.ClaimSuspected, Evidence: "attack by suspected Boko Haram"}},
		{"suspected, Gaza", "A wounded boy after a suspected Israeli air strike on a school in Gaza City, November 10, 2023.",
			&want{Actor: "Israeli forces", Kind: caption.KindState, Country: "IL", Claim: caption.ClaimSuspected,
				Evidence: "Israeli air strike", Target: []caption.TargetKind{caption.TargetSchool}}},
		{"reportedly after the actor, Libya", "Smoke rises after government forces reportedly shelled Derna, Libya, June 1, 2018.",
			&want{Actor: "Libyan government forces", Kind: caption.KindState, Country: "LY", Claim: caption.ClaimReported,
				Evidence: "government forces reportedly shelled"}},
		{"have struck, Ukraine", "Residents clear debris after Russian jets have struck Izium, Ukraine, March 20, 2022.",
			&want{Actor: "Russian armed forces", Kind: caption.KindState, Country: "RU", Evidence: "Russian jets have struck"}},
		{"activists said, Syria", "Rescuers search the rubble of a hospital after what activists said were Russian air strikes on Ariha, Syria, May 5, 2019.",
			&want{Actor: "Russian armed forces", Kind: caption.KindState, Country: "RU", Claim: caption.ClaimSaid,
				Evidence: "Russian air strikes", Target: []caption.TargetKind{caption.TargetHospital}}},
		{"reported, Iraq", "Iraqis inspect a mosque after a reported US air strike in Mosul, Iraq, March 25, 2017.",
			&want{Actor: "United States armed forces", Kind: caption.KindState, Country: "US", Claim: caption.ClaimReported,
				Evidence: "US air strike"}},
		{"according to, Ukraine", "Rescuers work at a residential building hit by a Russian missile in Dnipro, Ukraine, January 15, 2023, according to the governor.",
			&want{Actor: "Russian armed forces", Kind: caption.KindState, Country: "RU", Claim: caption.ClaimSaid,
				Evidence: "Russian missile", Target: []caption.TargetKind{caption.TargetHomes}}},
		{"a Russian attack, Ukraine", "People stand near a building destroyed by a Russian attack in Kharkiv, Ukraine, May 25, 2024.",
			&want{Actor: "Russian armed forces", Kind: caption.KindState, Country: "RU", Evidence: "Russian attack"}},
		// Traps: presence, protest, the place of treatment.
		{"presence is not perpetration", "Rebel fighters stand in the town of Kafr Nabudah, Syria, May 8, 2019.", nil},
		{"guards are not perpetrators", "Taliban fighters stand guard in Kabul, Afghanistan, August 17, 2021.", nil},
		{"patrol", "Government forces patrol a street in Tripoli, Libya, May 2, 2019.", nil},
		{"protest against the strikes", "Houthi supporters rally against Saudi-led air strikes in Sanaa, Yemen, March 26, 2017.", nil},
		{"a hospital after the strike that injured her", "A girl injured in a Russian air strike receives treatment at a hospital in Idlib, Syria, May 2, 2019.",
			&want{Actor: "Russian armed forces", Kind: caption.KindState, Country: "RU", Evidence: "Russian air strike"}},
		{"a hospital is where the boy is treated", "A boy is treated in a hospital after an air strike in Idlib, Syria, May 2, 2019.", nil},
		{"an attack with no actor", "Civilians flee after shelling in Mariupol, Ukraine, March 10, 2022.", nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := p.Caption(tc.text)
			var got *want
			if pp := r.Perpetrator; pp != nil {
				got = &want{Actor: pp.Actor, Name: pp.Name, Kind: pp.Kind, Country: pp.Country, Claim: pp.Claim}
				for _, s := range r.Evidence["perpetrator"] {
					got.Evidence = r.Text[s.Start:s.End]
				}
				got.Target = r.Target
			}
			if diff := cmp.Diff(tc.want, got, cmpopts.EquateEmpty()); diff != "" {
				t.Errorf("perpetrator of %q (-want +got):\n%s", tc.text, diff)
			}
			if r.Perpetrator != nil && !contains(r.Actors, r.Perpetrator.Actor) {
				t.Errorf("perpetrator %q is not among the actors %q", r.Perpetrator.Actor, r.Actors)
			}
			if (r.Perpetrator != nil && r.Perpetrator.Claim != "") != (len(r.Evidence["perpetrator_claim"]) > 0) {
				t.Errorf("claim %v without its evidence %v", r.Perpetrator, r.Evidence["perpetrator_claim"])
			}
		})
	}
}

func contains(l []string, s string) bool {
	for _, x := range l {
		if x == s {
			return true
		}
	}
	return false
}

// TestTarget pins when a named place or group is what the event struck.
func TestTarget(t *testing.T) {
	p := mustParser(t)
	tests := []struct {
		name, text string
		want       []caption.TargetKind
	}{
		{"strike on a market", "Smoke rises after an air strike on a market in Maarat al-Numan, Syria, July 22, 2019.",
			[]caption.TargetKind{caption.TargetMarket}},
		{"shelling hit a school", "Shelling hit a school in Kharkiv, Ukraine, on May 6, 2022.", []caption.TargetKind{caption.TargetSchool}},
		{"civilians were killed", "Mourners gather in Kabul, Afghanistan, where civilians were killed in a blast at a mosque on May 3, 2021.",
			[]caption.TargetKind{caption.TargetCivilians, caption.TargetWorship}},
		{"the rubble of a hospital", "Medics search the rubble of a hospital in Khan Younis, Gaza, November 20, 2023.",
			[]caption.TargetKind{caption.TargetHospital}},
		{"aid convoy", "Trucks burn after an attack on an aid convoy near Aleppo, Syria, September 20, 2016.",
			[]caption.TargetKind{caption.TargetAid}},
		{"a camp for the displaced", "Tents burn after shelling of a camp for the displaced in Idlib, Syria, on November 20, 2019.",
			[]caption.TargetKind{caption.TargetCamp}},
		{"treated in a hospital", "A girl is treated in a hospital in Aden, Yemen, on May 1, 2018.", nil},
		{"a school as shelter", "Displaced families rest in a school in Sirte, Libya, on March 1, 2020.", nil},
		{"children play", "Children play in a market in Maiduguri, Nigeria, May 3, 2017.", nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := p.Caption(tc.text)
			if diff := cmp.Diff(tc.want, r.Target, cmpopts.EquateEmpty()); diff != "" {
				t.Errorf("target of %q (-want +got):\n%s", tc.text, diff)
			}
			if len(r.Target) > 0 && len(r.Evidence["target"]) == 0 {
				t.Errorf("target %v without evidence", r.Target)
			}
		})
	}
}

// TestActorLexiconExtended checks that a team's own actorinfo.tsv and
// actors.tsv add an actor, its kind and a former name.
func TestActorLexiconExtended(t *testing.T) {
	extra := fstest.MapFS{
		"actors.tsv":    {Data: []byte("Sham Legion\t*\tsham legion\tfaylaq al-sham\n")},
		"actorinfo.tsv": {Data: []byte("Sham Legion\tSY\trebel group\tOld Legion until 2014-01-01\n")},
	}
	p, err := parse.New(extra)
	if err != nil {
		t.Fatal(err)
	}
	r := p.Caption("Old Legion fighters shelled the town of Binnish, Syria, on May 2, 2013.")
	want := &caption.Perpetrator{Actor: "Sham Legion", Name: "Old Legion", Kind: caption.KindRebels, Country: "SY"}
	if diff := cmp.Diff(want, r.Perpetrator); diff != "" {
		t.Errorf("perpetrator (-want +got):\n%s", diff)
	}
}

// TestActorInfoErrors checks that a malformed actorinfo.tsv or actors.tsv
// line is reported by file and line.
func TestActorInfoErrors(t *testing.T) {
	tests := []struct{ name, line, want string }{
		{"unknown kind", "X\tSY\tgang\n", "actorinfo.tsv:1: kind"},
		{"bad country", "X\tSyria\trebel group\n", "actorinfo.tsv:1: country"},
		{"bad renaming", "X\tSY\trebel group\tY since 2014\n", "actorinfo.tsv:1: former name"},
		{"too few fields", "X\tSY\n", "actorinfo.tsv:1: want"},
		{"dated scope without a date", "actors.tsv\tX\tAF from\tx\n", "actors.tsv:1: scope"},
		{"dated scope with a bad word", "actors.tsv\tX\tAF since 2021-08-15\tx\n", "actors.tsv:1: scope"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			file, line := "actorinfo.tsv", tc.line
			if f, rest, ok := strings.Cut(tc.line, "\t"); ok && f == "actors.tsv" {
				file, line = f, rest
			}
			_, err := parse.New(fstest.MapFS{file: {Data: []byte(line)}})
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("New = %v, want an error with %q", err, tc.want)
			}
		})
	}
}
