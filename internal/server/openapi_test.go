package server

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"image/jpeg"
	"io"
	"net/http"
	"net/url"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"
)

// openAPIDoc is the part of an OpenAPI 3.0 document the checker reads.
type openAPIDoc struct {
	OpenAPI    string                                 `json:"openapi"`
	Paths      map[string]map[string]openAPIOperation `json:"paths"`
	Components struct {
		Schemas    map[string]*jsonSchema      `json:"schemas"`
		Parameters map[string]openAPIParameter `json:"parameters"`
	} `json:"components"`
}

type openAPIOperation struct {
	Parameters []openAPIParameter `json:"parameters"`
	Responses  map[string]struct {
		Content map[string]struct {
			Schema *jsonSchema `json:"schema"`
		} `json:"content"`
	} `json:"responses"`
}

type openAPIParameter struct {
	Ref    string      `json:"$ref"`
	Name   string      `json:"name"`
	In     string      `json:"in"`
	Schema *jsonSchema `json:"schema"`
}

// jsonSchema is the subset of OpenAPI 3.0's schema objects openapi.json
// uses; the checker fails on a keyword it does not know, so that the
// document cannot outgrow it unnoticed.
type jsonSchema struct {
	Ref                  string                 `json:"$ref"`
	Type                 string                 `json:"type"`
	Nullable             bool                   `json:"nullable"`
	Required             []string               `json:"required"`
	Properties           map[string]*jsonSchema `json:"properties"`
	AdditionalProperties json.RawMessage        `json:"additionalProperties"`
	Items                *jsonSchema            `json:"items"`
	Enum                 []any                  `json:"enum"`
	MinItems             *int                   `json:"minItems"`
	MaxItems             *int                   `json:"maxItems"`
	Minimum              *float64               `json:"minimum"`
	Maximum              *float64               `json:"maximum"`
	Format               string                 `json:"format"`
	Pattern              string                 `json:"pattern"`
	Description          string                 `json:"description"`
}

var knownSchemaKeys = []string{"$ref", "type", "nullable", "required", "properties", "additionalProperties", "items", "enum",
	"minItems", "maxItems", "minimum", "maximum", "format", "pattern", "description"}

// schemaChecker validates decoded JSON (numbers as json.Number) against
// the document's schemas.
type schemaChecker struct {
	doc openAPIDoc
}

func (c schemaChecker) resolve(s *jsonSchema) *jsonSchema {
	for s != nil && s.Ref != "" {
		s = c.doc.Components.Schemas[strings.TrimPrefix(s.Ref, "#/components/schemas/")]
	}
	return s
}

// check returns the ways v departs from s, each naming where.
func (c schemaChecker) check(at string, s *jsonSchema, v any) []string {
	nullable := s.Nullable // a $ref beside "nullable" makes the referenced schema nullable there
	if s.Ref != "" {
		r := c.resolve(s)
		if r == nil {
			return []string{at + ": unknown $ref " + s.Ref}
		}
		s = r
	}
	if v == nil {
		if nullable || s.Nullable || s.Type == "" {
			return nil
		}
		return []string{at + ": null, but not nullable"}
	}
	var errs []string
	fail := func(format string, args ...any) { errs = append(errs, at+": "+fmt.Sprintf(format, args...)) }
	if len(s.Enum) > 0 && !slices.ContainsFunc(s.Enum, func(e any) bool { return fmt.Sprint(e) == fmt.Sprint(v) }) {
		fail("%v is not one of %v", v, s.Enum)
	}
	switch s.Type {
	case "":
		// any value
	case "object":
		obj, ok := v.(map[string]any)
		if !ok {
			fail("%T, want an object", v)
			break
		}
		errs = append(errs, c.checkObject(at, s, obj)...)
	case "array":
		arr, ok := v.([]any)
		if !ok {
			fail("%T, want an array", v)
			break
		}
		if s.MinItems != nil && len(arr) < *s.MinItems || s.MaxItems != nil && len(arr) > *s.MaxItems {
			fail("%d items, want %v to %v", len(arr), s.MinItems, s.MaxItems)
		}
		for i, item := range arr {
			errs = append(errs, c.check(fmt.Sprintf("%s[%d]", at, i), s.Items, item)...)
		}
	case "string":
		str, ok := v.(string)
		if !ok {
			fail("%T, want a string", v)
			break
		}
		if s.Format == "date-time" {
			if _, err := time.Parse(time.RFC3339Nano, str); err != nil {
				fail("%q is not a date-time", str)
			}
		}
		if s.Pattern != "" && !regexp.MustCompile(s.Pattern).MatchString(str) {
			fail("%q does not match %s", str, s.Pattern)
		}
	case "integer", "number":
		n, ok := v.(json.Number)
		if !ok {
			fail("%T, want a %s", v, s.Type)
			break
		}
		f, err := n.Float64()
		if _, ierr := strconv.ParseInt(string(n), 10, 64); err != nil || s.Type == "integer" && ierr != nil {
			fail("%s is not an %s", n, s.Type)
		}
		if s.Minimum != nil && f < *s.Minimum || s.Maximum != nil && f > *s.Maximum {
			fail("%s is out of range", n)
		}
	case "boolean":
		if _, ok := v.(bool); !ok {
			fail("%T, want a boolean", v)
		}
	default:
		fail("the checker does not know type %q", s.Type)
	}
	return errs
}

