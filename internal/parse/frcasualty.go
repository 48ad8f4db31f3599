package parse

import (
	"strconv"
	"strings"

	"sijil/internal/caption"
)

// The French rules' numbers, casualty figures and their sources (see
// french.go).

// frNumbers are the French number words up to twenty and the tens.
var frNumbers = map[string]int{
	"un": 1, "une": 1, "deux": 2, "trois": 3, "quatre": 4, "cinq": 5, "six": 6, "sept": 7, "huit": 8,
	"neuf": 9, "dix": 10, "onze": 11, "douze": 12, "treize": 13, "quatorze": 14, "quinze": 15,
	"seize": 16, "dix-sept": 17, "dix-huit": 18, "dix-neuf": 19, "vingt": 20, "trente": 30,
	"quarante": 40, "cinquante": 50, "soixante": 60, "soixante-dix": 70, "quatre-vingt": 80,
	"quatre-vingts": 80, "quatre-vingt-dix": 90, "cent": 100,
}

// frNumber reads a number token: digits, or a number word, hyphenated
// compounds included ("vingt-deux", "trente-et-un").
func frNumber(t frToken) (int, bool) {
	if t.digits {
		n, err := strconv.Atoi(t.key)
		return n, err == nil && n < 1_000_000_000
	}
	if n, ok := frNumbers[t.key]; ok {
		return n, true
	}
	parts := strings.Split(t.key, "-")
	if len(parts) < 2 {
		return 0, false
	}
	sum := 0
	for _, p := range parts {
		if p == "et" {
			continue
		}
		n, ok := frNumbers[p]
		if !ok {
			return 0, false
		}
		sum += n
	}
	if strings.HasPrefix(t.key, "quatre-vingt") {
		sum += 80 - 24 // quatre (4) + vingt (20) read as 80
	}
	return sum, true
}

// frPeopleTok reports a noun of people between a number and a casualty
// word: frPeople, or a people's name in the plural ("huit Palestiniens ont
// été tués", "trois Soudanais").
func frPeopleTok(t frToken) bool {
	if frPeople[t.key] {
		return true
	}
	if _, isNum := frNumber(t); isNum {
		return false // "Trois civils"
	}
	return t.upper && t.word && len(t.key) > 4 && strings.HasSuffix(t.key, "s")
}

// frKin are the relatives a caption adds to a count with a possessive
// ("deux enfants et leur mère"); frPossessives those possessives.
var (
	frKin         = map[string]bool{"mère": true, "père": true, "femme": true, "mari": true, "fils": true, "fille": true, "frère": true, "sœur": true, "soeur": true, "grand-mère": true, "grand-père": true}
	frPossessives = map[string]bool{"leur": true, "sa": true, "son": true}
)

// frKilled and frInjured are the casualty words; frPeople the nouns
// between a number and them ("douze civils ont été tués").
var (
	frKilled = map[string]bool{"tuant": true, "tué": true, "tués": true, "tuée": true, "tuées": true, "mort": true, "morts": true,
		"morte": true, "mortes": true, "décédé": true, "décédés": true, "décédée": true, "décédées": true, "péri": true}
	frInjured = map[string]bool{"blessant": true, "blessé": true, "blessés": true, "blessée": true, "blessées": true}
	frPeople  = map[string]bool{"personnes": true, "personne": true, "civils": true, "civil": true, "enfants": true,
		"enfant": true, "femmes": true, "femme": true, "hommes": true, "homme": true, "soldats": true, "soldat": true,
		"combattants": true, "rebelles": true, "militaires": true, "policiers": true, "manifestants": true,
		"membres": true, "jihadistes": true, "djihadistes": true, "habitants": true, "passants": true,
		"secouristes": true, "autres": true, "militants": true, "fidèles": true, "élèves": true, "patients": true,
		// The rural and displaced victims of the Sahel's, Congo's and
		// Darfur's attacks: "les corps de cinq villageois tués".
		"villageois": true, "paysans": true, "agriculteurs": true, "éleveurs": true, "déplacés": true,
		"réfugiés": true, "journalistes": true, "gendarmes": true, "miliciens": true, "orpailleurs": true,
		"commerçants": true, "humanitaires": true, "pèlerins": true, "étudiants": true}
	// frAux stand between the subject and the participle.
	frAux = map[string]bool{"ont": true, "été": true, "sont": true, "a": true, "est": true, "qui": true,
		"auraient": true, "aurait": true, "ont-ils": true, "y": true, "ayant": true, "avoir": true}
	// frPast marks a figure of an earlier event: "qui avait fait 80 morts".
	frPast = map[string]bool{"avait": true, "avaient": true, "précédent": true, "précédente": true}
	// frUpTo introduce the figure a lower bound stands for.
	frBound = map[string]bool{"moins": true, "plus": true, "quelque": true, "environ": true}
)

