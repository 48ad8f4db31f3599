package parse

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"

	"sijil/internal/caption"
)

// segmentParas cuts doc into paragraphs as the text reader does: runs of
// lines that are not blank, with their bytes as found and where they stand.
func segmentParas(doc string) []caption.Raw {
	var out []caption.Raw
	start, line := -1, 1
	paraLine := 0
	for i := 0; i <= len(doc); {
		j := strings.IndexByte(doc[i:], '\n')
		if j < 0 {
			j = len(doc)
		} else {
			j += i
		}
		if strings.TrimSpace(doc[i:j]) == "" {
			if start >= 0 {
				out = append(out, segmentRawOf(doc, start, i, paraLine))
				start = -1
			}
		} else if start < 0 {
			start, paraLine = i, line
		}
		i = j + 1
		line++
	}
	if start >= 0 {
		out = append(out, segmentRawOf(doc, start, len(doc), paraLine))
	}
	return out
}

// segmentRawOf returns doc[s:e] without trailing white space as a paragraph.
func segmentRawOf(doc string, s, e, line int) caption.Raw {
	for e > s && segmentSpace(doc[e-1]) {
		e--
	}
	for s < e && segmentSpace(doc[s]) {
		s++
	}
	return caption.Raw{Text: doc[s:e], Start: s, End: e, Line: line, Path: "doc.txt", Format: "text"}
}

// segView is what a test compares of a caption.Raw.
type segView struct {
	Text             string
	Start, End, Line int
}

func viewSegments(rs []caption.Raw) []segView {
	out := []segView{}
	for _, r := range rs {
		out = append(out, segView{r.Text, r.Start, r.End, r.Line})
	}
	return out
}

// at returns the segView of the bytes [s, e) of doc.
func at(doc string, s, e int) segView {
	return segView{doc[s:e], s, e, 1 + strings.Count(doc[:s], "\n")}
}

// between returns the span of doc from the first byte of from to the last
// byte of to.
func between(doc, from, to string) (int, int) {
	s := strings.Index(doc, from)
	e := strings.LastIndex(doc, to) + len(to)
	return s, e
}

func joined(doc, first, second string) segView {
	s, e := between(doc, first, second)
	return segView{first + "\n\n" + second, s, e, 1 + strings.Count(doc[:s], "\n")}
}

func one(doc, text string) segView {
	s := strings.Index(doc, text)
	return at(doc, s, s+len(text))
}

const (
	capYemen   = "Men search the rubble of a house hit by an air strike in Sanaa,\nYemen, January 21, 2019."
	capKharkiv = "A woman walks past a burnt-out car in Kharkiv, Ukraine, May 14, 2022."
	capGaza    = "Palestinians flee Khan Younis in the southern Gaza Strip on December 4, 2023. (Photo by Hassan Jaber/AFP Photo)"
	capHama    = "Rebel fighters fire a mortar near Hama, Syria, on May 5, 2017. (Photo by Samer Haddad/AFP Photo)"
	capMosul   = "Iraqi forces advance in west Mosul, Iraq, on March 20, 2017. (AP Photo/Rami Khoury)"
	capSDF     = "Syrian Democratic Forces (SDF) Fighters gather near Raqqa."
	capReuters = "Smoke rises over Deir ez-Zor. (Reuters) Residents flee the city."
)

