package postgres

import (
	"math/rand/v2"
	"regexp"
	"slices"
	"strings"
	"testing"

	"sijil/internal/caption"
)

// searchTexts are search texts of captions in several scripts and of the
// shapes whose limits a tsvector has: a word more often than it keeps
// positions for, more words than it numbers, none.
func searchTexts() []string {
	captions := []string{
		"Rescuers pull a child from the rubble of a building hit by an air strike in Douma, eastern Ghouta, Syria, on February 21, 2018. (Photo by A. Someone / AFP)",
		"Des secouristes fouillent les décombres d'un immeuble à Kharkiv, en Ukraine, le 3 mars 2022, après une frappe. © Photo AFP",
		"رجال الدفاع المدني يبحثون بين الأنقاض في مدينة إدلب شمال غربي سوريا، 12 آذار 2020",
		"Smoke rises over Khan Younis, Gaza Strip, October 9, 2023 — Reuters/Someone Else; T-72 tanks, 1,000 displaced; Ñuñoa, İstanbul, Ærø, Łódź",
		"ペシャワール 2014年 写真 AP; Ελληνικά ΣΊΣΥΦΟΣ; 𝔘𝔫𝔦𝔠𝔬𝔡𝔢 ﬁnal œuvre straße",
		"",
		"   ,,, --- ...",
	}
	var texts []string
	for _, c := range captions {
		texts = append(texts, caption.SearchText(caption.Record{Text: c}))
	}
	texts = append(texts,
		strings.Repeat("strike ", 300)+"gaza",                           // over 255 positions of one word
		strings.TrimSpace(strings.Repeat("a b c d e f g h i j ", 1700)), // 17,000 words: positions past 16,383
	)
	// Random words over a small alphabet of several scripts, so that words
	// recur and share prefixes.
	rng := rand.New(rand.NewPCG(15, 2026))
	alphabet := []rune("abz09éçñءبتسشيадяαωあ")
	for range 40 {
		words := make([]string, 1+rng.IntN(60))
		for i := range words {
			w := make([]rune, 1+rng.IntN(4))
			for j := range w {
				w[j] = alphabet[rng.IntN(len(alphabet))]
			}
			words[i] = string(w)
		}
		texts = append(texts, caption.SearchText(caption.Record{Text: strings.Join(words, " ")}))
	}
	return texts
}

// serverNumber is a search text that the server's parser reads otherwise
// than as its words: a word of digits, "e" and digits, followed by more
// ("2e5x"), is to it a number and a word. Migration 0014 reindexes the
// records whose text matches it.
var serverNumber = regexp.MustCompile(`(^| )[0-9]+e[0-9]`)

// TestSearchVector checks that searchVector builds the vector the server's
// to_tsvector('simple', …) made of the same search text, on a real server:
// the same words, positions and limits, so that records stored before
// migration 0014 and after it are searched alike; but for the words the
// server reads as numbers, where it checks that they differ, so that the
// migration's pattern is known to be needed.
func TestSearchVector(t *testing.T) {
	s := mustOpen(t, newSchema(t))
	ctx := t.Context()
	numbers := 0
	for _, text := range append(searchTexts(), "fired 2e5x shells", "4e4ee") {
		got := searchVector(text)
		var same bool
		var want string
		if err := s.pool.QueryRow(ctx, `SELECT $1::tsvector = to_tsvector('simple', $2), to_tsvector('simple', $2)::text`,
			got, text).Scan(&same, &want); err != nil {
			t.Fatalf("%.60q: %v", text, err)
		}
		if !same && !serverNumber.MatchString(text) {
			t.Errorf("searchVector(%.60q) = %.200s\nto_tsvector: %.200s", text, got.String(), want)
		}
		if !same {
			numbers++
		}
	}
	if numbers < 2 {
		t.Errorf("%d texts of words the server reads as numbers differ, want at least 2", numbers)
	}
}

// TestSearchVectorShape checks, without a server, what the server would
// otherwise refuse or reorder: lexemes in strictly increasing byte order,
// each with 1 to 255 strictly increasing positions of at most 16,383.
func TestSearchVectorShape(t *testing.T) {
	for _, text := range searchTexts() {
		v := searchVector(text)
		if !v.Valid {
			t.Fatalf("searchVector(%.60q) is NULL", text)
		}
		for i, l := range v.Lexemes {
			if i > 0 && v.Lexemes[i-1].Word >= l.Word {
				t.Errorf("%.60q: lexeme %q after %q", text, l.Word, v.Lexemes[i-1].Word)
			}
			if n := len(l.Positions); n == 0 || n > maxWordPositions {
				t.Errorf("%.60q: %q has %d positions", text, l.Word, n)
			}
			for j, p := range l.Positions {
				if p.Position == 0 || p.Position > maxPosition || j > 0 && l.Positions[j-1].Position >= p.Position {
					t.Errorf("%.60q: %q has positions %v", text, l.Word, l.Positions)
					break
				}
			}
		}
		words := strings.Fields(text)
		slices.Sort(words)
		if n := len(slices.Compact(words)); n != len(v.Lexemes) {
			t.Errorf("%.60q: %d lexemes for %d distinct words", text, len(v.Lexemes), n)
		}
	}
}

