package geocode

import (
	"bufio"
	"cmp"
	_ "embed"
	"fmt"
	"slices"
	"strings"

	"sijil/internal/caption"
)

// exonymsTSV maps names of places that captions write to the names the
// gazetteer finds them by: GeoNames lists Arabic names for large places
// only, so that "الفاشر" (El Fasher) and "النبطية" (Nabatieh) found
// nothing, or another place; and agencies' spellings it lacks ("Taez" for
// Taiz, "Mocimboa da Praia"). Lines are "CC <TAB> name <TAB> the
// gazetteer's name"; each mapping was checked to find the right place in
// the embedded gazetteer.
//
//go:embed exonyms.tsv
var exonymsTSV string

// exonym is the name the gazetteer knows a place by, in its country.
type exonym struct {
	country caption.CountryCode
	name    string
	// latin is the writtenForm of the row's caption name when it is in
	// Latin letters, whose keys are loose (see closeTo).
	latin string
}

// closeTo reports whether a caption's name, in writtenForm, is the row's
// own: any Arabic spelling of the same key, but a Latin name within a
// third of its letters. Keys fold Latin vowels away, so that "Sinai"
// shares Sanaa's and "Ghouta" Guwahati's; a region's row must not take
// those cities.
func (e exonym) closeTo(written string) bool {
	if e.latin == "" {
		return true
	}
	w, n := []rune(written), []rune(e.latin)
	return editDistance(w, n) <= max(len(w), len(n))/3
}

// exonyms are exonymsTSV's rows by the key of their Arabic name.
var exonyms = func() map[string][]exonym {
	m, err := parseExonyms(exonymsTSV)
	if err != nil {
		panic(err) // the embedded table is tested (TestExonymsTable)
	}
	return m
}()

// parseExonyms reads a table of exonymsTSV's form.
func parseExonyms(tsv string) (map[string][]exonym, error) {
	m := map[string][]exonym{}
	sc := bufio.NewScanner(strings.NewReader(tsv))
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		f := strings.Split(line, "\t")
		if len(f) != 3 || len(f[0]) != 2 || f[1] == "" || f[2] == "" {
			return nil, fmt.Errorf("exonyms.tsv:%d: want CC<TAB>Arabic<TAB>name, got %q", n, line)
		}
		k := Key(f[1])
		e := exonym{country: caption.CountryCode(f[0]), name: f[2]}
		if isLatin(f[1]) {
			e.latin = writtenForm(f[1])
		}
		m[k] = append(m[k], e)
	}
	return m, sc.Err()
}

// exonym returns the places of name's exonyms (in country, when the
// caption names one) and the name they were found by, unless direct, the
// places found by name itself, holds a town of an exonym's country written
// as the caption writes it (an imported layer may know the Arabic name).
// The other places direct holds there stay candidates, after the
// exonym's: "Taez" is a name of the governorate in the data, and of its
// city in captions.
//
// A name nothing in the caption's country finds takes an exonym of
// another country: the caption's country may be only hinted at ("Rwandan
// soldiers … in Mocimboa da Praia", "un soldat ukrainien … à Soudja", in
// Russia's Kursk region), and namesakes elsewhere spelt loosely alike
// (Shuya, Sōja) do not rule the exonym out.
func (g *Gazetteer) exonym(name string, country caption.CountryCode, direct []Place) ([]Place, string) {
	c, e := g.exonymIn(name, country, direct)
	if len(c) > 0 || country == "" || slices.ContainsFunc(direct, func(p Place) bool { return p.Country == country }) {
		return c, e
	}
	return g.exonymIn(name, "", direct)
}

// exonymIn is exonym for the rows of country, or of any country when it is
// "": then every row's places are candidates, and the caption's other
// places choose ("الجزيرة" is Sudan's Gezira state and Syria's Jazira).
func (g *Gazetteer) exonymIn(name string, country caption.CountryCode, direct []Place) ([]Place, string) {
	var all []Place
	var first string
	written := writtenForm(name)
	for _, e := range exonyms[Key(name)] {
		if country != "" && e.country != country || !e.closeTo(written) {
			continue
		}
		// A caption that does not say the row's country does not take a
		// Latin row from a division of another country written as it
		// writes the name: "Kurdistan" is Iran's province too, and only
		// a caption of Iraq means its Kurdistan Region by the name alone.
		// A village of that name abroad does not stand in the way: the
		// Sinai is no hamlet of Chiapas.
		if country == "" && e.latin != "" && slices.ContainsFunc(direct, func(p Place) bool {
			return p.Country != e.country && p.Class == 'A' && writtenAs(p, written)
		}) {
			continue
		}
		// Nor a name written otherwise than the row's, letter for
		// letter, that is some place's own: "Hiroo", a town of Hokkaido,
		// is close to "El Hierro" but is not it.
		if e.latin != "" && written != e.latin && slices.ContainsFunc(direct, func(p Place) bool { return writtenAs(p, written) }) {
			continue
		}
		// Written as the caption writes it, letter for letter: Shuya,
		// 700 km from Sudzha, lists a "Shuja" that evened-out vowels make
		// "Soudja".
		if slices.ContainsFunc(direct, func(p Place) bool {
			return p.Country == e.country && p.Class != 'A' && writtenAs(p, written)
		}) {
			return nil, ""
		}
		// The name direct found them by: "Erbil Governorate" finds the
		// division by "Erbil", whose spelling its names share; by the
		// row's name, none of them read like it, and newCandidateSet
		// dropped them all.
		c, by := g.direct(e.name)
		c = slices.DeleteFunc(slices.Clone(c), func(p Place) bool { return p.Country != e.country })
		if len(c) > 0 {
			for _, p := range direct {
				if p.Country == e.country && !slices.ContainsFunc(c, func(q Place) bool { return q.ID == p.ID && q.Source == p.Source }) {
					c = append(c, p)
				}
			}
			if country != "" {
				return c, by
			}
			all = append(all, c...)
			first = cmp.Or(first, by)
		}
	}
	return all, first
}
