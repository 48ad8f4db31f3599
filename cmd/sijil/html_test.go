package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestParseHTML runs "sijil parse" on a gallery page: one record per
// caption of the gallery, in page order, and nothing from the menu, the
// sidebar, the scripts or the footer. The captions are invented.
func TestParseHTML(t *testing.T) {
	page := `<!DOCTYPE html>
<html><head><title>Gallery: a week in Kharkiv</title>
<script>var share = "Residents of Kharkiv, in a script that is not a caption";</script></head>
<body>
<header><nav><a href="/">Home</a> <a href="/world">World news from our correspondents</a></nav></header>
<main><article>
<h1>A week in Kharkiv</h1>
<figure><img src="/1.jpg" alt="Residents inspect a damaged market after shelling"><figcaption>
  Residents inspect a damaged market after shelling in the city of Kharkiv, Ukraine, on May 4, 2022.
  (Photo by Oleh Marchenko / AFP)
</figcaption></figure>
<figure><img src="/2.jpg" alt=""><figcaption>A firefighter works at the site of a missile strike in Kharkiv, Ukraine, May 6, 2022.<br>

REUTERS/Lena Dvorak</figcaption></figure>
<div class="wp-caption"><img src="/3.jpg" alt="photo"><p class="wp-caption-text">Two people were killed when a shell hit a tram depot in Kharkiv, Ukraine, on May 7, 2022, local officials said. (Photo by Oleh Marchenko / AFP)</p></div>
</article></main>
<aside><h2>Most read</h2><figure><figcaption>Ministers meet in Brussels to discuss the price of gas this winter</figcaption></figure></aside>
<footer><p>&copy; The Daily Ledger</p></footer>
</body></html>
`
	path := filepath.Join(t.TempDir(), "gallery.html")
	if err := os.WriteFile(path, []byte(page), 0o644); err != nil {
		t.Fatal(err)
	}
	got := runSijil(t, nil, "", "parse", path)
	if got.code != 0 || got.stderr != "" {
		t.Fatalf("sijil parse: exit code %d, stderr:\n%s", got.code, got.stderr)
	}
	want := []string{
		"Residents inspect a damaged market after shelling in the city of Kharkiv, Ukraine, on May 4, 2022. (Photo by Oleh Marchenko / AFP)",
		"A firefighter works at the site of a missile strike in Kharkiv, Ukraine, May 6, 2022. REUTERS/Lena Dvorak",
		"Two people were killed when a shell hit a tram depot in Kharkiv, Ukraine, on May 7, 2022, local officials said. (Photo by Oleh Marchenko / AFP)",
	}
	lines := strings.Split(strings.TrimSuffix(got.stdout, "\n"), "\n")
	var texts []string
	for i, line := range lines {
		checkRecordLine(t, i+1, line)
		var rec struct{ Text string }
		if err := json.Unmarshal([]byte(line), &rec); err != nil {
			t.Fatalf("line %d: %v", i+1, err)
		}
		texts = append(texts, rec.Text)
	}
	if diff := cmp.Diff(want, texts); diff != "" {
		t.Errorf("records' text (-want +got):\n%s", diff)
	}
}
