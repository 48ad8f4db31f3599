package server

import (
	"bytes"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"sijil/internal/caption"
)

func sp(start, end int) caption.Span { return caption.Span{Start: start, End: end} }

func TestSegments(t *testing.T) {
	for _, tc := range []struct {
		name string
		text string
		ev   map[string][]caption.Span
		want []segment
	}{
		{"none", "plain", nil, []segment{{Text: "plain"}}},
		{"one", "on May 1 in X", map[string][]caption.Span{"date": {sp(3, 8)}},
			[]segment{{Text: "on "}, {Text: "May 1", Marks: []mark{{"date", "date"}}}, {Text: " in X"}}},
		{"nested", "(Photo by Ann Lee/AFP)", map[string][]caption.Span{"credit": {sp(1, 21)}, "photographers": {sp(10, 17)}, "agencies": {sp(18, 21)}},
			[]segment{{Text: "("}, {Text: "Photo by ", Marks: []mark{{"credit", "credit"}}},
				{Text: "Ann Lee", Marks: []mark{{"credit", "credit"}, {"photographers", "photographers"}}},
				{Text: "/", Marks: []mark{{"credit", "credit"}}},
				{Text: "AFP", Marks: []mark{{"credit", "credit"}, {"agencies", "agencies"}}}, {Text: ")"}}},
		{"overlapping", "abcdef", map[string][]caption.Span{"places": {sp(0, 4)}, "killed": {sp(2, 6)}},
			[]segment{{Text: "ab", Marks: []mark{{"places", "places"}}},
				{Text: "cd", Marks: []mark{{"killed", "killed"}, {"places", "places"}}},
				{Text: "ef", Marks: []mark{{"killed", "killed"}}}}},
		{"same field twice", "abc", map[string][]caption.Span{"places": {sp(0, 3), sp(1, 2)}},
			[]segment{{Text: "a", Marks: []mark{{"places", "places"}}}, {Text: "b", Marks: []mark{{"places", "places"}}},
				{Text: "c", Marks: []mark{{"places", "places"}}}}},
		{"out of range and empty", "abc", map[string][]caption.Span{"date": {sp(-5, 1), sp(2, 99), sp(1, 1), sp(3, 2)}},
			[]segment{{Text: "a", Marks: []mark{{"date", "date"}}}, {Text: "b"}, {Text: "c", Marks: []mark{{"date", "date"}}}}},
		{"inside a rune", "Ḩarastā x", map[string][]caption.Span{"places": {sp(1, 9)}},
			[]segment{{Text: "Ḩarastā", Marks: []mark{{"places", "places"}}}, {Text: " x"}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := segments(caption.Record{Text: tc.text, Evidence: tc.ev})
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("segments (-want +got):\n%s", diff)
			}
			var all strings.Builder
			for _, s := range got {
				all.WriteString(s.Text)
			}
			if all.String() != tc.text {
				t.Errorf("segments spell %q, want the text %q", all.String(), tc.text)
			}
		})
	}
}

// TestCaptionTemplate renders nested and escaped marks through record.html's
// "seg" template.
func TestCaptionTemplate(t *testing.T) {
	r := caption.Record{Text: `<b>4</b> killed (Photo by A&B/AFP)`, Killed: intp(4), Credit: "Photo by A&B/AFP",
		Evidence: map[string][]caption.Span{"killed": {sp(0, 15)}, "credit": {sp(17, 33)}, "agencies": {sp(30, 33)}}}
	r.Agencies = []caption.Agency{"AFP"}
	tmpl := parsePages()["record.html"]
	var buf bytes.Buffer
	for _, seg := range segments(r) {
		if err := tmpl.ExecuteTemplate(&buf, "seg", seg); err != nil {
			t.Fatal(err)
		}
	}
	want := `<mark data-field="killed" title="killed: 4">&lt;b&gt;4&lt;/b&gt; killed</mark> (` +
		`<mark data-field="credit" title="credit: Photo by A&amp;B/AFP">Photo by A&amp;B/</mark>` +
		`<mark data-field="credit" title="credit: Photo by A&amp;B/AFP"><mark data-field="agencies" title="agencies: AFP">AFP</mark></mark>)`
	if diff := cmp.Diff(want, buf.String()); diff != "" {
		t.Errorf("caption HTML (-want +got):\n%s", diff)
	}
}
