package geocode

import (
	"slices"
	"sync"

	"sijil/internal/caption"
)

// divisionNames finds first-level divisions by name. The embedded data
// holds most divisions as ADM1 entries, but not every one (Natural Earth
// lacks some codes), and an imported layer may give only the names of its
// places' divisions; without these, "Anbar province" or "Nineveh" found
// nothing of Iraq's and fell to a namesake village abroad that shares the
// key: the divisions are candidates too.
type divisionNames struct {
	once  sync.Once
	byKey map[string][]a1Key // Key(name) → (country, code) of every layer's rows
}

// divisions returns the divisions whose name has name's key, as places
// (see Admin1Place), leaving out those of countries where a place that is
// already a candidate is spelt like name: there the division's seat or
// namesake town ("Aleppo", "Idlib") stands for it, as it did before.
func (g *Gazetteer) divisions(name string, found []Place) []Place {
	dn := &g.divs
	dn.once.Do(func() {
		dn.byKey = map[string][]a1Key{}
		seen := map[a1Key]bool{}
		for _, ix := range g.layers {
			for i := range len(ix.sec[secAdmin1]) / admin1Size {
				a := ix.admin1At(i)
				k := a1Key{country: a.country, code: a.code}
				if a.code == "" || a.name == "" || seen[k] {
					continue
				}
				seen[k] = true
				key := Key(a.name)
				dn.byKey[key] = append(dn.byKey[key], k)
			}
		}
	})
	rows := dn.byKey[Key(name)]
	if len(rows) == 0 {
		return nil
	}
	spelling := Spelling(name)
	covered := map[caption.CountryCode]bool{}
	for _, p := range found {
		if spelledAlike(p, spelling) {
			covered[p.Country] = true
		}
	}
	var out []Place
	for _, k := range rows {
		if covered[k.country] {
			continue
		}
		// A layer's own ADM1 entry may be among the candidates already.
		if p, ok := g.Admin1Place(k.country, k.code); ok && !slices.ContainsFunc(found, func(q Place) bool {
			return q.ID != 0 && q.ID == p.ID && q.Source == p.Source
		}) {
			out = append(out, p)
		}
	}
	return out
}

// withDivisions puts divs among the candidates c after those spelt like
// the name (which Lookup ranks first), so that the cap on candidates
// cannot drop them behind a long tail of namesakes.
func withDivisions(c, divs []Place, spelling string) []Place {
	n := 0
	for n < len(c) && spelledAlike(c[n], spelling) {
		n++
	}
	return slices.Concat(c[:n], divs, c[n:])
}
