package caption

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestPhotoConflicts(t *testing.T) {
	day := func(y, m, d int) PartialDate { return PartialDate{Year: y, Month: m, Day: d, Precision: PrecisionDay} }
	month := PartialDate{Year: 2016, Month: 11, Precision: PrecisionMonth}
	aleppo := &Location{Name: "Aleppo", Lat: 36.2021, Lon: 37.1343, Precision: 1}
	atarib := &Location{Name: "Atarib", Lat: 36.1386, Lon: 36.83, Precision: 1} // 28 km west
	homs := &Location{Name: "Homs", Lat: 34.7308, Lon: 36.7094, Precision: 1}   // 168 km south
	syria := &Location{Name: "Syria", Lat: 35, Lon: 38, Precision: 4}
	base := Record{Date: day(2016, 11, 6), Country: "SY", Location: aleppo}
	tests := []struct {
		name  string
		other Record
		want  string // other's reason; "" for no conflict
	}{
		{"same", base, ""},
		{"three days later", Record{Date: day(2016, 11, 9)}, ""},
		{"four days later", Record{Date: day(2016, 11, 10)}, "dates it 2016-11-10, 4 days apart"},
		{"two years earlier", Record{Date: day(2014, 11, 6)}, "dates it 2014-11-06, 731 days apart"},
		{"its month", Record{Date: month}, ""},
		{"undated", Record{Country: "SY"}, ""},
		{"another country", Record{Country: "IQ"}, "places it in another country (IQ)"},
		{"28 km away", Record{Location: atarib}, ""},
		{"168 km away", Record{Location: homs}, "places it in Homs, 168 km away"},
		{"the country only", Record{Location: syria}, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			srcs := []Source{
				{Occurrence: Occurrence{RecordID: 1}, Photo: &Photo{ID: 1, Link: PhotoLink{Group: 1}}},
				{Occurrence: Occurrence{RecordID: 2}, Photo: &Photo{ID: 2, Link: PhotoLink{Group: 1}}},
				{Occurrence: Occurrence{RecordID: 3}}, // a text source: no picture
			}
			got := PhotoConflicts(srcs, map[int64]Record{1: base, 2: tc.other, 3: {Date: day(1990, 1, 1)}})
			var want []PhotoConflict
			if tc.want != "" {
				want = []PhotoConflict{
					{Record: 1, Other: 2, Group: 1, Reason: tc.want},
					{Record: 2, Other: 1, Group: 1, Reason: disagree(base, tc.other)},
				}
			}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}
