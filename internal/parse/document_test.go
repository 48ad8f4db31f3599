package parse

import (
	"fmt"
	"runtime"
	"testing"

	"github.com/google/go-cmp/cmp"

	"sijil/internal/caption"
)

// TestDocumentParallel parses a document past parallelCaptions, which
// Document parses on every core, and checks each record against the
// caption parsed alone, and the document's country inference against a
// serial run of it: the same records in the same order.
func TestDocumentParallel(t *testing.T) {
	p, err := New()
	if err != nil {
		t.Fatal(err)
	}
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(4))
	// Four of five captions that name a country name Syria, so that the
	// one naming only a neighbourhood takes it from the document.
	scenes := []string{
		"Smoke rises over the old city of Aleppo, Syria, after an air strike on March %d, 2016. (Photo by Karam Nour / AFP)",
		"Rescuers search the rubble of a building in Kharkiv, Ukraine, on June %d, 2022. At least 3 people were killed, officials said. (Photo by Olena Marko / Reuters)",
		"Residents walk past a damaged mosque in the al-Shaar neighbourhood on May %d, 2016. (Photo by Zein Rifai / Anadolu Agency)",
		"Civil defence volunteers carry a wounded child in Douma, Syria, on February %d, 2018. (Photo by Hamza Ali / AFP)",
		"A man inspects a destroyed market in Idlib, Syria, on January %d, 2020, after shelling killed 5 people, according to the Syrian Observatory for Human Rights. (Photo by Omar Haj / Anadolu Agency)",
		"Fighters stand guard in Deir ez-Zor, Syria, on September %d, 2017. (Photo by Delil Souleiman / AFP)",
	}
	var raws []caption.Raw
	for i := range parallelCaptions + 300 {
		text := fmt.Sprintf(scenes[i%len(scenes)], 1+i%28)
		raws = append(raws, caption.Raw{Text: text, Line: 3*i + 1, Start: 200 * i, End: 200*i + len(text), Format: "text"})
	}
	got := p.Document(raws)
	want := make([]caption.Record, len(raws))
	for i, r := range raws {
		want[i] = p.Caption(r.Text)
		p.applyMeta(&want[i], r)
	}
	inferCountry(want)
	if len(got) != len(want) {
		t.Fatalf("%d records, want %d", len(got), len(want))
	}
	inferred := 0
	for i := range want {
		if want[i].CountryBasis == caption.CountryDocument {
			inferred++
		}
		if diff := cmp.Diff(want[i], got[i]); diff != "" {
			t.Fatalf("record %d differs from its caption parsed alone (-alone +document):\n%s", i, diff)
		}
	}
	if inferred == 0 {
		t.Error("no caption took the document's country: the test does not reach inferCountry")
	}
}
