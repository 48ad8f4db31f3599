package export

import (
	"cmp"
	"slices"
	"strconv"

	"sijil/internal/caption"
)

// acledDyad is who did what to whom in an ACLED row: actor1 from the
// perpetrator the captions name, actor2 from the people they say were
// struck. docs/acled.md explains each value.
type acledDyad struct {
	actor1, inter1         string
	actor2, assoc2, inter2 string
	civilians              string // civilian_targeting
	claim                  caption.Claim
	objects                []caption.TargetKind // targets that are places, which have no ACLED actor
}

// acledInter maps an actor kind to ACLED's inter code (codebook: 1 state
// forces, 2 rebel groups, 3 political militias, 4 identity militias, 5
// rioters, 6 protesters, 7 civilians, 8 external/other forces). Coalitions
// and UN missions are external/other forces; rescuers and aid agencies,
// which ACLED codes as civilians, are 7.
var acledInter = map[caption.ActorKind]int{
	caption.KindState: 1, caption.KindRebels: 2, caption.KindMilitia: 3,
	caption.KindCoalition: 8, caption.KindUN: 8, caption.KindCivilDefence: 7, caption.KindHumanitarian: 7,
}

// acledCivilians is ACLED's civilian_targeting value.
const acledCivilians = "Civilian targeting"

// dyad reads the event's actors in country (ACLED's country name, for the
// civilians' actor name: "Civilians (Syria)").
func (ev *acledEvent) dyad(country string) acledDyad {
	var d acledDyad
	if p := ev.perpetrator(); p != nil {
		d.actor1, d.claim = cmp.Or(p.Name, p.Actor), p.Claim
		if n, ok := acledInter[p.Kind]; ok {
			d.inter1 = strconv.Itoa(n)
		}
	}
	var assoc []string
	for _, k := range caption.TargetKinds() {
		if !ev.struck(k) {
			continue
		}
		switch {
		case k == caption.TargetJournalists:
			assoc = append(assoc, "Journalists ("+country+")")
		case k == caption.TargetAid:
			assoc = append(assoc, "Aid Workers ("+country+")")
		case k == caption.TargetRescuers:
			assoc = append(assoc, "Health Workers ("+country+")")
		case !k.Civilians():
			d.objects = append(d.objects, k)
			continue
		}
		d.actor2, d.inter2, d.civilians = "Civilians ("+country+")", "7", acledCivilians
	}
	d.assoc2 = joinList(assoc)
	return d
}

// interaction is ACLED's two-digit code of the row's inter codes, the lower
// first (17: state forces against civilians), or the actor1 code and 0
// when actor1 acts alone (10); empty without actor1.
func (d acledDyad) interaction() string {
	a, err := strconv.Atoi(d.inter1)
	if err != nil {
		return ""
	}
	b, err := strconv.Atoi(d.inter2)
	if err != nil {
		return strconv.Itoa(a * 10)
	}
	return strconv.Itoa(min(a, b)*10 + max(a, b))
}

// perpetrator is the perpetrator most records of the event name, the
// earliest record's among equals. It counts as stated when any record
// states it: a copy that hedges does not undo one that does not.
func (ev *acledEvent) perpetrator() *caption.Perpetrator {
	n := map[string]int{}
	var best *caption.Perpetrator
	for _, r := range ev.recs {
		if r.perp == nil {
			continue
		}
		if n[r.perp.Actor]++; best == nil || n[r.perp.Actor] > n[best.Actor] {
			best = r.perp
		}
	}
	if best == nil {
		return nil
	}
	out := *best
	if slices.ContainsFunc(ev.recs, func(r acledRecord) bool {
		return r.perp != nil && r.perp.Actor == out.Actor && r.perp.Claim == caption.ClaimStated
	}) {
		out.Claim = caption.ClaimStated
	}
	return &out
}

// struck reports whether any record of the event names target k.
func (ev *acledEvent) struck(k caption.TargetKind) bool {
	for _, r := range ev.recs {
		if slices.Contains(r.target, k) {
			return true
		}
	}
	return false
}
