package source

import (
	"bytes"
	"encoding/xml"
	"errors"
	"io"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"

	"sijil/internal/caption"
)

// xmpPacket wraps rdf:Description elements in a packet that binds the
// usual prefixes.
func xmpPacket(descriptions string) string {
	return "<?xpacket begin=\"\uFEFF\" id=\"W5M0MpCehiHzreSzNTczkc9d\"?>\n" +
		`<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="` + nsRDF + `" xmlns:dc="` + nsDC +
		`" xmlns:photoshop="` + nsPS + `" xmlns:Iptc4xmpCore="` + nsCore + `" xmlns:Iptc4xmpExt="` + nsExt + `">` + "\n" +
		descriptions + "\n</rdf:RDF></x:xmpmeta>\n" + strings.Repeat(" ", 100) + "\n<?xpacket end=\"w\"?>"
}

func TestParseXMP(t *testing.T) {
	const shownBag = `<rdf:Description rdf:about=""><Iptc4xmpExt:LocationShown><rdf:Bag>%s</rdf:Bag></Iptc4xmpExt:LocationShown></rdf:Description>`
	for _, tc := range []struct {
		name      string
		packet    string
		wantText  string // the description; "" for none
		wantRaw   string // packet[start:end] of the description
		want      map[string]string
		wantError bool
	}{
		{
			name: "attributes",
			packet: xmpPacket(`<rdf:Description rdf:about="" photoshop:City="Saraqib" Iptc4xmpCore:CountryCode=" SY "
				photoshop:DateCreated="2019-03" Iptc4xmpExt:Other="x"/>`),
			want: map[string]string{caption.MetaXMPCity: "Saraqib", caption.MetaXMPCountryCode: "SY", caption.MetaXMPDateCreated: "2019-03"},
		},
		{
			name: "x-default not first, escaped",
			packet: xmpPacket(`<rdf:Description rdf:about=""><dc:description><rdf:Alt>
				<rdf:li xml:lang="ar">عمال الدفاع المدني</rdf:li>
				<rdf:li xml:lang="x-default">Workers &amp; volunteers in Saraqib&#39;s market.</rdf:li>
				</rdf:Alt></dc:description></rdf:Description>`),
			wantText: "Workers & volunteers in Saraqib's market.", wantRaw: "Workers &amp; volunteers in Saraqib&#39;s market.",
			want: map[string]string{caption.MetaXMPDescription: "Workers & volunteers in Saraqib's market."},
		},
		{
			name: "no x-default",
			packet: xmpPacket(`<rdf:Description><dc:description><rdf:Alt><rdf:li xml:lang="en-GB">
 Smoke over Saraqib.
</rdf:li><rdf:li xml:lang="fr">Fumée</rdf:li></rdf:Alt></dc:description></rdf:Description>`),
			wantText: "\n Smoke over Saraqib.\n", wantRaw: "\n Smoke over Saraqib.\n",
			want: map[string]string{caption.MetaXMPDescription: "Smoke over Saraqib."},
		},
		{
			name: "cdata and a qualified value",
			packet: xmpPacket(`<rdf:Description><dc:description><rdf:Alt><rdf:li xml:lang="x-default"><![CDATA[A & B]]></rdf:li></rdf:Alt></dc:description>
				<photoshop:Credit rdf:parseType="Resource"><rdf:value>AFP</rdf:value><photoshop:Note>q</photoshop:Note></photoshop:Credit></rdf:Description>`),
			wantText: "A & B", wantRaw: "<![CDATA[A & B]]>",
			want: map[string]string{caption.MetaXMPDescription: "A & B", caption.MetaXMPCredit: "AFP"},
		},
		{
			name: "arrays and structures, exiftool style",
			packet: xmpPacket(`<rdf:Description rdf:about="">
				<dc:creator><rdf:Seq><rdf:li>Lina Haddad</rdf:li><rdf:li> </rdf:li><rdf:li>Omar Saleh</rdf:li></rdf:Seq></dc:creator>
				<Iptc4xmpExt:Event><rdf:Alt><rdf:li xml:lang="x-default">Airstrike on Saraqib</rdf:li></rdf:Alt></Iptc4xmpExt:Event>
				<Iptc4xmpExt:LocationShown><rdf:Bag>
					<rdf:li rdf:parseType="Resource">
						<Iptc4xmpExt:Sublocation>Old market</Iptc4xmpExt:Sublocation>
						<Iptc4xmpExt:City>Saraqib</Iptc4xmpExt:City>
						<Iptc4xmpExt:ProvinceState>Idlib</Iptc4xmpExt:ProvinceState>
						<Iptc4xmpExt:CountryName>Syria</Iptc4xmpExt:CountryName>
						<Iptc4xmpExt:CountryCode>SY</Iptc4xmpExt:CountryCode>
						<Iptc4xmpExt:LocationId><rdf:Bag><rdf:li>https://sws.geonames.org/163345/</rdf:li><rdf:li>urn:x:1</rdf:li></rdf:Bag></Iptc4xmpExt:LocationId>
						<Iptc4xmpExt:LocationName><rdf:Alt><rdf:li xml:lang="x-default">Market</rdf:li></rdf:Alt></Iptc4xmpExt:LocationName>
					</rdf:li>
					<rdf:li rdf:parseType="Resource"><Iptc4xmpExt:City>Idlib</Iptc4xmpExt:City></rdf:li>
				</rdf:Bag></Iptc4xmpExt:LocationShown>
				<Iptc4xmpExt:LocationCreated rdf:parseType="Resource">
					<Iptc4xmpExt:City>Idlib</Iptc4xmpExt:City><Iptc4xmpExt:CountryCode>SY</Iptc4xmpExt:CountryCode>
					<Iptc4xmpExt:Sublocation>Press office</Iptc4xmpExt:Sublocation><Iptc4xmpExt:ProvinceState>Idlib</Iptc4xmpExt:ProvinceState>
				</Iptc4xmpExt:LocationCreated>
			</rdf:Description>`),
			want: map[string]string{
				caption.MetaXMPCreator: "Lina Haddad; Omar Saleh", caption.MetaXMPEvent: "Airstrike on Saraqib",
				caption.MetaXMPShownSubloc: "Old market", caption.MetaXMPShownCity: "Saraqib", caption.MetaXMPShownState: "Idlib",
				caption.MetaXMPShownCountry: "Syria", caption.MetaXMPShownCode: "SY",
				caption.MetaXMPShownID:     "https://sws.geonames.org/163345/; urn:x:1",
				caption.MetaXMPCreatedCity: "Idlib", caption.MetaXMPCreatedCode: "SY",
				caption.MetaXMPCreatedSubloc: "Press office", caption.MetaXMPCreatedState: "Idlib",
			},
		},
		{
			name:   "structure as a nested description",
			packet: xmpPacket(strings.Replace(shownBag, "%s", `<rdf:li><rdf:Description Iptc4xmpExt:City="Saraqib"><Iptc4xmpExt:CountryCode>SY</Iptc4xmpExt:CountryCode></rdf:Description></rdf:li>`, 1)),
			want:   map[string]string{caption.MetaXMPShownCity: "Saraqib", caption.MetaXMPShownCode: "SY"},
		},
		{
			name:   "structure as attributes",
			packet: xmpPacket(strings.Replace(shownBag, "%s", `<rdf:li Iptc4xmpExt:City="Saraqib" Iptc4xmpExt:CountryCode="SY"/>`, 1)),
			want:   map[string]string{caption.MetaXMPShownCity: "Saraqib", caption.MetaXMPShownCode: "SY"},
		},
		{
			name: "other prefixes, first value kept, unknown skipped",
			packet: `<x:xmpmeta xmlns:x="adobe:ns:meta/"><r:RDF xmlns:r="` + nsRDF + `">
				<r:Description xmlns:d="` + nsDC + `" xmlns:p="` + nsPS + `">
					<p:Unknown><r:Bag><r:li><p:City>Nowhere</p:City></r:li></r:Bag></p:Unknown>
					<d:description><r:Alt><r:li xml:lang="x-default">Smoke over Saraqib.</r:li></r:Alt></d:description>
					<p:City r:resource="Saraqib"/>
				</r:Description>
				<r:Description xmlns:d="` + nsDC + `" xmlns:p="` + nsPS + `">
					<d:description><r:Alt><r:li xml:lang="x-default">Another description</r:li></r:Alt></d:description>
					<p:City>Idlib</p:City><p:Country>Syria</p:Country>
				</r:Description></r:RDF></x:xmpmeta>`,
			wantText: "Smoke over Saraqib.", wantRaw: "Smoke over Saraqib.",
			want: map[string]string{caption.MetaXMPDescription: "Smoke over Saraqib.", caption.MetaXMPCity: "Saraqib", caption.MetaXMPCountry: "Syria"},
		},
		{
			name:   "description outside rdf:RDF is not read",
			packet: `<rdf:Description xmlns:rdf="` + nsRDF + `" xmlns:dc="` + nsDC + `"><dc:description>A</dc:description></rdf:Description>`,
			want:   map[string]string{},
		},
		{name: "not XML", packet: "no packet here", want: map[string]string{}},
		{name: "empty", packet: "", want: map[string]string{}},
		{name: "unclosed", packet: xmpPacket(`<rdf:Description><dc:description>`), wantError: true},
		{name: "mismatched", packet: xmpPacket(`<rdf:Description></dc:description>`), wantError: true},
		{name: "unknown entity", packet: xmpPacket(`<rdf:Description photoshop:City="&nbsp;"/>`), wantError: true},
		{name: "invalid UTF-8", packet: xmpPacket("<rdf:Description photoshop:City=\"\xEB\"/>"), wantError: true},
		{name: "UTF-16 declared", packet: `<?xml version="1.0" encoding="UTF-16"?><x/>`, wantError: true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := parseXMP([]byte(tc.packet))
			if tc.wantError {
				var ce *corruptError
				if !errors.As(err, &ce) || ce.off < 0 || ce.off > len(tc.packet) {
					t.Fatalf("parseXMP error %v, want one at an offset in the packet", err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tc.want, got.fields); diff != "" {
				t.Errorf("fields (-want +got):\n%s", diff)
			}
			var text, raw string
			if d := got.desc; d != nil {
				text, raw = d.text, tc.packet[d.start:d.end]
			}
			if text != tc.wantText || raw != tc.wantRaw {
				t.Errorf("description %q from %q, want %q from %q", text, raw, tc.wantText, tc.wantRaw)
			}
		})
	}
}

// FuzzXMP checks that any packet is read or rejected at an offset inside
// it, and that the description's range holds XML that decodes to its text.
func FuzzXMP(f *testing.F) {
	f.Add([]byte(xmpPacket(`<rdf:Description photoshop:City="Saraqib"><dc:description><rdf:Alt><rdf:li xml:lang="x-default">A &amp; B<!-- c --> C</rdf:li></rdf:Alt></dc:description></rdf:Description>`)))
	f.Add([]byte(xmpPacket(`<rdf:Description><Iptc4xmpExt:LocationShown><rdf:Bag><rdf:li rdf:parseType="Resource"><Iptc4xmpExt:City>S</Iptc4xmpExt:City></rdf:li></rdf:Bag></Iptc4xmpExt:LocationShown></rdf:Description>`)))
	f.Add([]byte(xmpPacket(`<rdf:Description><dc:description><rdf:Alt><rdf:li><![CDATA[x]]>y</rdf:li></rdf:Alt></dc:description></rdf:Description>`)))
	f.Fuzz(func(t *testing.T, packet []byte) {
		got, err := parseXMP(packet)
		if err != nil {
			var ce *corruptError
			if !errors.As(err, &ce) || ce.off < 0 || ce.off > len(packet) {
				t.Fatalf("parseXMP error %v: want a corruptError inside the packet", err)
			}
			return
		}
		for k, v := range got.fields {
			if !metaKeys[k] || v == "" || !utf8.ValidString(v) {
				t.Errorf("field %q = %q", k, v)
			}
		}
		d := got.desc
		if d == nil {
			return
		}
		if d.start < 0 || d.start > d.end || d.end > len(packet) || strings.TrimSpace(d.text) == "" {
			t.Fatalf("description %q at [%d,%d) of %d bytes", d.text, d.start, d.end, len(packet))
		}
		if text, err := xmlText(packet[d.start:d.end]); err != nil || text != d.text {
			t.Errorf("packet[%d:%d] = %q decodes to %q (%v), want %q", d.start, d.end, packet[d.start:d.end], text, err, d.text)
		}
	})
}

// xmlText decodes raw element content to its text.
func xmlText(raw []byte) (string, error) {
	d := xml.NewDecoder(bytes.NewReader(append(append([]byte("<a>"), raw...), "</a>"...)))
	var b strings.Builder
	for {
		tok, err := d.Token()
		if err == io.EOF {
			return b.String(), nil
		}
		if err != nil {
			return "", err
		}
		if c, ok := tok.(xml.CharData); ok {
			b.Write(c)
		}
	}
}
