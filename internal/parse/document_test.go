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

// TestDocumentWindows checks that captions inform each other within a
// window of p.Window captions and not beyond: a caption naming only a
// neighbourhood takes the country of its own window, however many
// captions of another country the window before it holds, and a document
// parsed whole gives the records its windows give parsed one by one.
func TestDocumentWindows(t *testing.T) {
	p, err := New()
	if err != nil {
		t.Fatal(err)
	}
	const window = 60
	p.Window = window
	first := []string{
		"Displaced families shelter in a school in Tyre, Lebanon, on October %d, 2023. (Photo by Mahmoud Zaki / AFP)",
		"Medics treat the wounded at a hospital in Nabatieh, Lebanon, on November %d, 2023. (Photo by Said Khatib / Anadolu Agency)",
		"Residents inspect a collapsed house in the Haret Hreik neighbourhood on October %d, 2023. (Photo by Ahmad Salem / Reuters)",
	}
	second := []string{
		"Soldiers patrol a street in Bakhmut, Ukraine, on December %d, 2022. (Photo by Anatolii Stepanov / AFP)",
		"Firefighters work at a burning depot in Kherson, Ukraine, on November %d, 2022. (Photo by Genya Savilov / AFP)",
		"Neighbours clear glass from a courtyard in the Saltivka neighbourhood on December %d, 2022. (Photo by Sergey Bobok / AFP)",
	}
	var raws []caption.Raw
	add := func(scenes []string, n int) {
		for i := range n {
			text := fmt.Sprintf(scenes[i%len(scenes)], 1+i%28)
			raws = append(raws, caption.Raw{Text: text, Line: len(raws) + 1, Format: "text"})
		}
	}
	add(first, window)
	add(second, 9)
	got := p.Document(raws)
	var windows []caption.Record
	for lo, hi := range p.Windows(len(raws)) {
		windows = append(windows, p.Document(raws[lo:hi])...)
	}
	if diff := cmp.Diff(windows, got); diff != "" {
		t.Fatalf("the document parsed whole differs from its windows parsed one by one (-windows +whole):\n%s", diff)
	}
	for _, i := range []int{2, window + 2} {
		if got[i].CountryBasis != caption.CountryDocument {
			t.Fatalf("caption %d (%q) did not take its window's country: %q, basis %q", i, raws[i].Text, got[i].Country, got[i].CountryBasis)
		}
	}
	if c := got[2].Country; c == got[window+2].Country {
		t.Errorf("the neighbourhood captions of both windows took %q: the second window's came from the first", c)
	}
	if got[window].Country != got[window+2].Country {
		t.Errorf("caption %d took %q, not its window's %q", window+2, got[window+2].Country, got[window].Country)
	}
}
