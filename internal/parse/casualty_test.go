package parse

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"sijil/internal/caption"
)

// casualtyView is the part of casualtyResult the table tests compare.
type casualtyView struct {
	Killed, Injured *int
	Attribution     []string
	Sentences       []int
	Warned          bool
}

func viewCasualties(r casualtyResult) casualtyView {
	return casualtyView{Killed: r.Killed, Injured: r.Injured, Attribution: r.Attribution, Sentences: r.Sentences, Warned: len(r.Warnings) > 0}
}

func num(n int) *int { return &n }

// casualtyCases are invented captions in the agencies' styles. Sentences
// lists the sentences that carry the kept figures.
var casualtyCases = []struct {
	name string
	in   string
	want casualtyView
}{
	// Counts before the verb.
	{"passive with qualifier and source", "A picture shows a damaged classroom in Douma, on the eastern outskirts of Damascus, on March 3, 2017. At least four children were killed and 19 people injured in the strike on the town, according to the Syrian Observatory for Human Rights.",
		casualtyView{Killed: num(4), Injured: num(19), Attribution: []string{"Syrian Observatory for Human Rights"}, Sentences: []int{1}}},
	{"coordinated counts add up", "Three women and three children were killed when a shell hit their home in Taiz, Yemen, medics said.",
		casualtyView{Killed: num(6), Attribution: []string{"medics"}, Sentences: []int{0}}},
	{"coordination with an article", "Two men and a boy were killed in the raid on Jenin, the Palestinian health ministry reported.",
		casualtyView{Killed: num(3), Attribution: []string{"Palestinian health ministry"}, Sentences: []int{0}}},
	{"three conjuncts", "Four soldiers, two policemen and a child were killed in the ambush near Kandahar.",
		casualtyView{Killed: num(7), Sentences: []int{0}}},
	{"more than", "More than 40 people were killed in the bombing of a mosque in Kabul on Friday.",
		casualtyView{Killed: num(40), Sentences: []int{0}}},
	{"intransitive died", "At least 70 people died in what activists said were four barrel bombs dropped on the town of Daraya.",
		casualtyView{Killed: num(70), Attribution: []string{"activists"}, Sentences: []int{0}}},
	{"number words", "One hundred and twenty people were killed in the blast at a checkpoint in Mogadishu.",
		casualtyView{Killed: num(120), Sentences: []int{0}}},
	{"hyphenated number word", "Twenty-one people were killed when a car bomb exploded in Mosul.",
		casualtyView{Killed: num(21), Sentences: []int{0}}},
	{"a dozen", "A dozen civilians were wounded in the shelling of Kharkiv, according to the regional governor.",
		casualtyView{Injured: num(12), Attribution: []string{"regional governor"}, Sentences: []int{0}}},
	{"digits with thousands separator", "The quake and its aftershocks left 1,200 people dead in Herat province.",
		casualtyView{Killed: num(1200), Sentences: []int{0}}},
	{"left dead and wounded", "The shelling left 12 dead and 40 wounded in Kramatorsk, the regional governor said.",
		casualtyView{Killed: num(12), Injured: num(40), Attribution: []string{"regional governor"}, Sentences: []int{0}}},
	{"headline style", "Six killed, 20 injured in Quetta blast.",
		casualtyView{Killed: num(6), Injured: num(20), Sentences: []int{0}}},
	{"reduced relative", "Relatives mourn four children killed in an airstrike on Saraqib, Idlib province.",
		casualtyView{Killed: num(4), Sentences: []int{0}}},
	{"aside with including", "Four people, including two children, were killed in the strike on Ariha, activists said.",
		casualtyView{Killed: num(4), Attribution: []string{"activists"}, Sentences: []int{0}}},
	{"aside mostly", "At least 12 people, mostly women and children, were killed in Sanaa, the Houthi-run health ministry said.",
		casualtyView{Killed: num(12), Attribution: []string{"Houthi-run health ministry"}, Sentences: []int{0}}},
	{"aside before intransitive", "Eleven people, among them four children, died when the building collapsed in Aleppo.",
		casualtyView{Killed: num(11), Sentences: []int{0}}},
	{"including without commas", "Five people including a nurse were killed in the shelling of the hospital in Kunduz.",
		casualtyView{Killed: num(5), Sentences: []int{0}}},
	{"relative clause", "Mourners carry the bodies of three men who were killed in an Israeli raid in Nablus.",
		casualtyView{Killed: num(3), Sentences: []int{0}}},
	{"preposition inside the phrase", "Nine people in the village were killed by a landmine in Kandahar province, officials said.",
		casualtyView{Killed: num(9), Attribution: []string{"officials"}, Sentences: []int{0}}},
	{"shot dead", "Six protesters were shot dead by security forces in Khartoum on Thursday, a doctors' committee said.",
		casualtyView{Killed: num(6), Attribution: []string{"doctors' committee"}, Sentences: []int{0}}},
	{"lost their lives", "Thirty migrants lost their lives when their boat sank off the coast of Libya.",
		casualtyView{Killed: num(30), Sentences: []int{0}}},
	{"drowned", "Ten Rohingya refugees drowned after their boat capsized off Rakhine, the UNHCR said.",
		casualtyView{Killed: num(10), Attribution: []string{"UNHCR"}, Sentences: []int{0}}},
	{"injuries noun", "Fifteen people suffered injuries when a drone hit an apartment block in Odesa.",
		casualtyView{Injured: num(15), Sentences: []int{0}}},
	{"deaths of", "The strike caused the deaths of 11 civilians in Mariupol, Ukrainian officials said.",
		casualtyView{Killed: num(11), Attribution: []string{"Ukrainian officials"}, Sentences: []int{0}}},
	{"reported killed", "At least 15 civilians were reported killed in the attack, which residents said was carried out by drones.",
		casualtyView{Killed: num(15), Attribution: []string{"residents"}, Sentences: []int{0}}},
	{"demonym head", "Seven Palestinians killed in Israeli raid on Jenin camp.",
		casualtyView{Killed: num(7), Sentences: []int{0}}},

	// Counts after the verb.
	{"killing and wounding", "A Russian missile hit a shopping centre in Kremenchuk, Ukraine, killing at least 18 people and wounding 59, regional officials said.",
		casualtyView{Killed: num(18), Injured: num(59), Attribution: []string{"regional officials"}, Sentences: []int{0}}},
	{"active killed with agent", "Israeli strikes on Khan Younis killed at least 12 people and wounded 30, the Hamas-run health ministry said.",
		casualtyView{Killed: num(12), Injured: num(30), Attribution: []string{"Hamas-run health ministry"}, Sentences: []int{0}}},
	{"coordinated objects", "The blast in Quetta killed two women and three children, police said.",
		casualtyView{Killed: num(5), Attribution: []string{"police"}, Sentences: []int{0}}},
	{"coordinated objects with an abbreviation", "The blast at the airport in Kabul killed 170 Afghans and 13 U.S. service members.",
		casualtyView{Killed: num(183), Sentences: []int{0}}},
	{"object stops before a new clause", "A suicide bomber killed 14 soldiers and 30 were wounded in the attack on the base in Mali.",
		casualtyView{Killed: num(14), Injured: num(30), Sentences: []int{0}}},
	{"object with including", "An airstrike on a wedding party killed 23 people, including 10 children, according to the U.N. Office for the Coordination of Humanitarian Affairs (OCHA).",
		casualtyView{Killed: num(23), Attribution: []string{"U.N. Office for the Coordination of Humanitarian Affairs"}, Sentences: []int{0}}},
	{"death toll rose", "Rescuers search the rubble of the hospital in Mandalay. The death toll from Monday's airstrike rose to 30, officials said.",
		casualtyView{Killed: num(30), Attribution: []string{"officials"}, Sentences: []int{1}}},
	{"death toll of", "The bombing, with a death toll of 63, was the deadliest in Kabul this month.",
		casualtyView{Killed: num(63), Sentences: []int{0}}},
	{"claimed the lives", "The landslide claimed the lives of 19 villagers in Kachin state.",
		casualtyView{Killed: num(19), Sentences: []int{0}}},
	{"source before the figures", "Houthi rebels said Saudi-led coalition airstrikes on a bus killed 40 children in Dahyan, Saada province, Yemen, August 9, 2018.",
		casualtyView{Killed: num(40), Attribution: []string{"Houthi rebels"}, Sentences: []int{0}}},
	{"inverted said", "Shelling hit a bread queue in Atareb, killing nine people, said the civil defence.",
		casualtyView{Killed: num(9), Attribution: []string{"civil defence"}, Sentences: []int{0}}},
	{"according to figures from", "Five members of the same family were killed when a shell hit their house in Gaza City, according to figures from the health ministry.",
		casualtyView{Killed: num(5), Attribution: []string{"health ministry"}, Sentences: []int{0}}},
	{"acronym after an agency", "A mine killed four children in Marib province, according to the U.N. children's agency, UNICEF.",
		casualtyView{Killed: num(4), Attribution: []string{"U.N. children's agency, UNICEF"}, Sentences: []int{0}}},
	{"reported by", "Eight people were killed in the airstrike on Maarat al-Numan, as reported by the local council.",
		casualtyView{Killed: num(8), Attribution: []string{"local council"}, Sentences: []int{0}}},
	{"source reported", "Two Reuters journalists were hurt in the blast in Tikrit, state media reported.",
		casualtyView{Injured: num(2), Attribution: []string{"state media"}, Sentences: []int{0}}},

	{"source with a possessive", "Syria's state news agency SANA said 12 people were killed in the shelling of Aleppo.",
		casualtyView{Killed: num(12), Attribution: []string{"Syria's state news agency SANA"}, Sentences: []int{0}}},
	{"source told an agency", "A soldier guards the site of a car bomb attack in Baghdad which killed 7 people on Sunday, police sources told Reuters.",
		casualtyView{Killed: num(7), Attribution: []string{"police sources"}, Sentences: []int{0}}},
	{"tally names its maker", "At least 12 people were killed in Mosul according to an AFP tally.",
		casualtyView{Killed: num(12), Attribution: []string{"AFP"}, Sentences: []int{0}}},
	{"organisation named count", "The raid killed 14 civilians, according to Iraq Body Count.",
		casualtyView{Killed: num(14), Attribution: []string{"Iraq Body Count"}, Sentences: []int{0}}},
	{"among the killed", "A girl, 7, was among 9 people killed when a shell hit the camp in Maiduguri, Nigeria.",
		casualtyView{Killed: num(9), Sentences: []int{0}}},
	{"toll had risen", "The Britain-based Syrian Observatory for Human Rights said the death toll had risen to 27.",
		casualtyView{Killed: num(27), Attribution: []string{"Britain-based Syrian Observatory for Human Rights"}, Sentences: []int{0}}},

	// Figures across sentences.
	{"figures differ across sentences", "At least 40 people were killed in Mosul on Sunday. Iraqi officials later said 45 people died.",
		casualtyView{Killed: num(40), Sentences: []int{0}, Warned: true}},
	{"figures agree across sentences", "Nine people died in the fire at the camp in Cox's Bazar. All nine were Rohingya refugees, and nine people died, police said.",
		casualtyView{Killed: num(9), Attribution: []string{"police"}, Sentences: []int{0, 1}}},
	{"event attribution in the scene sentence", "A man carries a wounded woman at a site hit by what activists said were airstrikes in Idlib, Syria, January 9, 2016. At least 70 people died in the strikes, the Syrian Observatory for Human Rights said.",
		casualtyView{Killed: num(70), Attribution: []string{"activists", "Syrian Observatory for Human Rights"}, Sentences: []int{1}}},
	{"event attribution without figures", "A man inspects a crater left by what residents said was a barrel bomb in Daraa, Syria, June 2, 2015.",
		casualtyView{Attribution: []string{"residents"}}},

	{"bodies counted", "Police say five bodies were found in a car in Culiacan, Mexico, May 3, 2024.",
		casualtyView{Killed: num(5), Attribution: []string{"Police"}, Sentences: []int{0}}},
	{"the bodies of a count", "Villagers stand where the bodies of four men were found in Bucha, Ukraine, April 3, 2022.",
		casualtyView{Killed: num(4), Sentences: []int{0}}},
	{"no bodies is no zero", "No bodies were found in the rubble in Antakya, Turkey, on February 9, 2023.",
		casualtyView{}},
	{"bodies, no count", "Hundreds of bodies lie in a mass grave in Izium, Ukraine, September 16, 2022.",
		casualtyView{}},
	// An event after the photo's.
	{"a day before an attack", "Soldiers stand guard in Ouallam, Niger, on January 8, 2020, a day before jihadists attacked a camp, killing 89 soldiers.",
		casualtyView{}},
	{"hours later", "Shoppers crowd a market in Bunia, Ituri province, on June 5, 2023; hours later a grenade blast killed 12 people there.",
		casualtyView{}},
	{"killed the day before is the funeral's", "Mourners bury 12 people killed the day before in an air strike on Ariha, Syria, on May 30, 2020.",
		casualtyView{Killed: num(12), Sentences: []int{0}}},
	{"a day after is the aftermath", "A day after an air strike killed 7 people, residents search the rubble in Marib, Yemen, on March 3, 2021.",
		casualtyView{Killed: num(7), Sentences: []int{0}}},
	// No count.
	{"an injured woman", "Syrian rescue workers help an injured woman following a reported air strike by government forces on Aleppo, April 10, 2016.",
		casualtyView{}},
	{"dead bodies", "A man reacts over dead bodies after shelling in the rebel-held town of Douma, Syria, October 24, 2016.",
		casualtyView{}},
	{"the dead", "Four of the dead were children, residents of Kherson said.",
		casualtyView{}},
	{"dozens", "Dozens were killed in the attack on the market in Sinjar, the Kurdish authorities said.",
		casualtyView{}},
	{"hundreds of people", "Hundreds of people were killed in the assault on El Fasher.",
		casualtyView{}},
	{"single victim", "The sniper killed a 9-year-old girl in the old city of Aleppo.",
		casualtyView{}},
	{"age is not a count", "A 9-year-old girl was killed by a sniper in Taiz, her father said.",
		casualtyView{}},
	{"age between commas", "Mariam, 9, was killed in the strike on Hass, her uncle said.",
		casualtyView{}},
	// Stated zeros are figures.
	{"no one", "No one was killed in the attack on the convoy, police said.",
		casualtyView{Killed: num(0), Attribution: []string{"police"}, Sentences: []int{0}}},
	{"no one was hurt", "A Russian drone hit a warehouse in Kharkiv overnight. No one was hurt, the mayor said.",
		casualtyView{Injured: num(0), Attribution: []string{"mayor"}, Sentences: []int{1}}},
	{"nobody was injured", "Nobody was injured when the rocket landed in a field near Ashkelon.",
		casualtyView{Injured: num(0), Sentences: []int{0}}},
	{"no one killed or injured", "No one was killed or injured in the blast at the depot in Misrata, police said.",
		casualtyView{Killed: num(0), Injured: num(0), Attribution: []string{"police"}, Sentences: []int{0}}},
	{"no casualties were reported", "A shell landed near the school in Marib. No casualties were reported.",
		casualtyView{Killed: num(0), Injured: num(0), Sentences: []int{1}}},
	{"no civilians", "No civilians were hurt in the raid on Jenin, the army said.",
		casualtyView{Injured: num(0), Attribution: []string{"army"}, Sentences: []int{0}}},
	{"no reports of casualties is no figure", "There were no immediate reports of casualties after the strike on Kramatorsk.",
		casualtyView{}},
	{"no one else is no figure", "Two people were killed in Kherson. No one else was hurt.",
		casualtyView{Killed: num(2), Sentences: []int{0}}},
	// The toll after an agency's handout sentence.
	{"toll after a handout sentence", "Security forces inspect the site in Kirkuk, Iraq, October 2, 2017, in this handout photograph released by the provincial police media office. Two car bombs hit police buildings in Kirkuk, killing 12 people.",
		casualtyView{Killed: num(12), Sentences: []int{1}}},
	{"killed or wounded", "Eight soldiers were killed or wounded in the ambush in Helmand, the ministry said.",
		casualtyView{}},
	{"feared dead", "Forty people are feared dead after the boat sank off Lampedusa.",
		casualtyView{}},
	{"negated", "Four people were not hurt when the rocket hit the yard in Sderot.",
		casualtyView{}},
	{"agent is not a count", "Four vacuum bombs killed people in the town of Maaret al-Numan.",
		casualtyView{}},
	{"perfect agent is not a count", "Four vacuum bombs have killed people in Maaret al-Numan.",
		casualtyView{}},
	{"perfect with object", "Israeli strikes have killed 30 people in Rafah since dawn, medics said.",
		casualtyView{}},
	{"perfect with object on the day", "Israeli strikes on Rafah have killed 30 people, medics said.",
		casualtyView{Killed: num(30), Attribution: []string{"medics"}, Sentences: []int{0}}},
	{"reportedly without be", "Twelve civilians reportedly killed in Hodeidah, Yemen.",
		casualtyView{Killed: num(12), Sentences: []int{0}}},
	{"relative intransitive", "Mourners bury three men who died in the raid on Tulkarm.",
		casualtyView{Killed: num(3), Sentences: []int{0}}},
	{"a boy alone", "An Israeli airstrike killed a man in Rafah, medics said.",
		casualtyView{}},

	// Running totals, not the depicted event.
	{"war has killed", "A girl walks through the ruins of Homs. The war has killed more than 500,000 people since 2011.",
		casualtyView{}},
	{"killed in the conflict", "More than 300,000 people have been killed in the conflict, according to the United Nations.",
		casualtyView{}},
	{"so far this year", "At least 2,000 people have died in the fighting in Khartoum so far this year, the ministry said.",
		casualtyView{}},
	{"deadliest year", "2016 was the deadliest year for Syria's children, with 652 killed, UNICEF said.",
		casualtyView{}},
	{"a month's tally", "Nearly 3,000 people were killed in Syria in March, the deadliest month of the war.",
		casualtyView{}},
	{"raising the toll", "Twelve people were killed in Bakhmut, raising the death toll from the week's fighting to 230.",
		casualtyView{Killed: num(12), Sentences: []int{0}}},
	{"running total after the event", "Rescuers search the rubble in Rafah. Nine people were killed in the strike, the civil defence said. More than 30,000 people have been killed in the war, according to the health ministry.",
		casualtyView{Killed: num(9), Attribution: []string{"civil defence"}, Sentences: []int{1}}},

	// Numbers that count no people.
	{"bombs are not casualties", "Activists said four barrel bombs were dropped on Daraya.",
		casualtyView{}},
	{"soldiers in a battalion", "The female battalion consists of 800 female soldiers who monitor the frontlines.",
		casualtyView{}},
	{"a year before a noun", "A boy plays next to a 1948 Buick parked outside a house in Aleppo.",
		casualtyView{}},
	{"children without education", "More than 2.8 million Syrian children cannot get an education, according to the U.N. children's agency, UNICEF.",
		casualtyView{}},
	{"background source without figures", "A man weaves mats in Maarshureen, Idlib. The business has declined due to airstrikes, vendors said.",
		casualtyView{}},
	{"date beside the verb", "Five people were killed and seven were injured on 3 March, 2017 in the town of Muse, Myanmar.",
		casualtyView{Killed: num(5), Injured: num(7), Sentences: []int{0}}},
	{"distance after the verb", "Four people were killed 20 km from the front line in Zaporizhzhia.",
		casualtyView{Killed: num(4), Sentences: []int{0}}},
	{"pronoun is no source", "Two of his brothers were killed in Gaza, he said.",
		casualtyView{Killed: num(2), Sentences: []int{0}}},
	{"passive said is no source", "Twelve people were killed in what were said to be Russian airstrikes on Jisr al-Shughur.",
		casualtyView{Killed: num(12), Sentences: []int{0}}},
	{"empty", "", casualtyView{}},
}

