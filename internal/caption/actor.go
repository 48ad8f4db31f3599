package caption

import "slices"

// ActorKind says what sort of force an actor is. The kinds are few on
// purpose: they are what an ACLED row's inter codes need, and what a reader
// needs to tell an army from an aid agency.
type ActorKind string

// The kinds of actor the actor vocabulary gives.
const (
	KindState        ActorKind = "state forces"            // a state's army, police, air force: "Syrian government forces"
	KindRebels       ActorKind = "rebel group"             // armed groups fighting a government: "Hayat Tahrir al-Sham"
	KindMilitia      ActorKind = "militia"                 // armed groups beside or outside the state: "Popular Mobilisation Forces"
	KindCoalition    ActorKind = "international coalition" // several states' forces under one command: "Saudi-led coalition"
	KindCivilDefence ActorKind = "civil defence"           // rescuers: "White Helmets"
	KindHumanitarian ActorKind = "humanitarian"            // aid agencies: "Syrian Arab Red Crescent"
	KindUN           ActorKind = "UN"                      // United Nations bodies and missions
)

var actorKinds = [...]ActorKind{KindState, KindRebels, KindMilitia, KindCoalition, KindCivilDefence, KindHumanitarian, KindUN}

// ActorKinds returns every ActorKind, in a new slice: the table is not an
// importer's to change.
func ActorKinds() []ActorKind { return slices.Clone(actorKinds[:]) }

// Valid reports whether k is one of ActorKinds.
func (k ActorKind) Valid() bool { return slices.Contains(actorKinds[:], k) }

// Claim says how a caption puts who did an event: stated as fact, or kept at
// a distance. "after what activists said were Russian air strikes" names the
// Russian forces only as activists' word, and the record keeps that.
type Claim string

// The claims of a perpetrator.
const (
	ClaimStated    Claim = ""          // the caption states it: "after Russian air strikes"
	ClaimReported  Claim = "reported"  // "a reported government air strike", "reportedly carried out by"
	ClaimSuspected Claim = "suspected" // "a suspected Russian air strike"
	ClaimAlleged   Claim = "alleged"   // "an alleged Israeli strike"
	ClaimClaimed   Claim = "claimed"   // the actor claimed it: "a car bomb claimed by Islamic State"
	ClaimSaid      Claim = "said"      // someone the caption names says so: "activists said", "according to", "blamed on"
)

// Perpetrator is who a caption says carried out the depicted event: the
// actor of "after Russian air strikes", "a strike by the Saudi-led
// coalition", "rebel rocket fire". A force only present in the photo
// ("rebel fighters stand in…") is an actor of the record, not its
// perpetrator.
type Perpetrator struct {
	Actor string // canonical name, one of the record's Actors
	// Name is the name the actor went by on the record's date when it has
	// since been renamed ("Jabhat al-Nusra" in 2015 for Hayat Tahrir
	// al-Sham); empty when it is Actor or the date is unknown.
	Name    string
	Kind    ActorKind   // empty when the vocabulary gives none
	Country CountryCode // the state the actor belongs to; empty for coalitions and groups of no one state
	Claim   Claim
}

// TargetKind is a sort of person or place an event struck, as the caption
// names it: civilians, a hospital, a school, a market.
type TargetKind string

// The target kinds, in the order records list them.
const (
	TargetCivilians      TargetKind = "civilians"   // civilians, residents, children, worshippers, displaced people
	TargetJournalists    TargetKind = "journalists" // journalists, reporters, a press vehicle
	TargetAid            TargetKind = "aid"         // aid workers, an aid convoy, a food distribution
	TargetRescuers       TargetKind = "rescuers"    // rescuers, civil defence, ambulances, medics
	TargetHospital       TargetKind = "hospital"    // hospitals, clinics
	TargetSchool         TargetKind = "school"      // schools, universities, kindergartens
	TargetMarket         TargetKind = "market"      // markets, shops, a shopping centre
	TargetWorship        TargetKind = "place of worship"
	TargetHomes          TargetKind = "homes"          // houses, residential buildings and areas
	TargetCamp           TargetKind = "camp"           // camps for the displaced, shelters
	TargetBakery         TargetKind = "bakery"         // bakeries, bread queues
	TargetInfrastructure TargetKind = "infrastructure" // power, water, bridges, fuel depots
	TargetMilitary       TargetKind = "military"       // bases, positions, checkpoints, convoys of armed forces
	TargetPolice         TargetKind = "police"         // police stations and officers
)

// TargetKinds returns every valid TargetKind in canonical order, in a new
// slice.
func TargetKinds() []TargetKind { return slices.Clone(targetKinds[:]) }

// Index returns k's position in TargetKinds, -1 when k is not a valid kind.
func (k TargetKind) Index() int { return slices.Index(targetKinds[:], k) }

var targetKinds = [...]TargetKind{TargetCivilians, TargetJournalists, TargetAid, TargetRescuers, TargetHospital, TargetSchool,
	TargetMarket, TargetWorship, TargetHomes, TargetCamp, TargetBakery, TargetInfrastructure, TargetMilitary, TargetPolice}

// Civilians reports whether the target is people outside the fighting:
// civilians, journalists, aid workers or rescuers, whom ACLED's codebook
// codes as civilians. A building is not: a strike on a hospital says what
// was hit, not who was there.
func (k TargetKind) Civilians() bool {
	switch k {
	case TargetCivilians, TargetJournalists, TargetAid, TargetRescuers:
		return true
	}
	return false
}
