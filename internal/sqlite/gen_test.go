package sqlite

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"strings"
	"time"

	"sijil/internal/caption"
)

var genTime = time.Date(2026, 11, 29, 10, 0, 0, 0, time.UTC)

// genDocument makes a document of n captions numbered from first, with
// fields, evidence and a 128-value signature in 32 bands, so that records
// are the size the parser makes. Every tenth caption repeats an earlier one
// (an exact duplicate across documents).
func genDocument(path string, first, n int) (caption.Document, []caption.Item) {
	places := []string{"Douma", "Harasta", "Aleppo", "Maarat al-Numan", "Raqqa", "Homs", "Daraa", "Jobar", "Kafr Zita"}
	agencies := []string{"AFP", "Reuters", "AP", "Anadolu Agency", "EPA"}
	var b strings.Builder
	items := make([]caption.Item, n)
	for i := range n {
		c := first + i
		if c%10 == 9 {
			c -= 9
		}
		place, agency := places[c%len(places)], agencies[c%len(agencies)]
		date := caption.PartialDate{Year: 2012 + c%8, Month: 1 + c%12, Day: 1 + c%28, Precision: caption.PrecisionDay}
		desc := fmt.Sprintf("Syrian civil defence volunteers search for survivors under the rubble of a building in %s, Syria, "+
			"after reported air strikes on %s (caption %d). At least %d people were killed, activists said.", place, date, c, c%40)
		credit := "Photo by Photographer " + fmt.Sprint(c%300) + "/" + agency
		text := desc + " (" + credit + ")"
		start := b.Len()
		b.WriteString(text + "\n\n")
		killed := c % 40
		pi := strings.Index(text, place)
		r := caption.Record{Text: text, Description: desc, Credit: credit, Photographers: []string{"Photographer " + fmt.Sprint(c%300)},
			Agencies: []caption.Agency{caption.Agency(agency)}, Date: date, DateText: date.String(), Places: []string{place},
			PlaceRefs: []caption.PlaceRef{{Name: place, Span: caption.Span{Start: pi, End: pi + len(place)}}}, Country: "SY",
			CountryBasis: caption.CountryNamed, Killed: &killed, Attribution: []string{"activists"},
			EventTypes: []caption.EventType{caption.Airstrike, caption.Rescue}, Actors: []string{"Syrian Civil Defence"},
			Location: &caption.Location{Name: place, Preferred: place, GeonameID: 170000 + c%9, Lat: 33.5, Lon: 36.4, CountryCode: "SY", Feature: "PPL", Precision: 1},
			Evidence: map[string][]caption.Span{"places": {{Start: pi, End: pi + len(place)}}}}
		sum := sha256.Sum256([]byte(text))
		fp := caption.Fingerprint{Key: hex.EncodeToString(sum[:]), Bands: make([]uint64, 32)}
		for j := range fp.Bands {
			fp.Bands[j] = binary.LittleEndian.Uint64(sum[j%24:]) ^ uint64(j)<<56
		}
		items[i] = caption.Item{Occurrence: caption.Occurrence{Index: i, Start: start, End: start + len(text), Line: 1 + 2*i, Text: text,
			Meta: map[string]string{"source": path}}, Record: r, Fingerprint: fp}
	}
	sum := sha256.Sum256([]byte(b.String()))
	doc := caption.Document{Path: path, SHA256: hex.EncodeToString(sum[:]), Size: int64(b.Len()), Format: "text", LastSeen: genTime}
	return doc, items
}
