package sqlite

import (
	"strconv"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"sijil/internal/caption"
)

// feedRow is a row of SearchRows, copied.
type feedRow struct {
	ID     int64
	Record caption.Record
	Text   string
	Values int
}

func feed(t *testing.T, s *Store, mark string) ([]feedRow, string) {
	t.Helper()
	var rows []feedRow
	next, err := s.SearchRows(t.Context(), mark, func(r caption.StoredRecord, text []byte, values []int64) error {
		rows = append(rows, feedRow{r.ID, r.Record, string(text), len(values)})
		return nil
	})
	if err != nil {
		t.Fatalf("SearchRows(%q): %v", mark, err)
	}
	return rows, next
}

// TestSearchRows checks the feed of an in-memory index: every record, then
// the records written since a mark, reindexed ones included, with their
// point fields, search text and values.
func TestSearchRows(t *testing.T) {
	s := newTestStore(t)
	putCaptions(t, s, "a.txt", searchRecords...)
	rows, mark := feed(t, s, "")
	if len(rows) != 3 {
		t.Fatalf("%d rows, want 3", len(rows))
	}
	for i, r := range rows {
		want := caption.Record{}
		if searchRecords[i].Location != nil {
			want = caption.PointRecord(searchRecords[i])
		}
		if diff := cmp.Diff(want, r.Record, cmpopts.EquateEmpty()); diff != "" {
			t.Errorf("row %d record (-want +got):\n%s", i, diff)
		}
		if r.Text != caption.SearchText(searchRecords[i]) {
			t.Errorf("row %d text %q, want %q", i, r.Text, caption.SearchText(searchRecords[i]))
		}
	}
	if rows, _ := feed(t, s, mark); len(rows) != 0 {
		t.Errorf("nothing written: %d rows since the mark", len(rows))
	}
	// A date without a location comes back from search_records' days.
	upd := caption.Record{Text: "Rescuers in Douma, 2016.", Date: caption.PartialDate{Year: 2016, Month: 2, Precision: caption.PrecisionMonth}, Killed: new(int)}
	if err := s.UpdateRecord(t.Context(), rows[0].ID, upd, caption.Versions{}); err != nil {
		t.Fatal(err)
	}
	putCaptions(t, s, "b.txt", caption.Record{Text: "Shelling in Taiz.", Date: caption.PartialDate{Year: 2017, Precision: caption.PrecisionYear}})
	got, next := feed(t, s, mark)
	want := []feedRow{
		{rows[0].ID, caption.Record{Date: upd.Date, Killed: upd.Killed}, caption.SearchText(upd), 0},
		{4, caption.Record{Date: caption.PartialDate{Year: 2017, Precision: caption.PrecisionYear}}, "shelling in taiz", 0},
	}
	if diff := cmp.Diff(want, got, cmpopts.EquateEmpty()); diff != "" {
		t.Errorf("rows since the mark (-want +got):\n%s", diff)
	}
	if n, _ := strconv.Atoi(next); n <= 0 {
		t.Errorf("next mark %q", next)
	}
	if rows, next := feed(t, s, "999999"); len(rows) != 0 || next != "" {
		t.Errorf("a mark from another database: %d rows, next %q; want none, \"\"", len(rows), next)
	}
}

func TestDateOfDays(t *testing.T) {
	for _, d := range []caption.PartialDate{
		{Year: 2016, Month: 11, Day: 6, Precision: caption.PrecisionDay},
		{Year: 2016, Month: 2, Precision: caption.PrecisionMonth},
		{Year: 2016, Month: 1, Precision: caption.PrecisionMonth},
		{Year: 2016, Precision: caption.PrecisionYear},
		{Year: 1969, Month: 12, Day: 31, Precision: caption.PrecisionDay},
		{Year: 1, Precision: caption.PrecisionYear},
	} {
		if got := dateOfDays(d.Days()); got != d {
			t.Errorf("dateOfDays(%v.Days()) = %v", d, got)
		}
	}
}
