package caption

import "testing"

func TestPreparedItems(t *testing.T) {
	type mine []*int
	type theirs []*string
	two := []Item{{}, {}}
	for _, tc := range []struct {
		name string
		d    DocumentItems
		want int // length of the result; -1 for nil
	}{
		{"none prepared", DocumentItems{Items: two}, -1},
		{"another store's", DocumentItems{Items: two, Prepared: theirs{nil, nil}}, -1},
		{"fewer entries than items", DocumentItems{Items: two, Prepared: mine{nil}}, -1},
		{"one entry an item", DocumentItems{Items: two, Prepared: mine{nil, nil}}, 2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := PreparedItems[mine](tc.d)
			if tc.want < 0 && got != nil || tc.want >= 0 && len(got) != tc.want {
				t.Errorf("PreparedItems = %v, want %d entries (-1: nil)", got, tc.want)
			}
		})
	}
}
