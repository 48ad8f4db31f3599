package dedup

import "sijil/internal/caption"

// SignatureSize is the number of MinHash values in a signature: 128
// permutations estimate a Jaccard index to about ±0.04.
const SignatureSize = 128

// Options are the near-duplicate parameters. The zero value of a field means
// its default (DefaultOptions).
//
// Bands × Rows values of the signature are banded for LSH: two records whose
// shingle sets have Jaccard index s share a signature band with probability
// 1 − (1 − s^Rows)^Bands. With 32 × 4 that is 0.87 at s = 0.5, 0.99 at 0.6
// and 0.9997 at 0.7, while unrelated captions (s ≈ 0.1) meet in 0.3% of
// pairs. Banding alone misses the copy that gained a sentence as long as the
// caption (s ≈ 0.5): the lead band (LeadWords) finds it, and typo-blind word
// keys keep a typo from costing either (see Fingerprint).
type Options struct {
	// Threshold is the Jaccard index of shingle sets at or above which a
	// candidate is an altered copy: 0.6 by default. With typing slips
	// aligned (ClusterMatcher.Match), a typo, a changed credit, date or quote style
	// leave 0.9–1; 0.6 rather than 0.5 keeps apart other photos of one
	// incident captioned with the same sentence and a few words changed
	// ("Students hold banners…" and "Women chant slogans during a protest
	// calling for a ceasefire in Jabalia camp", 0.63), which raised the
	// pairwise precision on generated corpora without costing recall
	// (README's benchmark table gives the figures).
	Threshold float64
	// Containment is the share of the smaller shingle set found in the
	// larger at or above which a candidate is a copy that gained or lost a
	// sentence: 0.8 by default. It applies only when the smaller set has
	// at least MinContained shingles, so that a one-line caption is not
	// "contained" in every long caption that quotes it. Different photos
	// of one place reach 0.64 in the seed captions.
	Containment float64
	// Bands and Rows are the LSH banding of the signature: 32 and 4 by
	// default. Bands × Rows must not exceed SignatureSize; larger values
	// are cut to fit.
	Bands, Rows int
	// LeadWords is the length of the lead band: Fingerprint adds to the
	// signature's bands one hash of the description's first LeadWords
	// words (fewer when its first sentence is shorter, none when that is
	// under MinLead words). A copy that gained or lost a sentence at the
	// end keeps its lead however far its Jaccard index fell. 16 by
	// default; negative for no lead band (pairwise recall on generated
	// captions then falls, for a few candidates fewer).
	LeadWords int
}

// MinLead is the fewest words a lead band is made of: shorter leads ("A
// general view of Aleppo") are shared by too many unrelated captions.
const MinLead = 6

// MinContained is the smallest shingle set the containment rule applies to.
const MinContained = 8

// DefaultOptions returns the default near-duplicate parameters.
func DefaultOptions() Options {
	return Options{Threshold: 0.6, Containment: 0.8, Bands: 32, Rows: 4, LeadWords: 16}
}

// withDefaults returns o with zero fields set to their defaults and the
// banding cut to fit the signature.
func (o Options) withDefaults() Options {
	d := DefaultOptions()
	if o.Threshold <= 0 {
		o.Threshold = d.Threshold
	}
	if o.Containment <= 0 {
		o.Containment = d.Containment
	}
	if o.Rows <= 0 {
		o.Rows = d.Rows
	}
	if o.Rows > SignatureSize {
		o.Rows = SignatureSize
	}
	if o.Bands <= 0 {
		o.Bands = d.Bands
	}
	if o.LeadWords == 0 {
		o.LeadWords = d.LeadWords
	}
	o.Bands = min(o.Bands, SignatureSize/o.Rows)
	return o
}

// permutation is one MinHash hash function, h(x) = (a·x + b) >> 32 on 64-bit
// words (multiply-shift; a is odd).
type permutation struct{ a, b uint64 }

// permutations are the fixed MinHash functions, drawn from SplitMix64 with a
// fixed seed: signatures stored today must compare with signatures computed
// by any later run.
var permutations = func() [SignatureSize]permutation {
	var p [SignatureSize]permutation
	state := uint64(0x736966696c2d6d68) // "sijil-mh"
	next := func() uint64 {
		state += 0x9e3779b97f4a7c15
		return mix64(state)
	}
	for i := range p {
		p[i] = permutation{a: next() | 1, b: next()}
	}
	return p
}()

// Signature returns the MinHash signature of a shingle set: for each of the
// SignatureSize fixed permutations, the least permuted value. The share of
// positions where two signatures agree estimates the Jaccard index of their
// sets. An empty set has no signature (nil), so that captions without a
// description do not all meet in one band.
func Signature(shingles []uint64) []uint32 {
	if len(shingles) == 0 {
		return nil
	}
	sig := make([]uint32, SignatureSize)
	signatureInto((*[SignatureSize]uint32)(sig), shingles)
	return sig
}

