package source

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"image/jpeg"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"sijil/internal/caption"
)

// segment encodes a JPEG marker segment.
func segment(marker byte, payload []byte) []byte {
	b := []byte{0xFF, marker}
	b = binary.BigEndian.AppendUint16(b, uint16(len(payload)+2))
	return append(b, payload...)
}

// app13 is an APP13 segment holding Photoshop resources.
func app13(resources ...[]byte) []byte {
	return segment(markerAPP13, cat(append([][]byte{photoshopSignature}, resources...)...))
}

// app1XMP is an APP1 segment holding an XMP packet.
func app1XMP(packet string) []byte {
	return segment(markerAPP1, cat(xmpSignature, []byte(packet)))
}

// jpegFile is a JPEG made of segments, without image data: the reader
// stops at the end of image as it would at the scan.
func jpegFile(segments ...[]byte) []byte {
	return cat(append(append([][]byte{{0xFF, markerSOI}}, segments...), []byte{0xFF, markerEOI})...)
}

func TestReadJPEG(t *testing.T) {
	const capA = "Smoke rises over Saraqib after an airstrike, March 3, 2019. (Photo by Lina Haddad / AFP)"
	const capB = "Smoke rises over Saraqib after an air strike on March 3, 2019. (Photo by Lina Haddad/AFP)"
	descA := xmpPacket(`<rdf:Description><dc:description><rdf:Alt><rdf:li xml:lang="x-default">` + capA + `</rdf:li></rdf:Alt></dc:description></rdf:Description>`)
	descB := strings.Replace(descA, capA, capB, 1)
	var plain bytes.Buffer
	if err := jpeg.Encode(&plain, testImage(), nil); err != nil {
		t.Fatal(err)
	}
	long := strings.Repeat("Rubble in Saraqib. ", 100)
	for _, tc := range []struct {
		name string
		data []byte
		want string // the caption, "" for none; data[Start:End] must be it
		iptc string // the IPTC caption Meta must keep, when not want
	}{
		{name: "encoded by image/jpeg", data: plain.Bytes()},
		{name: "nothing but start and end", data: jpegFile()},
		{name: "iptc", data: jpegFile(segment(0xE0, []byte("JFIF\x00\x01\x02")), app13(irb(irbIPTC, iim(2, 120, capA)))), want: capA},
		{name: "xmp", data: jpegFile(app1XMP(descA)), want: capA},
		{name: "same caption: iptc", data: jpegFile(app1XMP(descA), app13(irb(irbIPTC, iim(2, 120, capA+"\n")))), want: capA + "\n"},
		{name: "captions differ: xmp", data: jpegFile(app1XMP(descB), app13(irb(irbIPTC, iim(2, 120, capA)))), want: capB, iptc: capA},
		{name: "exif and other resources first", data: jpegFile(segment(markerAPP1, []byte("Exif\x00\x00MM\x00*")),
			app13(irb(0x0425, []byte("0123456789abcdef")), irb(0x040C, []byte("odd")), irb(irbIPTC, iim(2, 120, capA)))), want: capA},
		{name: "fill bytes and restart markers", data: cat([]byte{0xFF, markerSOI, 0xFF, 0xFF, markerRST0}, app13(irb(irbIPTC, iim(2, 120, capA))), []byte{0xFF, markerSOS}), want: capA},
		{name: "metadata after the scan is not read", data: cat([]byte{0xFF, markerSOI, 0xFF, markerSOS, 0xFF}, app13(irb(irbIPTC, iim(2, 120, capA))))},
		{name: "photoshop 2.5 segment ignored", data: jpegFile(segment(markerAPP13, []byte("Adobe_Photoshop2.5:\x1C\x02")))},
		{name: "metadata without caption", data: jpegFile(app13(irb(irbIPTC, iim(2, 90, "Saraqib"))))},
		{name: "long caption, extended length", data: jpegFile(app13(irb(irbIPTC, iim(2, 120, long+long)))), want: long + long},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := ReadJPEG(tc.data, "a.jpg")
			if err != nil {
				t.Fatal(err)
			}
			checkPhoto(t, tc.data, FormatJPEG, got)
			if tc.want == "" {
				if len(got) != 0 {
					t.Fatalf("got %q, want no caption", got[0].Text)
				}
				return
			}
			if len(got) != 1 || got[0].Text != tc.want || string(tc.data[got[0].Start:got[0].End]) != tc.want {
				t.Fatalf("got %+v, want %q at its bytes", got, tc.want)
			}
			if tc.iptc != "" && got[0].Meta[caption.MetaIPTCCaption] != tc.iptc {
				t.Errorf("Meta %q, want the IPTC caption %q", got[0].Meta, tc.iptc)
			}
		})
	}
}

