package caption

import "testing"

// TestTablesCopied checks that the lookup tables an importer is given are
// copies: changing one changes nothing for the next caller.
func TestTablesCopied(t *testing.T) {
	types := EventTypes()
	types[0] = "picnic"
	if EventTypes()[0] != Airstrike || EventType("picnic").Index() != -1 || Airstrike.Index() != 0 {
		t.Error("EventTypes shares its table")
	}
	facets := Facets()
	facets[0] = "x"
	if Facets()[0] != FacetCountry {
		t.Error("Facets shares its table")
	}
	keys := MetaKeys("date")
	keys[0] = "x"
	if got := MetaKeys("date"); got[0] != MetaXMPDateCreated || MetaKeys("mood") != nil {
		t.Errorf("MetaKeys(date) = %v after a caller changed its copy", got)
	}
	for i, et := range EventTypes() {
		if et.Index() != i {
			t.Errorf("%s.Index() = %d, want %d", et, et.Index(), i)
		}
	}
	kinds := ActorKinds()
	kinds[0] = "picnickers"
	if ActorKinds()[0] != KindState || !KindState.Valid() || ActorKind("picnickers").Valid() {
		t.Error("ActorKinds shares its table")
	}
	targets := TargetKinds()
	targets[0] = "x"
	if TargetKinds()[0] != TargetCivilians || TargetKind("x").Index() != -1 {
		t.Error("TargetKinds shares its table")
	}
	for i, k := range TargetKinds() {
		if k.Index() != i {
			t.Errorf("%s.Index() = %d, want %d", k, k.Index(), i)
		}
	}
}
