package corpus

import (
	"bytes"
	"crypto/sha256"
	"errors"
	"strings"
	"testing"
	"unicode/utf8"
)

// generate returns the documents and truth of a small corpus.
func generate(t *testing.T, opt Options) (map[string][]byte, Truth) {
	t.Helper()
	docs := map[string][]byte{}
	truth, err := Generate(opt, func(name string, data []byte) error {
		docs[name] = bytes.Clone(data)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return docs, truth
}

func TestGenerateShares(t *testing.T) {
	opt := DefaultOptions(5000)
	docs, truth := generate(t, opt)
	if len(truth.Captions) != opt.Captions {
		t.Fatalf("%d captions, want %d", len(truth.Captions), opt.Captions)
	}
	if len(docs) != len(truth.Docs) {
		t.Errorf("%d documents written, truth lists %d", len(docs), len(truth.Docs))
	}
	if got, want := truth.Count(Exact), 1500; got != want {
		t.Errorf("%d exact copies, want %d", got, want)
	}
	if got, want := truth.Count(Altered), 1000; got != want {
		t.Errorf("%d altered copies, want %d", got, want)
	}
	fresh := truth.Count(Original) + truth.Count(Photo)
	if share := float64(truth.Count(Photo)) / float64(fresh); share < 0.2 || share > 0.3 {
		t.Errorf("photos of known incidents are %.3f of new captions, want about %.2f", share, opt.EventShare)
	}
	for name, data := range docs {
		if !utf8.Valid(data) {
			t.Errorf("%s is not UTF-8", name)
		}
	}
}

// paragraphs splits a document as a plain-text reader does and folds each
// paragraph's white space.
func paragraphs(data []byte) []string {
	text := strings.ReplaceAll(string(data), "\r\n", "\n")
	var out []string
	for _, p := range strings.Split(text, "\n\n") {
		out = append(out, strings.Join(strings.Fields(p), " "))
	}
	return out
}

func TestGenerateTruth(t *testing.T) {
	docs, truth := generate(t, DefaultOptions(3000))
	texts := map[[2]int32]string{}
	for d, name := range truth.Docs {
		for i, p := range paragraphs(docs[name]) {
			texts[[2]int32{int32(d), int32(i)}] = p
		}
	}
	if len(texts) != len(truth.Captions) {
		t.Fatalf("%d paragraphs, %d captions in the truth", len(texts), len(truth.Captions))
	}
	clusterOf := map[string]int64{}
	firstDoc := map[string]int32{}
	for _, c := range truth.Captions {
		text, ok := texts[[2]int32{c.Doc, c.Index}]
		if !ok {
			t.Fatalf("caption %d of %s is not in the document", c.Index, truth.Docs[c.Doc])
		}
		if cl, seen := clusterOf[text]; seen && cl != c.Cluster {
			t.Errorf("one text in clusters %d and %d: %q", cl, c.Cluster, text)
		}
		switch c.Kind {
		case Exact:
			if d, seen := firstDoc[text]; !seen || d == c.Doc {
				t.Errorf("exact copy without an earlier copy in another document: %q", text)
			}
		case Original, Photo:
			if _, seen := clusterOf[text]; seen {
				t.Errorf("new caption %d of %s repeats an earlier one: %q", c.Index, truth.Docs[c.Doc], text)
			}
		}
		clusterOf[text] = c.Cluster
		if _, seen := firstDoc[text]; !seen {
			firstDoc[text] = c.Doc
		}
	}
}

func TestGenerateDeterministic(t *testing.T) {
	hash := func(opt Options) [32]byte {
		h := sha256.New()
		_, err := Generate(opt, func(name string, data []byte) error {
			h.Write([]byte(name))
			h.Write(data)
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		return [32]byte(h.Sum(nil))
	}
	opt := DefaultOptions(2000)
	first, second := hash(opt), hash(opt)
	if first != second {
		t.Error("two runs with one seed differ")
	}
	other := opt
	other.Seed++
	if hash(other) == first {
		t.Error("two seeds give one corpus")
	}
}

func TestGenerateErrors(t *testing.T) {
	stop := errors.New("disk full")
	_, err := Generate(DefaultOptions(500), func(string, []byte) error { return stop })
	if !errors.Is(err, stop) {
		t.Errorf("writer error: got %v", err)
	}
	bad := []Options{
		{Captions: -1, DocMin: 1, DocMax: 1},
		{Captions: 10, ExactShare: 0.7, AlteredShare: 0.5, DocMin: 1, DocMax: 2},
		{Captions: 10, DocMin: 5, DocMax: 2},
	}
	for _, opt := range bad {
		if _, err := Generate(opt, func(string, []byte) error { return nil }); err == nil {
			t.Errorf("Generate(%+v) = nil error", opt)
		}
	}
	if truth, err := Generate(Options{DocMin: 1, DocMax: 1}, nil); err != nil || len(truth.Captions) != 0 {
		t.Errorf("empty corpus: %v, %d captions", err, len(truth.Captions))
	}
}
