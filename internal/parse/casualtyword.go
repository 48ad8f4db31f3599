package parse

import (
	"strings"
)

// casualtyField is the count a casualty word reports.
type casualtyField uint8

const (
	fieldKilled casualtyField = iota + 1
	fieldInjured
)

func (f casualtyField) String() string {
	if f == fieldKilled {
		return "killed"
	}
	return "injured"
}

// trigForm says where a casualty word's count stands.
type trigForm uint8

const (
	formNone    trigForm = iota
	formPassive          // killed, wounded: "four were killed", "killed four"
	formActive           // killing, wounding: "killing at least 12 people"
	formIntrans          // died: "70 people died"
	formDead             // dead: "12 dead", "left 12 dead", but not "dead bodies"
	formNoun             // deaths, injuries: "12 deaths", "the deaths of 12"
	formToll             // toll: "the death toll rose to 30"
	formLives            // lives: "lost their lives", "claimed the lives of 12"
	formBoth             // casualties: killed and injured together, read only as a stated zero ("no casualties")
)

// wordClass is a set of grammar classes a word belongs to.
type wordClass uint32

const (
	cwAux       wordClass = 1 << iota // were, have been, reportedly: between a count and its verb
	cwSing                            // was, is, has: a singular verb wants a count of one
	cwBe                              // were, was, been: "were reported killed" is passive, no source
	cwNeg                             // not, never
	cwNounAux                         // suffered, serious: between a count and "injuries"
	cwRel                             // who, that, which
	cwPrep                            // prepositions but "of" and "for": end a noun phrase
	cwPrepNP                          // in, at, from: may join a place to a noun ("12 people in Douma")
	cwClause                          // and, or, but, what, feared: end a noun phrase
	cwArticle                         // a, an, the
	cwIndef                           // a, an
	cwPerson                          // people, children, civilians
	cwVague                           // dozens, hundreds, several: no number
	cwMonth                           // a number beside a month is a date
	cwUnit                            // km, percent, years: a number before them counts no people
	cwParen                           // including, mostly: open an aside
	cwWar                             // war, conflict: a running total
	cwCumul                           // since, overall, tally: a running total
	cwPeriod                          // year, month, week: a running total after this, last, past
	cwPeriodMod                       // this, last, past, previous, deadliest
	cwRaise                           // raising, bringing (the toll): a running total
	cwTollVerb                        // rose to, of, reached: before a toll's figure
	cwSay                             // said, reported, told
	cwPron                            // he, she, they: not a source
	cwReport                          // figures, statement: "according to figures from X" is X
	cwComma                           // ,
	cwBreak                           // ; : ( ) and dashes end a clause
	cwJoin                            // 's and the stop of "U.N." stay inside a phrase
)

// cwStopNP ends a counted noun phrase read backwards from its verb.
const cwStopNP = cwClause | cwRel | cwAux | cwNeg | cwSay | cwMonth | cwVague | cwIndef | cwParen

// cwEndSource ends a source's name read forwards.
const cwEndSource = cwClause | cwRel | cwPrep | cwSay | cwAux | cwMonth | cwComma | cwBreak

// casWord is a word's entry in casualtyLexicon.
type casWord struct {
	class wordClass
	form  trigForm
	field casualtyField
}

// casualtyLexicon is the grammar the casualty reader knows: casualty words,
// auxiliaries, prepositions and the other small closed classes. It is
// grammar, not vocabulary a user would extend, so it lives in code.
var casualtyLexicon = buildCasualtyLexicon()

func buildCasualtyLexicon() map[string]casWord {
	m := map[string]casWord{}
	trig := func(f casualtyField, form trigForm, words string) {
		for _, w := range strings.Fields(words) {
			e := m[w]
			e.form, e.field = form, f
			m[w] = e
		}
	}
	trig(fieldKilled, formPassive, "killed slain executed massacred")
	trig(fieldKilled, formActive, "killing kills kill")
	trig(fieldKilled, formIntrans, "died dies die perished drowned")
	trig(fieldKilled, formDead, "dead")
	trig(fieldKilled, formNoun, "deaths fatalities bodies")
	trig(fieldKilled, formToll, "toll")
	trig(fieldKilled, formLives, "lives")
	trig(fieldInjured, formPassive, "injured wounded hurt")
	trig(fieldInjured, formActive, "injuring wounding injures injure hurting")
	trig(fieldInjured, formNoun, "injuries")
	trig(fieldKilled, formBoth, "casualties")
	for c, words := range casualtyClasses {
		for _, w := range strings.Fields(words) {
			e := m[w]
			e.class |= c
			m[w] = e
		}
	}
	return m
}

var casualtyClasses = map[wordClass]string{
	cwAux: "were was are is been be being have has had reportedly also all later allegedly seriously critically " +
		"badly severely slightly lightly fatally mortally both subsequently already apparently reported confirmed found " +
		"shot declared pronounced",
	cwSing:    "was is has",
	cwBe:      "were was is are been be being",
	cwNeg:     "not never",
	cwNounAux: "suffered sustained suffering sustaining treated for with serious severe minor light critical moderate various multiple received",
	cwRel:     "who that which",
	cwPrep: "in on at by from with to into onto after following during near under over since across inside outside between " +
		"among against amid amidst before through throughout toward towards around about upon via behind beside beyond without within like than per",
	cwPrepNP:  "in at from inside near on across",
	cwClause:  "and or but nor while when where whereas because if although though as so what whose whom whether feared believed thought presumed missing",
	cwArticle: "a an the",
	cwIndef:   "a an",
	cwPerson: "people person persons civilians civilian children child kids boys girls boy girl women woman men man babies baby infants " +
		"toddlers teenagers teens youths adults fighters fighter soldiers soldier troops militants militant rebels rebel members member " +
		"residents resident others policemen policeman police officers officer personnel workers worker volunteers rescuers medics medic " +
		"doctors nurses paramedics patients students pupils journalists reporters worshippers protesters demonstrators refugees migrants " +
		"family families relatives brothers sisters sons daughters siblings villagers passengers shoppers pilgrims guards gunmen insurgents " +
		"jihadists combatants recruits staff employees farmers fishermen prisoners detainees inmates mourners victims citizens servicemen " +
		"paramilitaries them rohingya sudanese lebanese nurse doctor paramedic journalist reporter photographer student " +
		"teacher farmer guard driver pilot mother father son daughter brother sister husband wife infant toddler teenager youth",
	cwVague: "hundreds thousands dozens scores tens millions several many numerous multiple countless some few",
	cwMonth: "january february march april may june july august september october november december " +
		"jan feb mar apr jun jul aug sep sept oct nov dec",
	cwUnit: "km kilometres kilometers kilometre kilometer miles mile metres meters metre meter kg tonnes tons feet percent per " +
		"years year days day hours hour minutes weeks week months month times am pm",
	cwParen:     "including mostly most mainly among aged half majority largely predominantly",
	cwWar:       "war wars conflict uprising revolution insurgency",
	cwCumul:     "since overall altogether cumulative years months weeks",
	cwPeriod:    "year month week",
	cwPeriodMod: "this last past previous deadliest",
	cwRaise:     "raising bringing pushing taking lifting",
	cwTollVerb:  "of to at reached reaches hit hits topped passed exceeded surpassed is was stood stands",
	cwSay:       "said says say reported reports told announced confirmed stated added",
	cwPron:      "he she they it we i you his her their its them him us",
	cwReport:    "figures statement report data count estimate estimates tally released published issued compiled",
}
