package corpus

import (
	"fmt"

	"sijil/internal/caption"
)

// Options say what to generate. Start from DefaultOptions.
type Options struct {
	// Seed makes the corpus: the same Options always give the same bytes.
	Seed uint64
	// Captions is the number of captions to write.
	Captions int
	// ExactShare is the share of captions that repeat an earlier caption of
	// another document word for word (the line breaks may differ): 0.3.
	ExactShare float64
	// AlteredShare is the share of captions that are altered copies of an
	// earlier caption: a typo, another credit style, a background sentence
	// dropped or added, another quote and dash style or date style: 0.2.
	AlteredShare float64
	// EventShare is the share of the remaining (new) captions that show
	// another photo of an incident already in the corpus: the same date,
	// place and kind of event, in other words: 0.25.
	EventShare float64
	// DocMin and DocMax bound the captions per document: 20 and 200.
	DocMin, DocMax int
}

// DefaultOptions returns the defaults for n captions.
func DefaultOptions(n int) Options {
	return Options{Seed: 1, Captions: n, ExactShare: 0.3, AlteredShare: 0.2, EventShare: 0.25, DocMin: 20, DocMax: 200}
}

// check reports options that cannot be generated.
func (o Options) check() error {
	switch {
	case o.Captions < 0:
		return fmt.Errorf("corpus: %d captions: %w", o.Captions, caption.ErrInvalid)
	case o.ExactShare < 0 || o.AlteredShare < 0 || o.EventShare < 0 || o.EventShare > 1 || o.ExactShare+o.AlteredShare > 1:
		return fmt.Errorf("corpus: shares exact %g, altered %g, event %g: %w", o.ExactShare, o.AlteredShare, o.EventShare, caption.ErrInvalid)
	case o.DocMin < 1 || o.DocMax < o.DocMin:
		return fmt.Errorf("corpus: document size %d–%d: %w", o.DocMin, o.DocMax, caption.ErrInvalid)
	}
	return nil
}

// Kind says how a generated caption came about.
type Kind uint8

// The kinds of generated caption.
const (
	Original Kind = iota // a new caption of a new incident
	Photo                // a new caption: another photo of an earlier incident
	Exact                // an earlier caption repeated in another document
	Altered              // an altered copy of an earlier caption
)

// String returns the kind's name.
func (k Kind) String() string {
	switch k {
	case Original:
		return "original"
	case Photo:
		return "photo"
	case Exact:
		return "exact"
	case Altered:
		return "altered"
	}
	return fmt.Sprintf("Kind(%d)", uint8(k))
}

// Caption is the truth about one generated caption.
type Caption struct {
	Doc   int32 // index in Truth.Docs
	Index int32 // position in its document, from 0, as a paragraph reader counts
	// Cluster is the caption's true cluster: the caption it was copied
	// or altered from, and all its other copies, share it. From 1.
	Cluster int64
	// Event is the caption's true incident: every photo of it, and their
	// copies, share it. From 1.
	Event int64
	Kind  Kind
}

// Truth is what Generate made: documents in the order written and every
// caption in document order.
type Truth struct {
	Docs     []string
	Captions []Caption
}

// Count returns the number of captions of kind k.
func (t Truth) Count(k Kind) int {
	n := 0
	for _, c := range t.Captions {
		if c.Kind == k {
			n++
		}
	}
	return n
}