// TestReadJPEGSplitResources reads Photoshop resources that run over two
// APP13 segments, as Photoshop writes those above 64 KiB.
func TestReadJPEGSplitResources(t *testing.T) {
	const capA = "Smoke rises over Saraqib after an airstrike, March 3, 2019."
	res := cat(irb(0x0425, []byte("0123456789abcdef")), irb(irbIPTC, cat(iim(2, 90, "Saraqib"), iim(2, 120, capA))))
	for _, cut := range []int{10, len(res) - len(capA), len(res) - 5} {
		t.Run(fmt.Sprint(cut), func(t *testing.T) {
			data := jpegFile(app13(res[:cut]), app13(res[cut:]))
			got, err := ReadJPEG(data, "a.jpg")
			if err != nil {
				t.Fatal(err)
			}
			if len(got) != 1 || got[0].Text != capA || got[0].Meta["iptc:City"] != "Saraqib" {
				t.Fatalf("got %+v", got)
			}
			raw := string(data[got[0].Start:got[0].End])
			if header := string(cat([]byte{0xFF, markerAPP13, 0, 0}, photoshopSignature)); len(raw) != len(capA) && len(raw) != len(capA)+len(header) {
				t.Errorf("data[%d:%d] = %q: want the caption, or the caption across one segment header", got[0].Start, got[0].End, raw)
			}
			if !strings.HasPrefix(raw, capA[:5]) || !strings.HasSuffix(raw, capA[len(capA)-5:]) {
				t.Errorf("data[%d:%d] = %q: want it to start and end with the caption", got[0].Start, got[0].End, raw)
			}
		})
	}
}

func TestReadJPEGCorrupt(t *testing.T) {
	good := app13(irb(irbIPTC, iim(2, 120, "Smoke over Saraqib.")))
	for _, tc := range []struct {
		name    string
		data    []byte
		wantOff int
	}{
		{name: "empty", data: nil, wantOff: 0},
		{name: "not a jpeg", data: []byte("GIF89a"), wantOff: 0},
		{name: "ends before the scan", data: cat([]byte{0xFF, markerSOI}, good), wantOff: 2 + len(good)},
		{name: "ends in fill bytes", data: []byte{0xFF, markerSOI, 0xFF, 0xFF}, wantOff: 2},
		{name: "ends in a length", data: []byte{0xFF, markerSOI, 0xFF, markerAPP1, 0x00}, wantOff: 4},
		{name: "length past the end", data: cat([]byte{0xFF, markerSOI}, good[:len(good)-1]), wantOff: 4},
		{name: "length below two", data: []byte{0xFF, markerSOI, 0xFF, markerAPP1, 0x00, 0x01, 0xFF, markerEOI}, wantOff: 4},
		{name: "junk where a marker belongs", data: []byte{0xFF, markerSOI, 'x', 0xFF, markerEOI}, wantOff: 2},
		{name: "second start of image", data: []byte{0xFF, markerSOI, 0xFF, markerSOI, 0xFF, markerEOI}, wantOff: 2},
		{name: "lying iim length", data: jpegFile(app13(irb(irbIPTC, []byte("\x1C\x02\x78\x01\x00abc")))), wantOff: 2 + 4 + 14 + 12},
		{name: "lying resource size", data: jpegFile(app13([]byte("8BIM\x04\x04\x00\x00\x00\x01\x00\x00abc"))), wantOff: 2 + 4 + 14 + 8},
		{name: "xmp not well-formed", data: jpegFile(app1XMP(xmpPacket("<rdf:Description>"))), wantOff: -1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := ReadJPEG(tc.data, "a.jpg")
			if err == nil {
				t.Fatalf("got %+v, want an error", got)
			}
			checkCorrupt(t, "a.jpg", err)
			if tc.wantOff >= 0 && !strings.HasPrefix(err.Error(), fmt.Sprintf("a.jpg: offset %d: ", tc.wantOff)) {
				t.Errorf("error %q, want it at offset %d", err, tc.wantOff)
			}
		})
	}
}

// photoSeeds returns the testdata photos whose names end in ext.
func photoSeeds(f *testing.F, ext string) [][]byte {
	files, err := filepath.Glob(filepath.Join("testdata", "*"+ext))
	if err != nil {
		f.Fatal(err)
	}
	var seeds [][]byte
	for _, file := range files {
		data, err := os.ReadFile(file)
		if err != nil {
			f.Fatal(err)
		}
		seeds = append(seeds, data)
	}
	return seeds
}

func FuzzReadJPEG(f *testing.F) {
	for _, seed := range photoSeeds(f, ".jpg") {
		f.Add(seed)
	}
	f.Add(jpegFile(app13(irb(0x040C, []byte("odd")), irb(irbIPTC, cat(iim(1, 90, "\x1B%G"), iim(2, 120, "A & B"))))[:30], app13([]byte("8BIM"))))
	f.Fuzz(func(t *testing.T, data []byte) {
		got, err := ReadJPEG(data, "fuzz.jpg")
		if err != nil {
			checkCorrupt(t, "fuzz.jpg", err)
			return
		}
		checkPhoto(t, data, FormatJPEG, got)
	})
}