// frCasualties reads the figures of the event shown: "douze civils ont été
// tués", "20 blessés", "faisant 3 morts", "tuant au moins 7 personnes".
// Vague words ("des dizaines de morts") give none, and neither do figures
// of an earlier event: a pluperfect ("qui avait fait 80 morts") or a year
// other than the caption's in the same clause ("l'attaque de 2017").
func frCasualties(toks []frToken, date caption.PartialDate) []langFigure {
	var figs []langFigure
	for i, t := range toks {
		if f, ok := frCostLives(toks, i); ok {
			if !frVague(toks, f.tok) && !frEarlierEvent(toks, f.tok, date) && !frRunningTotal(toks, f.tok) {
				figs = append(figs, f)
			}
			continue
		}
		if f, ok := frLabelledFigure(toks, i); ok {
			figs = append(figs, f) // "Morts : 7 ; blessés : 21"
			continue
		}
		injured := frInjured[t.key]
		lostLife := frLostLife(toks, i)
		if !injured && !frKilled[t.key] && !lostLife {
			continue
		}
		// Number before the word: NUM [nouns] [aux] WORD, and sums of
		// such groups joined by "et" ("trois femmes et deux enfants").
		n, first, ok := 0, -1, false
		k := i - 1
		if lostLife {
			k = i - 3 // "22 personnes ont perdu la vie"
		}
		aux := false
		for k >= 0 && frAux[toks[k].key] {
			k--
			aux = true
		}
		k = skipDont(toks, k)
		k = skipFamily(toks, k)
		// "deux enfants et leur mère ont été tués": one more, when a
		// number comes before.
		if k >= 3 && frKin[toks[k].key] && frPossessives[toks[k-1].key] && toks[k-2].key == "et" {
			n, k = 1, k-3
		}
		for k >= 0 {
			for k >= 0 && (frPeopleTok(toks[k]) || frBlueHelmets(toks, k) || frPeopleAdjective(toks, k)) {
				if frBlueHelmets(toks, k) {
					k--
				}
				k--
			}
			if k < 0 {
				break
			}
			v, isNum := frNumber(toks[k])
			if !isNum || k > 0 && frMonths[toks[k-1].key] > 0 || (toks[k].key == "un" || toks[k].key == "une") && !aux && (k+1 != i || !frTollAt(toks, k-1) && !frAtLeast(toks, k)) {
				// "un enfant blessé" is a wounded child and "évacuent un
				// blessé" a wounded man carried, no count, as "a wounded
				// man" is none in English; "un civil a été tué", "a
				// fait un mort" and "au moins un mort" count one.
				break
			}
			n, first, ok = n+v, k, true
			if k >= 1 && toks[k-1].key == "et" && k >= 2 {
				k -= 2
				continue
			}
			// "une femme et ses quatre enfants ont été tués": the group
			// after a possessive adds to the one before, as
			// frJoinedCount reads it after a verb.
			if k >= 3 && frGroupPossessive(toks[k-1].key) && toks[k-2].key == "et" {
				k -= 3
				continue
			}
			break
		}
		start := -1
		if ok {
			start = first
			for start >= 2 && toks[start-1].key == "de" && frBound[toks[start-2].key] {
				start -= 2 // "plus de 20", "au moins 12" below
			}
			if start >= 2 && toks[start-1].key == "moins" && toks[start-2].key == "au" {
				start -= 2
			}
		} else {
			// The verb before the number: "tuant au moins 7 personnes", "a
			// tué 12 civils".
			participle := t.key == "tuant" || t.key == "blessant"
			if !participle && (!strings.HasPrefix(t.key, "tu") && !strings.HasPrefix(t.key, "bless") ||
				i == 0 || !frAux[toks[i-1].key] && !frPast[toks[i-1].key]) {
				continue
			}
			k := i + 1
			for k < len(toks) && (frBound[toks[k].key] || toks[k].key == "au" || toks[k].key == "de") {
				k++
			}
			if k >= len(toks) {
				continue
			}
			v, isNum := frNumber(toks[k])
			if !isNum || k+1 >= len(toks) || !frPeopleTok(toks[k+1]) && !frKin[toks[k+1].key] {
				continue
			}
			n, ok, start = v, true, i
			i = frJoinedCount(toks, k+2, &n) - 1 // the span runs from the verb to the people
		}
		if !ok || frVague(toks, start) || frEarlierEvent(toks, start, date) || frRunningTotal(toks, start) {
			continue
		}
		article := first >= 0 && n == 1 && (toks[first].key == "un" || toks[first].key == "une")
		figs = append(figs, langFigure{n: n, injured: injured, article: article, tok: start,
			span: caption.Span{Start: toks[start].start, End: max(toks[i].end, t.end)}})
	}
	return figs
}