func TestCasualties(t *testing.T) {
	p := &Parser{}
	for _, tc := range casualtyCases {
		t.Run(tc.name, func(t *testing.T) {
			got := viewCasualties(p.casualties(tc.in, sentences(tc.in), tokenize(tc.in, lowerASCII(tc.in))))
			if diff := cmp.Diff(tc.want, got, cmpopts.EquateEmpty()); diff != "" {
				t.Errorf("casualties(%q) mismatch (-want +got):\n%s", tc.in, diff)
			}
		})
	}
}

// evidenceText is the text of each evidence span.
type evidenceText struct {
	Killed, Injured, Attribution []string
}

func TestCasualtyEvidence(t *testing.T) {
	tests := []struct {
		name string
		in   string
		want evidenceText
	}{
		{"before the verb", "A kindergarten in Harasta. At least four children were killed and 19 people injured in the strike, according to the Syrian Observatory for Human Rights.",
			evidenceText{Killed: []string{"At least four children were killed"}, Injured: []string{"19 people injured"}, Attribution: []string{"Syrian Observatory for Human Rights"}}},
		{"after the verb", "A missile hit Kremenchuk, killing at least 18 people and wounding 59, officials said.",
			evidenceText{Killed: []string{"killing at least 18 people"}, Injured: []string{"wounding 59"}, Attribution: []string{"officials"}}},
		{"coordination", "Three women and three children were killed in Taiz.",
			evidenceText{Killed: []string{"Three women and three children were killed"}}},
		{"toll", "The death toll rose to 30, the Hamas-run health ministry said.",
			evidenceText{Killed: []string{"toll rose to 30"}, Attribution: []string{"Hamas-run health ministry"}}},
		{"agreeing sentences", "Nine people died in Aleppo. Nine people died, medics said.",
			evidenceText{Killed: []string{"Nine people died", "Nine people died"}, Attribution: []string{"medics"}}},
	}
	p := &Parser{}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := p.casualties(tc.in, sentences(tc.in), tokenize(tc.in, lowerASCII(tc.in)))
			got := evidenceText{Killed: spanTexts(tc.in, r.KilledSpans), Injured: spanTexts(tc.in, r.InjuredSpans), Attribution: spanTexts(tc.in, r.AttributionSpans)}
			if diff := cmp.Diff(tc.want, got, cmpopts.EquateEmpty()); diff != "" {
				t.Errorf("casualties(%q) evidence mismatch (-want +got):\n%s", tc.in, diff)
			}
		})
	}
}

