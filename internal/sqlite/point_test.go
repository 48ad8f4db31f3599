package sqlite

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"sijil/internal/caption"
)

func TestPointRoundTrip(t *testing.T) {
	killed := 0
	recs := []caption.Record{
		{Date: caption.PartialDate{Year: 2016, Month: 11, Day: 6, Precision: caption.PrecisionDay}, Country: "SY", Killed: &killed,
			EventTypes: []caption.EventType{caption.Airstrike, caption.Rescue}, Places: []string{"Douma", "Eastern Ghouta"},
			Location: &caption.Location{Name: "Douma", Preferred: "Dūmā", GeonameID: 170592, Lat: 33.57175, Lon: -36.4027,
				Admin1: "Rif-dimashq", CountryCode: "SY", Feature: "PPLA2", Precision: 1}},
		{Location: &caption.Location{}},
	}
	for _, r := range recs {
		got, err := readPoint(appendPoint(nil, r))
		if err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(caption.PointRecord(r), got); diff != "" {
			t.Errorf("point round trip (-want +got):\n%s", diff)
		}
	}
}

func FuzzReadPoint(f *testing.F) {
	f.Add(appendPoint(nil, caption.Record{Places: []string{"a"}, Location: &caption.Location{Name: "x"}}))
	f.Add([]byte{1, 0xff, 0xff})
	f.Fuzz(func(t *testing.T, b []byte) {
		r, err := readPoint(b)
		if err != nil {
			return
		}
		if got, err := readPoint(appendPoint(nil, r)); err != nil || !cmp.Equal(r, got, cmpopts.EquateNaNs()) {
			t.Fatalf("readPoint(appendPoint(%+v)) = %+v, %v", r, got, err)
		}
	})
}
