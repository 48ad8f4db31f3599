package searchindex

import "sijil/internal/caption"

// values are the store's search values (caption.RecordTerms: agencies,
// photographers, event types, actors, admin1 and place names, geonameids)
// under index numbers of their own, with the records holding each.
type values struct {
	byID  map[int64]uint32 // the store's ID → index number
	field []uint8          // caption.CodeAgency…caption.CodeGeonameID
	value []string         // as first stored, as facets show it
	post  []posting
	// byFold finds a value by field and fold (agency, photographer, event
	// type and actor filters; geonameids); byKey the admin1 and place
	// values by their place key.
	byFold map[fieldString]uint32
	byKey  map[fieldString][]uint32
}

type fieldString struct {
	field uint8
	s     string
}

func (vs *values) init() {
	vs.byID = map[int64]uint32{}
	vs.byFold = map[fieldString]uint32{}
	vs.byKey = map[fieldString][]uint32{}
}

// add adds the store's value id, unless known.
func (vs *values) add(id int64, t caption.Term, key string) {
	if _, ok := vs.byID[id]; ok {
		return
	}
	v := uint32(len(vs.field))
	code := uint8(caption.TermCode(t.Field))
	vs.byID[id] = v
	vs.field = append(vs.field, code)
	vs.value = append(vs.value, t.Value)
	vs.post = append(vs.post, posting{})
	vs.byFold[fieldString{code, t.Fold}] = v
	if key != "" && (code == caption.CodeAdmin1 || code == caption.CodePlace) {
		k := fieldString{code, key}
		vs.byKey[k] = append(vs.byKey[k], v)
	}
}

func (vs *values) memory() int {
	n := 60*len(vs.byID) + 100*len(vs.byKey)
	for i := range vs.post {
		n += vs.post[i].size() + len(vs.value[i]) + 17
	}
	return n
}
