package source

import (
	"bytes"
	"encoding/xml"
	"errors"
	"io"
	"strings"

	"sijil/internal/caption"
)

// XMP namespaces (XMP Specification part 1 and 2; IPTC Photo Metadata
// Standard). Properties are matched by namespace, never by prefix: a packet
// may bind any prefix it likes.
const (
	nsRDF  = "http://www.w3.org/1999/02/22-rdf-syntax-ns#"
	nsXML  = "http://www.w3.org/XML/1998/namespace"
	nsDC   = "http://purl.org/dc/elements/1.1/"
	nsPS   = "http://ns.adobe.com/photoshop/1.0/"
	nsCore = "http://iptc.org/std/Iptc4xmpCore/1.0/xmlns/"
	nsExt  = "http://iptc.org/std/Iptc4xmpExt/2008-02-29/"
)

// xmpProps names the top-level properties sijil reads. Language
// alternatives give their x-default item, Seq and Bag arrays their items
// joined with "; ".
var xmpProps = map[xml.Name]string{
	{Space: nsDC, Local: "description"}:   caption.MetaXMPDescription,
	{Space: nsDC, Local: "creator"}:       caption.MetaXMPCreator,
	{Space: nsPS, Local: "Credit"}:        caption.MetaXMPCredit,
	{Space: nsPS, Local: "Source"}:        caption.MetaXMPSource,
	{Space: nsPS, Local: "City"}:          caption.MetaXMPCity,
	{Space: nsPS, Local: "State"}:         caption.MetaXMPState,
	{Space: nsPS, Local: "Country"}:       caption.MetaXMPCountry,
	{Space: nsPS, Local: "DateCreated"}:   caption.MetaXMPDateCreated,
	{Space: nsPS, Local: "Headline"}:      caption.MetaXMPHeadline,
	{Space: nsCore, Local: "Location"}:    caption.MetaXMPLocation,
	{Space: nsCore, Local: "CountryCode"}: caption.MetaXMPCountryCode,
	{Space: nsExt, Local: "Event"}:        caption.MetaXMPEvent,
}

// xmpLocations names the fields read from the first Location structure of
// the IPTC Extension's LocationShown and LocationCreated bags.
var xmpLocations = map[xml.Name]map[string]string{
	{Space: nsExt, Local: "LocationShown"}: {
		"Sublocation":   caption.MetaXMPShownSubloc,
		"City":          caption.MetaXMPShownCity,
		"ProvinceState": caption.MetaXMPShownState,
		"CountryName":   caption.MetaXMPShownCountry,
		"CountryCode":   caption.MetaXMPShownCode,
		"LocationId":    caption.MetaXMPShownID,
	},
	{Space: nsExt, Local: "LocationCreated"}: {
		"Sublocation":   caption.MetaXMPCreatedSubloc,
		"City":          caption.MetaXMPCreatedCity,
		"ProvinceState": caption.MetaXMPCreatedState,
		"CountryCode":   caption.MetaXMPCreatedCode,
	},
}

var (
	rdfRDF         = xml.Name{Space: nsRDF, Local: "RDF"}
	rdfDescription = xml.Name{Space: nsRDF, Local: "Description"}
)

// maxXMPNodes bounds the elements kept for the properties sijil reads: a
// real packet has a few dozen; a crafted one should not cost memory that
// grows with its size.
const maxXMPNodes = 1 << 12

// xnode is an element of a property's value, with the text it holds and
// the range of that text's raw bytes in the packet.
type xnode struct {
	name       xml.Name
	attrs      []xml.Attr
	kids       []*xnode
	text       string
	start, end int // raw bytes of the text; start == -1 when there is none
}

// xmpResult is what an XMP packet holds.
type xmpResult struct {
	fields map[string]string
	desc   *xnode // the x-default text node of dc:description
}

// xmpReader walks one packet.
type xmpReader struct {
	d     *xml.Decoder
	nodes int
	res   xmpResult
}

