package parse

import (
	"strconv"
	"strings"

	"sijil/internal/caption"
)

// The French rules' dates (see french.go).

// frMonths are the French month names, and the forms without accents
// captions typed on English keyboards write.
var frMonths = map[string]int{
	"janvier": 1, "février": 2, "fevrier": 2, "mars": 3, "avril": 4, "mai": 5, "juin": 6, "juillet": 7,
	"août": 8, "aout": 8, "septembre": 9, "octobre": 10, "novembre": 11, "décembre": 12, "decembre": 12,
}

// frMonthAbbrevs are the months French wires abbreviate, with or without
// a stop ("30 nov 2024", "4 févr. 2023"). They are read only before a year:
// "sept" is also seven, "Jan" a first name.
var frMonthAbbrevs = map[string]int{
	"janv": 1, "jan": 1, "févr": 2, "fevr": 2, "fév": 2, "fev": 2, "avr": 4, "juil": 7,
	"sept": 9, "oct": 10, "nov": 11, "déc": 12, "dec": 12,
}

// frMonthPrefixes join a part of the month to its name: "mi-mars",
// "début-avril", "fin-mai" date the month, with no day.
var frMonthPrefixes = []string{"mi-", "début-", "debut-", "fin-"}

// frMonthWord returns the month a word names (0 for none), whether it is an
// abbreviation, and whether a part of the month is joined to it.
func frMonthWord(key string) (m int, abbr, part bool) {
	if m := frMonths[key]; m > 0 {
		return m, false, false
	}
	if m := frMonthAbbrevs[key]; m > 0 {
		return m, true, false
	}
	for _, p := range frMonthPrefixes {
		if rest, ok := strings.CutPrefix(key, p); ok {
			m, abbr, _ := frMonthWord(rest)
			return m, abbr, m > 0
		}
	}
	return 0, false, false
}

// frMonthTok reports a month at token k: a full name, or an abbreviation
// before a year ("9 juil. 2017").
func frMonthTok(toks []frToken, k int) bool {
	m, abbr, _ := frMonthWord(toks[k].key)
	if !abbr {
		return m > 0
	}
	if k+1 < len(toks) && toks[k+1].key == "." {
		k++
	}
	return k+1 < len(toks) && frYear(toks[k+1]) > 0
}

// frAbbrevStop reports a full stop at i that ends an abbreviated month
// ("le 2 déc. 2022"): it ends no sentence.
func frAbbrevStop(toks []frToken, i int) bool {
	if i < 1 || toks[i].key != "." {
		return false
	}
	m, abbr, _ := frMonthWord(toks[i-1].key)
	return m > 0 && abbr && (i+1 < len(toks) && frYear(toks[i+1]) > 0 || i >= 2 && toks[i-2].digits)
}

// frHolidayWords name a day by its date: "la révolution du 15 mars", "le
// défilé du 14 juillet", "l'anniversaire du 11 septembre". A day and month
// they govern is a name, not the photo's date.
var frHolidayWords = map[string]bool{
	"révolution": true, "revolution": true, "fête": true, "fete": true, "anniversaire": true,
	"commémoration": true, "commémorer": true, "commémorent": true, "célébrer": true, "célèbrent": true,
	"célébrant": true, "célébration": true, "défilé": true, "journée": true, "soulèvement": true,
	"mouvement": true, "attentats": true, "massacre": true,
}

