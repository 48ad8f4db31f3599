package parse

import (
	"io/fs"
	"slices"
	"strings"
	"time"

	"sijil/internal/caption"
)

// demonymSlot is what a template actor's canonical name holds in place of
// the scene's demonym: "{demonym} government forces" is "Iraqi government
// forces" in an Iraqi caption.
const demonymSlot = "{demonym}"

// sceneCountry is actorinfo.tsv's country of a template actor: the scene's.
const sceneCountry = "{country}"

// actorInfo is what actorinfo.tsv says of one canonical actor.
type actorInfo struct {
	country caption.CountryCode // sceneCountry for template actors; "" for none
	kind    caption.ActorKind
	renamed []renaming // in the order of their end dates
}

// renaming is a name an actor went by until a date.
type renaming struct {
	name  string
	until caption.PartialDate // the first day of the next name
}

// loadActorInfo reads lexicon/actorinfo.tsv: canonical <TAB> country <TAB>
// kind <TAB> "former name until YYYY-MM-DD"... A user's line for an actor
// the built-in file has replaces it.
func loadActorInfo(extra []fs.FS) (map[string]actorInfo, error) {
	rows, err := readLexicon("actorinfo.tsv", extra)
	if err != nil {
		return nil, err
	}
	m := map[string]actorInfo{}
	for _, r := range rows {
		if len(r.fields) < 3 || r.fields[0] == "" {
			return nil, r.errorf("want CANONICAL<TAB>COUNTRY<TAB>KIND[<TAB>former name until YYYY-MM-DD...]")
		}
		var in actorInfo
		switch c := r.fields[1]; {
		case c == "-":
		case c == sceneCountry || isCountryCode(c):
			in.country = caption.CountryCode(c)
		default:
			return nil, r.errorf("country %q is not an ISO code, %s or -", c, sceneCountry)
		}
		in.kind = caption.ActorKind(r.fields[2])
		if !in.kind.Valid() {
			return nil, r.errorf("kind %q is not one of %q", in.kind, caption.ActorKinds())
		}
		for _, f := range r.fields[3:] {
			name, date, ok := strings.Cut(f, " until ")
			t, err := time.Parse("2006-01-02", strings.TrimSpace(date))
			if !ok || err != nil || strings.TrimSpace(name) == "" {
				return nil, r.errorf("former name %q: want NAME until YYYY-MM-DD", f)
			}
			in.renamed = append(in.renamed, renaming{strings.TrimSpace(name),
				caption.PartialDate{Year: t.Year(), Month: int(t.Month()), Day: t.Day(), Precision: caption.PrecisionDay}})
		}
		slices.SortFunc(in.renamed, func(a, b renaming) int { return dayKey(a.until) - dayKey(b.until) })
		m[r.fields[0]] = in
	}
	return m, nil
}

func dayKey(d caption.PartialDate) int { return (d.Year*100+d.Month)*100 + d.Day }

// nameOn returns the name the actor went by on date d, when that is a
// former name; "" when it is the canonical one or d is too vague to tell
// ("2016" for a renaming of July 2016).
func (in actorInfo) nameOn(d caption.PartialDate) string {
	if d.IsZero() {
		return ""
	}
	for _, r := range in.renamed {
		switch {
		case d.Year < r.until.Year,
			d.Precision != caption.PrecisionYear && d.Year == r.until.Year && d.Month < r.until.Month,
			d.Precision == caption.PrecisionDay && d.Year == r.until.Year && d.Month == r.until.Month && d.Day < r.until.Day:
			return r.name
		case d.Year == r.until.Year && (d.Precision == caption.PrecisionYear ||
			d.Precision == caption.PrecisionMonth && d.Month == r.until.Month):
			return "" // the renaming falls within the date
		}
	}
	return ""
}

// actorName is the canonical name of an actor lexicon entry in a caption
// from country cc: a template's demonym slot takes cc's demonym ("Iraqi
// government forces"), or goes when no country is known ("Government
// forces").
func (cl countryLexicon) actorName(value string, cc caption.CountryCode) string {
	rest, ok := strings.CutPrefix(value, demonymSlot+" ")
	if !ok {
		return value
	}
	if d := cl.adjectives[cc]; d != "" {
		return d + " " + rest
	}
	return strings.ToUpper(rest[:1]) + rest[1:]
}

// actorInfoOf returns the facts of a canonical actor as actorName made it,
// with a template's country resolved to cc.
func (lex *lexicons) actorInfoOf(name string, cc caption.CountryCode) (actorInfo, bool) {
	if in, ok := lex.actorInfo[name]; ok {
		return in, true
	}
	for tmpl, in := range lex.actorInfo {
		if !strings.HasPrefix(tmpl, demonymSlot+" ") || cc == "" || lex.countries.actorName(tmpl, cc) != name {
			continue
		}
		if in.country == sceneCountry {
			in.country = cc
		}
		return in, true
	}
	return actorInfo{}, false
}
