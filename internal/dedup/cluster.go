package dedup

import (
	"strings"

	"sijil/internal/caption"
)

// The rules by which ClusterMatcher.Match links a record to a cluster, as stored in
// caption.Link.Rule.
const (
	RuleJaccard     = "jaccard"     // shingle sets alike: a typo, a changed credit or quote style
	RuleContainment = "containment" // one holds the other: a sentence gained or lost
)

// shingled is a caption's words and shingle set, as ClusterMatcher.Match compares
// them.
type shingled struct {
	words         wordSet
	set           []uint64
	places        []string // folded (foldPlace)
	photographers []string // folded (foldPlace)
}

func shingle(r caption.Record) shingled {
	ws := newWordSet(shingleText(r))
	return shingled{ws, shingles(ws.hashes), foldPlaces(r.Places), foldPlaces(r.Photographers)}
}

func foldPlaces(places []string) []string {
	out := make([]string, len(places))
	for i, p := range places {
		out[i] = foldPlace(p)
	}
	return out
}

// ClusterMatcher links records to clusters (Match) in a linking pass that compares each new
// record with candidates it has met before: it keeps the shingles of the
// last records compared, by ID, instead of making them again for every
// comparison, which was most of the cost of linking a caption with many
// candidates. A record's fields must not change while the matcher knows it
// (Forget).
//
// What it keeps also spares reading a candidate it knows (Knows): Match
// needs no more of such a candidate than its ID, cluster and date. A
// record Knows reported stays known until Trim, which a linking pass
// calls between batches, even if Match meets more records meanwhile than
// the matcher keeps: so the matcher holds at most twice matcherSize
// records, however many a batch meets (one document of 50,000
// near-identical captions is one batch).
type ClusterMatcher struct {
	opt   Options
	known map[int64]shingled
	ring  []int64 // IDs in the order they were kept, from next: the oldest go first
	next  int
	held  map[int64]bool // reported by Knows since Trim
	// gone are held records the ring let go: known until Trim.
	gone []int64
}

// matcherSize is how many records a ClusterMatcher keeps the shingles of,
// besides those held (Knows): a few megabytes. Keeping more barely made
// more candidates known in an ingest of 100,000 generated captions (8,920
// of the 23,139 it read with 16,384, against 8,460 with 4,096): the
// candidates met again are those of the last batches.
const matcherSize = 4096

// NewClusterMatcher returns a matcher deciding by opt.
func NewClusterMatcher(opt Options) *ClusterMatcher {
	return &ClusterMatcher{opt: opt.withDefaults(), known: map[int64]shingled{}, held: map[int64]bool{}}
}

// Match decides which of candidates (the stored records sharing an
// LSH band with rec, as the store returns them) rec is an altered copy of.
// Of a candidate the matcher Knows, it reads only the ID, Cluster and
// Record.Date; best is the candidate as passed.
// Each candidate is confirmed exactly on the shingle sets, not on the MinHash
// estimate: by Jaccard index at or above opt.Threshold (rule "jaccard"), or
// else by containment at or above opt.Containment (rule "containment"). A
// word of rec one typing slip away from a word of the candidate that rec
// lacks counts as that word ("inlcuding", "including"): a typo is the
// commonest alteration, and costs a short caption three shingles of a dozen.
// Candidates whose date or place disagrees with rec's are never copies: "A
// general view shows destroyed buildings in Douma, DATE" is boilerplate that
// agencies reuse on other days and in other towns, for other photos, and its
// shingles barely tell the difference. Nor are candidates credited to other
// photographers: two photographers took two photos, however alike the
// words their desks wrote (photographersAgree).
//
// Of the confirmed candidates the one with the highest Jaccard index wins,
// then the highest containment, then the lowest ID, so that the decision does
// not depend on the order in which the store returns candidates. sim is the
// winner's Jaccard index for rule "jaccard" and its containment for rule
// "containment". ok is false when no candidate is confirmed.
func (m *ClusterMatcher) Match(rec caption.Record, candidates []caption.StoredRecord) (best caption.StoredRecord, sim float64, rule string, ok bool) {
	return matchCluster(rec, candidates, m.opt, func(c *caption.StoredRecord) shingled {
		if s, ok := m.known[c.ID]; ok {
			return s
		}
		s := shingle(c.Record)
		if len(m.ring) < matcherSize {
			m.ring = append(m.ring, c.ID)
		} else {
			if old := m.ring[m.next]; m.held[old] {
				m.gone = append(m.gone, old)
			} else {
				delete(m.known, old)
			}
			m.ring[m.next] = c.ID
			m.next = (m.next + 1) % matcherSize
		}
		m.known[c.ID] = s
		return s
	})
}

