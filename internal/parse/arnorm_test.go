package parse

import (
	"slices"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"
)

func TestArFold(t *testing.T) {
	for _, tc := range []struct {
		name, in, want string
	}{
		{"plain", "دمشق", "دمشق"},
		{"harakat", "دِمَشْقُ", "دمشق"},
		{"shadda and tanwin", "مَدَنِيًّا", "مدنيا"},
		{"superscript alef", "هٰذا", "هذا"},
		{"tatweel", "غـــارة", "غاره"},
		{"alef hamza above", "أيار", "ايار"},
		{"alef hamza below", "إدلب", "ادلب"},
		{"alef madda", "آذار", "اذار"},
		{"alef wasla", "ٱلله", "الله"},
		{"alef maqsura", "مستشفى", "مستشفي"},
		{"teh marbuta", "غارة جوية", "غاره جويه"},
		{"persian kaf and yeh", "کانون الثانی", "كانون الثاني"},
		{"arabic-indic digits", "١٢ آذار ٢٠٢٠", "12 اذار 2020"},
		{"eastern arabic-indic digits", "۱۵ نیسان ۲۰۱۸", "15 نيسان 2018"},
		{"arabic punctuation", "حلب، سوريا؛ متى؟", "حلب, سوريا; متي?"},
		{"thousands separator", "١٬٢٠٠", "1,200"},
		{"lam-alef ligature", "\uFEFB", "لا"},
		{"lam-alef with hamza", "\uFEF7", "لا"},
		{"isolated and final forms", "\uFEA9\uFEE3\uFEB8\uFED6", "دمشق"}, // ﺩﻣﺸﻖ
		{"teh marbuta final form", "\uFE8F\uFEE0\uFEAA\uFE94", "بلده"},   // ﺏﻠﺪﺔ
		{"isolated harakat form", "ب\uFE70", "ب"},
		{"presentation form A", "\uFB8E", "ك"}, // keheh isolated
		{"format characters", "حل\u200cب\u200f", "حلب"},
		{"latin lower-cased", "AFP أ ف ب", "afp ا ف ب"},
		{"quranic mark", "الله\u0615", "الله"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := arFold(tc.in); got != tc.want {
				t.Errorf("arFold(%q) = %q, want %q", tc.in, got, tc.want)
			}
		})
	}
}

// TestArFormsTable checks the presentation form table against what any
// decomposition must be: every assigned letter of the two blocks folds to
// base Arabic letters (no presentation form, mark or tatweel left) or, for
// the forms of harakat alone, to nothing; and the
// runs are sorted and disjoint, as the binary search needs.
func TestArFormsTable(t *testing.T) {
	for i, f := range arForms {
		if f.lo > f.hi || i > 0 && arForms[i-1].hi >= f.lo {
			t.Fatalf("arForms[%d] = %#x-%#x out of order", i, f.lo, f.hi)
		}
	}
	covered := 0
	for r := rune(0xFB50); r <= 0xFEFF; r++ {
		if r > 0xFDFF && r < 0xFE70 || !unicode.IsLetter(r) {
			continue
		}
		covered++
		got := arFold(string(r))
		if d, _ := arPresentation(r); got == "" && strings.TrimFunc(d, func(c rune) bool { return arMark(c) || c == 'ـ' || c == ' ' }) == "" {
			continue // a form of the harakat alone: nothing to match
		}
		if got == "" || got == string(r) {
			t.Errorf("arFold(%U) = %q, want its base letters", r, got)
			continue
		}
		for _, c := range got {
			if c >= 0xFB50 || arMark(c) || c == 'ـ' || c != ' ' && !unicode.IsLetter(c) {
				t.Errorf("arFold(%U) = %q keeps %U", r, got, c)
			}
		}
	}
	if covered < 500 {
		t.Errorf("only %d presentation letters checked", covered)
	}
}