// frTollStarts are the turns of a war a running toll counts from, after
// "depuis le", "depuis la" or "depuis l'".
var frTollStarts = map[string]bool{"début": true, "déclenchement": true, "fin": true, "reprise": true, "rupture": true}

// frWeekdays are the days a running toll counts from ("depuis samedi").
var frWeekdays = map[string]bool{"lundi": true, "mardi": true, "mercredi": true, "jeudi": true,
	"vendredi": true, "samedi": true, "dimanche": true}

// frTollLabel reports a word that labels a toll's figure: "morts",
// "blessés", "tués".
func frTollLabel(key string) bool { return frKilled[key] || frInjured[key] }

// frLabelledFigure reads a toll written as a label, a colon and a number,
// as documentation teams log it: "Morts : 7 ; blessés : 21". The label
// opens the text or follows a mark ("; blessés : 21").
func frLabelledFigure(toks []frToken, i int) (langFigure, bool) {
	t := toks[i]
	if !frTollLabel(t.key) || i+2 >= len(toks) || toks[i+1].key != ":" || i > 0 && toks[i-1].word {
		return langFigure{}, false
	}
	v, isNum := frNumber(toks[i+2])
	if !isNum || !toks[i+2].digits {
		return langFigure{}, false
	}
	return langFigure{n: v, injured: frInjured[t.key], tok: i, span: caption.Span{Start: t.start, End: toks[i+2].end}}, true
}

// frLostLife reports the "vie" of "perdu la vie" at token i, a verb of the
// dead as "tués" is: "au moins 22 personnes ont perdu la vie".
func frLostLife(toks []frToken, i int) bool {
	return toks[i].key == "vie" && i >= 2 && toks[i-1].key == "la" && toks[i-2].key == "perdu"
}

// frPeopleAdjective reports a nationality or a people after a noun of
// people at k ("trois soldats ukrainiens tués", "cinq civils libanais",
// "deux combattants kurdes"): the count goes on to the casualty word. It
// is read by its plural ending, as the lexicon's demonyms are not at hand.
func frPeopleAdjective(toks []frToken, k int) bool {
	t := toks[k]
	if k < 1 || !t.word || t.upper || !frPeopleTok(toks[k-1]) {
		return false
	}
	if frNationalities[t.key] {
		return true
	}
	for _, suf := range []string{"iens", "iennes", "ais", "aises", "ois", "oises", "ains", "aines", "ites", "ans", "anes"} {
		if len(t.key) > len(suf)+2 && strings.HasSuffix(t.key, suf) {
			return true
		}
	}
	return false
}

// frNationalities are the plural nationalities and peoples whose endings
// frPeopleAdjective does not know.
var frNationalities = map[string]bool{"russes": true, "turcs": true, "turques": true, "kurdes": true,
	"arabes": true, "belges": true, "suisses": true, "burkinabè": true, "burkinabés": true, "peuls": true,
	"touareg": true, "touaregs": true, "yézidis": true, "druzes": true, "alaouites": true}

// frBlueHelmets reports the "bleus" of "casques bleus" at k, which with
// "casques" are the people counted: "deux casques bleus
// ont été blessés".
func frBlueHelmets(toks []frToken, k int) bool {
	return k >= 1 && toks[k].key == "bleus" && toks[k-1].key == "casques"
}

// frJoinedCount adds to n the groups joined by "et" from token k on, after a
// verb's first count ("a tué une femme et ses quatre enfants", "deux hommes
// et trois enfants"): a number and people, with or without a possessive, or
// a relative after a possessive ("et son mari"). It returns the token after
// the last group.
func frJoinedCount(toks []frToken, k int, n *int) int {
	for k+1 < len(toks) && toks[k].key == "et" {
		j := k + 1
		poss := frPossessives[toks[j].key] || toks[j].key == "ses" || toks[j].key == "leurs"
		if poss {
			j++
		}
		if j >= len(toks) {
			break
		}
		if v, isNum := frNumber(toks[j]); isNum && toks[j].key != "un" && toks[j].key != "une" && j+1 < len(toks) && (frPeopleTok(toks[j+1]) || frKin[toks[j+1].key]) {
			*n += v
			k = j + 2
			continue
		}
		if poss && frKin[toks[j].key] {
			*n++
			k = j + 1
			continue
		}
		break
	}
	return k
}

