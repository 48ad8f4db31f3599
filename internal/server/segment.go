package server

import (
	"cmp"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"sijil/internal/caption"
)

// segment is a run of a caption's text covered by the same evidence spans.
// Marks are the fields whose spans cover it, outermost (longest span)
// first, so that nested marks keep a credit's box around its photographer.
type segment struct {
	Text  string
	Marks []mark
}

// mark is one evidence highlight: the field and its value for the tooltip.
type mark struct{ Field, Title string }

// Inner is the segment inside its first mark, for the recursive template.
func (s segment) Inner() segment { return segment{Text: s.Text, Marks: s.Marks[1:]} }

// span is an evidence span checked against the text.
type span struct {
	field      string
	start, end int
}

// segments cuts r.Text at every evidence span's ends, so that no two
// segments overlap and each knows the fields covering all of it. Spans
// outside the text are clipped, ends inside a UTF-8 sequence moved out of
// it, empty ones dropped: a bad span costs its highlight, not the page.
func segments(r caption.Record) []segment {
	text := r.Text
	spans := evidenceSpans(r.Evidence, text)
	cuts := []int{0, len(text)}
	for _, sp := range spans {
		cuts = append(cuts, sp.start, sp.end)
	}
	slices.Sort(cuts)
	cuts = slices.Compact(cuts)
	var out []segment
	for i := 0; i+1 < len(cuts); i++ {
		a, b := cuts[i], cuts[i+1]
		seg := segment{Text: text[a:b]}
		var cover []span
		for _, sp := range spans {
			if sp.start <= a && b <= sp.end {
				cover = append(cover, sp)
			}
		}
		slices.SortFunc(cover, func(x, y span) int {
			return cmp.Or(cmp.Compare(y.end-y.start, x.end-x.start), cmp.Compare(x.field, y.field))
		})
		for _, sp := range cover {
			if !slices.ContainsFunc(seg.Marks, func(m mark) bool { return m.Field == sp.field }) {
				seg.Marks = append(seg.Marks, mark{Field: sp.field, Title: fieldTitle(r, sp.field)})
			}
		}
		out = append(out, seg)
	}
	return out
}

// evidenceSpans returns the usable spans of ev over text, in field order.
func evidenceSpans(ev map[string][]caption.Span, text string) []span {
	var out []span
	for field, ss := range ev {
		for _, s := range ss {
			a, b := clampRune(text, s.Start, false), clampRune(text, s.End, true)
			if a < b {
				out = append(out, span{field: field, start: a, end: b})
			}
		}
	}
	slices.SortFunc(out, func(x, y span) int {
		return cmp.Or(cmp.Compare(x.field, y.field), cmp.Compare(x.start, y.start), cmp.Compare(x.end, y.end))
	})
	return out
}

// clampRune puts i inside [0, len(text)] and on a rune boundary: forward
// for an end, backward for a start, so a span never shrinks past a rune.
func clampRune(text string, i int, end bool) int {
	i = max(0, min(i, len(text)))
	for i > 0 && i < len(text) && !utf8.RuneStart(text[i]) {
		if end {
			i++
		} else {
			i--
		}
	}
	return i
}

// fieldTitle is a mark's tooltip: "killed: 12".
func fieldTitle(r caption.Record, field string) string {
	if v := fieldValue(r, field); v != "" {
		return field + ": " + v
	}
	return field
}

// fieldValue formats one of a record's fields for reading.
func fieldValue(r caption.Record, field string) string {
	switch field {
	case "date":
		return r.Date.String()
	case "places":
		return strings.Join(r.Places, "; ")
	case "country":
		return string(r.Country)
	case "killed":
		return intString(r.Killed)
	case "injured":
		return intString(r.Injured)
	case "attribution":
		return strings.Join(r.Attribution, "; ")
	case "actors":
		return strings.Join(r.Actors, "; ")
	case "event_types":
		return joinStrings(r.EventTypes, ", ")
	case "people":
		return peopleString(r.People)
	case "credit":
		return r.Credit
	case "photographers":
		return strings.Join(r.Photographers, "; ")
	case "agencies":
		return joinStrings(r.Agencies, ", ")
	}
	return ""
}

func intString(p *int) string {
	if p == nil {
		return ""
	}
	return strconv.Itoa(*p)
}

func joinStrings[S ~string](s []S, sep string) string {
	parts := make([]string, len(s))
	for i, v := range s {
		parts[i] = string(v)
	}
	return strings.Join(parts, sep)
}

func peopleString(ps []caption.Person) string {
	parts := make([]string, len(ps))
	for i, p := range ps {
		parts[i] = p.Name
		if p.Age != nil {
			parts[i] += " (" + strconv.Itoa(*p.Age) + ")"
		}
	}
	return strings.Join(parts, "; ")
}
