package export

import (
	"bytes"
	"cmp"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"iter"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"sijil/internal/caption"
)

// The namespaces of the properties WriteXMP writes: Dublin Core, Photoshop,
// IPTC Core and IPTC Extension, and EXIF for the coordinates, with the
// prefixes IPTC's Photo Metadata Standard uses.
const xmpHeader = `<?xpacket begin="` + "\uFEFF" + `" id="W5M0MpCehiHzreSzNTczkc9d"?>
<x:xmpmeta xmlns:x="adobe:ns:meta/">
 <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
  <rdf:Description rdf:about=""
    xmlns:dc="http://purl.org/dc/elements/1.1/"
    xmlns:photoshop="http://ns.adobe.com/photoshop/1.0/"
    xmlns:Iptc4xmpCore="http://iptc.org/std/Iptc4xmpCore/1.0/xmlns/"
    xmlns:Iptc4xmpExt="http://iptc.org/std/Iptc4xmpExt/2008-02-29/"
    xmlns:exif="http://ns.adobe.com/exif/1.0/"
    xmlns:sijil="urn:sijil:ns:1.0:">
`

const xmpFooter = `  </rdf:Description>
 </rdf:RDF>
</x:xmpmeta>
<?xpacket end="w"?>
`

// WriteXMP writes the XMP sidecar of one record, for photo tools (Photo
// Mechanic, Lightroom, ExifTool) to merge into the photo the caption
// belongs to. It holds, when the record has them: the description
// (dc:description) and photographers (dc:creator); the credit as written
// (photoshop:Credit) and the agencies (photoshop:Source); the scene's city,
// province and country (photoshop:City, State, Country, and
// Iptc4xmpCore:CountryCode) and the most specific place named when it is
// not the city (Iptc4xmpCore:Location); the date at its precision
// (photoshop:DateCreated, which XMP allows as YYYY, YYYY-MM or YYYY-MM-DD);
// the same place as IPTC's LocationShown, with its GeoNames URI and its
// coordinates; the event (Iptc4xmpExt:Event: its types, place and date)
// and the people named (Iptc4xmpExt:PersonInImage); the file name and
// SHA-256 of each photo it was read from (dc:source, sijil:PhotoFile,
// sijil:PhotoSHA256: e.Sources must be read). Every value is escaped by
// encoding/xml.
func WriteXMP(w io.Writer, e Entry) error {
	var b bytes.Buffer
	b.WriteString(xmpHeader)
	r := &e.Record
	x := xmpWriter{&b, "   "}
	x.alt("dc:description", cmp.Or(r.Description, r.Text))
	x.list("dc:creator", "Seq", r.Photographers)
	x.text("photoshop:Credit", r.Credit)
	x.text("photoshop:Source", joinList(strs(r.Agencies)))
	p := placeOf(r)
	x.text("photoshop:City", p.city)
	x.text("photoshop:State", p.state)
	x.text("photoshop:Country", p.country)
	x.text("photoshop:DateCreated", r.Date.String())
	x.text("Iptc4xmpCore:CountryCode", string(p.code))
	x.text("Iptc4xmpCore:Location", p.sublocation)
	x.locationShown(p)
	x.alt("Iptc4xmpExt:Event", eventName(e))
	names := make([]string, len(r.People))
	for i, person := range r.People {
		names[i] = person.Name
	}
	x.list("Iptc4xmpExt:PersonInImage", "Bag", names)
	// The photos the caption was read from, so that a tool merging the
	// sidecar can check it has the right file: dc:source (Dublin Core's
	// "resource from which it is derived") names the first, and sijil's
	// own properties list each file name and its SHA-256, in step.
	files := photoFiles(e.Sources)
	if len(files) > 0 {
		x.text("dc:source", files[0])
	}
	x.list("sijil:PhotoFile", "Seq", files)
	x.list("sijil:PhotoSHA256", "Seq", photoDigests(e.Sources))
	b.WriteString(xmpFooter)
	_, err := w.Write(b.Bytes())
	return err
}

// xmpPlace is a record's scene as IPTC's location fields name it.
type xmpPlace struct {
	sublocation, city, state, country string
	code                              caption.CountryCode
	geonameURI, lat, lon              string
}

