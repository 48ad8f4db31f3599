package parse

import "sijil/internal/caption"

// frEarlierEvent reports a figure at token i that belongs to an earlier
// event than the one shown: frEarlier's pluperfect or other year before
// it, or a period ago after it in its sentence. In "Des femmes font la
// queue à Djibo, le 17 mai 2023. Selon MSF, au moins 40 civils ont été
// tués lors d'une attaque la semaine précédente." the forty died in
// another event than the queue shown.
func frEarlierEvent(toks []frToken, i int, date caption.PartialDate) bool {
	return frEarlier(toks, i, date) || frPeriodAgoAfter(toks, i)
}

// frPeriodAgoAfter reports "la semaine dernière", "le mois précédent",
// "l'an dernier" (a period noun and dernier or précédent) after token i
// in its clause (to a comma or the sentence's end: "…, portant à 300 le
// nombre de morts depuis le mois dernier" leaves the figure alone). "La veille" is left alone: the strike of
// the day before is often the one whose aftermath the photo shows.
func frPeriodAgoAfter(toks []frToken, i int) bool {
	for k := i + 1; k+1 < len(toks) && !frSentenceStop(toks, k) && toks[k].key != "," && toks[k].key != ";"; k++ {
		if frPeriodNouns[toks[k].key] && frAgoWords[toks[k+1].key] {
			return true
		}
	}
	return false
}

var (
	frPeriodNouns = map[string]bool{"semaine": true, "mois": true, "an": true, "année": true, "week-end": true}
	frAgoWords    = map[string]bool{"dernier": true, "dernière": true, "précédent": true, "précédente": true, "passé": true, "passée": true}
)
