package source

import (
	"bytes"
	"compress/zlib"
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"hash/crc32"
	"image/png"
	"strings"
	"testing"
)

// pngChunk encodes a PNG chunk with its CRC.
func pngChunk(typ string, data []byte) []byte {
	b := binary.BigEndian.AppendUint32(nil, uint32(len(data)))
	b = append(append(b, typ...), data...)
	return binary.BigEndian.AppendUint32(b, crc32.ChecksumIEEE(b[4:]))
}

// pngFile is an 8×8 PNG with chunks inserted after IHDR.
func pngFile(t testing.TB, chunks ...[]byte) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := png.Encode(&buf, testImage()); err != nil {
		t.Fatal(err)
	}
	b := buf.Bytes()
	const afterIHDR = 8 + 12 + 13
	return cat(b[:afterIHDR], cat(chunks...), b[afterIHDR:])
}

func deflate(b []byte) []byte {
	var buf bytes.Buffer
	w := zlib.NewWriter(&buf)
	w.Write(b)
	w.Close()
	return buf.Bytes()
}

// rawProfileText encodes data as ImageMagick writes a raw profile: 36
// bytes (72 digits) a line.
func rawProfileText(name string, data []byte) string {
	var b strings.Builder
	fmt.Fprintf(&b, "\n%s\n%8d\n", name, len(data))
	h := hex.EncodeToString(data)
	for len(h) > 72 {
		b.WriteString(h[:72] + "\n")
		h = h[72:]
	}
	b.WriteString(h + "\n")
	return b.String()
}

func iTXt(keyword string, compressed bool, text []byte) []byte {
	if compressed {
		return pngChunk("iTXt", cat([]byte(keyword+"\x00\x01\x00en\x00\x00"), deflate(text)))
	}
	return pngChunk("iTXt", cat([]byte(keyword+"\x00\x00\x00\x00\x00"), text))
}

func TestReadPNG(t *testing.T) {
	const capA = "Smoke rises over Saraqib after an airstrike, March 3, 2019. (Photo by Lina Haddad / AFP)"
	packet := xmpPacket(`<rdf:Description photoshop:City="Idlib"><dc:description><rdf:Alt><rdf:li xml:lang="x-default">` + capA + `</rdf:li></rdf:Alt></dc:description></rdf:Description>`)
	stream := cat(iim(2, 90, "Saraqib"), iim(2, 120, capA))
	for _, tc := range []struct {
		name  string
		chunk []byte
		want  string // the caption; "" for none
		exact string // what data[Start:End] is: "text", "hex" of the caption, or "chunk" (the compressed chunk text)
	}{
		{name: "no metadata"},
		{name: "other text chunks", chunk: cat(pngChunk("tEXt", []byte("Comment\x00Saraqib")), pngChunk("zTXt", []byte("Title\x00\x00x")))},
		{name: "xmp in iTXt", chunk: iTXt(keywordXMP, false, []byte(packet)), want: capA, exact: "text"},
		{name: "xmp in compressed iTXt", chunk: iTXt(keywordXMP, true, []byte(packet)), want: capA, exact: "chunk"},
		{name: "iptc resources in zTXt, as exiftool writes", chunk: pngChunk("zTXt", cat([]byte(keywordRawIPTC+"\x00\x00"), deflate([]byte(rawProfileText("IPTC profile", irb(irbIPTC, stream)))))), want: capA, exact: "chunk"},
		{name: "iim in tEXt", chunk: pngChunk("tEXt", []byte(keywordRawIPTC+"\x00"+rawProfileText("iptc", stream))), want: capA, exact: "hex"},
		{name: "8bim in tEXt", chunk: pngChunk("tEXt", []byte(keywordRaw8BIM+"\x00"+rawProfileText("8bim", irb(irbIPTC, stream)))), want: capA, exact: "hex"},
		{name: "xmp raw profile", chunk: pngChunk("tEXt", []byte(keywordRawXMP+"\x00"+rawProfileText("xmp", []byte(packet)))), want: capA, exact: "hex"},
		{name: "iptc in iTXt raw profile", chunk: iTXt(keywordRawIPTC, false, []byte(rawProfileText("iptc", stream))), want: capA, exact: "hex"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			data := pngFile(t, tc.chunk)
			got, err := ReadPNG(data, "a.png")
			if err != nil {
				t.Fatal(err)
			}
			checkPhoto(t, data, FormatPNG, got)
			if tc.want == "" {
				if len(got) != 0 {
					t.Fatalf("got %q, want no caption", got[0].Text)
				}
				return
			}
			if len(got) != 1 || got[0].Text != tc.want {
				t.Fatalf("got %+v, want %q", got, tc.want)
			}
			raw := string(data[got[0].Start:got[0].End])
			switch tc.exact {
			case "text":
				if raw != tc.want {
					t.Errorf("data[%d:%d] = %q, want the caption", got[0].Start, got[0].End, raw)
				}
			case "hex":
				if b, err := hex.DecodeString(strings.ReplaceAll(raw, "\n", "")); err != nil || string(b) != tc.want {
					t.Errorf("data[%d:%d] = %q decodes to %q (%v), want the caption", got[0].Start, got[0].End, raw, b, err)
				}
			case "chunk":
				// The range is the compressed text: it ends where the chunk's CRC starts.
				if crc := binary.BigEndian.Uint32(data[got[0].End:]); got[0].Start >= got[0].End || crc != crc32.ChecksumIEEE(data[33+4:got[0].End]) {
					t.Errorf("range [%d,%d) is not the compressed text of the chunk", got[0].Start, got[0].End)
				}
			}
		})
	}
}

