package source

import (
	"encoding/binary"
	"fmt"
	"strings"
	"testing"
)

// tiffTag is an IFD entry; data longer than four bytes goes after the IFD.
type tiffTag struct {
	tag, typ uint16
	count    uint32
	data     []byte
}

// tiffFile encodes a TIFF with one IFD at offset 8 holding tags (which
// must be sorted), with next as the pointer to the next IFD.
func tiffFile(bo interface {
	binary.ByteOrder
	binary.AppendByteOrder
}, next uint32, tags ...tiffTag) []byte {
	b := []byte("II*\x00")
	if bo == binary.BigEndian {
		b = []byte("MM\x00*")
	}
	b = bo.AppendUint32(b, 8)
	b = bo.AppendUint16(b, uint16(len(tags)))
	extra := 8 + 2 + 12*len(tags) + 4
	var values []byte
	for _, tg := range tags {
		b = bo.AppendUint16(b, tg.tag)
		b = bo.AppendUint16(b, tg.typ)
		b = bo.AppendUint32(b, tg.count)
		if len(tg.data) <= 4 {
			b = append(b, append(tg.data, make([]byte, 4-len(tg.data))...)...)
			continue
		}
		b = bo.AppendUint32(b, uint32(extra+len(values)))
		values = append(values, tg.data...)
		if len(values)%2 == 1 {
			values = append(values, 0) // TIFF 6.0: values start on word boundaries
		}
	}
	b = bo.AppendUint32(b, next)
	return append(b, values...)
}

func TestReadTIFF(t *testing.T) {
	const capA = "Smoke rises over Saraqib after an airstrike, March 3, 2019."
	stream := cat(iim(2, 90, "Saraqib"), iim(2, 120, capA))
	for len(stream)%4 != 0 {
		stream = append(stream, 0) // Photoshop writes the stream as LONGs
	}
	packet := xmpPacket(`<rdf:Description photoshop:City="Idlib"><dc:description><rdf:Alt><rdf:li xml:lang="x-default">` + capA + `</rdf:li></rdf:Alt></dc:description></rdf:Description>`)
	width := tiffTag{256, 3, 1, []byte{8, 0}}
	for _, tc := range []struct {
		name     string
		data     []byte
		want     string // the caption; "" for none
		wantCity string // Meta[iptc:City] or else Meta[xmp:photoshop:City]
	}{
		{name: "no metadata", data: tiffFile(binary.LittleEndian, 0, width)},
		{name: "no IFD", data: []byte("II*\x00\x00\x00\x00\x00")},
		{name: "iptc as longs", data: tiffFile(binary.LittleEndian, 0, width, tiffTag{tagIPTC, 4, uint32(len(stream) / 4), stream}), want: capA, wantCity: "Saraqib"},
		{name: "iptc as undefined, big-endian", data: tiffFile(binary.BigEndian, 0, tiffTag{tagIPTC, 7, uint32(len(stream)), stream}), want: capA, wantCity: "Saraqib"},
		{name: "xmp", data: tiffFile(binary.LittleEndian, 0, tiffTag{tagXMP, 1, uint32(len(packet)), []byte(packet)}), want: capA, wantCity: "Idlib"},
		{name: "photoshop resources", data: tiffFile(binary.BigEndian, 0, tiffTag{tagPhotoshop, 7, uint32(len(irb(irbIPTC, stream))), irb(irbIPTC, stream)}), want: capA, wantCity: "Saraqib"},
		{name: "unknown type skipped", data: tiffFile(binary.LittleEndian, 0, tiffTag{tagIPTC, 99, 1 << 30, []byte{1, 2, 3, 4}})},
		{name: "inline value", data: tiffFile(binary.LittleEndian, 0, tiffTag{tagIPTC, 7, 4, []byte{0, 0, 0, 0}})},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := ReadTIFF(tc.data, "a.tif")
			if err != nil {
				t.Fatal(err)
			}
			checkPhoto(t, tc.data, FormatTIFF, got)
			if tc.want == "" {
				if len(got) != 0 {
					t.Fatalf("got %q, want no caption", got[0].Text)
				}
				return
			}
			if len(got) != 1 || got[0].Text != tc.want || string(tc.data[got[0].Start:got[0].End]) != tc.want {
				t.Fatalf("got %+v, want %q at its bytes", got, tc.want)
			}
			city := got[0].Meta["iptc:City"]
			if city == "" {
				city = got[0].Meta["xmp:photoshop:City"]
			}
			if city != tc.wantCity {
				t.Errorf("city %q, want %q", city, tc.wantCity)
			}
		})
	}
}

