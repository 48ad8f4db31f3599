package corpus

import (
	"fmt"
	"math/rand/v2"
	"strings"
)

// Repetitive writes one plain-text document of n near-identical captions,
// as wire services send them by the thousand: one sentence of boilerplate
// about strikes on a town, told of towns towns on days days of one month,
// with a toll and a source that vary, and one photographer for each town
// and day. Captions of one town and day are altered copies of each other
// (a copy keeps its photographer: another photographer's caption is
// another photo); all of them share most of their words and the month
// that salts their LSH bands, so that each has every earlier one for a
// candidate unless linking caps them.
func Repetitive(n, towns, days int, seed uint64) []byte {
	places := []string{"Saraqib", "Ariha", "Maarrat al-Numan", "Jisr al-Shughur", "Kafr Nabl", "Khan Shaykhun", "Atarib", "Darat Izza", "Sarmada", "Binnish", "Taftanaz", "Kafr Takharim"}
	sources := []string{"activists said", "rescuers said", "a local official said", "the civil defence said", "medics said"}
	names := []string{"Omar Khalil", "Rana Haddad", "Samir Aziz", "Lina Darwish", "Karim Nasser", "Hadi Salem"}
	towns, days = min(towns, len(places)), min(days, 28)
	rng := rand.New(rand.NewPCG(seed, 7))
	var b strings.Builder
	for i := range n {
		if i > 0 {
			b.WriteString("\n\n")
		}
		town, day := rng.IntN(towns), rng.IntN(days)
		fmt.Fprintf(&b, "Smoke rises after air strikes on the rebel-held town of %s in Idlib province, Syria, on February %d, 2020. "+
			"At least %d people were killed, %s. (Photo by %s / AFP)",
			places[town], 1+day, 2+rng.IntN(60), sources[rng.IntN(len(sources))], names[(town*days+day)%len(names)])
	}
	b.WriteByte('\n')
	return []byte(b.String())
}