// frAtLeast reports "au moins" before token k: "au moins un mort" counts
// one, as "a fait un mort" does.
func frAtLeast(toks []frToken, k int) bool {
	return k >= 2 && toks[k-1].key == "moins" && toks[k-2].key == "au"
}

// frTollAt reports a verb of a toll at token k, whose object is a count:
// "a fait un mort", "faisant un blessé", "causant une victime".
func frTollAt(toks []frToken, k int) bool {
	return k >= 0 && frTollVerbs[toks[k].key]
}

var frTollVerbs = map[string]bool{"fait": true, "faisant": true, "font": true, "causé": true, "causant": true,
	"provoqué": true, "provoquant": true, "compte": true, "dénombre": true, "recense": true}

// frCostLives reads "coûté la vie à 29 soldats" (and "coûtant", "coûte")
// at toks[i], the "vie": the number after "à" is of the dead.
func frCostLives(toks []frToken, i int) (langFigure, bool) {
	if toks[i].key != "vie" || i < 2 || toks[i-1].key != "la" || !strings.HasPrefix(toks[i-2].key, "coût") {
		return langFigure{}, false
	}
	k := i + 1
	if k >= len(toks) || toks[k].key != "à" {
		return langFigure{}, false
	}
	for k++; k < len(toks) && (frBound[toks[k].key] || toks[k].key == "au" || toks[k].key == "de"); k++ {
	}
	if k >= len(toks) {
		return langFigure{}, false
	}
	v, isNum := frNumber(toks[k])
	if !isNum || toks[k].key == "un" || toks[k].key == "une" {
		return langFigure{}, false
	}
	end := k
	if k+1 < len(toks) && frPeopleTok(toks[k+1]) {
		end = k + 1
	}
	return langFigure{n: v, tok: i - 2, span: caption.Span{Start: toks[i-2].start, End: toks[end].end}}, true
}

// skipDont steps back over a ", dont …," aside ending at token k: in "douze
// civils, dont cinq enfants, ont été tués" the figure is the twelve.
func skipDont(toks []frToken, k int) int {
	if k < 0 || toks[k].key != "," {
		return k
	}
	for j := k - 1; j >= 1 && j >= k-8; j-- {
		if toks[j].key == "dont" && toks[j-1].key == "," {
			return j - 2
		}
	}
	return k
}

// skipFamily steps back over the family a count of people belongs to,
// ending at token k: in "huit membres d'une même famille ont été tués" the
// figure is the eight members. Only "famille" is stepped over, so that a
// place or a group ("cinq civils de Goma") still ends the count.
func skipFamily(toks []frToken, k int) int {
	if k < 2 || toks[k].key != "famille" {
		return k
	}
	j := k - 1
	if toks[j].key == "même" {
		j--
	}
	if j >= 1 && (frArticles[toks[j].key] || frPossessives[toks[j].key]) && toks[j].key != "de" && toks[j].key != "d'" {
		j--
	}
	if j >= 1 && (toks[j].key == "de" || toks[j].key == "d'") && frPeopleTok(toks[j-1]) {
		return j - 1
	}
	return k
}

// frGroupPossessive reports a possessive that opens a second group of a
// count: "une femme et ses quatre enfants", "deux hommes et leurs trois fils".
func frGroupPossessive(key string) bool {
	return key == "ses" || key == "leurs"
}

// frVague reports a number that is an article ("une dizaine de morts" is
// read as "dizaine", which is no figure).
func frVague(toks []frToken, i int) bool {
	return i+1 < len(toks) && strings.HasPrefix(toks[i+1].key, "dizaine") || strings.HasPrefix(toks[i].key, "dizaine") ||
		strings.HasPrefix(toks[i].key, "centaine") || strings.HasPrefix(toks[i].key, "millier")
}

// frEarlier reports a figure at token i that belongs to an earlier event: its
// clause (back to a comma, a semicolon or the sentence's start) has a
// pluperfect or a year other than the caption's.
func frEarlier(toks []frToken, i int, date caption.PartialDate) bool {
	for k := i - 1; k >= 0; k-- {
		switch toks[k].key {
		case ".", ";", "!", "?":
			return false
		}
		if frPast[toks[k].key] {
			return true
		}
		if toks[k].digits && len(toks[k].key) == 4 && k > 0 && (toks[k-1].key == "de" || toks[k-1].key == "en") {
			if y, _ := strconv.Atoi(toks[k].key); y >= 1900 && y != date.Year {
				return true
			}
		}
		if toks[k].key == "," {
			return false
		}
	}
	return false
}