// TestMigrateSearchVector makes a register of migration 0013, whose search
// column the server generated, with a record stored by that schema, then
// opens it: after migration 0014 the column is the store's to write, the
// old record is still found by its words, and a record stored or updated
// since is found by its new words and not its old ones.
func TestMigrateSearchVector(t *testing.T) {
	url, conn := migratedTo(t, 13)
	ctx := t.Context()
	old := caption.Record{Text: "Displaced families shelter in a school in Rafah, Gaza Strip, on January 5, 2024.", Places: []string{"Rafah"}, Country: "PS"}
	// A record with a word the server's parser read as a number and a
	// word: found by that word only once the migration reindexed it.
	number := caption.Record{Text: "Rounds marked 2e5x lie in a field near Avdiivka, Ukraine.", Places: []string{"Avdiivka"}, Country: "UA"}
	for i, r := range []caption.Record{old, number} {
		fields, descLen, err := packFields(r)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := conn.Exec(ctx, `INSERT INTO records (id, key, text, desc_len, fields, search_text, date_precision, parser_version,
			gazetteer_version, bands) VALUES ($1, $2, $3, $4, $5, $6, '', 'p', 'g', '')`,
			i+1, string(rune('a'+i)), r.Text, descLen, fields, caption.SearchText(r)); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := conn.Exec(ctx, `SELECT setval(pg_get_serial_sequence('records', 'id'), 2)`); err != nil {
		t.Fatal(err)
	}
	var parsed bool
	if err := conn.QueryRow(ctx, `SELECT search @@ '2e5x'::tsquery FROM records WHERE id = 2`).Scan(&parsed); err != nil {
		t.Fatal(err)
	}
	if parsed {
		t.Fatal("before the migration, the server's vector already holds the word 2e5x: the test no longer tests the reindexing")
	}
	s := mustOpen(t, url)
	var generated string
	if err := s.pool.QueryRow(ctx, `SELECT attgenerated FROM pg_attribute WHERE attrelid = 'records'::regclass AND attname = 'search'`).Scan(&generated); err != nil {
		t.Fatal(err)
	}
	if generated != "" && generated != "\x00" {
		t.Errorf("records.search is still generated (%q)", generated)
	}
	found := func(text string) []int64 {
		t.Helper()
		res, err := s.Search(ctx, caption.Query{Text: text})
		if err != nil {
			t.Fatalf("Search(%q): %v", text, err)
		}
		var ids []int64
		for _, r := range res.Records {
			ids = append(ids, r.ID)
		}
		slices.Sort(ids)
		return ids
	}
	ids := putRecords(t, s, "after", newLinks, caption.Record{Text: "A displaced man walks through the ruins of Bakhmut, Ukraine, on May 20, 2023.", Places: []string{"Bakhmut"}, Country: "UA"})
	for text, want := range map[string][]int64{
		"rafah school":         {1},
		`"displaced families"`: {1},
		"displaced":            {1, ids[0]},
		"bakhmut -rafah":       ids,
		`"ruins of bakhmut"`:   ids,
		"displaced -ruins":     {1},
		"school OR ruins":      {1, ids[0]},
		`"school in bakhmut"`:  nil,
		"kharkiv":              nil,
		"2e5x avdiivka":        {2},
	} {
		if got := found(text); !slices.Equal(got, want) {
			t.Errorf("after the migration, Search(%q) = %v, want %v", text, got, want)
		}
	}
	renamed := old
	renamed.Text, renamed.Places = "Displaced families shelter in a mosque in Deir al-Balah, Gaza Strip, on January 5, 2024.", []string{"Deir al-Balah"}
	if err := s.UpdateRecord(ctx, 1, renamed, caption.Versions{Parser: "p2", Gazetteer: "g"}); err != nil {
		t.Fatal(err)
	}
	if got := found("rafah"); len(got) != 0 {
		t.Errorf("after UpdateRecord, Search(rafah) = %v, want none", got)
	}
	if got := found(`"deir al balah" mosque`); !slices.Equal(got, []int64{1}) {
		t.Errorf("after UpdateRecord, Search(deir al balah mosque) = %v, want [1]", got)
	}
	var same bool
	if err := s.pool.QueryRow(ctx, `SELECT bool_and(search = to_tsvector('simple', search_text)) FROM records WHERE id <> 2`).Scan(&same); err != nil {
		t.Fatal(err)
	}
	if !same {
		t.Error("a record's search vector is not that of its search text")
	}
}

// BenchmarkSearchVector builds the vector of a caption's search text.
func BenchmarkSearchVector(b *testing.B) {
	text := searchTexts()[0]
	b.SetBytes(int64(len(text)))
	b.ReportAllocs()
	for b.Loop() {
		searchVector(text)
	}
}