// placeOf reads the scene from the record's location: its name is the city
// when the location is a place (precision 1 or 2), the state when it is a
// province (3); the first place the caption names is the sublocation when
// it is something else ("Bab al-Nairab" in Aleppo).
func placeOf(r *caption.Record) xmpPlace {
	var p xmpPlace
	p.code = r.Country
	if l := r.Location; l != nil {
		p.code = cmp.Or(p.code, l.CountryCode)
		switch l.Precision {
		case 1, 2:
			p.city, p.state = l.Name, l.Admin1
		case 3:
			p.state = cmp.Or(l.Admin1, l.Name)
		}
		if l.GeonameID > 0 && l.Precision <= 3 {
			p.geonameURI = "https://sws.geonames.org/" + strconv.Itoa(l.GeonameID) + "/"
		}
		if l.Precision <= 3 && validCoords(l) {
			p.lat, p.lon = gpsCoord(l.Lat, "N", "S"), gpsCoord(l.Lon, "E", "W")
		}
	}
	p.country = CountryName(p.code)
	// "Saraqib" is the city "Sarāqib", not a place within it: names are
	// compared as search compares them, case and diacritics aside.
	if len(r.Places) > 0 {
		first := caption.FoldTerm(r.Places[0])
		if first != caption.FoldTerm(p.city) && first != caption.FoldTerm(p.state) && first != caption.FoldTerm(p.country) {
			p.sublocation = r.Places[0]
		}
	}
	return p
}

// gpsCoord writes a coordinate as XMP's GPSCoordinate, "DDD,MM.mmmmmmK":
// degrees, decimal minutes and the hemisphere. It is computed from the
// coordinate in millionths of a degree, so the minutes are exact and
// never round up to 60.
func gpsCoord(x float64, pos, neg string) string {
	k := pos
	if x < 0 {
		k = neg
	}
	micro := int64(math.Round(math.Abs(x) * 1e6))
	minutes := micro % 1e6 * 60 // in millionths of a minute
	return fmt.Sprintf("%d,%d.%06d%s", micro/1e6, minutes/1e6, minutes%1e6, k)
}

// eventName describes the event a photo shows for Iptc4xmpExt:Event: its
// types, place and date, and the register's event it belongs to
// ("shelling, rescue; Harasta; 2016-11-06 (sijil event 12)").
func eventName(e Entry) string {
	r := &e.Record
	var parts []string
	if len(r.EventTypes) > 0 {
		parts = append(parts, strings.Join(strs(r.EventTypes), ", "))
	}
	if len(r.Places) > 0 {
		parts = append(parts, r.Places[0])
	}
	if !r.Date.IsZero() {
		parts = append(parts, r.Date.String())
	}
	name := strings.Join(parts, "; ")
	if e.Event != 0 {
		name = strings.TrimSpace(name + " (sijil event " + strconv.FormatInt(e.Event, 10) + ")")
	}
	return name
}

// xmpWriter writes properties at an indentation; each leaves out an empty
// value.
type xmpWriter struct {
	b      *bytes.Buffer
	indent string
}

func (x xmpWriter) esc(s string) {
	xml.EscapeText(x.b, []byte(s)) // writes to a bytes.Buffer, which cannot fail
}

func (x xmpWriter) text(name, value string) {
	if value == "" {
		return
	}
	x.b.WriteString(x.indent + "<" + name + ">")
	x.esc(value)
	x.b.WriteString("</" + name + ">\n")
}

// alt writes a language alternative with only the default language.
func (x xmpWriter) alt(name, value string) {
	if value == "" {
		return
	}
	x.b.WriteString(x.indent + "<" + name + ">\n" + x.indent + " <rdf:Alt>\n" + x.indent + `  <rdf:li xml:lang="x-default">`)
	x.esc(value)
	x.b.WriteString("</rdf:li>\n" + x.indent + " </rdf:Alt>\n" + x.indent + "</" + name + ">\n")
}