func TestReadTIFFCorrupt(t *testing.T) {
	le := binary.LittleEndian
	one := tiffFile(le, 0, tiffTag{256, 3, 1, []byte{8, 0}})
	loop := tiffFile(le, 8, tiffTag{256, 3, 1, []byte{8, 0}})
	// Two IFDs pointing at each other: the second starts where the first's
	// values would.
	two := tiffFile(le, uint32(len(one)), tiffTag{256, 3, 1, []byte{8, 0}})
	two = append(two, le.AppendUint32(le.AppendUint16(nil, 0), 8)...)
	for _, tc := range []struct {
		name    string
		data    []byte
		wantOff int
	}{
		{name: "header truncated", data: []byte("II*\x00\x08"), wantOff: 0},
		{name: "not a tiff", data: []byte("II+\x00\x08\x00\x00\x00"), wantOff: 0},
		{name: "IFD past the end", data: []byte("MM\x00*\x00\x00\x01\x00"), wantOff: 256},
		{name: "IFD entries past the end", data: one[:len(one)-1], wantOff: 8},
		{name: "IFD loops to itself", data: loop, wantOff: 8 + 2 + 12},
		{name: "two IFDs loop", data: two, wantOff: len(two) - 4},
		{name: "next IFD past the end", data: tiffFile(le, 1<<31, tiffTag{256, 3, 1, []byte{8, 0}}), wantOff: 1 << 31},
		{name: "value past the end", data: tiffFile(le, 0, tiffTag{tagXMP, 1, 1 << 30, []byte{1, 2, 3, 4, 5}}), wantOff: 10},
		{name: "value size overflows", data: tiffFile(le, 0, tiffTag{tagXMP, 12, 1<<32 - 1, []byte{1, 2, 3, 4, 5}}), wantOff: 10},
		{name: "lying iim length", data: tiffFile(le, 0, tiffTag{tagIPTC, 7, 8, []byte("\x1C\x02\x78\x00\x09abc")}), wantOff: 8 + 2 + 12 + 4},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := ReadTIFF(tc.data, "a.tif")
			if err == nil {
				t.Fatalf("got %+v, want an error", got)
			}
			checkCorrupt(t, "a.tif", err)
			if !strings.HasPrefix(err.Error(), fmt.Sprintf("a.tif: offset %d: ", tc.wantOff)) {
				t.Errorf("error %q, want it at offset %d", err, tc.wantOff)
			}
		})
	}
}

func FuzzReadTIFF(f *testing.F) {
	for _, seed := range photoSeeds(f, ".tif") {
		f.Add(seed)
	}
	stream := cat(iim(2, 90, "Saraqib"), iim(2, 120, "Smoke."))
	f.Add(tiffFile(binary.BigEndian, 8, tiffTag{tagIPTC, 7, uint32(len(stream)), stream}))
	f.Add(tiffFile(binary.LittleEndian, 0, tiffTag{tagPhotoshop, 7, uint32(len(irb(irbIPTC, stream))), irb(irbIPTC, stream)}))
	f.Fuzz(func(t *testing.T, data []byte) {
		got, err := ReadTIFF(data, "fuzz.tif")
		if err != nil {
			checkCorrupt(t, "fuzz.tif", err)
			return
		}
		checkPhoto(t, data, FormatTIFF, got)
	})
}
