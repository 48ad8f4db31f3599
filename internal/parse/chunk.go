package parse

import "slices"

// chunk is a run of capitalised tokens [a, b): a candidate proper name.
// Lower-case particles may sit inside ("Bab al- Nairab", "Jawad al Rifai").
type chunk struct{ a, b int }

// particles may join the capitalised words of one name.
var particles = map[string]bool{"al": true, "al-": true, "el": true, "el-": true, "bin": true, "ibn": true,
	"de": true, "del": true, "da": true, "van": true, "von": true, "ad-": true, "ash-": true, "as-": true,
	"ob": true, "der": true, "am": true, "im": true, "sur": true, "upon": true, "dos": true, "das": true, "do": true,
	"ar-": true, "an-": true, "at-": true, "az-": true, "abu": true, "bint": true, "ould": true, "ag": true}

// notNames are capitalised words that never start or form a name on their
// own: sentence openers, months and weekdays (which would glue "Syria
// November 19" into one name).
var notNames = map[string]bool{
	"a": true, "an": true, "the": true, "this": true, "that": true, "these": true, "those": true, "in": true,
	"on": true, "at": true, "it": true, "he": true, "she": true, "they": true, "we": true, "his": true,
	"her": true, "their": true, "its": true, "our": true, "picture": true, "photo": true, "pictures": true,
	"photos": true, "file": true, "image": true, "after": true, "during": true, "following": true,
	"before": true, "as": true, "when": true, "while": true, "from": true, "with": true, "by": true, "for": true,
	"some": true, "many": true, "several": true, "two": true, "three": true, "one": true, "people": true,
	"men": true, "women": true, "children": true, "residents": true, "members": true, "here": true,
	"january": true, "february": true, "march": true, "april": true, "may": true, "june": true,
	"july": true, "august": true, "september": true, "october": true, "november": true, "december": true,
	"jan": true, "feb": true, "mar": true, "apr": true, "jun": true, "jul": true, "aug": true, "sep": true,
	"sept": true, "oct": true, "nov": true, "dec": true,
	"monday": true, "tuesday": true, "wednesday": true, "thursday": true, "friday": true,
	"saturday": true, "sunday": true, "i": true, "mr": true, "mrs": true, "ms": true, "dr": true,
	// Feasts and holidays, which "on" puts where a place would be:
	// "on Halloween night", "on Eid al-Adha".
	"christmas": true, "easter": true, "halloween": true, "ramadan": true, "eid": true, "thanksgiving": true,
	"nowruz": true, "hanukkah": true, "diwali": true, "passover": true, "ashura": true, "holi": true,
	// Slugs that lead a caption before a dash: "TOPSHOT - A member of …".
	"topshot": true, "editors": true, "update": true, "correction": true, "urgent": true, "breaking": true,
	// Military operations are named like places: "Operation Swords of Iron".
	"operation": true, "arbaeen": true,
	// Ceasefire lines are no places, and name none: "near the Line of
	// Control in Jammu and Kashmir", "the Line of Contact", "the Blue Line".
	"line": true, "control": true, "contact": true,
	// French and Spanish articles that open a sentence: "Un camp de
	// déplacés près de Sarmada" was the place "Un camp", Encamp in
	// Andorra. ("Les", "La", "Des" and "Los" start towns' names: Les
	// Cayes, La Paz, Des Moines, Los Angeles.)
	"un": true, "une": true, "uno": true, "una": true,
	// French "À" opening a caption ("À Alep, des habitants …"); the
	// tokenizer lowers ASCII letters only.
	"À": true, "à": true,
}

// chunks finds the candidate names among the scene's tokens [from, to),
// skipping tokens already claimed (actors, countries). The result is valid
// until the next call, which reuses its buffer.
func (sc *sceneCtx) chunks(from, to int) []chunk {
	sc.chunkBuf = appendChunks(sc.chunkBuf[:0], sc.toks, sc.names, from, to, sc.used)
	return sc.chunkBuf
}

