package sqlite

import (
	"hash/maphash"
	"sync/atomic"

	"sijil/internal/caption"
)

// packed is a record's row as packRecord encodes it: its fields in the
// compact form, about 3 µs a record (deflated JSON, before, took 16 µs and
// was once the largest part of the writer's own CPU). Prepare makes it on
// ingest's workers, beside the writer; what they did not make, the write
// makes on every core while the writer waits (plan).
type packed struct {
	text    string // the record's, by which the write knows it packed that item
	fields  []byte
	descLen any
}

func pack(r caption.Record) (*packed, error) {
	text, fields, descLen, err := packRecord(r)
	if err != nil {
		return nil, err
	}
	return &packed{text: text, fields: fields, descLen: descLen}, nil
}

// preparedItems is what Prepare makes of a document's items: the packed
// form of each, nil for a caption the document repeats (its record is made
// from the first) and for one that failed to pack (the write packs it
// again, and reports the error with its document and caption).
type preparedItems []*packed

// Prepare packs the records items would create (caption.Preparer), for
// PutDocuments to write as they are. A caption whose key an earlier call
// packed already (packedKeys), or that ingest found a Repeat, is not packed
// again: its record is stored, or about to be, and the copy would be packed
// for nothing. A third of the
// captions of a wire archive are such copies. Should the first document
// fail, or a call made after it be written before it, the write packs what
// it lacks itself.
func (s *Store) Prepare(items []caption.Item) caption.Prepared {
	s.packedOnce.Do(func() { s.packed = newPackedKeys(packedKeySlots) })
	out := make(preparedItems, len(items))
	prep := func(i int) {
		if !items[i].Repeat && !s.packed.mark(items[i].Fingerprint.Key) {
			out[i], _ = pack(items[i].Record)
			// The write reads a packed record's evidence nowhere else;
			// a wire dump's document is held whole until its write,
			// and 50,000 captions' evidence was 46 MB of it.
			if out[i] != nil {
				items[i].Record.Evidence = nil
			}
		}
	}
	// A wire dump of thousands of captions is one document, which one
	// worker prepares while the writer waits for it whole: its records
	// are packed on every core. A gallery's hundred are packed by the
	// worker that read it, beside the others.
	if len(items) >= parallelPrepare {
		parallel(len(items), prep)
		return out
	}
	for i := range items {
		prep(i)
	}
	return out
}

// parallelPrepare is the smallest call whose records Prepare packs on
// every core.
const parallelPrepare = 1024

// packedKeySlots is the size of Prepare's table of keys: 2 MB, which
// remembers the last hundred thousand or so keys packed.
const packedKeySlots = 1 << 18

// packedKeys is a lossy set of the keys Prepare packed, safe for its
// concurrent callers: a table of 64-bit hashes, one to a slot, each new
// key taking its slot whoever held it. It forgets keys, which are then
// packed again, and two keys of one hash would leave the second unpacked
// for the write to pack; it never makes a record wrong.
type packedKeys struct {
	seed  maphash.Seed
	slots []atomic.Uint64
}

func newPackedKeys(n int) *packedKeys {
	return &packedKeys{seed: maphash.MakeSeed(), slots: make([]atomic.Uint64, n)}
}

// mark adds key and reports whether it was there already.
func (p *packedKeys) mark(key string) bool {
	i, h := p.slot(key)
	return p.slots[i].Swap(h) == h
}

// slot returns key's slot and the value that marks it there. The slot is
// taken from the hash before its low bit is set (0 is an empty slot): a
// slot taken after would leave every even slot of the table unused.
func (p *packedKeys) slot(key string) (int, uint64) {
	h := maphash.String(p.seed, key)
	return int(h % uint64(len(p.slots))), h | 1
}

// preparedFor returns d's prepared items when Prepare made them of as many
// items as d has, else nil; the write still checks each against its
// item's text.
func preparedFor(d caption.DocumentItems) preparedItems {
	if pre, ok := d.Prepared.(preparedItems); ok && len(pre) == len(d.Items) {
		return pre
	}
	return nil
}
