package geocode

import (
	"slices"
	"strings"
	"sync"

	"sijil/internal/caption"
)

// candidateSet is a place name's candidates (in a country, for a fuzzy
// match) with what scoring reads of each, derived once: an ingest names the
// same few hundred places tens of thousands of times, and looking each up
// again, ranking its namesakes and folding their names was half the time
// of resolving a caption. A set is shared by every scene that names the
// place, and never changed.
type candidateSet struct {
	key, spelling string // Key and Spelling of the name
	places        []Place
	fuzzy         bool
	adminKeys     []string // Key(places[j].Admin1)
	alike         []bool   // some name of places[j] has the Spelling (spelledAs)
	own           []bool   // places[j]'s own name has it (spelledAs)
	exact         []bool   // some name of places[j] is written as the name is (writtenAs)
	// country is the country the name is the name of ("Georgia"), or "".
	country caption.CountryCode
	// countries is how many countries the candidates lie in, counting
	// those spelt so unlike the name that they are dropped (see loose).
	countries int
	// seat is true for a division whose own city is among the
	// candidates: Idlib the province, with Idlib the city in it.
	seat []bool
	// kind is the division word the name ended in and was found without
	// ("Kherson Oblast", "Borno State"), which says what the caption means
	// as a place word would; "" when none.
	kind string
	// exonym is the name exonyms.tsv gave for the caption's, by which the
	// places were found ("Lower Juba" for "Jubaland"), or "".
	exonym string
}

// candidateKey is what a candidateSet depends on.
type candidateKey struct {
	name    string
	country caption.CountryCode
}

// maxCachedNames bounds the names whose candidates a Gazetteer keeps:
// beyond it the cache starts again, so that a stream of distinct names
// costs a bounded amount of memory (a few kilobytes a name).
const maxCachedNames = 1 << 13

// candidateCache holds a Gazetteer's candidateSets. It is safe for
// concurrent use: documents are resolved on several goroutines.
type candidateCache struct {
	mu   sync.Mutex
	sets map[candidateKey]*candidateSet
}

// candidateSet returns the candidates of name (see candidates), at most
// maxCandidates of them, with their derived fields.
func (g *Gazetteer) candidateSet(name string, country caption.CountryCode) *candidateSet {
	k := candidateKey{name, country}
	c := &g.cands
	c.mu.Lock()
	cs, ok := c.sets[k]
	c.mu.Unlock()
	if ok {
		return cs
	}
	cs = g.newCandidateSet(name, country)
	c.mu.Lock()
	if c.sets == nil || len(c.sets) >= maxCachedNames {
		c.sets = make(map[candidateKey]*candidateSet)
	}
	c.sets[k] = cs
	c.mu.Unlock()
	return cs
}

func (g *Gazetteer) newCandidateSet(name string, country caption.CountryCode) *candidateSet {
	// The key and spelling are those of the name the candidates were found
	// by: "Nabatieh Governorate" is the province Nabatieh that another
	// place of the caption lies in, and is spelt like the entry Nabatieh.
	cs := &candidateSet{}
	var matched string
	var byExonym bool
	cs.places, matched, cs.fuzzy, byExonym = g.candidates(name, country)
	if byExonym {
		cs.exonym = matched
	}
	cs.key, cs.spelling = Key(matched), Spelling(matched)
	if words, kept := strings.Fields(name), strings.Fields(matched); len(kept) < len(words) {
		if w := strings.ToLower(words[len(kept)]); adminKinds[w] {
			cs.kind = w
		}
	}
	// Lookup ranks by spelling and population; past the first few dozen
	// namesakes ("Al Qaryah") none wins on context, and keeping them all
	// for a 100,000-caption document costs gigabytes.
	cs.places = capCandidates(cs.places)
	written := writtenForm(matched)
	cs.countries = countCountries(cs.places)
	cs.country, _ = g.countryNamed(name)
	// A candidate spelt otherwise than the name, that does not even read
	// like it, is dropped (see writtenNear), a near spelling's too: its
	// consonants one edit from the name's, "Kanyabayonga" found Kananga,
	// 950 km off, and "Kamanyola" Kamina.
	kept := cs.places[:0]
	for _, p := range cs.places {
		own, alike := spelledAs(p, cs.spelling)
		if !alike && !writtenNear(p, written) {
			continue
		}
		kept = append(kept, p)
		cs.own, cs.alike = append(cs.own, own), append(cs.alike, alike)
		cs.exact = append(cs.exact, alike && writtenAs(p, written))
		cs.adminKeys = append(cs.adminKeys, Key(p.Admin1))
	}
	cs.places = kept
	cs.seat = make([]bool, len(cs.places))
	for j, p := range cs.places {
		cs.seat[j] = slices.ContainsFunc(cs.places, func(q Place) bool { return q.Class == 'P' && inDivision(q, p) })
	}
	return cs
}

// countCountries returns how many countries places lie in.
func countCountries(places []Place) int {
	var seen []caption.CountryCode
	for _, p := range places {
		if !slices.Contains(seen, p.Country) {
			seen = append(seen, p.Country)
		}
	}
	return len(seen)
}

// capCandidates keeps the first maxCandidates places and every division
// after them: having no population, divisions rank after every town of
// their name, and "Santa Cruz" or "Victoria" has more than that.
func capCandidates(places []Place) []Place {
	if len(places) <= maxCandidates {
		return places
	}
	out := places[:maxCandidates:maxCandidates]
	for _, p := range places[maxCandidates:] {
		if isDivision(p) {
			out = append(out, p)
		}
	}
	return out
}