// Knows reports whether the matcher keeps the shingles of record id, and
// if so keeps them until the next Trim or Forget: Match then needs only
// the candidate's ID, Cluster and Record.Date, and its caller need not
// read the rest.
func (m *ClusterMatcher) Knows(id int64) bool {
	_, ok := m.known[id]
	if ok {
		m.held[id] = true
	}
	return ok
}

// Trim ends what Knows holds: the records the matcher would have let go
// meanwhile go now.
func (m *ClusterMatcher) Trim() {
	for _, id := range m.gone {
		delete(m.known, id)
	}
	m.gone = m.gone[:0]
	clear(m.held)
}

// Forget drops what the matcher keeps.
func (m *ClusterMatcher) Forget() {
	clear(m.known)
	clear(m.held)
	m.ring, m.next, m.gone = m.ring[:0], 0, m.gone[:0]
}

func matchCluster(rec caption.Record, candidates []caption.StoredRecord, opt Options, shingleOf func(*caption.StoredRecord) shingled) (best caption.StoredRecord, sim float64, rule string, ok bool) {
	opt = opt.withDefaults()
	// rec's own shingles are made for its first candidate of its date,
	// not before: 49,000 of the 69,000 records of 100,000 generated
	// captions have no candidate at all, and Match made 7% of the
	// ingest's allocations.
	var (
		mine                      wordSet
		mineSet                   []uint64
		myPlaces, myPhotographers []string
		made                      bool
	)
	var bestJ, bestC float64
	for i := range candidates {
		c := &candidates[i]
		if !datesAgree(rec.Date, c.Record.Date) {
			continue
		}
		if !made {
			made = true
			if mine = newWordSet(shingleText(rec)); len(mine.words) == 0 {
				return caption.StoredRecord{}, 0, "", false
			}
			myPlaces, myPhotographers = foldPlaces(rec.Places), foldPlaces(rec.Photographers)
			mineSet = shingles(mine.hashes)
		}
		their := shingleOf(c)
		if !foldedPlacesAgree(myPlaces, their.places) || !foldedNamesAgree(myPhotographers, their.photographers) {
			continue
		}
		j, cont, n := compare(mine, mineSet, their)
		r := confirm(j, cont, n, opt)
		if r == "" {
			continue
		}
		if ok && !better(j, cont, c.ID, bestJ, bestC, best.ID) {
			continue
		}
		best, bestJ, bestC, rule, ok = *c, j, cont, r, true
	}
	if !ok {
		return caption.StoredRecord{}, 0, "", false
	}
	sim = bestJ
	if rule == RuleContainment {
		sim = bestC
	}
	return best, sim, rule, true
}

// compare returns the Jaccard index and containment of two captions' shingle
// sets, with mine's typing slips aligned to theirs' words, and the size of
// the smaller set. mineSet is the shingle set of mine as it stands.
func compare(mine wordSet, mineSet []uint64, their shingled) (j, c float64, n int) {
	theirs, theirSet := their.words, their.set
	if len(theirSet) == 0 {
		return 0, 0, 0
	}
	if aligned, changed := alignTypos(mine, theirs); changed {
		mineSet = shingles(aligned)
	}
	return Jaccard(mineSet, theirSet), Containment(mineSet, theirSet), min(len(mineSet), len(theirSet))
}

// confirm returns the rule by which shingle sets with Jaccard index j and
// containment c (the smaller having n shingles) are copies, or "".
func confirm(j, c float64, n int, opt Options) string {
	switch {
	case j >= opt.Threshold:
		return RuleJaccard
	case c >= opt.Containment && n >= MinContained:
		return RuleContainment
	}
	return ""
}

// better reports whether a candidate (j, c, id) ranks above the best so far.
func better(j, c float64, id int64, bestJ, bestC float64, bestID int64) bool {
	if j != bestJ {
		return j > bestJ
	}
	if c != bestC {
		return c > bestC
	}
	return id < bestID
}

// datesAgree reports whether two photo dates can be the same caption's: when
// either is unknown, or when they are equal at the coarser precision of the
// two ("June 2016" agrees with "June 14, 2016", not with "July 2016").
func datesAgree(a, b caption.PartialDate) bool {
	if a.IsZero() || b.IsZero() {
		return true
	}
	if a.Year != b.Year {
		return false
	}
	if a.Precision == caption.PrecisionYear || b.Precision == caption.PrecisionYear {
		return true
	}
	if a.Month != b.Month {
		return false
	}
	if a.Precision == caption.PrecisionMonth || b.Precision == caption.PrecisionMonth {
		return true
	}
	return a.Day == b.Day
}

