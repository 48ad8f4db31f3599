package corpus

import (
	"math/rand/v2"
	"strconv"
	"strings"
	"time"
)

// scene is everything a generated caption says, so that a copy can be
// rendered again with one thing changed. Each part has its own seed, so
// changing one part leaves the words of the others as they were.
type scene struct {
	cluster, event int64
	place          int
	day            int // days since 1970-01-01
	monthOnly      bool
	kind, cause    kind // what the photo shows; the strike or clashes it follows
	shot           int  // index in shotsOf(kind)
	seed           uint64
	dateStyle      int
	killed         int
	injured        int
	toll           int // index in tolls; -1: no casualty sentence
	tollSeed       uint64
	bg             int // index in the country's background; -1: none
	bgSeed         uint64
	agency, style  int // indices in agencies
	photographer   int
	typographic    bool   // curly quotes and en dashes
	typo           uint64 // 0: none; else the seed of one misspelt word
}

// renderer renders scenes. It is not safe for concurrent use.
type renderer struct {
	src *rand.PCG
	e   expander
	s   *scene
	b   strings.Builder
}

func newRenderer() *renderer {
	r := &renderer{src: rand.NewPCG(0, 0)}
	r.e = expander{rng: rand.New(r.src), lookup: r.lookup}
	return r
}

// render returns a scene's description and credit.
func (r *renderer) render(s *scene) (desc, credit string) {
	r.s = s
	r.b.Reset()
	r.sentence(s.seed, 1, shotsOf(s.kind)[s.shot], true)
	if s.toll >= 0 {
		r.b.WriteByte(' ')
		r.sentence(s.tollSeed, 2, tolls[s.toll], false)
	}
	if s.bg >= 0 {
		r.b.WriteByte(' ')
		r.sentence(s.bgSeed, 3, countries[places[s.place].country].background[s.bg], false)
	}
	desc = r.b.String()
	if s.typographic {
		desc = typographic(desc)
	}
	r.b.Reset()
	p := givenNames[s.photographer%len(givenNames)] + " " + familyNames[s.photographer/len(givenNames)%len(familyNames)]
	c := agencies[s.agency][s.style]
	c = strings.ReplaceAll(c, "$PU", strings.ToUpper(p))
	return desc, strings.ReplaceAll(c, "$P", p)
}

// sentence writes one sentence of template t, capitalised; the scene
// sentence also gets its place, date and any typo.
func (r *renderer) sentence(seed, stream uint64, t string, scene bool) {
	r.src.Seed(seed, stream)
	r.e.plural = false
	var part strings.Builder
	r.e.expand(&part, t)
	text := part.String()
	if scene && r.s.typo != 0 {
		text = misspell(text, r.s.typo)
	}
	r.b.WriteString(strings.ToUpper(text[:1]))
	r.b.WriteString(text[1:])
	if scene {
		if r.e.rng.IntN(2) == 0 {
			r.e.expand(&r.b, detailOf(r.s.kind))
		}
		r.b.WriteByte(' ')
		pl := places[r.s.place]
		r.e.expand(&r.b, pick(r.e.rng, placeStyles[pl.kind]))
		r.b.WriteString(r.date())
		r.b.WriteByte('.')
	}
}

// placeStyles are the ways captions place a scene, by the place's kind.
var placeStyles = map[string][]string{
	"city": {"in $PNAME, $COUNTRY", "in the $ADJ city of $PNAME", "in $PNAME, {in |}$AREA, $COUNTRY", "in $PNAME, in $AREA",
		"on the outskirts of $PNAME{, $COUNTRY|}", "near $PNAME{, $COUNTRY|}"},
	"town": {"in the {|rebel-held |government-held |front-line |besieged }town of $PNAME, {in |}$AREA{, $COUNTRY|}", "in $PNAME, $AREA",
		"in $PNAME, $COUNTRY", "near the town of $PNAME{, in $AREA|}", "on the outskirts of $PNAME, in $AREA"},
	"village": {"in the {|rebel-held |front-line }village of $PNAME, {in |}$AREA{, $COUNTRY|}", "in $PNAME, $AREA",
		"in the village of $PNAME, $COUNTRY", "near the village of $PNAME{, in $AREA|}"},
	"neighbourhood": {"in the $PNAME neighbourhood of $CITY{, $COUNTRY|}", "in $CITY's $PNAME district", "in the $PNAME {district|area} of $CITY"},
	"camp":          {"in the $PNAME {refugee camp|camp}{, in $AREA|}", "in $PNAME camp{ in $AREA|, $COUNTRY|}"},
}

// date returns the scene's date phrase in its style.
func (r *renderer) date() string {
	t := time.Unix(int64(r.s.day)*86400, 0).UTC()
	y, m, d := strconv.Itoa(t.Year()), int(t.Month())-1, strconv.Itoa(t.Day())
	if r.s.monthOnly {
		return " in " + months[m] + " " + y
	}
	switch r.s.dateStyle {
	case 1:
		return " on " + d + " " + months[m] + " " + y
	case 2:
		return ", " + d + " " + months[m] + " " + y
	case 3:
		return " " + months[m] + " " + d + ", " + y
	case 4:
		return ", " + t.Weekday().String() + ", " + apMonths[m] + " " + d + ", " + y
	case 5:
		return ", " + apMonths[m] + " " + d + ", " + y
	}
	return " on " + months[m] + " " + d + ", " + y
}

// lookup returns the template of a variable for the scene being rendered.
func (r *renderer) lookup(name string) string {
	s, rng := r.s, r.e.rng
	pl := places[s.place]
	c := &countries[pl.country]
	if subj, ok := subjects[name]; ok {
		v := pick(rng, subj)
		v, r.e.plural = strings.CutPrefix(v, "+")
		return v
	}
	switch name {
	case "STRIKE":
		return strikes[s.cause]
	case "VICTIM":
		return victims
	case "AIR":
		return c.air
	case "SHELL":
		return c.shell
	case "GROUP":
		return c.fighters
	case "ENEMY":
		return c.enemy
	case "SRC":
		return c.source
	case "CAUSE":
		return c.cause
	case "ADJ":
		return c.adj
	case "COUNTRY":
		return c.name
	case "AREA":
		return pl.area
	case "PNAME":
		return pl.name
	case "CITY":
		return pl.city
	case "NAME":
		return pick(rng, givenNames) + " " + pick(rng, familyNames)
	case "AGE":
		return strconv.Itoa(2 + rng.IntN(14))
	case "N":
		return number(rng, s.killed)
	case "M":
		return number(rng, s.injured)
	case "C":
		return number(rng, max(2, s.killed/3))
	}
	panic("corpus: unknown template variable $" + name)
}

// number writes n in digits, or in words up to ten half of the time.
func number(rng *rand.Rand, n int) string {
	if n <= 10 && rng.IntN(2) == 0 {
		return numbers[n]
	}
	return strconv.Itoa(n)
}