// frRunningTotal reports a figure at token i that is not the toll of the
// event shown: a running total, whose sentence counts from a start ("depuis
// le 7 octobre", "depuis le début de la guerre"), in all ("au total", "en
// tout") or for a whole war ("La guerre a fait plus de 8 500 morts"); or
// the toll of an event after the photo ("quelques heures avant un
// attentat qui a fait 170 morts").
func frRunningTotal(toks []frToken, i int) bool {
	// The figure's own clause: "une frappe a tué 12 civils à Idleb, dans
	// la Syrie en guerre depuis 2011" counts the strike's dead.
	// "Au total" and "en tout" may open the sentence before a comma.
	from, to := i, i
	for from > 0 && !frSentenceStop(toks, from-1) && toks[from-1].key != "," && toks[from-1].key != ";" {
		from--
	}
	for to < len(toks) && !frSentenceStop(toks, to) && toks[to].key != "," && toks[to].key != ";" {
		to++
	}
	for k := from - 1; k >= 1 && !frSentenceStop(toks, k); k-- {
		if toks[k].key == "total" && toks[k-1].key == "au" || toks[k].key == "tout" && toks[k-1].key == "en" {
			return true
		}
	}
	for k := from; k < to; k++ {
		next := func(d int) string { return frKeyAt(toks, k+d, to) }
		switch toks[k].key {
		case "depuis":
			switch n := next(1); {
			case n == "le" || n == "la" || n == "l'":
				// "depuis la fin de la trêve" and "depuis la reprise des
				// combats" count from a turn of the war as "depuis le
				// début" counts from its start.
				if n2 := next(2); frTollStarts[n2] || k+2 < to && toks[k+2].digits {
					return true
				}
			case k+1 < to && frYear(toks[k+1]) > 0:
				return true
			case frWeekdays[n]:
				return true // "1 100 morts depuis samedi", the war's first day
			}
		case "au":
			if next(1) == "total" {
				return true
			}
		case "en":
			if next(1) == "tout" {
				return true
			}
		case "guerre", "conflit":
			// The war as the toll's subject ("La guerre a fait …"), not
			// the scene's setting ("Gaza en guerre").
			if k < i && (next(1) == "a" || next(1) == "avait" || next(1) == "aurait" || next(1) == "fait") {
				return true
			}
		case "avant":
			if k < i && !frClauseBreak(toks, k, i) {
				return true
			}
		}
	}
	return false
}

// frSentenceStop reports a full stop, "!" or "?" at k that ends a sentence.
func frSentenceStop(toks []frToken, k int) bool {
	switch toks[k].key {
	case ".", "!", "?":
		return !frAbbrevStop(toks, k)
	}
	return false
}

// frClauseBreak reports a comma or semicolon between tokens a and b.
func frClauseBreak(toks []frToken, a, b int) bool {
	for k := a + 1; k < b; k++ {
		if toks[k].key == "," || toks[k].key == ";" {
			return true
		}
	}
	return false
}

// frSourceCues introduce or follow a source: "selon l'OSDH", "d'après des
// sources médicales", "a indiqué l'OSDH".
var frSourceCues = map[string]bool{"selon": true, "d'": true, "source": true, "indiqué": true, "rapporté": true,
	"annoncé": true, "affirmé": true, "précisé": true, "déclaré": true, "indique": true, "rapporte": true,
	"annonce": true, "affirme": true, "précise": true, "indiquent": true, "rapportent": true, "affirment": true}

// attribution returns the sources of fr_sources.tsv that a cue introduces.
func (lex *frenchLexicon) attribution(toks []frToken) []langSource {
	var out []langSource
	for i := 0; i < len(toks); i++ {
		for _, ph := range lex.sources {
			n := ph.match(toks, i)
			if n == 0 {
				continue
			}
			cued := false
			for k := i - 1; k >= 0 && k >= i-4; k-- {
				if frSourceCues[toks[k].key] && (toks[k].key != "d'" || k+1 < len(toks) && toks[k+1].key == "après") ||
					toks[k].key == "après" {
					cued = true
				}
			}
			if i+n < len(toks) && toks[i+n].key == "," || i+n+1 < len(toks) && frSourceCues[toks[i+n+1].key] {
				cued = cued || i+n+1 < len(toks) && frSourceCues[toks[i+n+1].key]
			}
			if cued {
				out = append(out, langSource{value: ph.value, span: caption.Span{Start: toks[i].start, End: toks[i+n-1].end}})
				i += n - 1
				break
			}
		}
	}
	return out
}