// appendChunks appends to out the candidate names among toks[from:to],
// skipping tokens claimed in used. names lists the tokens that may be part
// of a name (tagName), in order: a name starts at one of them, and the scan
// need not visit the other tokens.
func appendChunks(out []chunk, toks []token, names []int, from, to int, used []bool) []chunk {
	k, _ := slices.BinarySearch(names, from)
	next := from
	for _, i := range names[k:] {
		if i >= to {
			break
		}
		if i < next || used[i] {
			continue
		}
		j := i + 1
		for j < to {
			if isNameTok(toks[j], used[j]) {
				j++
				continue
			}
			// a particle continues the name only when a capitalised word follows
			if toks[j].is(tagParticle) && j+1 < to && isNameTok(toks[j+1], used[j+1]) {
				j += 2
				continue
			}
			if toks[j].key == "'s" && possessiveName(toks, j, to, used) {
				j += 2
				continue
			}
			break
		}
		j = ofName(toks, j, to, used)
		out = append(out, chunk{i, j})
		next = j
	}
	return out
}

// isNameTok reports whether t may be part of a name: a capitalised word
// that is not on notNames and not an age ("19-year-old"), which the
// tokenizer marks with tagName, not yet claimed in used.
func isNameTok(t token, used bool) bool {
	return t.tags&tagName != 0 && !used
}

// text returns the chunk as written.
func (c chunk) text(desc string, toks []token) string {
	return desc[toks[c.a].start:toks[c.b-1].end]
}

// possessiveName reports whether the possessive at toks[j] is inside a name
// ("Cox's Bazar", "Martyr's Square") rather than between a place and a
// part or site of it ("Aleppo's Bustan al-Qasr district", where a place
// word follows; "Baghdad's Tahrir Square", a site).
func possessiveName(toks []token, j, to int, used []bool) bool {
	k := j + 1
	for k < to && isNameTok(toks[k], used[k]) {
		k++
	}
	if k == j+1 {
		return false
	}
	// A place's possessive names a part or a site of it ("Madrid's Puerta
	// del Sol"); a common noun's is part of the name ("Martyrs' Square",
	// "New Year's Day"), as in the few places named so ("Cox's Bazar").
	return commonPossessors[toks[j-1].key]
}

// monumentNouns, capitalised before "of", start the names of monuments and
// holy places, whose "of" is part of the name: "the Temple of Bel", "the
// Church of the Nativity", "the Dome of the Rock". ("The Citadel of
// Aleppo" is the citadel of a city, and is left apart.)
var monumentNouns = map[string]bool{"temple": true, "church": true, "dome": true, "tomb": true, "mosque": true,
	"shrine": true, "monastery": true, "basilica": true, "mausoleum": true, "chapel": true, "cathedral": true}

// waterNouns, capitalised before "of", start the names of seas, gulfs and
// straits, whose "of" is part of the name too: "the Sea of Azov", "the Gulf
// of Aden", "the Strait of Hormuz". Cut at "of", "Gulf" alone was a
// province of Papua New Guinea, and "Aden" a city of Yemen for a ship off
// Djibouti.
var waterNouns = map[string]bool{"sea": true, "gulf": true, "bay": true, "strait": true, "straits": true}

// ofName extends a name ending at toks[j] over "of (the) Name" when
// the name ends in a monument noun or a water noun, and returns its new end.
func ofName(toks []token, j, to int, used []bool) int {
	if j+1 >= to || !monumentNouns[toks[j-1].key] && !waterNouns[toks[j-1].key] || !toks[j-1].upper || toks[j].key != "of" {
		return j
	}
	k := j + 1
	if k < to && toks[k].key == "the" {
		k++
	}
	e := k
	for e < to && isNameTok(toks[e], used[e]) {
		e++
	}
	if e == k {
		return j
	}
	return e
}
