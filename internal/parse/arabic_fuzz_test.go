package parse_test

import (
	"bytes"
	"os"
	"testing"
)

// FuzzArabic feeds arbitrary text, seeded with the Arabic golden captions,
// to the parser: it must not panic, every record keeps the invariants, and
// each place an Arabic caption names is the text at its span (the Arabic
// rules keep byte offsets into the caption as written, whatever the fold
// dropped or changed).
func FuzzArabic(f *testing.F) {
	b, err := os.ReadFile("testdata/golden/arabic.txt")
	if err != nil {
		f.Fatal(err)
	}
	for _, para := range bytes.Split(b, []byte("\n\n")) {
		f.Add(string(para))
	}
	f.Add("مقتل ١٬٢٠٠ شخص في حي جوبر بدمشق، 2020 / 3 / 12م")
	f.Add("غـــارة جَوِّيَّة على ﻣﺪﻳﻨﺔ ﺣﻠﺐ في ١٢ كانون")
	f.Add("في في في بـ لـ ، 12-")
	f.Add("تموز 2014، مقاتلون في الرقة.") // a month first: the date's clause starts at token 0
	// Datelines that carry the outlet, which the credit cuts and the
	// Arabic rules give the city, country and date back from.
	f.Add("غزة / الأناضول: فلسطينيون في مخيم النصيرات.")
	f.Add("جنين 12-7-2023 وفا- شبان يشيعون جثمان شاب.")
	f.Add("حلب - فرانس برس: أطفال بين الأنقاض. (تصوير: باسل الأحمد)")
	p := mustParser(f)
	f.Fuzz(func(t *testing.T, s string) {
		r := p.Caption(s)
		checkInvariants(t, r)
		if len(r.Places) != len(r.PlaceRefs) {
			t.Fatalf("places %q, place refs %+v", r.Places, r.PlaceRefs)
		}
		if r.Lang != "ar" {
			return
		}
		for i, pr := range r.PlaceRefs {
			if pr.Span.Start < 0 || pr.Span.End > len(r.Text) || pr.Span.Start >= pr.Span.End ||
				r.Text[pr.Span.Start:pr.Span.End] != pr.Name || r.Places[i] != pr.Name {
				t.Fatalf("place %q at %v in %q", pr.Name, pr.Span, r.Text)
			}
		}
	})
}