func TestSegment(t *testing.T) {
	tests := []struct {
		name string
		in   string
		want func(doc string) []segView
	}{
		{
			name: "copyright credit joins the caption before it",
			in:   capYemen + "\n\n© 2018 Yasin Hamdan/AFP\n",
			want: func(d string) []segView { return []segView{joined(d, capYemen, "© 2018 Yasin Hamdan/AFP")} },
		},
		{
			name: "REUTERS credit after several blank lines",
			in:   capKharkiv + "\n\n\n  \nREUTERS/Olena Petrenko\n\n" + capMosul + "\n",
			want: func(d string) []segView {
				return []segView{joined(d, capKharkiv, "REUTERS/Olena Petrenko"), one(d, capMosul)}
			},
		},
		{
			name: "Photograph credit joins",
			in:   capKharkiv + "\n\nPhotograph: Nadia Rahimi/AFP/Getty",
			want: func(d string) []segView {
				return []segView{joined(d, capKharkiv, "Photograph: Nadia Rahimi/AFP/Getty")}
			},
		},
		{
			name: "parenthesised credit joins",
			in:   capYemen + "\n\n(Photo by Saleh Ahmed/AFP Photo)\n",
			want: func(d string) []segView { return []segView{joined(d, capYemen, "(Photo by Saleh Ahmed/AFP Photo)")} },
		},
		{
			name: "AFP PHOTO credit joins",
			in:   capKharkiv + "\n\nAFP PHOTO / SERGEI BONDAR",
			want: func(d string) []segView { return []segView{joined(d, capKharkiv, "AFP PHOTO / SERGEI BONDAR")} },
		},
		{
			name: "credit with no caption before it stays alone",
			in:   "REUTERS/Hamid Saleh\n\n" + capKharkiv,
			want: func(d string) []segView { return []segView{one(d, "REUTERS/Hamid Saleh"), one(d, capKharkiv)} },
		},
		{
			name: "credit after a caption with its own credit stays alone",
			in:   capGaza + "\n\nREUTERS/Hamid Saleh",
			want: func(d string) []segView { return []segView{one(d, capGaza), one(d, "REUTERS/Hamid Saleh")} },
		},
		{
			name: "second credit paragraph stays alone",
			in:   capYemen + "\n\nREUTERS/Hamid Saleh\n\nEPA/STRINGER",
			want: func(d string) []segView {
				return []segView{joined(d, capYemen, "REUTERS/Hamid Saleh"), one(d, "EPA/STRINGER")}
			},
		},
		{
			name: "a bare agency that would not read as the credit stays alone",
			in:   "Men carry a wounded boy in Douma\n\nReuters\n",
			want: func(d string) []segView {
				return []segView{one(d, "Men carry a wounded boy in Douma"), one(d, "Reuters")}
			},
		},
		{
			name: "a bare agency after a sentence joins",
			in:   "Men carry a wounded boy in Douma.\n\nReuters\n",
			want: func(d string) []segView { return []segView{joined(d, "Men carry a wounded boy in Douma.", "Reuters")} },
		},
		{
			name: "credit with an editors' note joins",
			in:   capKharkiv + "\n\nREUTERS/Handout ATTENTION EDITORS - THIS IMAGE HAS BEEN SUPPLIED BY A THIRD PARTY.",
			want: func(d string) []segView {
				return []segView{joined(d, capKharkiv, "REUTERS/Handout ATTENTION EDITORS - THIS IMAGE HAS BEEN SUPPLIED BY A THIRD PARTY.")}
			},
		},
		{
			name: "caption glued to the credit before it is split",
			in:   capGaza + capHama + "\n\n" + capKharkiv,
			want: func(d string) []segView { return []segView{one(d, capGaza), one(d, capHama), one(d, capKharkiv)} },
		},
		{
			name: "three captions in one paragraph, across lines",
			in:   "Intro line.\n\n" + capGaza + "\n" + capHama + "  " + capMosul + "\n",
			want: func(d string) []segView {
				return []segView{one(d, "Intro line."), one(d, capGaza), one(d, capHama), one(d, capMosul)}
			},
		},
		{
			name: "a split-off credit joins the caption before it",
			in:   capYemen + "\n\n(Photo by Saleh Ahmed/AFP Photo)" + capKharkiv,
			want: func(d string) []segView {
				return []segView{joined(d, capYemen, "(Photo by Saleh Ahmed/AFP Photo)"), one(d, capKharkiv)}
			},
		},
		{
			name: "caption glued to a bracketed credit is split",
			in:   "Smoke rises over Gaza City [Mahmoud Salem/Reuters]Rescuers search the rubble in Rafah [Ali Nasser/AFP]",
			want: func(d string) []segView {
				return []segView{one(d, "Smoke rises over Gaza City [Mahmoud Salem/Reuters]"), one(d, "Rescuers search the rubble in Rafah [Ali Nasser/AFP]")}
			},
		},
		{
			name: "an acronym in parentheses never splits",
			in:   capSDF,
			want: func(d string) []segView { return []segView{one(d, capSDF)} },
		},
		{
			name: "a bare agency in parentheses never splits",
			in:   capReuters,
			want: func(d string) []segView { return []segView{one(d, capReuters)} },
		},
		{
			name: "an aside in parentheses never splits",
			in:   "Lava flows from Mount Etna (Volcano) Near the town of Zafferana.",
			want: func(d string) []segView {
				return []segView{one(d, "Lava flows from Mount Etna (Volcano) Near the town of Zafferana.")}
			},
		},
		{
			name: "a credit followed by lower-case text does not split",
			in:   "A boy (Photo by Saleh Ahmed/AFP Photo) stands in Hodeidah.",
			want: func(d string) []segView {
				return []segView{one(d, "A boy (Photo by Saleh Ahmed/AFP Photo) stands in Hodeidah.")}
			},
		},
		{
			name: "one caption a line, each ending with a bare credit",
			in: "Smoke rises over Khan Younis, Gaza Strip, on December 3, 2023. AFP\n" +
				"Soldiers patrol in Gao, Mali, May 5, 2022. REUTERS/Moussa Keita\r\n" +
				"Des manifestants à Niamey, au Niger, le 30 juillet 2023. AFP PHOTO / STR\n" +
				"دخان يتصاعد فوق خان يونس، 3 كانون الأول 2023. رويترز\n",
			want: func(d string) []segView {
				return []segView{one(d, "Smoke rises over Khan Younis, Gaza Strip, on December 3, 2023. AFP"),
					one(d, "Soldiers patrol in Gao, Mali, May 5, 2022. REUTERS/Moussa Keita"),
					one(d, "Des manifestants à Niamey, au Niger, le 30 juillet 2023. AFP PHOTO / STR"),
					one(d, "دخان يتصاعد فوق خان يونس، 3 كانون الأول 2023. رويترز")}
			},
		},
		{
			name: "a credit line ends the caption above it",
			in:   capKharkiv + "\nREUTERS/Olena Petrenko\n" + capKharkiv,
			want: func(d string) []segView {
				return []segView{one(d, capKharkiv+"\nREUTERS/Olena Petrenko"), at(d, len(d)-len(capKharkiv), len(d))}
			},
		},
		{
			name: "a caption wrapped across lines stays whole",
			in:   "Men carry a wounded boy through the streets of\nDouma, Syria, on March 3, 2018. AFP\n",
			want: func(d string) []segView {
				return []segView{one(d, "Men carry a wounded boy through the streets of\nDouma, Syria, on March 3, 2018. AFP")}
			},
		},
		{
			name: "a line that is only a credit does not split from what follows",
			in:   "REUTERS/Hamid Saleh\n" + capKharkiv,
			want: func(d string) []segView { return []segView{one(d, "REUTERS/Hamid Saleh\n"+capKharkiv)} },
		},
		{
			name: "a credit followed by a lower-case line does not split",
			in:   "Photo shows a boy, courtesy of AFP\nand his family, in Hodeidah.",
			want: func(d string) []segView {
				return []segView{one(d, "Photo shows a boy, courtesy of AFP\nand his family, in Hodeidah.")}
			},
		},
		{
			name: "empty document",
			in:   "\n\n",
			want: func(d string) []segView { return []segView{} },
		},
	}
	p := newCreditParser(t)
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := p.Segment(segmentParas(tc.in))
			if diff := cmp.Diff(tc.want(tc.in), viewSegments(got)); diff != "" {
				t.Errorf("Segment mismatch (-want +got):\n%s", diff)
			}
			checkSegments(t, p, tc.in, got)
		})
	}
}