// parseXMP reads the properties sijil knows from an XMP packet. Anything
// else in it is skipped, but the packet must be well-formed XML.
func parseXMP(packet []byte) (xmpResult, error) {
	x := &xmpReader{d: xml.NewDecoder(bytes.NewReader(packet)), res: xmpResult{fields: map[string]string{}}}
	var parent []xml.Name
	for {
		tok, err := x.token()
		if err == io.EOF {
			return x.res, nil
		}
		if err != nil {
			return xmpResult{}, err
		}
		switch t := tok.(type) {
		case xml.StartElement:
			if t.Name == rdfDescription && len(parent) > 0 && parent[len(parent)-1] == rdfRDF {
				if err := x.description(t); err != nil {
					return xmpResult{}, err
				}
				continue
			}
			parent = append(parent, t.Name)
		case xml.EndElement:
			parent = parent[:len(parent)-1]
		}
	}
}

// token returns the next token; an XML error names its packet offset.
func (x *xmpReader) token() (xml.Token, error) {
	tok, err := x.d.Token()
	if err != nil && err != io.EOF {
		var se *xml.SyntaxError
		msg := err.Error()
		if errors.As(err, &se) {
			msg = se.Msg
		}
		return nil, corruptf(int(x.d.InputOffset()), "XMP: %s", msg)
	}
	return tok, err
}

// description reads the properties of an rdf:Description, in attribute and
// element form, up to its end tag.
func (x *xmpReader) description(start xml.StartElement) error {
	for _, a := range start.Attr {
		if key := xmpProps[a.Name]; key != "" {
			x.set(key, a.Value)
		}
	}
	for {
		tok, err := x.token()
		if err == io.EOF {
			return corruptf(int(x.d.InputOffset()), "XMP: packet ends inside rdf:Description")
		}
		if err != nil {
			return err
		}
		switch t := tok.(type) {
		case xml.StartElement:
			if err := x.property(t); err != nil {
				return err
			}
		case xml.EndElement:
			return nil
		}
	}
}

// property reads one property element, or skips it when sijil does not
// read it.
func (x *xmpReader) property(start xml.StartElement) error {
	key, fields := xmpProps[start.Name], xmpLocations[start.Name]
	if key == "" && fields == nil {
		return x.skip()
	}
	n, err := x.tree(start)
	if err != nil {
		return err
	}
	if fields != nil {
		for name, v := range structFields(firstItem(n)) {
			if k := fields[name]; k != "" {
				x.set(k, v)
			}
		}
		return nil
	}
	if key == caption.MetaXMPDescription && x.res.desc == nil {
		if t := altText(n); t != nil && strings.TrimSpace(t.text) != "" {
			x.res.desc = t
		}
	}
	x.set(key, nodeValue(n))
	return nil
}

func (x *xmpReader) skip() error {
	if err := x.d.Skip(); err != nil {
		return corruptf(int(x.d.InputOffset()), "XMP: %v", err)
	}
	return nil
}

// set keeps the first non-blank value of key: a packet should not hold a
// property twice, and when it does the first is what other readers show.
func (x *xmpReader) set(key, v string) {
	if v = strings.TrimSpace(v); v != "" && x.res.fields[key] == "" {
		x.res.fields[key] = v
	}
}

// tree reads the element start up to its end tag.
func (x *xmpReader) tree(start xml.StartElement) (*xnode, error) {
	if x.nodes++; x.nodes > maxXMPNodes {
		return nil, corruptf(int(x.d.InputOffset()), "XMP: more than %d elements in the properties read", maxXMPNodes)
	}
	n := &xnode{name: start.Name, attrs: start.Copy().Attr, start: -1}
	var text strings.Builder
	for {
		off := int(x.d.InputOffset())
		tok, err := x.token()
		if err == io.EOF {
			return nil, corruptf(off, "XMP: packet ends inside an element")
		}
		if err != nil {
			return nil, err
		}
		switch t := tok.(type) {
		case xml.StartElement:
			kid, err := x.tree(t)
			if err != nil {
				return nil, err
			}
			n.kids = append(n.kids, kid)
		case xml.CharData:
			if n.start < 0 {
				n.start = off
			}
			n.end = int(x.d.InputOffset())
			text.Write(t)
		case xml.EndElement:
			n.text = text.String()
			if n.start < 0 {
				n.start, n.end = off, off
			}
			return n, nil
		}
	}
}