// frDate reads the French date that dates the scene: the first after a
// word of the photo's taking ("photo prise le 2 mars 2024", as "Picture
// taken" wins in English), else the first of the caption: "le 3 mars
// 2017", "1er mars 2017", "le 31/10/2023" (day), "en mars 2017" (month);
// else a year after a word of taking ("photographiée en 2013"). A day and
// month with no year is not read (the English rule), and says so in a
// warning unless it names a holiday or a revolution.
func frDate(desc string, toks []frToken) (d caption.PartialDate, span caption.Span, text, warning string) {
	for i := range toks {
		if !frTaken(toks, i) {
			continue
		}
		for j := i + 1; j < len(toks) && j <= i+4; j++ {
			if d, sp, _, ok := frDateAt(desc, toks, j); ok {
				return d, sp, desc[sp.Start:sp.End], ""
			}
			if toks[j].key == "en" && j+1 < len(toks) {
				if y := frYear(toks[j+1]); y > 0 {
					sp := caption.Span{Start: toks[j+1].start, End: toks[j+1].end}
					return caption.PartialDate{Year: y, Precision: caption.PrecisionYear}, sp, desc[sp.Start:sp.End], ""
				}
			}
		}
	}
	for i := range toks {
		d, sp, warn, ok := frDateAt(desc, toks, i)
		if ok {
			if frCommemorated(toks, i) {
				// "lors de la commémoration du massacre commis en août
				// 2014, le 3 août 2023": the day of the photo is later.
				if d2, sp2, ok := frLaterDay(desc, toks, i); ok {
					return d2, sp2, desc[sp2.Start:sp2.End], ""
				}
			}
			return d, sp, desc[sp.Start:sp.End], ""
		}
		if warning == "" {
			warning = warn
		}
	}
	if y, sp, ok := frSceneYear(toks); ok {
		return caption.PartialDate{Year: y, Precision: caption.PrecisionYear}, sp, desc[sp.Start:sp.End], warning
	}
	return caption.PartialDate{}, caption.Span{}, "", warning
}

// frCommemorated reports a date at token i in a clause (back to a comma or
// the sentence's start) that remembers an earlier event: "la commémoration
// de l'attaque de mars 1988", "l'anniversaire du massacre commis en juillet
// 1995".
func frCommemorated(toks []frToken, i int) bool {
	for k := i - 1; k >= 0; k-- {
		switch toks[k].key {
		case ",", ";", ".", "!", "?", "(", "–", "—":
			return false
		}
		if frHolidayWords[toks[k].key] || frRemembered[toks[k].key] {
			return true
		}
	}
	return false
}

// frRemembered are words of an earlier event a caption remembers.
var frRemembered = map[string]bool{"commis": true, "commise": true, "perpétré": true, "perpétrée": true,
	"commémore": true, "commémorant": true, "hommage": true, "souvenir": true, "mémoire": true}

// frLaterDay returns the first full date after token i in its sentence
// that is not itself remembered.
func frLaterDay(desc string, toks []frToken, i int) (caption.PartialDate, caption.Span, bool) {
	for j := i + 1; j < len(toks); j++ {
		switch toks[j].key {
		case ".", "!", "?":
			if !frAbbrevStop(toks, j) {
				return caption.PartialDate{}, caption.Span{}, false
			}
		}
		d, sp, _, ok := frDateAt(desc, toks, j)
		if ok && d.Precision == caption.PrecisionDay && !frCommemorated(toks, j) {
			return d, sp, true
		}
	}
	return caption.PartialDate{}, caption.Span{}, false
}

// frSceneYear reads, when the caption has no fuller date, a year that
// dates the scene of its first sentence: "en 2014", "fin 2014", "début
// 2015", "courant 2016", as English reads "in 2014". Not a year that bounds
// a span ("depuis 2011", "jusqu'en 2014", "de 2012 à 2014"), nor one in a
// clause of an earlier event ("la ville, reprise par l'armée en 2016",
// "qui avait été détruite en 2012").
func frSceneYear(toks []frToken) (int, caption.Span, bool) {
	for j := 1; j < len(toks); j++ {
		switch toks[j].key {
		case ".", "!", "?", ";":
			return 0, caption.Span{}, false
		}
		y := frYear(toks[j])
		if y == 0 {
			continue
		}
		switch toks[j-1].key {
		case "en", "fin", "début", "courant", "mi":
		default:
			continue
		}
		if j >= 2 && (toks[j-2].key == "jusqu'" || toks[j-2].key == "depuis") {
			continue
		}
		if j+2 < len(toks) && (toks[j+1].key == "à" || toks[j+1].key == "et") && frYear(toks[j+2]) > 0 {
			continue // "entre 2012 et 2014", "de 2012 à 2014"
		}
		if frEarlierClause(toks, j) {
			continue
		}
		return y, caption.Span{Start: toks[j].start, End: toks[j].end}, true
	}
	return 0, caption.Span{}, false
}

