package source

import (
	"encoding/binary"
	"errors"
	"testing"

	"github.com/google/go-cmp/cmp"

	"sijil/internal/caption"
)

// iim encodes one IIM dataset, with an extended length when v needs one.
func iim(rec, num byte, v string) []byte {
	b := []byte{iimTagMarker, rec, num}
	if len(v) < 0x8000 {
		b = binary.BigEndian.AppendUint16(b, uint16(len(v)))
	} else {
		b = binary.BigEndian.AppendUint16(b, 0x8004)
		b = binary.BigEndian.AppendUint32(b, uint32(len(v)))
	}
	return append(b, v...)
}

// irb encodes one Photoshop image resource with an empty name.
func irb(id uint16, data []byte) []byte {
	b := []byte("8BIM")
	b = binary.BigEndian.AppendUint16(b, id)
	b = append(b, 0, 0) // empty Pascal name, padded to two bytes
	b = binary.BigEndian.AppendUint32(b, uint32(len(data)))
	b = append(b, data...)
	if len(data)%2 == 1 {
		b = append(b, 0)
	}
	return b
}

func cat(parts ...[]byte) []byte {
	var b []byte
	for _, p := range parts {
		b = append(b, p...)
	}
	return b
}

func TestParseIIM(t *testing.T) {
	for _, tc := range []struct {
		name    string
		in      []byte
		want    []dataset
		wantErr int // offset of the error, or -1
	}{
		{name: "empty", in: nil, wantErr: -1},
		{name: "two datasets", in: cat(iim(1, 90, "\x1B%G"), iim(2, 120, "A")),
			want: []dataset{{1, 90, 5, 8}, {2, 120, 13, 14}}, wantErr: -1},
		{name: "empty value", in: iim(2, 0, ""), want: []dataset{{2, 0, 5, 5}}, wantErr: -1},
		{name: "extended length", in: []byte("\x1C\x02\x78\x80\x02\x00\x03abc"), want: []dataset{{2, 120, 7, 10}}, wantErr: -1},
		{name: "zero padding", in: cat(iim(2, 90, "Saraqib"), []byte{0, 0, 0}), want: []dataset{{2, 90, 5, 12}}, wantErr: -1},
		{name: "length past the end", in: []byte("\x1C\x02\x78\x00\x10abc"), wantErr: 0},
		{name: "second length past the end", in: cat(iim(2, 90, "Saraqib"), []byte("\x1C\x02\x78\xFF\xFFabc")), wantErr: 12},
		{name: "truncated header", in: cat(iim(2, 90, "A"), []byte("\x1C\x02\x78\x00")), wantErr: 6},
		{name: "junk after a dataset", in: cat(iim(2, 90, "A"), []byte("\x00x")), wantErr: 6},
		{name: "extended length of five octets", in: []byte("\x1C\x02\x78\x80\x05\x00\x00\x00\x00\x01a"), wantErr: 0},
		{name: "extended length of no octets", in: []byte("\x1C\x02\x78\x80\x00"), wantErr: 0},
		{name: "extended length truncated", in: []byte("\x1C\x02\x78\x80\x04\x00"), wantErr: 0},
		{name: "extended length past the end", in: []byte("\x1C\x02\x78\x80\x04\x7F\xFF\xFF\xFFabc"), wantErr: 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var got []dataset
			err := parseIIM(tc.in, func(s dataset) { got = append(got, s) })
			if tc.wantErr >= 0 {
				var ce *corruptError
				if !errors.As(err, &ce) || ce.off != tc.wantErr {
					t.Fatalf("parseIIM error %v, want one at offset %d", err, tc.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tc.want, got, cmp.AllowUnexported(dataset{})); diff != "" {
				t.Errorf("datasets (-want +got):\n%s", diff)
			}
		})
	}
}

func TestIIMFields(t *testing.T) {
	const at = 100 // where the stream lies in the imagined file
	utf8Set := iim(1, 90, "\x1B%G")
	for _, tc := range []struct {
		name     string
		in       []byte
		wantText string // "" for no caption
		wantRaw  [2]int // the caption's range in the stream
		want     map[string]string
	}{
		{
			name:     "utf-8 declared",
			in:       cat(utf8Set, iim(2, 120, "Zoë, 9, in Atmeh."), iim(2, 90, "Atmeh")),
			wantText: "Zoë, 9, in Atmeh.", wantRaw: [2]int{13, 31},
			want: map[string]string{caption.MetaIPTCCaption: "Zoë, 9, in Atmeh.", caption.MetaIPTCCity: "Atmeh"},
		},
		{
			name:     "utf-8 declared, invalid byte",
			in:       cat(utf8Set, iim(2, 120, "Zo\xEB")),
			wantText: "Zo\uFFFD", wantRaw: [2]int{13, 16},
			want: map[string]string{caption.MetaIPTCCaption: "Zo\uFFFD"},
		},
		{
			name:     "undeclared utf-8",
			in:       iim(2, 120, "Zoë in Atmeh"),
			wantText: "Zoë in Atmeh", wantRaw: [2]int{5, 18},
			want: map[string]string{caption.MetaIPTCCaption: "Zoë in Atmeh"},
		},
		{
			name:     "latin-1 and windows-1252",
			in:       cat(iim(2, 120, "Zo\xEB at her family\x92s tent, \x93home\x94"), iim(2, 101, "Syrie \xE0 l'est")),
			wantText: "Zoë at her family’s tent, “home”", wantRaw: [2]int{5, 37},
			want: map[string]string{caption.MetaIPTCCaption: "Zoë at her family’s tent, “home”", caption.MetaIPTCCountry: "Syrie à l'est"},
		},
		{
			name: "repeated by-line",
			in: cat(iim(2, 80, "Lina Haddad"), iim(2, 80, "  "), iim(2, 80, "Omar Saleh"), iim(2, 120, "Smoke over Saraqib."),
				iim(2, 25, "keyword"), iim(2, 120, "A second caption")),
			wantText: "Smoke over Saraqib.", wantRaw: [2]int{43, 62},
			want: map[string]string{caption.MetaIPTCByline: "Lina Haddad; Omar Saleh",
				caption.MetaIPTCCaption: "Smoke over Saraqib.; A second caption"},
		},
		{
			name:     "C string",
			in:       iim(2, 120, " Smoke over Saraqib.\x00\x00"),
			wantText: " Smoke over Saraqib.", wantRaw: [2]int{5, 25},
			want: map[string]string{caption.MetaIPTCCaption: "Smoke over Saraqib."},
		},
		{
			name:     "NUL inside",
			in:       iim(2, 120, "Smoke\x00over Saraqib."),
			wantText: "Smoke\uFFFDover Saraqib.", wantRaw: [2]int{5, 24},
			want: map[string]string{caption.MetaIPTCCaption: "Smoke\uFFFDover Saraqib."},
		},
		{
			name: "blank caption",
			in:   cat(iim(2, 120, " \n "), iim(2, 55, "20190303")),
			want: map[string]string{caption.MetaIPTCDateCreated: "20190303"},
		},
		{
			name: "every field",
			in: cat(iim(2, 105, "Headline"), iim(2, 110, "AFP"), iim(2, 115, "Source"), iim(2, 55, "20190303"),
				iim(2, 90, "Saraqib"), iim(2, 92, "Old market"), iim(2, 95, "Idlib"), iim(2, 100, "SYR"), iim(2, 101, "Syria")),
			want: map[string]string{
				caption.MetaIPTCHeadline: "Headline", caption.MetaIPTCCredit: "AFP", caption.MetaIPTCSource: "Source",
				caption.MetaIPTCDateCreated: "20190303", caption.MetaIPTCCity: "Saraqib", caption.MetaIPTCSublocation: "Old market",
				caption.MetaIPTCProvinceState: "Idlib", caption.MetaIPTCCountryCode: "SYR", caption.MetaIPTCCountry: "Syria",
			},
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := newPhotoReader("a.jpg", FormatJPEG)
			if err := r.addIIM(fileBlock(tc.in, at)); err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tc.want, r.meta); diff != "" {
				t.Errorf("Meta (-want +got):\n%s", diff)
			}
			got := r.raws()
			if tc.wantText == "" {
				if len(got) != 0 {
					t.Errorf("got %q, want no caption", got[0].Text)
				}
				return
			}
			if len(got) != 1 || got[0].Text != tc.wantText || got[0].Start != at+tc.wantRaw[0] || got[0].End != at+tc.wantRaw[1] {
				t.Fatalf("got %+v, want %q at [%d,%d)", got, tc.wantText, at+tc.wantRaw[0], at+tc.wantRaw[1])
			}
		})
	}
}