func spanTexts(s string, spans []caption.Span) []string {
	var out []string
	for _, sp := range spans {
		out = append(out, s[sp.Start:sp.End])
	}
	return out
}

func TestReadNumber(t *testing.T) {
	type result struct {
		N, Size int
		OK      bool
	}
	tests := []struct {
		name string
		in   string
		want result
	}{
		{"digits", "19 people", result{19, 2, true}},
		{"digits at end", "19", result{19, 2, true}},
		{"full stop after", "19.", result{19, 2, true}},
		{"comma after", "19, medics said", result{19, 2, true}},
		{"thousands", "1,200 people", result{1200, 5, true}},
		{"millions with separators", "12,000,000 people", result{12000000, 10, true}},
		{"bad grouping", "1,20 people", result{}},
		{"decimal million", "2.8 million children", result{2800000, 11, true}},
		{"digits thousand", "20 thousand", result{20000, 11, true}},
		{"bare decimal", "2.5 km", result{}},
		{"iso date", "2016-11-06", result{}},
		{"slash date", "06/11/2016", result{}},
		{"dotted date", "6.11.2016", result{}},
		{"day before month", "6 November", result{}},
		{"day before abbreviated month", "6 Nov. 2016", result{}},
		{"time", "10:30 am", result{}},
		{"percent sign", "40% of", result{}},
		{"percent word", "40 percent", result{}},
		{"range", "20-30 people", result{}},
		{"ordinal", "1st battalion", result{}},
		{"age compound", "9-year-old", result{}},
		{"unit glued", "9mm", result{}},
		{"word", "four children", result{4, 4, true}},
		{"capitalised word", "Four children", result{4, 4, true}},
		{"upper case", "FOUR", result{4, 4, true}},
		{"teen is not its unit", "fourteen", result{14, 8, true}},
		{"someone is not one", "someone", result{}},
		{"tens hyphen unit", "twenty-one people", result{21, 10, true}},
		{"tens space unit", "twenty one people", result{21, 10, true}},
		{"a hundred", "a hundred people", result{100, 9, true}},
		{"hundred and", "one hundred and twenty people", result{120, 22, true}},
		{"trailing and", "one hundred and people", result{100, 11, true}},
		{"a dozen", "a dozen civilians", result{12, 7, true}},
		{"two dozen", "two dozen", result{24, 9, true}},
		{"thousands compound", "two thousand five hundred", result{2500, 25, true}},
		{"million words", "one million two hundred thousand", result{1200000, 32, true}},
		{"fifteen hundred", "fifteen hundred", result{1500, 15, true}},
		{"unit after unit", "four five", result{4, 4, true}},
		{"word compound", "four-year-old", result{}},
		{"tens compound", "twenty-five-year-old", result{}},
		{"hundreds", "hundreds of people", result{}},
		{"dozens", "dozens", result{}},
		{"scores", "scores of", result{}},
		{"thousands", "thousands", result{}},
		{"article alone", "a man", result{}},
		{"hundred alone", "hundred people", result{}},
		{"dozen alone", "dozen people", result{}},
		{"word before month", "six May", result{}},
		{"empty", "", result{}},
		{"not a number", "people", result{}},
		{"too many digits", "1234567890123", result{}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var got result
			got.N, got.Size, got.OK = readNumber(tc.in)
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("readNumber(%q) mismatch (-want +got):\n%s", tc.in, diff)
			}
		})
	}
}