func (c schemaChecker) checkObject(at string, s *jsonSchema, obj map[string]any) []string {
	var errs []string
	for _, k := range s.Required {
		if _, ok := obj[k]; !ok {
			errs = append(errs, fmt.Sprintf("%s: required property %q missing", at, k))
		}
	}
	var extra *jsonSchema
	allowExtra := true
	if len(s.AdditionalProperties) > 0 {
		if err := json.Unmarshal(s.AdditionalProperties, &allowExtra); err != nil {
			extra = new(jsonSchema)
			if err := json.Unmarshal(s.AdditionalProperties, extra); err != nil {
				return []string{at + ": bad additionalProperties"}
			}
			allowExtra = true
		}
	}
	keys := make([]string, 0, len(obj))
	for k := range obj {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		switch p, ok := s.Properties[k]; {
		case ok:
			errs = append(errs, c.check(at+"."+k, p, obj[k])...)
		case extra != nil:
			errs = append(errs, c.check(at+"."+k, extra, obj[k])...)
		case !allowExtra:
			errs = append(errs, fmt.Sprintf("%s: property %q is not documented", at, k))
		}
	}
	return errs
}

// checkKeywords fails on schema keywords the checker does not implement.
func checkKeywords(t *testing.T, raw []byte) {
	t.Helper()
	var walk func(at string, v any, inSchema bool)
	walk = func(at string, v any, inSchema bool) {
		switch v := v.(type) {
		case map[string]any:
			for k, child := range v {
				if inSchema && !slices.Contains(knownSchemaKeys, k) {
					t.Errorf("%s: schema keyword %q is not checked by the test", at, k)
				}
				switch {
				case inSchema && (k == "properties"):
					for name, p := range child.(map[string]any) {
						walk(at+".properties."+name, p, true)
					}
				case inSchema && (k == "enum" || k == "required"):
				case k == "schema" || k == "items" || k == "additionalProperties" && inSchema:
					walk(at+"."+k, child, true)
				case k == "schemas" && at == ".components":
					for name, s := range child.(map[string]any) {
						walk(at+".schemas."+name, s, true)
					}
				default:
					walk(at+"."+k, child, false)
				}
			}
		case []any:
			for i, item := range v {
				walk(fmt.Sprintf("%s[%d]", at, i), item, false)
			}
		}
	}
	var doc any
	if err := json.Unmarshal(raw, &doc); err != nil {
		t.Fatal(err)
	}
	walk("", doc, false)
}

// apiCall is one request of the OpenAPI test and the documented path it
// exercises.
type apiCall struct {
	op, method, path, token, body string
}

