package photo

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"
)

// corpusSize is the number of distinct pictures drawn, and transformEvery
// picks the ones whose copies are made.
const (
	corpusSize     = 400
	transformEvery = 4
)

// shapes are the frame sizes the scenes are drawn at: landscape, square and
// portrait.
var shapes = [][2]int{{448, 336}, {420, 280}, {360, 360}, {280, 420}, {336, 448}, {400, 300}}

// corpus is the pictures drawn, their published files, and the hashes of
// the originals and of each copy.
type corpus struct {
	orig   []Hash
	copies map[string][]pair // by transform name
}

type pair struct {
	orig int
	hash Hash
}

var (
	corpusOnce sync.Once
	theCorpus  *corpus
)

// loadCorpus draws and hashes the test corpus once per test binary, on every
// core.
func loadCorpus(t *testing.T) *corpus {
	corpusOnce.Do(func() { theCorpus = buildCorpus(t) })
	if theCorpus == nil {
		t.Fatal("corpus not built")
	}
	return theCorpus
}

func buildCorpus(t *testing.T) *corpus {
	c := &corpus{orig: make([]Hash, corpusSize), copies: map[string][]pair{}}
	all := append(slices.Clone(required), harder...)
	var mu sync.Mutex
	var wg sync.WaitGroup
	jobs := make(chan int)
	for range runtime.GOMAXPROCS(0) {
		wg.Go(func() {
			for i := range jobs {
				sz := shapes[i%len(shapes)]
				file := encodeJPEG(t, scene(uint64(i), sz[0], sz[1]), 90)
				h := mustHash(t, file, fmt.Sprintf("picture %d", i))
				var got []pair
				if i%transformEvery == 0 {
					img := decodeRGBA(t, file)
					r := rand.New(rand.NewPCG(uint64(i), 7))
					for _, tr := range all {
						got = append(got, pair{i, mustHash(t, tr.make(t, img, r), fmt.Sprintf("picture %d, %s", i, tr.name))})
					}
				}
				mu.Lock()
				c.orig[i] = h
				for k, p := range got {
					c.copies[all[k].name] = append(c.copies[all[k].name], p)
				}
				mu.Unlock()
			}
		})
	}
	for i := range corpusSize {
		jobs <- i
	}
	close(jobs)
	wg.Wait()
	return c
}

// mustHash returns the fingerprint of file, which Analyze would return, but
// without making its thumbnail.
func mustHash(t testing.TB, file []byte, what string) Hash {
	info, err := analyze(bytes.NewReader(file), limits{bytes: MaxBytes, pixels: MaxPixels, noThumb: true})
	if err != nil {
		t.Errorf("%s: %v", what, err)
	}
	return info.Hash
}

// TestSamePicture checks that every copy made by a required transform is
// within SameMax of its original (recall 1.0), and that no two distinct
// pictures, nor a copy and another picture, are (precision 1.0). The harder
// transforms are logged.
func TestSamePicture(t *testing.T) {
	c := loadCorpus(t)
	var tab strings.Builder
	fmt.Fprintf(&tab, "\n%-20s %6s %6s %6s %8s\n", "transform", "copies", "max", "mean", "recall")
	report := func(name string, ps []pair, required bool) {
		var sum, worst, hits int
		for _, p := range ps {
			d := Distance(c.orig[p.orig], p.hash)
			sum += d
			worst = max(worst, d)
			if d <= SameMax {
				hits++
			} else if required {
				t.Errorf("%s of picture %d: distance %d > SameMax %d", name, p.orig, d, SameMax)
			}
		}
		fmt.Fprintf(&tab, "%-20s %6d %6d %6.1f %8.3f\n", name, len(ps), worst, float64(sum)/float64(len(ps)), float64(hits)/float64(len(ps)))
	}
	for _, tr := range required {
		report(tr.name, c.copies[tr.name], true)
	}
	for _, tr := range harder {
		report(tr.name+" *", c.copies[tr.name], false)
	}
	// Distinct pictures: every pair of originals, and every copy against
	// every other original.
	var dists []int
	falsePairs := 0
	for i := range c.orig {
		for j := i + 1; j < len(c.orig); j++ {
			d := Distance(c.orig[i], c.orig[j])
			dists = append(dists, d)
			if d <= SameMax {
				falsePairs++
				t.Errorf("pictures %d and %d: distance %d <= SameMax %d", i, j, d, SameMax)
			}
		}
	}
	copyFalse := 0
	for _, tr := range required {
		for _, p := range c.copies[tr.name] {
			for j, h := range c.orig {
				if j != p.orig && Distance(h, p.hash) <= SameMax {
					copyFalse++
					t.Errorf("%s of picture %d matches picture %d: distance %d", tr.name, p.orig, j, Distance(h, p.hash))
				}
			}
		}
	}
	slices.Sort(dists)
	fmt.Fprintf(&tab, "distinct pairs %d: min %d, 0.1%% %d, 1%% %d, median %d; precision %.3f; copies matching another picture: %d\n",
		len(dists), dists[0], dists[len(dists)/1000], dists[len(dists)/100], dists[len(dists)/2],
		1-float64(falsePairs)/float64(len(dists)), copyFalse)
	fmt.Fprintf(&tab, "SameMax %d; * reported, not required", SameMax)
	t.Log(tab.String())
}
