package parse

import (
	"slices"

	"sijil/internal/caption"
)

// evidence collects a record's evidence spans while its caption is parsed,
// and files them when the parse is done. A record has a dozen fields with a
// span or two each: appending to the record's map field by field cost a
// slice, and its growth, per field. Filed at the end, all fields share one
// backing array and the map is made at its final size.
type evidence struct {
	fields []string // in the order of their first span
	spans  []fieldSpan
}

// fieldSpan is one evidence span and the index of its field.
type fieldSpan struct {
	field int
	span  caption.Span
}

func (e *evidence) reset() {
	e.fields, e.spans = e.fields[:0], e.spans[:0]
}

// add records spans (relative to the description at off) for field; empty
// spans are left out.
func (e *evidence) add(field string, off int, spans ...caption.Span) {
	f := -1
	for _, s := range spans {
		if s.End <= s.Start {
			continue
		}
		if f < 0 {
			f = e.fieldIndex(field)
		}
		e.spans = append(e.spans, fieldSpan{field: f, span: caption.Span{Start: s.Start + off, End: s.End + off}})
	}
}

func (e *evidence) fieldIndex(field string) int {
	for i, f := range e.fields {
		if f == field {
			return i
		}
	}
	e.fields = append(e.fields, field)
	return len(e.fields) - 1
}

// record returns the spans by field, each field's in the order they were
// added, as Record.Evidence (never nil). Each field's slice is capped at its
// length, so that appending to one cannot overwrite the next.
func (e *evidence) record() map[string][]caption.Span {
	m := make(map[string][]caption.Span, len(e.fields))
	if len(e.spans) == 0 {
		return m
	}
	var small [16]int
	ends := small[:0]
	if len(e.fields) > len(small) {
		ends = make([]int, 0, len(e.fields))
	}
	ends = ends[:len(e.fields)]
	for _, s := range e.spans {
		ends[s.field]++
	}
	backing := make([]caption.Span, len(e.spans))
	start := 0
	for i, n := range ends {
		m[e.fields[i]] = backing[start : start+n : start+n]
		ends[i] = start // now the next free index of field i
		start += n
	}
	for _, s := range e.spans {
		backing[ends[s.field]] = s.span
		ends[s.field]++
	}
	return m
}

// first returns the first span of field, relative to the description at
// off.
func (e *evidence) first(field string, off int) (caption.Span, bool) {
	f := slices.Index(e.fields, field)
	for _, s := range e.spans {
		if s.field == f {
			return caption.Span{Start: s.span.Start - off, End: s.span.End - off}, true
		}
	}
	return caption.Span{}, false
}

// drop removes the spans of field: a language's own rules replace what
// the English ones read in its text (see frActors, and an Arabic date).
func (e *evidence) drop(field string) {
	f := slices.Index(e.fields, field)
	if f < 0 {
		return
	}
	e.spans = slices.DeleteFunc(e.spans, func(s fieldSpan) bool { return s.field == f })
}
