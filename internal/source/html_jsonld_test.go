package source

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"sijil/internal/caption"
)

// checkJSONString checks that the range of a JSON-LD caption holds a JSON
// string that decodes to its Text.
func checkJSONString(t testing.TB, i int, span, text string) {
	t.Helper()
	var s string
	if err := json.Unmarshal([]byte(span), &s); err != nil || s != text {
		t.Errorf("caption %d: JSON %q decodes to %q (%v), want Text %q", i, span, s, err, text)
	}
}

func TestReadHTMLJSONLD(t *testing.T) {
	ld := func(json string) string {
		return `<script type="application/ld+json">` + json + "</script>\n"
	}
	q := func(s string) string { return `"` + s + `"` }
	image := func(key, text string) string {
		return `{"@type":"ImageObject","contentUrl":"/i.jpg",` + q(key) + `:` + q(text) + `}`
	}
	for _, tc := range []struct {
		name string
		in   string
		want []htmlWant // spans are JSON strings, quotes included
	}{
		{
			name: "caption",
			in:   ld(image("caption", capMarket)),
			want: []htmlWant{{span: q(capMarket), text: capMarket, source: htmlJSONLD, src: "/i.jpg"}},
		},
		{
			name: "description",
			in:   ld(image("description", capBus)),
			want: []htmlWant{{span: q(capBus), text: capBus, source: htmlJSONLD, src: "/i.jpg"}},
		},
		{
			name: "graph, pretty-printed",
			in: ld("{\n  \"@context\": \"https://schema.org\",\n  \"@graph\": [\n    {\"@type\": \"WebPage\", \"name\": \"Gallery\"},\n" +
				"    {\n      \"url\": \"https://x.example/p.jpg\",\n      \"caption\" :\n  \"" + capCamp + "\",\n      \"@type\": \"ImageObject\"\n    }\n  ]\n}"),
			want: []htmlWant{{span: q(capCamp), text: capCamp, source: htmlJSONLD, src: "https://x.example/p.jpg"}},
		},
		{
			name: "array of images in an article",
			in: ld(`[{"@type":"NewsArticle","description":"` + capCamp + `","image":[` +
				image("caption", capMarket) + `,` + image("caption", capBus) + `]}]`),
			want: []htmlWant{
				{span: q(capMarket), text: capMarket, source: htmlJSONLD, src: "/i.jpg"},
				{span: q(capBus), text: capBus, source: htmlJSONLD, src: "/i.jpg"},
			},
		},
		{
			name: "type as a list and as a URL",
			in: ld(`{"@type":["ImageObject","Photograph"],"caption":"`+capMarket+`"}`) +
				ld(`{"@type":"https://schema.org/ImageObject","caption":"`+capBus+`"}`) +
				ld(`{"@type":"schema:ImageObject","caption":"`+capCamp+`"}`),
			want: []htmlWant{
				{span: q(capMarket), text: capMarket, source: htmlJSONLD},
				{span: q(capBus), text: capBus, source: htmlJSONLD},
				{span: q(capCamp), text: capCamp, source: htmlJSONLD},
			},
		},
		{
			name: "caption and a longer description",
			in:   ld(`{"@type":"ImageObject","caption":"Children play between tents at a camp","description":"` + capCamp + `"}`),
			want: []htmlWant{{span: q(capCamp), text: capCamp, source: htmlJSONLD}},
		},
		{
			name: "caption and the same description",
			in:   ld(`{"@type":"ImageObject","caption":"` + capCamp + `","description":"` + capCamp + `"}`),
			want: []htmlWant{{span: q(capCamp), text: capCamp, source: htmlJSONLD}},
		},
		{
			name: "escapes",
			in:   ld(`{"@type":"ImageObject","caption":"A boy looks at a burnt tank in Kyiv\u2019s centre, \"May 9\", 2022.\nREUTERS\/Nadia Koval"}`),
			want: []htmlWant{{
				span:   `"A boy looks at a burnt tank in Kyiv\u2019s centre, \"May 9\", 2022.\nREUTERS\/Nadia Koval"`,
				text:   "A boy looks at a burnt tank in Kyiv\u2019s centre, \"May 9\", 2022.\nREUTERS/Nadia Koval",
				source: htmlJSONLD,
			}},
		},
		{
			name: "other types and labels ignored",
			in: ld(`{"@type":"NewsArticle","description":"` + capMarket + `","caption":"` + capBus + `",` +
				`"publisher":{"@type":"Organization","logo":{"@type":"ImageObject","caption":"The Daily Ledger logo"}}}`),
		},
		{
			name: "broken JSON keeps what came before",
			in:   ld(`[` + image("caption", capMarket) + `,{"@type":"ImageObject","caption":"` + capBus + `",}]`),
			want: []htmlWant{{span: q(capMarket), text: capMarket, source: htmlJSONLD, src: "/i.jpg"}},
		},
		{
			name: "two values in one script, charset parameter",
			in: `<script type="Application/LD+JSON; charset=utf-8">` + image("caption", capMarket) + "\n" +
				image("caption", capBus) + "</script>",
			want: []htmlWant{
				{span: q(capMarket), text: capMarket, source: htmlJSONLD, src: "/i.jpg"},
				{span: q(capBus), text: capBus, source: htmlJSONLD, src: "/i.jpg"},
			},
		},
		{
			name: "other scripts ignored",
			in:   `<script>` + image("caption", capMarket) + `</script><script type="application/json">` + image("caption", capBus) + `</script>`,
		},
		{
			name: "same caption in JSON-LD and figcaption kept once, first",
			in:   ld(image("caption", capMarket)) + `<figure><figcaption>` + capMarket + `</figcaption></figure>`,
			want: []htmlWant{{span: q(capMarket), text: capMarket, source: htmlJSONLD, src: "/i.jpg"}},
		},
		{
			name: "too deep",
			in:   ld(strings.Repeat(`{"a":`, 40) + image("caption", capMarket) + strings.Repeat(`}`, 40)),
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := ReadHTML(strings.NewReader(tc.in), "page.html")
			if err != nil {
				t.Fatal(err)
			}
			var want []caption.Raw
			for _, w := range tc.want {
				want = append(want, w.raw(t, tc.in))
			}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("ReadHTML (-want +got):\n%s", diff)
			}
			checkHTML(t, tc.in, got)
		})
	}
}