func TestArTokens(t *testing.T) {
	type tok struct {
		text, key    string
		word, digits bool
	}
	for _, tc := range []struct {
		name, in string
		want     []tok
	}{
		{"words and comma", "غارة على حلب، أمس", []tok{
			{"غارة", "غاره", true, false}, {"على", "علي", true, false}, {"حلب", "حلب", true, false},
			{"،", ",", false, false}, {"أمس", "امس", true, false}}},
		{"numeric date", "12-3-2020", []tok{
			{"12", "12", true, true}, {"-", "-", false, false}, {"3", "3", true, true},
			{"-", "-", false, false}, {"2020", "2020", true, true}}},
		{"digits glued to a letter", "٢٠٢٠م", []tok{{"٢٠٢٠", "2020", true, true}, {"م", "م", true, false}}},
		{"harakat and tatweel kept in the span", "قَتْلـى", []tok{{"قَتْلـى", "قتلي", true, false}}},
		{"lone tatweel dropped", "لـ ـ المرصد", []tok{{"لـ", "ل", true, false}, {"المرصد", "المرصد", true, false}}},
		{"latin credit", "(AFP)", []tok{{"(", "(", false, false}, {"AFP", "afp", true, false}, {")", ")", false, false}}},
		{"uneven spaces and slash", "2020 /3/ 12", []tok{
			{"2020", "2020", true, true}, {"/", "/", false, false}, {"3", "3", true, true},
			{"/", "/", false, false}, {"12", "12", true, true}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var got []tok
			for _, k := range arTokens(tc.in) {
				got = append(got, tok{tc.in[k.start:k.end], k.key, k.word, k.digits})
			}
			if !slices.Equal(got, tc.want) {
				t.Errorf("arTokens(%q)\n got %+v\nwant %+v", tc.in, got, tc.want)
			}
		})
	}
}

func TestArStems(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want []string // in order, a prefix of arStems' readings
		not  []string
	}{
		{"بالرقه", []string{"بالرقه", "الرقه", "رقه"}, nil},
		{"وحلب", []string{"وحلب", "حلب"}, nil},
		{"للجيش", []string{"للجيش", "الجيش"}, nil},
		{"وللجيش", []string{"وللجيش", "الجيش"}, nil},
		{"فالقوات", []string{"فالقوات", "القوات", "قوات"}, nil},
		{"كالعاده", []string{"كالعاده", "العاده", "عاده"}, nil},
		{"وبالقرب", []string{"وبالقرب", "القرب", "بالقرب", "قرب"}, nil},
		{"لبنان", []string{"لبنان"}, nil}, // whole first: a place that starts with ل
		{"بلده", []string{"بلده"}, nil},
		{"وب", []string{"وب"}, []string{"", "ب"}}, // nothing shorter than two letters
		{"ال", []string{"ال"}, []string{""}},
	} {
		got := arStems(tc.in)
		if len(got) < len(tc.want) || !slices.Equal(got[:len(tc.want)], tc.want) {
			t.Errorf("arStems(%q) = %q, want it to start %q", tc.in, got, tc.want)
		}
		for _, n := range tc.not {
			if slices.Contains(got, n) {
				t.Errorf("arStems(%q) = %q, has %q", tc.in, got, n)
			}
		}
	}
}

// FuzzArNorm checks the fold and the tokenizer on any text: the fold is
// idempotent and leaves no mark, tatweel, presentation form or non-ASCII
// digit; tokens are in order, within the text, and each key is the fold of
// its span.
func FuzzArNorm(f *testing.F) {
	for _, s := range []string{"دِمَشْقُ، ١٢ آذار ٢٠٢٠", "\uFEFB\uFEF7 ﷺ", "غـــارة (AFP)", "\xff\xfeب", "2020/3/12م", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		k := arFold(s)
		if arFolded(s) && arFoldAll(s) != s {
			t.Fatalf("arFolded(%q) but it folds to %q", s, arFoldAll(s))
		}
		if again := arFold(k); again != k {
			t.Fatalf("arFold not idempotent: %q -> %q -> %q", s, k, again)
		}
		for _, r := range k {
			_, form := arPresentation(r)
			if arMark(r) || r == 'ـ' || form ||
				arDigitRune(r) && r > '9' || 'A' <= r && r <= 'Z' {
				t.Fatalf("arFold(%q) = %q keeps %U", s, k, r)
			}
		}
		end := 0
		for _, tk := range arTokens(s) {
			if tk.start < end || tk.end <= tk.start || tk.end > len(s) {
				t.Fatalf("arTokens(%q): token %+v after %d", s, tk, end)
			}
			end = tk.end
			if tk.key == "" || tk.key != arFold(s[tk.start:tk.end]) {
				t.Fatalf("arTokens(%q): key %q of %q", s, tk.key, s[tk.start:tk.end])
			}
			if tk.digits != (tk.word && isASCIIDigits(tk.key)) && tk.digits {
				t.Fatalf("arTokens(%q): digits on %q", s, tk.key)
			}
			if strings.ContainsFunc(s[tk.start:tk.end], unicode.IsSpace) && utf8.ValidString(s[tk.start:tk.end]) {
				t.Fatalf("arTokens(%q): space in %q", s, s[tk.start:tk.end])
			}
		}
		for _, st := range arStems(arFold(s)) {
			if st == "" {
				t.Fatalf("arStems(%q) has an empty reading", s)
			}
		}
	})
}