// frEarlierClause reports whether the clause of token i (back to a comma
// or the sentence's start) tells of an earlier event: a pluperfect, or a
// participle of taking or destroying ("reprise", "détruite", "tombée").
func frEarlierClause(toks []frToken, i int) bool {
	for k := i - 1; k >= 0; k-- {
		switch toks[k].key {
		case ",", ".", ";", "!", "?":
			return false
		case "depuis", "entre":
			return true
		}
		if frPast[toks[k].key] || frBackgroundVerbs[toks[k].key] {
			return true
		}
	}
	return false
}

// frBackgroundVerbs tell of what happened to a place before the photo.
var frBackgroundVerbs = map[string]bool{
	"reprise": true, "repris": true, "prise": true, "pris": true, "tombée": true, "tombé": true,
	"détruite": true, "détruit": true, "détruits": true, "détruites": true, "libérée": true, "libéré": true,
	"conquise": true, "assiégée": true, "bombardée": true, "construite": true, "construit": true,
	"fondée": true, "fondé": true, "née": true, "né": true, "créée": true, "créé": true, "déclenchée": true,
	"éclaté": true, "commencé": true, "débuté": true,
}

// frTaken reports a word at i that says when the photo was taken:
// "photographiée en 2013", or "prise" and "réalisée" after a word of the
// photo ("photo prise le", "image réalisée le"), where alone they may say
// when a town was taken ("la ville, prise par les rebelles le 3 mars").
func frTaken(toks []frToken, i int) bool {
	switch toks[i].key {
	case "photographié", "photographiée", "photographiés", "photographiées":
		return true
	case "prise", "prises", "réalisée", "réalisées":
		for k := i - 1; k >= 0 && k >= i-3; k-- {
			switch toks[k].key {
			case "photo", "photos", "image", "images", "cliché", "clichés", "photographie", "photographies":
				return true
			}
		}
	}
	return false
}

// frYear returns the year a token writes, or 0.
func frYear(t frToken) int {
	if !t.digits || len(t.key) != 4 {
		return 0
	}
	y, _ := strconv.Atoi(t.key)
	if y < 1900 || y > 2100 {
		return 0
	}
	return y
}

// frNumericDate reads an all-numeric day at token i and returns where it
// ends: day first as French writes it ("31/10/2023", "31.10.2023" as
// Swiss and Belgian papers do, "31-10-2023", one token), or year first
// as documentation teams' logs write it ("2023/10/31", "2023-10-31").
// The separators are alike. The year has four digits, or two after a day
// and month ("03.03.24", as Belgian and Swiss captions abbreviate it):
// those of 50 and after are of the 1900s, the others of the 2000s.
func frNumericDate(toks []frToken, i int) (caption.PartialDate, int, bool) {
	t := toks[i]
	var parts []string
	end := t.end
	switch {
	case !t.digits && strings.Count(t.key, "-") == 2:
		parts = strings.Split(t.key, "-") // the tokenizer keeps "31-10-2023" whole
	case t.digits && i+4 < len(toks) && frDateSep(toks, i+1) && toks[i+2].digits && toks[i+3].key == toks[i+1].key && toks[i+4].digits &&
		toks[i+2].start == toks[i+1].end && toks[i+4].start == toks[i+3].end:
		parts = []string{t.key, toks[i+2].key, toks[i+4].key}
		end = toks[i+4].end
	default:
		return caption.PartialDate{}, 0, false
	}
	n := make([]int, 3)
	for k, p := range parts {
		v, err := strconv.Atoi(p)
		if err != nil || len(p) == 0 || len(p) > 4 || len(p) == 3 {
			return caption.PartialDate{}, 0, false
		}
		n[k] = v
	}
	y, m, day := n[2], n[1], n[0]
	switch {
	case len(parts[0]) == 4:
		y, day = n[0], n[2]
	case len(parts[2]) == 2 && y < 50:
		y += 2000
	case len(parts[2]) == 2:
		y += 1900
	}
	if len(strconv.Itoa(y)) != 4 || y < 1900 || y > 2100 || m < 1 || m > 12 || day < 1 || !validDay(y, m, day) {
		return caption.PartialDate{}, 0, false
	}
	return caption.PartialDate{Year: y, Month: m, Day: day, Precision: caption.PrecisionDay}, end, true
}

