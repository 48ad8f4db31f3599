package parse

import (
	"slices"
	"testing"

	"sijil/internal/caption"
)

// English event words and actors of lexicon/events.tsv and actors.tsv; the
// captions were written for sijil's tests. Before, "Firefighters" was a
// firefight (clashes), "a Russian strike" no event, and "Wagner fighters"
// no actor.
func TestEnglishEventWords(t *testing.T) {
	p := mustNew(t)
	for _, tc := range []struct {
		name, in string
		events   []caption.EventType
		actors   []string
	}{
		{"firefighters are no firefight", "Firefighters put out a fire at a market in Kharkiv, Ukraine, May 15, 2024. REUTERS/John Doe",
			nil, nil},
		{"a firefight", "Soldiers take cover during a firefight with militants in Marawi, Philippines, June 2, 2017. REUTERS/John Doe",
			[]caption.EventType{"clashes"}, nil},
		{"a Russian strike", "Firefighters work at a warehouse after a Russian strike in Kharkiv, Ukraine, May 15, 2024. REUTERS/John Doe",
			[]caption.EventType{"airstrike"}, []string{"Russian armed forces"}},
		{"a coalition strike", "Yemenis inspect a house destroyed by a coalition strike in Sanaa, Yemen, May 2, 2018. REUTERS/John Doe",
			[]caption.EventType{"airstrike"}, nil},
		{"a fire at a market is no shooting", "Smoke rises from a fire at a market in Khartoum, Sudan, June 2, 2023. REUTERS/John Doe",
			nil, nil},
		{"fire at protesters is", "Police open fire at protesters in Khartoum, Sudan, June 3, 2019. REUTERS/John Doe",
			[]caption.EventType{"clashes", "protest"}, nil},
		// Near miss: a missile strike is shelling, the longest phrase.
		{"a Russian missile strike", "A building burns after a Russian missile strike in Kharkiv, Ukraine, May 15, 2024. REUTERS/John Doe",
			[]caption.EventType{"shelling"}, []string{"Russian armed forces"}},
		{"Wagner fighters", "Wagner fighters stand guard in Rostov-on-Don, Russia, June 24, 2023. REUTERS/John Doe",
			nil, []string{"Russian armed forces"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := p.Caption(tc.in)
			if !slices.Equal(r.EventTypes, tc.events) {
				t.Errorf("event types %q, want %q", r.EventTypes, tc.events)
			}
			if !slices.Equal(r.Actors, tc.actors) {
				t.Errorf("actors %q, want %q", r.Actors, tc.actors)
			}
		})
	}
}
