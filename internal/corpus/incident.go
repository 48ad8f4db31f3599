package corpus

import (
	"fmt"
	"math/rand/v2"
	"strings"
)

// Incident writes one plain-text document of n captions of one incident:
// photos taken in one town on one day by many photographers of several
// agencies, each a photo of its own (another shot, another photographer),
// as the wires send them on the day of a massacre or a great strike. None
// is a copy of another, so each starts its own cluster, and all are one
// event: linking compares each with the records of that event before it,
// which without a bound on a crowded day grows with the square of n.
func Incident(n int, seed uint64) []byte {
	shots := []string{
		"A man carries a wounded child", "Rescuers search the rubble of a collapsed building",
		"A woman weeps outside the main hospital", "Civil defence workers put out a fire",
		"Residents inspect a destroyed market", "Smoke rises over the old town",
		"A boy stands at the edge of a crater", "Medics treat an injured man on the floor of a clinic",
		"Families flee along the main road", "A father holds the body of his son",
		"Volunteers carry a stretcher through the dust", "A girl sits on the steps of a damaged school",
	}
	firsts := []string{"Omar", "Rana", "Samir", "Lina", "Karim", "Hadi", "Mona", "Yusuf", "Ziad", "Nour", "Bilal", "Hala", "Tariq", "Dana", "Fadi", "Maya"}
	lasts := []string{"Khalil", "Haddad", "Aziz", "Darwish", "Nasser", "Salem", "Halabi", "Masri", "Shami", "Kurdi", "Hamwi", "Sabbagh", "Attar", "Najjar", "Khatib", "Tamimi"}
	agencies := []string{"AFP", "Reuters", "AP", "Anadolu Agency", "Getty Images"}
	rng := rand.New(rand.NewPCG(seed, 11))
	var b strings.Builder
	for i := range n {
		if i > 0 {
			b.WriteString("\n\n")
		}
		// A photographer a caption while names last: i picks a first
		// and last name and a middle initial, and only past 6,656
		// captions does a name come back.
		name := fmt.Sprintf("%s %c. %s", firsts[i%len(firsts)], 'A'+rune(i/len(firsts)/len(lasts)%26), lasts[i/len(firsts)%len(lasts)])
		fmt.Fprintf(&b, "%s after air strikes on the town of Saraqib in Idlib province, Syria, on February 12, 2020. (Photo by %s / %s)",
			shots[rng.IntN(len(shots))], name, agencies[rng.IntN(len(agencies))])
	}
	b.WriteByte('\n')
	return []byte(b.String())
}