// testOpenAPI checks openapi.json against the real answers of every
// endpoint: each documented operation is called, each answer's status must
// be documented for it, and its body must match that status's schema; the
// query parameters sent must be documented too.
func testOpenAPI(t *testing.T, open storeOpener) {
	s := open(t)
	ids := fill(t, s)
	opt := testOptions(t)
	opt.Ingest = func(_ context.Context, name string, body io.Reader) (IngestResult, error) {
		b, err := io.ReadAll(body)
		return IngestResult{Path: "uploads/" + name, SHA256: sum(string(b)), Size: int64(len(b)), Captions: 1, NewRecords: 1}, err
	}
	pic := testPhoto(t, 7)
	photoRecord, photoSHA := putPhotoRecord(t, s, "p7.jpg", "Smoke over the market in a photo of the test.", pic)
	opt.FindPhoto = findPhoto(s)
	ts := serve(t, s, opt)

	status, h, raw := get(t, ts, "/api/v1/openapi.json")
	if status != 200 || !strings.HasPrefix(h.Get("Content-Type"), "application/json") {
		t.Fatalf("GET openapi.json: status %d, %s", status, h.Get("Content-Type"))
	}
	checkKeywords(t, raw)
	var c schemaChecker
	if err := json.Unmarshal(raw, &c.doc); err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(c.doc.OpenAPI, "3.") {
		t.Fatalf("openapi = %q, want 3.x", c.doc.OpenAPI)
	}
	h1, h2, ev := ids["harasta"], ids["copy"], ids["harasta"]
	calls := []apiCall{
		{op: "/api/v1/records", path: "/api/v1/records"},
		{op: "/api/v1/records", path: "/api/v1/records?q=kindergarten&country=SY&from=2016&to=2016-12-31&limit=1"},
		{op: "/api/v1/records", path: "/api/v1/records?place=Harasta&admin1=Rif+Dimashq&agency=AFP&photographer=Sameer+Al-Doumy&event=shelling&actor=x&killed_min=1&near=33.5,36.3,30&cursor="},
		{op: "/api/v1/records", path: "/api/v1/records?basis=container&country=SY"},
		{op: "/api/v1/records", path: "/api/v1/records?from=2016-02-30"},
		{op: "/api/v1/records/{id}", path: fmt.Sprintf("/api/v1/records/%d", h1)},
		{op: "/api/v1/records/{id}", path: fmt.Sprintf("/api/v1/records/%d", ids["xss"])},
		{op: "/api/v1/records/{id}", path: "/api/v1/records/999999"},
		{op: "/api/v1/records/{id}", path: "/api/v1/records/x"},
		{op: "/api/v1/events/{id}", path: fmt.Sprintf("/api/v1/events/%d", ev)},
		{op: "/api/v1/events/{id}", path: fmt.Sprintf("/api/v1/events/%d", h2)},
		{op: "/api/v1/events/{id}", path: fmt.Sprintf("/api/v1/events/%d?limit=1&cursor=", ev)},
		{op: "/api/v1/events/{id}", path: fmt.Sprintf("/api/v1/events/%d?limit=1000", ev)},
		{op: "/api/v1/records/{id}", path: fmt.Sprintf("/api/v1/records/%d?limit=1&cluster_cursor=&event_cursor=", h1)},
		{op: "/api/v1/stats", path: "/api/v1/stats"},
		{op: "/api/v1/timeline", path: "/api/v1/timeline"},
		{op: "/api/v1/timeline", path: "/api/v1/timeline?q=shelling&country=SY"},
		{op: "/api/v1/geojson", path: "/api/v1/geojson"},
		{op: "/api/v1/geojson", path: "/api/v1/geojson?event=airstrike&limit=5"},
		{op: "/api/v1/geojson", path: "/api/v1/geojson?limit=0"},
		// CSV answers are not JSON: export_test.go checks them.
		{op: "/api/v1/export", path: "/api/v1/export?format=geojson&country=SY&event=shelling"},
		{op: "/api/v1/export", path: "/api/v1/export?format=jsonl&q=kindergarten"},
		{op: "/api/v1/export", path: "/api/v1/export?format=xmp"},
		{op: "/api/v1/openapi.json", path: "/api/v1/openapi.json"},
		{op: "/api/v1/corrections/{id}", method: "POST", path: fmt.Sprintf("/api/v1/corrections/%d", h1), token: testToken,
			body: `{"field": "location", "value": {"name": "Harasta", "lat": 33.56, "lon": 36.36}, "note": "checked on a map", "author": "rk"}`},
		{op: "/api/v1/corrections/{id}", method: "POST", path: fmt.Sprintf("/api/v1/corrections/%d", h1), token: testToken,
			body: `{"field": "killed", "value": "x", "author": "rk"}`},
		{op: "/api/v1/corrections/{id}", method: "POST", path: fmt.Sprintf("/api/v1/corrections/%d", h1), body: `{}`},
		{op: "/api/v1/corrections/{id}", method: "POST", path: "/api/v1/corrections/999999", token: testToken,
			body: `{"field": "killed", "value": 1, "author": "rk"}`},
		{op: "/api/v1/documents", method: "POST", path: "/api/v1/documents?name=new.txt", token: testToken, body: harastaRescue},
		{op: "/api/v1/documents", method: "POST", path: "/api/v1/documents", token: testToken, body: "x"},
		{op: "/api/v1/records/{id}", path: fmt.Sprintf("/api/v1/records/%d", photoRecord)},
		{op: "/api/v1/photo-search", method: "POST", path: "/api/v1/photo-search", body: string(pic)},
		{op: "/api/v1/photo-search", method: "POST", path: "/api/v1/photo-search", body: "not a photo"},
		{op: "/api/v1/photos/{sha256}/thumbnail", path: "/api/v1/photos/" + photoSHA + "/thumbnail"},
		{op: "/api/v1/photos/{sha256}/thumbnail", path: "/api/v1/photos/" + sum("none") + "/thumbnail"},
	}
	// The record with its correction, now that it has one.
	calls = append(calls, apiCall{op: "/api/v1/records/{id}", path: fmt.Sprintf("/api/v1/records/%d", h1)})

	exercised := map[string]bool{}
	for _, call := range calls {
		method := call.method
		if method == "" {
			method = http.MethodGet
		}
		op, ok := c.doc.Paths[call.op][strings.ToLower(method)]
		if !ok {
			t.Errorf("%s %s is not documented", method, call.op)
			continue
		}
		status, h, body := do(t, ts, method, call.path, call.token, strings.NewReader(call.body))
		if status < 300 {
			exercised[method+" "+call.op] = true
		}
		c.checkParams(t, method, call, op)
		resp, ok := op.Responses[strconv.Itoa(status)]
		if !ok {
			t.Errorf("%s %s: status %d is not documented: %.200s", method, call.path, status, body)
			continue
		}
		ctype, _, _ := strings.Cut(h.Get("Content-Type"), ";")
		media, ok := resp.Content[ctype]
		if !ok {
			t.Errorf("%s %s: %d answered %s, documented %v", method, call.path, status, ctype, resp.Content)
			continue
		}
		if ctype == "image/jpeg" {
			if _, err := jpeg.DecodeConfig(bytes.NewReader(body)); err != nil {
				t.Errorf("%s %s: %v", method, call.path, err)
			}
			continue
		}
		dec := json.NewDecoder(bytes.NewReader(body))
		dec.UseNumber()
		var v any
		if err := dec.Decode(&v); err != nil {
			t.Errorf("%s %s: %v", method, call.path, err)
			continue
		}
		for _, e := range c.check("", media.Schema, v) {
			t.Errorf("%s %s (%d): %s", method, call.path, status, e)
		}
	}
	for path, ops := range c.doc.Paths {
		for method := range ops {
			if key := strings.ToUpper(method) + " " + path; !exercised[key] {
				t.Errorf("%s is documented but no call succeeded", key)
			}
		}
	}
}

// checkParams fails when call sends a query parameter op does not document.
func (c schemaChecker) checkParams(t *testing.T, method string, call apiCall, op openAPIOperation) {
	t.Helper()
	u, err := url.Parse(call.path)
	if err != nil {
		t.Fatal(err)
	}
	documented := map[string]bool{}
	for _, p := range op.Parameters {
		if p.Ref != "" {
			p = c.doc.Components.Parameters[strings.TrimPrefix(p.Ref, "#/components/parameters/")]
		}
		if p.In == "query" {
			documented[p.Name] = true
		}
	}
	for k := range u.Query() {
		if !documented[k] {
			t.Errorf("%s %s: query parameter %q is not documented", method, call.op, k)
		}
	}
}