func TestParseIRB(t *testing.T) {
	named := []byte("8BIM\x04\x0C\x03abc\x00\x00\x00\x03xyz\x00") // name "abc" is even with its length byte
	for _, tc := range []struct {
		name    string
		in      []byte
		want    []irbResource
		wantErr int
	}{
		{name: "one resource", in: irb(irbIPTC, []byte("abc")), want: []irbResource{{irbIPTC, 12, 15}}, wantErr: -1},
		{name: "named, odd sized, then IPTC", in: cat(named, irb(irbIPTC, []byte("ab"))),
			want: []irbResource{{0x040C, 14, 17}, {irbIPTC, 30, 32}}, wantErr: -1},
		{name: "last pad missing", in: irb(1, []byte("a"))[:13], want: []irbResource{{1, 12, 13}}, wantErr: -1},
		{name: "trailing zeros", in: cat(irb(1, nil), []byte{0, 0}), want: []irbResource{{1, 12, 12}}, wantErr: -1},
		{name: "bad signature", in: cat(irb(1, nil), []byte("8BIX\x04\x04\x00\x00\x00\x00\x00\x00")), wantErr: 12},
		{name: "size past the end", in: []byte("8BIM\x04\x04\x00\x00\x00\x00\x01\x00abc"), wantErr: 8},
		{name: "name past the end", in: []byte("8BIM\x04\x04\xFFabc"), wantErr: 0},
		{name: "truncated", in: []byte("8BIM\x04"), wantErr: 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var got []irbResource
			err := parseIRB(tc.in, func(r irbResource) error { got = append(got, r); return nil })
			if tc.wantErr >= 0 {
				var ce *corruptError
				if !errors.As(err, &ce) || ce.off != tc.wantErr {
					t.Fatalf("parseIRB error %v, want one at offset %d", err, tc.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tc.want, got, cmp.AllowUnexported(irbResource{})); diff != "" {
				t.Errorf("resources (-want +got):\n%s", diff)
			}
		})
	}
}

// FuzzIPTC checks that any IIM stream is split into datasets that tile it
// in order, or rejected at an offset inside it, and that what is read from
// it keeps the promises of ReadPhoto.
func FuzzIPTC(f *testing.F) {
	f.Add(cat(iim(1, 90, "\x1B%G"), iim(2, 120, "Smoke over Saraqib."), iim(2, 80, "Lina Haddad")))
	f.Add([]byte("\x1C\x02\x78\x80\x02\x00\x03abc\x00\x00"))
	f.Add(iim(2, 120, "Zo\xEB\x00 \x92"))
	f.Add(cat(irb(irbIPTC, iim(2, 120, "A")), irb(1, []byte("x"))))
	f.Fuzz(func(t *testing.T, data []byte) {
		var sets []dataset
		err := parseIIM(data, func(s dataset) { sets = append(sets, s) })
		if err != nil {
			var ce *corruptError
			if !errors.As(err, &ce) || ce.off < 0 || ce.off > len(data) {
				t.Fatalf("parseIIM error %v: want a corruptError inside the data", err)
			}
		}
		prev := 0
		for _, s := range sets {
			if s.start < prev+5 || s.end < s.start || s.end > len(data) || data[prev] != iimTagMarker {
				t.Fatalf("dataset %+v after offset %d in %d bytes", s, prev, len(data))
			}
			prev = s.end
		}
		for _, add := range []func(*photoReader, *block) error{(*photoReader).addIIM, (*photoReader).addIRB} {
			r := newPhotoReader("fuzz.jpg", FormatJPEG)
			if err := add(r, fileBlock(data, 3)); err != nil {
				checkCorrupt(t, "fuzz.jpg", err)
				continue
			}
			checkPhoto(t, append(make([]byte, 3), data...), FormatJPEG, r.raws())
		}
	})
}
