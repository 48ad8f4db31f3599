package corpus

// original returns the first photo of a new incident: a place of the
// document's conflict most of the time (a gallery is about one war), a day of its war on which no other incident happened there (the
// truth would otherwise hold two events that no one could tell apart), and a
// scene of a kind the conflict has.
func (g *generator) original() scene {
	rng := g.rng
	s := scene{place: rng.IntN(len(places)), toll: -1, bg: -1}
	if rng.IntN(10) < 7 {
		s.place = pick(rng, placesOf[g.theme])
	}
	c := &countries[places[s.place].country]
	s.kind = pick(rng, c.kinds)
	s.cause = s.kind
	if s.kind == funeral {
		s.cause = pick(rng, c.kinds)
		if s.cause > clashes {
			s.cause = clashes
		}
	}
	s.day = g.freeDay(s.place, dayOf(c.from), dayOf(c.to+1))
	s.monthOnly = rng.IntN(20) == 0
	s.shot = rng.IntN(len(shotsOf(s.kind)))
	s.seed = rng.Uint64()
	s.dateStyle = rng.IntN(dateStyles)
	if s.kind.violent() && s.kind != clashes && rng.IntN(100) < 55 || s.kind == clashes && rng.IntN(100) < 20 {
		s.toll, s.tollSeed = rng.IntN(len(tolls)), rng.Uint64()
		s.killed = 3 + rng.IntN(1+rng.IntN(60))
		s.injured = 2 + rng.IntN(1+rng.IntN(90))
	}
	if rng.IntN(100) < 35 {
		s.bg, s.bgSeed = rng.IntN(len(c.background)), rng.Uint64()
	}
	g.credit(&s)
	s.typographic = rng.IntN(10) == 0
	g.evs++
	s.cluster, s.event = g.clusters, g.evs
	return s
}

// credit gives s a photographer, an agency and a credit style.
func (g *generator) credit(s *scene) {
	s.agency = g.rng.IntN(len(agencies))
	s.style = g.rng.IntN(len(agencies[s.agency]))
	s.photographer = g.rng.IntN(len(givenNames) * len(familyNames))
}

// freeDay returns a day in [from, to) on which the place has no incident on
// the day before, the day itself or the day after, and marks it taken. After
// eight tries it takes any day: a corpus of millions of captions has more
// incidents than a place has days.
func (g *generator) freeDay(place, from, to int) int {
	var d int
	for range 8 {
		d = from + g.rng.IntN(to-from)
		if !g.isTaken(place, d-1) && !g.isTaken(place, d) && !g.isTaken(place, d+1) {
			break
		}
	}
	if i := place*daySpan + d - firstDay; d >= firstDay && d < firstDay+daySpan {
		g.taken[i/64] |= 1 << (i % 64)
	}
	return d
}

func (g *generator) isTaken(place, d int) bool {
	if d < firstDay || d >= firstDay+daySpan {
		return false
	}
	i := place*daySpan + d - firstDay
	return g.taken[i/64]&(1<<(i%64)) != 0
}

// photo returns another photo of incident inc: the same place, day and
// cause, another shot (a funeral after a strike a quarter of the time), its
// own words, often the same photographer and the same death toll.
func (g *generator) photo(inc *incident) scene {
	rng := g.rng
	s := inc.s
	s.cluster = g.clusters
	switch {
	case s.kind <= explosion && rng.IntN(4) == 0:
		s.kind = funeral
	case s.kind == funeral && s.cause <= explosion && rng.IntN(2) == 0:
		s.kind = s.cause
	}
	s.shot = g.newShot(inc, s.kind)
	s.seed = rng.Uint64()
	s.dateStyle = rng.IntN(dateStyles)
	s.typo = 0
	if s.toll >= 0 && rng.IntN(100) < 60 {
		s.toll, s.tollSeed = rng.IntN(len(tolls)), rng.Uint64()
	} else {
		s.toll = -1
	}
	s.bg = -1
	if rng.IntN(100) < 35 {
		s.bg, s.bgSeed = rng.IntN(len(countries[places[s.place].country].background)), rng.Uint64()
	}
	if rng.IntN(100) >= 60 {
		g.credit(&s)
	}
	s.typographic = rng.IntN(10) == 0
	return s
}

// newShot returns a shot of kind k that inc has no photo of yet, when there
// is one, and marks it used.
func (g *generator) newShot(inc *incident, k kind) int {
	n := len(shotsOf(k))
	start := g.rng.IntN(n)
	for i := range n {
		shot := (start + i) % n
		if bit := uint64(1) << shotBit(k, shot); inc.used&bit == 0 {
			inc.used |= bit
			return shot
		}
	}
	return start
}