// TestSegmentKeepsFields checks that pieces keep the paragraph's Path,
// Format and Meta.
func TestSegmentKeepsFields(t *testing.T) {
	p := newCreditParser(t)
	para := caption.Raw{Text: capGaza + capHama, Path: "a.txt", Format: "text", Start: 10, End: 10 + len(capGaza+capHama), Line: 3, Meta: map[string]string{"k": "v"}}
	got := p.Segment([]caption.Raw{para})
	want := []caption.Raw{
		{Text: capGaza, Path: "a.txt", Format: "text", Start: 10, End: 10 + len(capGaza), Line: 3, Meta: map[string]string{"k": "v"}},
		{Text: capHama, Path: "a.txt", Format: "text", Start: 10 + len(capGaza), End: para.End, Line: 3, Meta: map[string]string{"k": "v"}},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("Segment mismatch (-want +got):\n%s", diff)
	}
}

// checkSegments asserts what holds of every segmentation of doc: captions in
// order without overlap, each the document's bytes at its span up to white
// space, Line true to Start, every non-space byte of the input kept once,
// and Segment of the output changing nothing.
func checkSegments(t *testing.T, p *Parser, doc string, got []caption.Raw) {
	t.Helper()
	prevEnd := 0
	for i, r := range got {
		if r.Start < prevEnd || r.Start >= r.End || r.End > len(doc) {
			t.Fatalf("caption %d: span [%d, %d) after %d in a %d-byte document", i, r.Start, r.End, prevEnd, len(doc))
		}
		prevEnd = r.End
		if Fold(doc[r.Start:r.End]) != Fold(r.Text) {
			t.Errorf("caption %d: text %q is not the document's %q", i, r.Text, doc[r.Start:r.End])
		}
		if want := 1 + strings.Count(doc[:r.Start], "\n"); r.Line != want {
			t.Errorf("caption %d: line %d, want %d", i, r.Line, want)
		}
		if utf8.ValidString(doc) && !utf8.ValidString(r.Text) {
			t.Errorf("caption %d: invalid UTF-8 %q", i, r.Text)
		}
	}
	var in, out strings.Builder
	for _, r := range segmentParas(doc) {
		in.WriteString(stripSpace(r.Text))
	}
	for _, r := range got {
		out.WriteString(stripSpace(r.Text))
	}
	if in.String() != out.String() {
		t.Errorf("Segment lost or repeated bytes:\n in: %q\nout: %q", in.String(), out.String())
	}
	again := p.Segment(got)
	if diff := cmp.Diff(viewSegments(got), viewSegments(again)); diff != "" {
		t.Errorf("Segment of its own output changed it (-first +second):\n%s", diff)
	}
}

func stripSpace(s string) string {
	return strings.Map(func(r rune) rune {
		if r < utf8.RuneSelf && segmentSpace(byte(r)) {
			return -1
		}
		return r
	}, s)
}

func FuzzSegment(f *testing.F) {
	for _, s := range []string{capYemen, capKharkiv, capGaza, capHama, capMosul, capSDF, capReuters} {
		f.Add(s + "\n\nREUTERS/Hamid Saleh\n\n" + s)
		f.Add(s + s + "\n")
	}
	for _, tc := range creditCases {
		f.Add(tc.in + "\n\n" + tc.in)
	}
	p := newCreditParser(f)
	f.Fuzz(func(t *testing.T, doc string) {
		checkSegments(t, p, doc, p.Segment(segmentParas(doc)))
	})
}
