package parse

import (
	"strings"

	"sijil/internal/caption"
)

// The cue words around a date mention, which say whether it is the photo
// date, a background date or a release date.

// dateClassify reads the words before a mention (back to its sentence's
// start at lo) and the words after it for what they say about the date.
func dateClassify(s string, lo int, m *dateMention) dateCue {
	var ws [16]string
	var brk [16]bool
	n := dateWordsBefore(s, lo, m.lead, &ws, &brk)
	w, b := ws[:n], brk[:n]
	if m.date.Precision == caption.PrecisionYear && !dateYearCued(s, m.span.Start, w, b) {
		return dateCueNotDate
	}
	// AP: "In this Tuesday, July 29, 2014, photo", "A Feb. 15, 2015 file photo".
	if (n == 0 || !b[0] && dateWordIn(w[0], "this", "a", "the", "that")) && datePhotoAfter(s, m.span.End) {
		return dateCueTaken
	}
	if cue := dateVerbCue(w, b); cue != dateCueNone {
		return cue
	}
	// "since the Hamas attack of 7 October 2023", "weeks after the strike
	// of April 6": the date of an event the photo follows, as "killed on"
	// is, not the photo's.
	if n >= 2 && !b[0] && !b[1] && dateWordIn(w[0], "of") && dateEventNoun(w[1]) {
		return dateCueEarlier
	}
	if n > 0 && !b[0] && dateWordIn(w[0], "the") && dateNounAfter(s, m.span.End) {
		return dateCueBackground // "the March 15, 2011 uprising"
	}
	return dateCueNone
}

// dateVerbCue looks through the words before a date, nearest first, for the
// verb that governs it: "Picture taken on X", "photo provided by AMC on X",
// "formed on X", "since X". brk[k] reports punctuation between w[k] and the
// text after it; background cues must be in the date's own clause.
func dateVerbCue(w []string, brk []bool) dateCue {
	open := true
	for k, x := range w {
		open = open && !brk[k]
		switch kind := dateWordKind(x); {
		case kind == dateKindTaken && k <= 4 && datePhotoNear(w, k+1, 3):
			return dateCueTaken
		case kind == dateKindPictured && k <= 1:
			return dateCueTaken
		case kind == dateKindProvided && k <= 14 && (k == 0 || dateWordIn(w[k-1], "on", "by", "online", "via", "to", "out")) &&
			(datePhotoNear(w, k+1, 5) || k == 0 && dateWordIn(x, "issued")):
			return dateCueProvided
		case kind == dateKindLimit && open && k <= 1:
			return dateCueBackground
		case kind == dateKindBackground && open && k <= 5:
			return dateCueBackground
		case kind == dateKindEarlier && open && k <= 1:
			return dateCueEarlier
		}
	}
	return dateCueNone
}

// dateKind is what a word says about a date near it.
type dateKind uint8

const (
	dateKindNone          dateKind = iota
	dateKindTaken                  // "taken", "made", "dated": after a photo noun
	dateKindPictured               // "photographed on", "pictured on"
	dateKindProvided               // "provided by … on", "released on"
	dateKindLimit                  // "since", "until": the date bounds a span of time
	dateKindBackground             // verbs of past facts: "formed", "began", "seized"
	dateKindEarlier                // events a photo may follow: "killed", "destroyed"
	dateKindPhoto                  // photo nouns
	dateKindPhotoModifier          // "file photo", "AP photo"
)

// dateWordKind classifies a word, ignoring ASCII case. The lists are
// grammar: the verbs that tie a date to the picture, to its release or to a
// background fact.
func dateWordKind(w string) dateKind {
	var b [16]byte
	if len(w) > len(b) {
		return dateKindNone
	}
	for i := 0; i < len(w); i++ {
		c := w[i]
		if c >= 'A' && c <= 'Z' {
			c += 'a' - 'A'
		}
		b[i] = c
	}
	switch string(b[:len(w)]) { // no allocation: the compiler compares in place
	case "taken", "made", "dated":
		return dateKindTaken
	case "photographed", "pictured", "filmed":
		return dateKindPictured
	case "provided", "released", "distributed", "published", "posted", "issued", "handed", "supplied",
		"uploaded", "available", "disseminated", "shared", "obtained", "transmitted":
		return dateKindProvided
	case "since", "until", "till", "before":
		return dateKindLimit
	case "formed", "founded", "established", "created", "began", "begun", "started", "erupted", "broke",
		"launched", "born", "declared", "signed", "built", "erected", "imposed", "kidnapped", "abducted",
		"elected", "announced":
		return dateKindBackground
	// A town taken is an event a photo follows, as a man killed is: "the
	// streets of Jisr al-Shughur after rebels seized the town on April 25"
	// is dated so when nothing else dates it.
	case "killed", "died", "wounded", "injured", "destroyed", "damaged", "demolished", "arrested", "detained",
		"seized", "captured", "recaptured", "retook", "liberated", "fell":
		return dateKindEarlier
	case "photo", "photos", "photograph", "photographs", "picture", "pictures", "pic", "image", "images",
		"footage", "video", "still", "handout", "snapshot", "frame":
		return dateKindPhoto
	case "file", "undated", "aerial", "drone", "satellite", "pool", "archive", "ap", "afp", "reuters", "epa":
		return dateKindPhotoModifier
	}
	return dateKindNone
}