func TestReadPNGCorrupt(t *testing.T) {
	const at = 33 // where pngFile puts the chunk
	badCRC := pngChunk("tEXt", []byte("Comment\x00x"))
	badCRC[len(badCRC)-1] ^= 1
	bomb := pngChunk("iTXt", cat([]byte(keywordXMP+"\x00\x01\x00\x00\x00"), deflate(make([]byte, 2<<20))))
	for _, tc := range []struct {
		name    string
		data    []byte
		wantOff int
	}{
		{name: "no signature", data: []byte("\x89PNG\r\n"), wantOff: 0},
		{name: "no IEND", data: pngFile(t)[:len(pngFile(t))-12], wantOff: len(pngFile(t)) - 12},
		{name: "truncated chunk", data: pngFile(t)[:len(pngFile(t))-1], wantOff: len(pngFile(t)) - 12},
		{name: "bad CRC", data: pngFile(t, badCRC), wantOff: at + len(badCRC) - 4},
		{name: "huge length", data: pngFile(t, []byte("\xFF\xFF\xFF\xF0tEXt")), wantOff: at},
		{name: "length past the end", data: pngFile(t, []byte("\x00\x01\x00\x00tEXt")), wantOff: at},
		{name: "bad chunk type", data: pngFile(t, pngChunk("tE\x00t", nil)), wantOff: at + 4},
		{name: "inflates past the limit", data: pngFile(t, bomb), wantOff: at + 8 + len(keywordXMP) + 5},
		{name: "bad zlib", data: pngFile(t, pngChunk("zTXt", []byte(keywordRawIPTC+"\x00\x00notzlib"))), wantOff: at + 8 + len(keywordRawIPTC) + 2},
		{name: "iTXt without language", data: pngFile(t, pngChunk("iTXt", []byte(keywordXMP+"\x00\x00\x00en"))), wantOff: at + 8 + len(keywordXMP) + 3},
		{name: "raw profile length lies", data: pngFile(t, pngChunk("tEXt", []byte(keywordRawIPTC+"\x00\niptc\n 100\n1c0278"))), wantOff: at + 8 + len(keywordRawIPTC) + 8},
		{name: "raw profile bad digit", data: pngFile(t, pngChunk("tEXt", []byte(keywordRawIPTC+"\x00\niptc\n 3\n1c0x78"))), wantOff: at + 8 + len(keywordRawIPTC) + 12},
		{name: "lying iim length in hex", data: pngFile(t, pngChunk("tEXt", []byte(keywordRawIPTC+"\x00\niptc\n 6\n1c02780009\n61"))), wantOff: at + 8 + len(keywordRawIPTC) + 10},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := ReadPNG(tc.data, "a.png")
			if err == nil {
				t.Fatalf("got %+v, want an error", got)
			}
			checkCorrupt(t, "a.png", err)
			if !strings.HasPrefix(err.Error(), fmt.Sprintf("a.png: offset %d: ", tc.wantOff)) {
				t.Errorf("error %q, want it at offset %d", err, tc.wantOff)
			}
		})
	}
}

// fixPNGCRCs rewrites the CRC of every whole chunk of data but the first.
func fixPNGCRCs(data []byte) {
	first := true
	for off := len(pngSignature); off+12 <= len(data); {
		n := int(binary.BigEndian.Uint32(data[off:]))
		if n < 0 || n > len(data)-off-12 {
			return
		}
		crcAt := off + 8 + n
		if !first {
			binary.BigEndian.PutUint32(data[crcAt:], crc32.ChecksumIEEE(data[off+4:crcAt]))
		}
		first, off = false, crcAt+4
	}
}

func FuzzReadPNG(f *testing.F) {
	for _, seed := range photoSeeds(f, ".png") {
		f.Add(seed)
	}
	stream := cat(iim(2, 90, "Saraqib"), iim(2, 120, "Smoke."))
	f.Add(pngFile(f, pngChunk("tEXt", []byte(keywordRawIPTC+"\x00"+rawProfileText("iptc", stream)))))
	f.Add(pngFile(f, iTXt(keywordXMP, true, []byte(xmpPacket(`<rdf:Description photoshop:City="Idlib"/>`)))))
	f.Fuzz(func(t *testing.T, data []byte) {
		// A mutated chunk almost never keeps a right CRC; fixing them lets
		// the fuzzer reach the text chunks.
		fixPNGCRCs(data)
		got, err := ReadPNG(data, "fuzz.png")
		if err != nil {
			checkCorrupt(t, "fuzz.png", err)
			return
		}
		checkPhoto(t, data, FormatPNG, got)
	})
}