// list writes an ordered (Seq) or unordered (Bag) array.
func (x xmpWriter) list(name, kind string, values []string) {
	if len(values) == 0 {
		return
	}
	x.b.WriteString(x.indent + "<" + name + ">\n" + x.indent + " <rdf:" + kind + ">\n")
	for _, v := range values {
		x.b.WriteString(x.indent + "  <rdf:li>")
		x.esc(v)
		x.b.WriteString("</rdf:li>\n")
	}
	x.b.WriteString(x.indent + " </rdf:" + kind + ">\n" + x.indent + "</" + name + ">\n")
}

// locationShown writes IPTC's LocationShown: a Bag of one location
// structure, with the GeoNames URI as its LocationId (a Bag of URIs) and
// the coordinates.
func (x xmpWriter) locationShown(p xmpPlace) {
	if p.city == "" && p.state == "" && p.code == "" && p.sublocation == "" {
		return
	}
	x.b.WriteString(x.indent + "<Iptc4xmpExt:LocationShown>\n" + x.indent + " <rdf:Bag>\n" + x.indent + "  <rdf:li>\n" +
		x.indent + "   <rdf:Description>\n")
	in := xmpWriter{x.b, x.indent + "    "}
	in.text("Iptc4xmpExt:Sublocation", p.sublocation)
	in.text("Iptc4xmpExt:City", p.city)
	in.text("Iptc4xmpExt:ProvinceState", p.state)
	in.text("Iptc4xmpExt:CountryName", p.country)
	in.text("Iptc4xmpExt:CountryCode", string(p.code))
	if p.geonameURI != "" {
		in.list("Iptc4xmpExt:LocationId", "Bag", []string{p.geonameURI})
	}
	in.text("exif:GPSLatitude", p.lat)
	in.text("exif:GPSLongitude", p.lon)
	x.b.WriteString(x.indent + "   </rdf:Description>\n" + x.indent + "  </rdf:li>\n" + x.indent + " </rdf:Bag>\n" +
		x.indent + "</Iptc4xmpExt:LocationShown>\n")
}

// WriteXMPDir writes the sidecar of each record to dir (created when
// missing, private to its owner) as ID.xmp, each file readable and writable
// by its owner only (0600). An existing file is not overwritten unless
// overwrite is set: the first one found stops the export with an error
// wrapping fs.ErrExist, and the files written before it stay. A file that
// could not be written whole is removed. No existing path is ever opened
// for writing, so a symbolic link planted in dir under a sidecar's name is
// replaced by the sidecar, never written through (see writeNew).
func WriteXMPDir(dir string, entries iter.Seq2[Entry, error], overwrite bool) (Counts, error) {
	var c Counts
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return c, fmt.Errorf("write xmp: %w", err)
	}
	var buf bytes.Buffer
	for e, err := range entries {
		if err != nil {
			return c, err
		}
		buf.Reset()
		if err := WriteXMP(&buf, e); err != nil {
			return c, fmt.Errorf("write xmp: record %d: %w", e.ID, err)
		}
		if err := writeNew(filepath.Join(dir, strconv.FormatInt(e.ID, 10)+".xmp"), buf.Bytes(), overwrite); err != nil {
			return c, fmt.Errorf("write xmp: %w", err)
		}
		c.Wrote++
	}
	return c, nil
}

// writeNew writes data to name with mode 0600. Without overwrite name must
// not exist: O_CREATE|O_EXCL makes the check and the creation one step, and
// fails on a symbolic link too, whatever it points to. With overwrite the
// data goes to a new file beside name (created the same way) that is then
// renamed over it: rename replaces a link itself, not the file it points to,
// and a reader never sees a half-written sidecar.
func writeNew(name string, data []byte, overwrite bool) error {
	if !overwrite {
		f, err := os.OpenFile(name, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
		if err != nil {
			return err
		}
		if err := writeClose(f, data); err != nil {
			return errors.Join(err, os.Remove(name))
		}
		return nil
	}
	f, err := os.CreateTemp(filepath.Dir(name), "."+filepath.Base(name)+".*") // O_EXCL, 0600
	if err != nil {
		return err
	}
	err = writeClose(f, data)
	if err == nil {
		err = os.Rename(f.Name(), name)
	}
	if err != nil {
		return errors.Join(err, os.Remove(f.Name()))
	}
	return nil
}

func writeClose(f *os.File, data []byte) error {
	_, err := f.Write(data)
	return errors.Join(err, f.Close())
}