// dateYearCued reports whether a bare year stands where only a year can:
// "in 2014", "since 2011", "summer of 2014", "mid-2014", or closing a
// dateline ("in Aleppo, Syria, 2014.").
func dateYearCued(s string, start int, w []string, brk []bool) bool {
	if start > 0 && s[start-1] == '-' {
		return len(w) > 0 && dateWordIn(w[0], "mid")
	}
	if len(w) == 0 {
		return false
	}
	if !brk[0] && dateWordIn(w[0], "in", "since", "during", "until", "till", "through", "throughout", "from",
		"early", "late", "summer", "spring", "autumn", "fall", "winter", "year") {
		return true
	}
	if !brk[0] && len(w) > 1 && dateWordIn(w[0], "of") && dateWordIn(w[1], "summer", "spring", "autumn", "fall",
		"winter", "end", "beginning", "start", "middle", "half") {
		return true
	}
	end := start + 4
	return start >= 2 && s[start-2] == ',' && w[0][0] >= 'A' && w[0][0] <= 'Z' &&
		(end == len(s) || strings.IndexByte(".;)", s[end]) >= 0)
}

// dateEventNoun reports a noun of an event that "of" and a date may
// follow: "the attack of", "the earthquake of".
func dateEventNoun(w string) bool {
	return dateWordIn(w, "attack", "attacks", "assault", "strike", "strikes", "airstrike", "airstrikes",
		"raid", "raids", "bombing", "bombings", "bombardment", "shelling", "massacre", "massacres",
		"explosion", "explosions", "blast", "blasts", "earthquake", "earthquakes", "quake", "flood",
		"floods", "flooding", "offensive", "invasion", "incursion", "uprising", "coup", "ambush",
		"shooting", "shootings", "killing", "killings", "fire", "war", "battle", "siege", "events",
		"storm", "cyclone", "hurricane")
}

// dateWordsBefore fills ws with up to len(ws) words before pos, nearest
// first, not going before lo. brk[k] is true when punctuation other than a
// space or hyphen separates ws[k] from what follows it.
func dateWordsBefore(s string, lo, pos int, ws *[16]string, brk *[16]bool) int {
	n, p := 0, pos
	for n < len(ws) && p > lo {
		b := false
		for p > lo && !dateIsWordChar(s[p-1]) {
			if c := s[p-1]; c != ' ' && c != '-' {
				b = true
			}
			p--
		}
		e := p
		for p > lo && dateIsWordChar(s[p-1]) {
			p--
		}
		if p == e {
			break
		}
		ws[n], brk[n] = s[p:e], b
		n++
	}
	return n
}

// datePhotoAfter reports whether a photo noun follows the date, after an
// optional comma and up to two modifiers: ", photo", " file photo".
func datePhotoAfter(s string, p int) bool {
	if p < len(s) && s[p] == ',' {
		p++
	}
	for range 3 {
		if p >= len(s) || s[p] != ' ' {
			return false
		}
		p++
		e := p
		for e < len(s) && dateIsAlnum(s[e]) {
			e++
		}
		w := s[p:e]
		if datePhotoNoun(w) {
			return true
		}
		if dateWordKind(w) != dateKindPhotoModifier {
			return false
		}
		p = e
	}
	return false
}

// dateNounAfter reports whether the date modifies a noun: "the March 15,
// 2011 uprising".
func dateNounAfter(s string, p int) bool {
	if p+1 >= len(s) || s[p] != ' ' || s[p+1] < 'a' || s[p+1] > 'z' {
		return false
	}
	e := p + 1
	for e < len(s) && dateIsAlnum(s[e]) {
		e++
	}
	w := s[p+1 : e]
	return !datePhotoNoun(w) && dateWordKind(w) != dateKindPhotoModifier && !dateWordIn(w, "and", "or", "but",
		"to", "in", "at", "on", "of", "by", "as", "for", "from", "with", "near", "into", "over", "under", "amid",
		"during", "following", "after", "before", "until", "since", "despite", "against", "between", "through",
		"across", "along", "around", "outside", "inside", "ahead", "when", "while", "where", "which", "who",
		"that", "then", "is", "are", "was", "were", "shows", "show", "showing")
}

// datePhotoNear reports whether one of w[from:from+k] is a photo noun.
func datePhotoNear(w []string, from, k int) bool {
	for i := from; i < len(w) && i < from+k; i++ {
		if datePhotoNoun(w[i]) {
			return true
		}
	}
	return false
}

func datePhotoNoun(w string) bool { return dateWordKind(w) == dateKindPhoto }

// dateWordIn reports whether w is one of set, ignoring ASCII case.
func dateWordIn(w string, set ...string) bool {
	for _, x := range set {
		if len(x) == len(w) && strings.EqualFold(w, x) {
			return true
		}
	}
	return false
}

func dateIsWordChar(c byte) bool { return dateIsAlnum(c) || c == '\'' }