// photographersAgree reports whether two records' photographers can be one
// photo's: when either credits none (a bare "AFP", "EPA/STRINGER"), or when
// a name of one can be a name of the other (sameName). Copies keep the
// photographer, but not always the spelling. Names in two scripts
// ("محمد بدرة", "Mohammed Badra") cannot be compared and do not disagree:
// the captions of one photo in two languages (crossLanguage) are credited
// so.
func photographersAgree(a, b []string) bool {
	return foldedNamesAgree(foldPlaces(a), foldPlaces(b))
}

// foldedNamesAgree is photographersAgree of names already folded. It runs
// for every candidate a caption is compared with, and allocates nothing.
func foldedNamesAgree(a, b []string) bool {
	for _, arabic := range [2]bool{false, true} {
		compared, same := false, false
		for _, x := range a {
			if isArabicName(x) != arabic {
				continue
			}
			for _, y := range b {
				if isArabicName(y) == arabic {
					compared = true
					same = same || sameName(x, y)
				}
			}
		}
		if compared && !same {
			return false
		}
	}
	return true
}

// sameName reports whether two folded (foldPlace) names can be one
// person's: when their last words are one, allowing a slip in words of four
// letters or more (a desk transliterates again: "Mohammed Badra", "Mohamed
// Badra"; "Anas al-Dyab", "Anas al-Diab"; or drops the given name: "M.
// Badra"), or when every word of one is a word of the other ("KILIC
// Bulent", "Bulent Kilic"). A shared given name alone is not enough:
// "Mohammed Badra" and "Mohammed Abed" are two photographers.
func sameName(a, b string) bool {
	if a == "" || b == "" {
		return true // nothing left to compare: not a disagreement
	}
	// foldPlace joins a name's words with single spaces.
	x, y := a[strings.LastIndexByte(a, ' ')+1:], b[strings.LastIndexByte(b, ' ')+1:]
	if x == y || len(x) >= 4 && len(y) >= 4 && withinOneEdit(x, y) {
		return true
	}
	return wordsWithin(a, b) || wordsWithin(b, a)
}

// placesAgree reports whether two records' scene places (most specific
// first) can be one caption's: when either names none, or when the most
// specific place of one is among the places of the other ("Douma" and
// "Douma, Eastern Ghouta"; not "Saqba, Eastern Ghouta" and "Arbin, Eastern
// Ghouta"). Names are compared folded (foldPlace), allowing one typing slip
// in names of five letters or more ("Aleppo", "Alepo") and a name read short
// ("Jisr" for "Jisr al‑Shughur" spelt with a non-breaking hyphen).
func placesAgree(a, b []string) bool {
	return foldedPlacesAgree(foldPlaces(a), foldPlaces(b))
}

// foldedPlacesAgree is placesAgree of places already folded.
func foldedPlacesAgree(a, b []string) bool {
	if len(a) == 0 || len(b) == 0 {
		return true
	}
	return placeAmong(a[0], b) || placeAmong(b[0], a)
}

// placeAmong reports whether the folded place is one of the folded places,
// as placesAgree compares.
func placeAmong(fx string, places []string) bool {
	for _, fy := range places {
		if fx == fy || len(fx) >= 5 && len(fy) >= 5 && withinOneEdit(fx, fy) || wordsWithin(fx, fy) || wordsWithin(fy, fx) {
			return true
		}
	}
	return false
}

// wordsWithin reports whether every word of the folded name a is a word of
// the folded name b. It splits neither: matching runs for every candidate.
func wordsWithin(a, b string) bool {
	if a == "" {
		return false
	}
	for w := range strings.FieldsSeq(a) {
		found := false
		for v := range strings.FieldsSeq(b) {
			if v == w {
				found = true
				break
			}
		}
		if !found {
			return false
		}
	}
	return true
}

// withinOneEdit reports whether a becomes b by at most one byte inserted,
// deleted, replaced, or two adjacent bytes swapped.
func withinOneEdit(a, b string) bool {
	if len(a) > len(b) {
		a, b = b, a
	}
	if len(b)-len(a) > 1 {
		return false
	}
	i := 0
	for i < len(a) && a[i] == b[i] {
		i++
	}
	if i == len(a) {
		return true
	}
	if len(a) < len(b) {
		return a[i:] == b[i+1:]
	}
	if a[i+1:] == b[i+1:] {
		return true
	}
	return i+1 < len(a) && a[i] == b[i+1] && a[i+1] == b[i] && a[i+2:] == b[i+2:]
}
