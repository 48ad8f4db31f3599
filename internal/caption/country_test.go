package caption

import (
	"strings"
	"testing"
)

func TestCountryCodeAssigned(t *testing.T) {
	codes := strings.Fields(assignedCountries)
	if len(codes) != 250 { // ISO's 249 and XK
		t.Errorf("%d codes, want 250", len(codes))
	}
	for i, c := range codes {
		if i > 0 && codes[i-1] >= c {
			t.Errorf("%s after %s: keep the list sorted, each code once", c, codes[i-1])
		}
	}
	for _, tc := range []struct {
		code CountryCode
		want bool
	}{
		{"SY", true}, {"PS", true}, {"XK", true}, {"AX", true}, {"ZW", true}, {"AD", true},
		{"sy", false}, {"Sy", false}, {"SYR", false}, {"S", false}, {"", false}, {"UK", false}, {"EU", false},
		{"ZZ", false}, {"AN", false}, {"YU", false}, {"XX", false}, {"D ", false}, {" A", false}, {"Y Y", false},
	} {
		if got := tc.code.Assigned(); got != tc.want {
			t.Errorf("CountryCode(%q).Assigned() = %v, want %v", tc.code, got, tc.want)
		}
	}
}
