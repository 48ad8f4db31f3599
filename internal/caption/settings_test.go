package caption

import (
	"errors"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestParseFocus(t *testing.T) {
	tests := []struct {
		in   string
		want []CountryCode
	}{
		{"", nil},
		{"  ", nil},
		{"SY", []CountryCode{"SY"}},
		{"sy, iq", []CountryCode{"SY", "IQ"}},
		{"IQ,SY", []CountryCode{"IQ", "SY"}},
		{"SY,,IQ", []CountryCode{"SY", "", "IQ"}},
		{"SY,", []CountryCode{"SY", ""}},
		{"Syria", []CountryCode{"SYRIA"}},
	}
	for _, tc := range tests {
		got := ParseFocus(tc.in)
		if diff := cmp.Diff(tc.want, got); diff != "" {
			t.Errorf("ParseFocus(%q) (-want +got):\n%s", tc.in, diff)
		}
		// What is stored reads back the same.
		if diff := cmp.Diff(got, ParseFocus(FormatFocus(got))); diff != "" {
			t.Errorf("ParseFocus(FormatFocus(%q)) (-want +got):\n%s", got, diff)
		}
	}
}

func TestSettingsCheck(t *testing.T) {
	tests := []struct {
		focus []CountryCode
		err   string // "" for none
	}{
		{nil, ""},
		{[]CountryCode{"SY", "IQ"}, ""},
		{[]CountryCode{"sy"}, `invalid input: focus: "sy" is not a two-letter country code`},
		{[]CountryCode{"SYR"}, `invalid input: focus: "SYR" is not a two-letter country code`},
		{[]CountryCode{""}, `invalid input: focus: "" is not a two-letter country code`},
		{[]CountryCode{"SY", "IQ", "SY"}, `invalid input: focus: SY is named twice`},
	}
	for _, tc := range tests {
		err := Settings{Focus: tc.focus}.Check()
		switch {
		case tc.err == "" && err != nil:
			t.Errorf("Check(%v) = %v, want nil", tc.focus, err)
		case tc.err != "" && (!errors.Is(err, ErrInvalid) || err.Error() != tc.err):
			t.Errorf("Check(%v) = %v, want ErrInvalid %q", tc.focus, err, tc.err)
		}
	}
	if got := FormatFocus([]CountryCode{"SY", "IQ"}); got != "SY,IQ" {
		t.Errorf("FormatFocus = %q, want SY,IQ", got)
	}
}
