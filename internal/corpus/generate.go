package corpus

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"time"
)

// Ring sizes: copies are drawn from the last poolSize captions of earlier
// documents, other photos from the last eventPoolSize incidents. They bound
// the generator's memory whatever the corpus size.
const (
	poolSize      = 8192
	eventPoolSize = 4096
)

// entry is a caption that later captions may copy.
type entry struct {
	s            scene
	desc, credit string
}

// incident is an event that later photos may show.
type incident struct {
	s    scene  // its first photo
	used uint64 // shots already taken, by shotBit
}

// generator holds the state of one Generate call.
type generator struct {
	opt           Options
	rng           *rand.Rand
	r             *renderer
	pool          []entry // ring of captions of earlier documents
	next          int     // next pool slot to fill once full
	events        []incident
	nextEv        int
	taken         []uint64 // bitmap of (place, day) cells holding an incident
	clusters, evs int64
	truth         Truth
	doc           bytes.Buffer
	layout        layout
	theme         int // the country most of the document's new captions are from
}

// Generate writes opt.Captions captions into documents, calling w once per
// document with its name and contents, and returns the truth. w must not
// keep data after it returns. An error from w stops the generation and is
// returned.
func Generate(opt Options, w func(name string, data []byte) error) (Truth, error) {
	if err := opt.check(); err != nil {
		return Truth{}, err
	}
	g := &generator{
		opt:   opt,
		rng:   rand.New(rand.NewPCG(opt.Seed, 0x73696a696c)),
		r:     newRenderer(),
		taken: make([]uint64, (len(places)*daySpan+63)/64),
	}
	g.truth.Captions = make([]Caption, 0, opt.Captions)
	exact := int(float64(opt.Captions)*opt.ExactShare + 0.5)
	altered := int(float64(opt.Captions)*opt.AlteredShare + 0.5)
	fresh := opt.Captions - exact - altered
	for done := 0; done < opt.Captions; {
		n := min(opt.DocMin+g.rng.IntN(opt.DocMax-opt.DocMin+1), opt.Captions-done)
		var pending []entry
		g.startDoc()
		for i := range n {
			var e entry
			var k Kind
			left := opt.Captions - done - i
			switch r := g.rng.IntN(left); {
			case r < exact && len(g.pool) > 0:
				e, k = g.pool[g.rng.IntN(len(g.pool))], Exact
				exact--
			case r >= exact && r < exact+altered && len(g.pool) > 0:
				e, k = g.altered(), Altered
				altered--
			default:
				e, k = g.fresh()
				switch {
				case fresh > 0:
					fresh--
				case exact > 0:
					exact--
				default:
					altered--
				}
			}
			if k != Exact {
				pending = append(pending, e)
			}
			g.add(e, i, k)
		}
		name := fmt.Sprintf("doc%06d.txt", len(g.truth.Docs))
		g.truth.Docs = append(g.truth.Docs, name)
		if err := w(name, g.doc.Bytes()); err != nil {
			return g.truth, fmt.Errorf("corpus: write %s: %w", name, err)
		}
		for _, e := range pending {
			g.remember(e)
		}
		done += n
	}
	return g.truth, nil
}

// remember puts e in the pool of captions to copy.
func (g *generator) remember(e entry) {
	if len(g.pool) < poolSize {
		g.pool = append(g.pool, e)
		return
	}
	g.pool[g.next] = e
	g.next = (g.next + 1) % poolSize
}

// altered returns an altered copy of a caption of the pool.
func (g *generator) altered() entry {
	src := g.pool[g.rng.IntN(len(g.pool))]
	s := alter(g.rng, src.s)
	desc, credit := g.r.render(&s)
	// An alteration may change nothing (quotes made typographic in a
	// caption that has none): misspell a word instead, or, for a scene
	// sentence too short to misspell, change the credit, which always does.
	for try := 0; desc == src.desc && credit == src.credit; try++ {
		if try < 4 {
			s.typo = g.rng.Uint64() | 1
		} else {
			s = apply(g.rng, s, alterCredit)
		}
		desc, credit = g.r.render(&s)
	}
	return entry{s, desc, credit}
}

// fresh returns a new caption: another photo of a known incident, or the
// first of a new one.
func (g *generator) fresh() (entry, Kind) {
	g.clusters++
	if len(g.events) > 0 && g.rng.Float64() < g.opt.EventShare {
		s := g.photo(&g.events[g.rng.IntN(len(g.events))])
		desc, credit := g.r.render(&s)
		return entry{s, desc, credit}, Photo
	}
	s := g.original()
	inc := incident{s: s, used: 1 << shotBit(s.kind, s.shot)}
	if len(g.events) < eventPoolSize {
		g.events = append(g.events, inc)
	} else {
		g.events[g.nextEv] = inc
		g.nextEv = (g.nextEv + 1) % eventPoolSize
	}
	desc, credit := g.r.render(&s)
	return entry{s, desc, credit}, Original
}

// add records a caption in the document and the truth.
func (g *generator) add(e entry, index int, k Kind) {
	g.writeCaption(e.desc, e.credit)
	g.truth.Captions = append(g.truth.Captions, Caption{
		Doc: int32(len(g.truth.Docs)), Index: int32(index), Cluster: e.s.cluster, Event: e.s.event, Kind: k,
	})
}

// The dates of incidents lie in 2012–2024.
var (
	firstDay = int(time.Date(2012, 1, 1, 0, 0, 0, 0, time.UTC).Unix() / 86400)
	daySpan  = int(time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC).Unix()/86400) - firstDay
)

// dayOf returns the day number of January 1 of year.
func dayOf(year int) int { return int(time.Date(year, 1, 1, 0, 0, 0, 0, time.UTC).Unix() / 86400) }

// shotBit numbers the shots of all kinds, for an incident's used set.
func shotBit(k kind, shot int) int {
	switch {
	case k <= explosion:
		return shot
	case k == clashes:
		return len(strikeShots) + shot
	case k == protest:
		return len(strikeShots) + len(shots[clashes]) + shot
	case k == displacement:
		return len(strikeShots) + len(shots[clashes]) + len(shots[protest]) + shot
	}
	return len(strikeShots) + len(shots[clashes]) + len(shots[protest]) + len(shots[displacement]) + shot
}