// frDateSep reports a date's separator at token k: "/" or ".".
func frDateSep(toks []frToken, k int) bool { return toks[k].key == "/" || toks[k].key == "." }

// frInnerDot reports a full stop at token i between digits, with no space
// on either side ("12.03.2020", "3.800"): it ends no sentence.
func frInnerDot(toks []frToken, i int) bool {
	return toks[i].key == "." && i >= 1 && i+1 < len(toks) && toks[i-1].digits && toks[i+1].digits &&
		toks[i-1].end == toks[i].start && toks[i].end == toks[i+1].start
}

// frDateAt reads a date whose month name or numeric form ("31/10/2023",
// day first as French writes it) is at token i; warning is set for a day
// and month without a year.
func frDateAt(desc string, toks []frToken, i int) (d caption.PartialDate, span caption.Span, warning string, ok bool) {
	t := toks[i]
	if d, end, ok := frNumericDate(toks, i); ok {
		return d, caption.Span{Start: t.start, End: end}, "", true
	}
	m, abbr, part := frMonthWord(t.key)
	if m == 0 {
		return caption.PartialDate{}, caption.Span{}, "", false
	}
	yi := i + 1
	if abbr && yi < len(toks) && toks[yi].key == "." {
		yi++
	}
	year := 0
	if yi < len(toks) && toks[yi].digits && len(toks[yi].key) == 4 {
		year, _ = strconv.Atoi(toks[yi].key)
	}
	if abbr && frYear(toks[min(yi, len(toks)-1)]) == 0 {
		return caption.PartialDate{}, caption.Span{}, "", false // "sept civils"
	}
	day := 0
	if i > 0 && !part {
		k := strings.TrimSuffix(toks[i-1].key, "er")
		if toks[i-1].key == "1er" || toks[i-1].digits {
			if n, err := strconv.Atoi(k); err == nil && n >= 1 && n <= 31 {
				day = n
			}
		}
	}
	start, end := t.start, t.end
	if day > 0 {
		start = toks[i-1].start
	}
	if year > 0 {
		end = toks[yi].end
	}
	holiday := false
	if day > 0 {
		for k := i - 2; k >= 0 && k >= i-5; k-- {
			if frHolidayWords[toks[k].key] || k == i-2 && toks[k].key == "du" && year == 0 {
				holiday = true
			}
		}
	}
	switch {
	case holiday && year == 0:
		return caption.PartialDate{}, caption.Span{}, "", false
	case year < 1900 || year > 2100:
		if day > 0 {
			warning = "a date without a year, not read as the date: " + desc[start:end]
		}
		return caption.PartialDate{}, caption.Span{}, warning, false
	case day > 0:
		if !validDay(year, m, day) {
			return caption.PartialDate{}, caption.Span{}, "", false
		}
		d = caption.PartialDate{Year: year, Month: m, Day: day, Precision: caption.PrecisionDay}
	default:
		d = caption.PartialDate{Year: year, Month: m, Precision: caption.PrecisionMonth}
	}
	return d, caption.Span{Start: start, End: end}, "", true
}

func validDay(y, m, d int) bool {
	days := [13]int{0, 31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31}
	if m == 2 && d == 29 {
		return y%4 == 0 && (y%100 != 0 || y%400 == 0)
	}
	return d <= days[m]
}