// signatureInto sets sig to the signature of shingles (Signature). Four
// permutations go through the shingles at once: their products are
// independent, so the processor overlaps them, and each shingle is loaded
// once for four. The least of the whole 64-bit values is kept and shifted
// once at the end: the shift never changes which value is least. Together
// 1.9 µs a signature of 35 shingles instead of 3.0, one permutation at a
// time (2026-12-06).
func signatureInto(sig *[SignatureSize]uint32, shingles []uint64) {
	for i := 0; i < SignatureSize; i += 4 {
		p := (*[4]permutation)(permutations[i : i+4])
		m0, m1, m2, m3 := ^uint64(0), ^uint64(0), ^uint64(0), ^uint64(0)
		for _, x := range shingles {
			m0 = min(m0, p[0].a*x+p[0].b)
			m1 = min(m1, p[1].a*x+p[1].b)
			m2 = min(m2, p[2].a*x+p[2].b)
			m3 = min(m3, p[3].a*x+p[3].b)
		}
		sig[i], sig[i+1], sig[i+2], sig[i+3] = uint32(m0>>32), uint32(m1>>32), uint32(m2>>32), uint32(m3>>32)
	}
}

// Bands returns the LSH band hashes of sig under opt's banding: band i hashes
// its index with rows i·Rows … (i+1)·Rows−1, so equal rows in different
// bands give different hashes and a store may keep every band in one index.
// A signature shorter than the banding yields only its complete bands.
func Bands(sig []uint32, opt Options) []uint64 {
	opt = opt.withDefaults()
	return bandsInto(nil, sig, opt)
}

// bandsInto appends sig's bands under opt (with defaults) to out.
func bandsInto(out []uint64, sig []uint32, opt Options) []uint64 {
	n := min(opt.Bands, len(sig)/opt.Rows)
	for i := range n {
		h := uint64(fnvOffset) ^ mix64(uint64(i)+1)
		for _, v := range sig[i*opt.Rows : (i+1)*opt.Rows] {
			h = (h ^ uint64(v)) * fnvPrime
		}
		out = append(out, mix64(h))
	}
	return out
}

// Fingerprint returns what a store keeps of rec for deduplication: its Key
// and its LSH bands: the bands of the MinHash signature of its shingles
// (Bands) and, last, the lead band (see Options.LeadWords), each salted
// with the photo's month (monthSalt). The signature's shingles are made of
// typo-blind word keys (skeletonHashes), not of the exact words Shingles
// uses: it serves only to find candidates, and a copy with a typo should
// be found as surely as one without.
//
// The signature itself is not kept: no decision reads it once its bands
// are made, and at 512 bytes it was a fifth of what a big document's
// records held in memory while they waited for the writer. The bands are
// allocated once, at their final length: growing them for the lead band
// doubled their backing array.
func Fingerprint(rec caption.Record, opt Options) caption.Fingerprint {
	return caption.Fingerprint{Key: Key(rec.Text), Bands: RecordBands(rec, opt)}
}

// RecordBands returns the bands of rec's Fingerprint without its Key, for a
// caller that has the key already.
func RecordBands(rec caption.Record, opt Options) []uint64 {
	opt = opt.withDefaults()
	text := shingleText(rec)
	skeletons, edges := wordKeys(text)
	var bands []uint64
	// A generated caption has about 35 shingles: the array keeps them
	// off the heap.
	var buf [64]uint64
	if set := appendShingles(buf[:0], skeletons); len(set) > 0 {
		var sig [SignatureSize]uint32
		signatureInto(&sig, set)
		bands = bandsInto(make([]uint64, 0, min(opt.Bands, SignatureSize/opt.Rows)+1), sig[:], opt)
	}
	if lead, ok := leadBand(text, edges, opt); ok {
		bands = append(bands, lead)
	}
	salt := monthSalt(rec.Date)
	for i := range bands {
		bands[i] = mix64(bands[i] ^ salt)
	}
	return bands
}

// monthSalt is mixed into every band of a record: its photo's year and month
// (0 for both when unknown, month 0 at year precision). A copy keeps its
// date, and ClusterMatcher.Match rejects candidates whose dates disagree, so
// salting loses no copy whose date both records read alike, and it keeps
// boilerplate ("Displaced families walk along a dirt road as they flee the
// fighting in …") of other months out of a record's candidates: without it
// their number grows with the archive, 11 per record at 50,000 captions.
func monthSalt(d caption.PartialDate) uint64 {
	m := d.Month
	if d.Precision == caption.PrecisionYear {
		m = 0
	}
	return mix64(uint64(d.Year)*13 + uint64(m) + 0x6d6f6e7468) // "month"
}
