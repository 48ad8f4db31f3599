package parse_test

import (
	"slices"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"sijil/internal/caption"
)

// checkInvariants asserts what must hold for any record, whatever the
// caption: it is shared by the golden tests and the fuzz target.
func checkInvariants(t testing.TB, r caption.Record) {
	t.Helper()
	if !utf8.ValidString(r.Text) {
		t.Errorf("text is not valid UTF-8: %q", r.Text)
	}
	if !strings.Contains(r.Text, r.Description) {
		t.Errorf("description %q is not part of text %q", r.Description, r.Text)
	}
	if r.Credit != "" && !strings.Contains(r.Text, r.Credit) {
		t.Errorf("credit %q is not part of text %q", r.Credit, r.Text)
	}
	for field, spans := range r.Evidence {
		for _, s := range spans {
			if s.Start < 0 || s.End > len(r.Text) || s.Start >= s.End {
				t.Errorf("evidence %s %v outside text of %d bytes", field, s, len(r.Text))
			}
		}
	}
	if d := r.Date; !d.IsZero() {
		if d.Year < 1800 || d.Year > 2200 {
			t.Errorf("date year %d out of range", d.Year)
		}
		if d.Precision == caption.PrecisionDay {
			tm := time.Date(d.Year, time.Month(d.Month), d.Day, 0, 0, 0, 0, time.UTC)
			if tm.Format("2006-01-02") != d.String() {
				t.Errorf("date %s is not a calendar date", d)
			}
		}
		if r.DateText == "" || !strings.Contains(r.Text, r.DateText) {
			t.Errorf("date_text %q not in text", r.DateText)
		}
	}
	for _, n := range []*int{r.Killed, r.Injured} {
		if n != nil && *n < 0 {
			t.Errorf("negative casualty count %d", *n)
		}
	}
	for _, e := range r.EventTypes {
		found := false
		for _, v := range caption.EventTypes() {
			found = found || v == e
		}
		if !found {
			t.Errorf("unknown event type %q", e)
		}
	}
	for _, s := range append(append(append([]string{}, r.Places...), r.Photographers...), r.Actors...) {
		if s == "" || !utf8.ValidString(s) {
			t.Errorf("empty or invalid value %q", s)
		}
	}
	if pp := r.Perpetrator; pp != nil {
		if !slices.Contains(r.Actors, pp.Actor) {
			t.Errorf("perpetrator %q is not among the actors %q", pp.Actor, r.Actors)
		}
		if len(r.Evidence["perpetrator"]) == 0 {
			t.Errorf("perpetrator %q without evidence", pp.Actor)
		}
		if pp.Kind != "" && !pp.Kind.Valid() {
			t.Errorf("unknown actor kind %q", pp.Kind)
		}
	}
	for _, k := range r.Target {
		if k.Index() < 0 {
			t.Errorf("unknown target %q", k)
		}
	}
	if r.Location != nil && (r.Location.Lat < -90 || r.Location.Lat > 90 || r.Location.Lon < -180 || r.Location.Lon > 180) {
		t.Errorf("location out of bounds: %+v", r.Location)
	}
}
