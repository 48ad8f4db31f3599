package export

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"strings"
	"testing"

	"sijil/internal/caption"
)

// recordsDoc is the contract of the JSON this package writes.
var recordsDoc = filepath.Join("..", "..", "docs", "records.md")

// TestRecordsDocumented checks that docs/records.md documents every JSON
// field a record is written with, and no field that is not: it fills
// every field of an Entry (record, IDs, sources) by reflection, so that a
// field added to caption.Record and to a writer is met here without
// anyone listing it, and collects the field names of the JSON Lines export
// (whose record is what sijil parse and the API write) and of the stored
// form (caption.MarshalRecord).
func TestRecordsDocumented(t *testing.T) {
	data, err := os.ReadFile(recordsDoc)
	if err != nil {
		t.Fatal(err)
	}
	documented := fieldTables(string(data))
	if len(documented) == 0 {
		t.Fatalf("%s has no field tables", recordsDoc)
	}
	var e Entry
	fill(reflect.ValueOf(&e).Elem())
	// The one field whose strings must agree with each other.
	e.Record.Date = caption.PartialDate{Year: 2016, Month: 11, Day: 14, Precision: caption.PrecisionDay}

	var line bytes.Buffer
	if _, err := WriteEntriesJSONL(&line, func(yield func(Entry, error) bool) { yield(e, nil) }); err != nil {
		t.Fatal(err)
	}
	stored, err := caption.MarshalRecord(e.Record)
	if err != nil {
		t.Fatal(err)
	}
	emitted := map[string]string{} // field name → where it was first met
	for _, out := range []struct{ name, json string }{
		{"sijil export -format jsonl", line.String()},
		{"the stored form (caption.MarshalRecord)", string(stored)},
	} {
		var v any
		if err := json.Unmarshal([]byte(out.json), &v); err != nil {
			t.Fatalf("%s: %v\n%s", out.name, err, out.json)
		}
		walkKeys(t, v, out.name, emitted)
	}
	for name, where := range emitted {
		if !documented[name] {
			t.Errorf("%s writes the field %q, which no field table of docs/records.md documents", where, name)
		}
	}
	for name := range documented {
		if _, ok := emitted[name]; !ok {
			t.Errorf("docs/records.md documents the field %q, which no record is written with", name)
		}
	}
}

// walkKeys adds the object keys of v, at any depth, to seen. A null is
// reported: fill sets every field, so a null is a field fill did not
// reach, whose name the test would not see inside it.
func walkKeys(t *testing.T, v any, where string, seen map[string]string) {
	switch v := v.(type) {
	case map[string]any:
		for k, x := range v {
			if _, ok := seen[k]; !ok {
				seen[k] = where
			}
			if x == nil {
				t.Errorf("%s: field %q is null in a record with every field set", where, k)
			}
			walkKeys(t, x, where, seen)
		}
	case []any:
		for _, x := range v {
			walkKeys(t, x, where, seen)
		}
	}
}

// fill sets every exported field v holds, at any depth, to a value that
// is not empty: strings "x", numbers 1, true, one element in each slice
// and map. Map keys are data, not field names (evidence is keyed by the
// record's field names, origins too), so filled maps use the key "text",
// a field every record documents; a span [1, 1) lies within the text "x".
func fill(v reflect.Value) {
	switch v.Kind() {
	case reflect.String:
		v.SetString("x")
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		v.SetInt(1)
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		v.SetUint(1)
	case reflect.Float32, reflect.Float64:
		v.SetFloat(1.5)
	case reflect.Bool:
		v.SetBool(true)
	case reflect.Pointer:
		v.Set(reflect.New(v.Type().Elem()))
		fill(v.Elem())
	case reflect.Slice:
		v.Set(reflect.MakeSlice(v.Type(), 1, 1))
		fill(v.Index(0))
	case reflect.Array:
		for i := range v.Len() {
			fill(v.Index(i))
		}
	case reflect.Map:
		m := reflect.MakeMap(v.Type())
		k, x := reflect.New(v.Type().Key()).Elem(), reflect.New(v.Type().Elem()).Elem()
		fill(k)
		if k.Kind() == reflect.String {
			k.SetString("text")
		}
		fill(x)
		m.SetMapIndex(k, x)
		v.Set(m)
	case reflect.Struct:
		for i := range v.NumField() {
			if v.Type().Field(i).IsExported() {
				fill(v.Field(i))
			}
		}
	}
}

// docCode is a name in backquotes.
var docCode = regexp.MustCompile("`([^`]+)`")

// fieldTables returns the names in the first column of the tables of doc
// whose header begins "| field |".
func fieldTables(doc string) map[string]bool {
	names := map[string]bool{}
	in := false
	for line := range strings.Lines(doc) {
		line = strings.TrimSpace(line)
		switch {
		case !strings.HasPrefix(line, "|"):
			in = false
		case strings.HasPrefix(line, "| field |"):
			in = true
		case in && !strings.HasPrefix(line, "|---"):
			first, _, _ := strings.Cut(strings.TrimPrefix(line, "|"), "|")
			for _, m := range docCode.FindAllStringSubmatch(first, -1) {
				names[m[1]] = true
			}
		}
	}
	return names
}

// TestRecordsDocumentedValues checks that docs/records.md explains every
// value of the closed sets a record's fields take: the event types, the
// location bases and the country bases.
func TestRecordsDocumentedValues(t *testing.T) {
	data, err := os.ReadFile(recordsDoc)
	if err != nil {
		t.Fatal(err)
	}
	var values []string
	for _, e := range caption.EventTypes() {
		values = append(values, string(e))
	}
	for _, b := range caption.LocationBases {
		values = append(values, string(b))
	}
	for _, b := range []caption.CountryBasis{caption.CountryNamed, caption.CountryHint, caption.CountryDocument, caption.CountryGazetteer} {
		values = append(values, string(b))
	}
	rows := map[string]bool{}
	row := regexp.MustCompile("^\\| `([^`]+)` \\|")
	for line := range strings.Lines(string(data)) {
		if m := row.FindStringSubmatch(line); m != nil {
			rows[m[1]] = true
		}
	}
	for _, v := range values {
		if !rows[v] {
			t.Errorf("docs/records.md has no table row for the value %q", v)
		}
	}
}