// attr returns the value of n's attribute name.
func (n *xnode) attr(space, local string) (string, bool) {
	for _, a := range n.attrs {
		if a.Name.Space == space && a.Name.Local == local {
			return a.Value, true
		}
	}
	return "", false
}

// child returns n's first child element in namespace space named one of
// locals.
func (n *xnode) child(space string, locals ...string) *xnode {
	for _, k := range n.kids {
		if k.name.Space != space {
			continue
		}
		for _, l := range locals {
			if k.name.Local == l {
				return k
			}
		}
	}
	return nil
}

// items returns the rdf:li of n's array, or nil when n holds none.
func (n *xnode) items() []*xnode {
	arr := n.child(nsRDF, "Alt", "Seq", "Bag")
	if arr == nil {
		return nil
	}
	var li []*xnode
	for _, k := range arr.kids {
		if k.name == (xml.Name{Space: nsRDF, Local: "li"}) {
			li = append(li, k)
		}
	}
	return li
}

// altText returns the text node of a language alternative's x-default item
// (its first item when none is marked), or of n itself when it is simple.
func altText(n *xnode) *xnode {
	if arr := n.child(nsRDF, "Alt", "Seq", "Bag"); arr == nil {
		if v := n.child(nsRDF, "value"); v != nil {
			return v
		}
		if len(n.kids) == 0 {
			return n
		}
		return nil
	}
	items := n.items()
	for _, li := range items {
		if lang, _ := li.attr(nsXML, "lang"); lang == "x-default" {
			return altText(li)
		}
	}
	if len(items) > 0 {
		return altText(items[0])
	}
	return nil
}

// nodeValue returns the value of a simple property or array as one string:
// the x-default item of an Alt, the items of a Seq or Bag joined with "; ".
func nodeValue(n *xnode) string {
	if n == nil {
		return ""
	}
	if v, ok := n.attr(nsRDF, "resource"); ok {
		return v
	}
	if arr := n.child(nsRDF, "Alt"); arr != nil {
		if t := altText(n); t != nil {
			return t.text
		}
		return ""
	}
	if arr := n.child(nsRDF, "Seq", "Bag"); arr != nil {
		var s string
		for _, li := range n.items() {
			s = joinValues(s, strings.TrimSpace(nodeValue(li)))
		}
		return s
	}
	if v := n.child(nsRDF, "value"); v != nil {
		return v.text
	}
	if len(n.kids) == 0 {
		return n.text
	}
	return ""
}

// firstItem returns the first item of n's array, or n when it is no array:
// a LocationShown is a bag of structures, but some writers give one
// structure bare.
func firstItem(n *xnode) *xnode {
	if items := n.items(); len(items) > 0 {
		return items[0]
	}
	return n
}

// structFields returns the IPTC Extension fields of a structure, in any of
// RDF's forms: rdf:parseType="Resource" children, a nested rdf:Description
// with attributes or children, or attributes on the element itself.
func structFields(n *xnode) map[string]string {
	fields := map[string]string{}
	add := func(s *xnode) {
		for _, a := range s.attrs {
			if a.Name.Space == nsExt {
				fields[a.Name.Local] = a.Value
			}
		}
		for _, k := range s.kids {
			if k.name.Space == nsExt {
				fields[k.name.Local] = strings.TrimSpace(nodeValue(k))
			}
		}
	}
	add(n)
	if d := n.child(nsRDF, "Description"); d != nil {
		add(d)
	}
	return fields
}

// addXMP reads the XMP packet b.
func (r *photoReader) addXMP(b *block) error {
	res, err := parseXMP(b.data)
	if err != nil {
		return r.fail(b, err)
	}
	if d := res.desc; d != nil && r.xmp == nil {
		start, end := b.span(d.start, d.end)
		r.xmp = &captionValue{text: d.text, start: start, end: end, precise: !b.packed}
	}
	r.merge(res.fields)
	return nil
}