// FuzzCasualties checks the invariants of casualties on any text: no panic,
// non-negative counts, non-empty spans inside the description, attribution
// strings equal to the text at their spans, and sentence indexes in range.
func FuzzCasualties(f *testing.F) {
	for _, tc := range casualtyCases {
		f.Add(tc.in)
	}
	p := &Parser{}
	f.Fuzz(func(t *testing.T, in string) {
		desc := Fold(in)
		sents := sentences(desc)
		r := p.casualties(desc, sents, tokenize(desc, lowerASCII(desc)))
		checkCasualtyInvariants(t, desc, len(sents), r)
		if n, size, ok := readNumber(in); ok && (n < 0 || size <= 0 || size > len(in)) {
			t.Errorf("readNumber(%q) = %d, %d", in, n, size)
		}
	})
}

func checkCasualtyInvariants(t *testing.T, desc string, nsents int, r casualtyResult) {
	t.Helper()
	for _, c := range []*int{r.Killed, r.Injured} {
		if c != nil && *c < 0 {
			t.Errorf("negative count %d in %q", *c, desc)
		}
	}
	for _, spans := range [][]caption.Span{r.KilledSpans, r.InjuredSpans, r.AttributionSpans} {
		for _, sp := range spans {
			if sp.Start < 0 || sp.End > len(desc) || sp.Start >= sp.End {
				t.Fatalf("span %v outside %d bytes of %q", sp, len(desc), desc)
			}
		}
	}
	if len(r.Attribution) != len(r.AttributionSpans) {
		t.Fatalf("%d attributions, %d spans", len(r.Attribution), len(r.AttributionSpans))
	}
	for i, a := range r.Attribution {
		if sp := r.AttributionSpans[i]; desc[sp.Start:sp.End] != a || strings.TrimSpace(a) != a || !utf8.ValidString(a) {
			t.Errorf("attribution %q is not the text %q at %v", a, desc[sp.Start:sp.End], sp)
		}
	}
	if (r.Killed == nil) != (len(r.KilledSpans) == 0) || (r.Injured == nil) != (len(r.InjuredSpans) == 0) {
		t.Errorf("counts and spans disagree: %+v", r)
	}
	for _, s := range r.Sentences {
		if s < 0 || s >= nsents {
			t.Errorf("sentence %d out of %d", s, nsents)
		}
	}
}

// BenchmarkCasualties reads the casualty cases; MB/s is description bytes
// per second.
func BenchmarkCasualties(b *testing.B) {
	p := &Parser{}
	var size int64
	sents := make([][]caption.Span, len(casualtyCases))
	for i, tc := range casualtyCases {
		size += int64(len(tc.in))
		sents[i] = sentences(tc.in)
	}
	b.SetBytes(size)
	b.ReportAllocs()
	for b.Loop() {
		for i, tc := range casualtyCases {
			p.casualties(tc.in, sents[i], tokenize(tc.in, lowerASCII(tc.in)))
		}
	}
}
