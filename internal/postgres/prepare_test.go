package postgres

import (
	"crypto/sha256"
	"encoding/hex"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"sijil/internal/caption"
)

// TestPrepared stores one batch three times, into three registers: with
// the columns Prepare made, without them, and with columns made of other
// captions (which the write must see are not its items' and make again).
// The three registers must hold the same rows.
func TestPrepared(t *testing.T) {
	recs := append(fieldRecords(),
		caption.Record{Text: "Des habitants fuient Goma, en RDC, le 27 janvier 2025.", Places: []string{"Goma"}, Country: "CD"},
		caption.Record{Text: "نازحون في مخيم قرب عفرين، 3 شباط 2018"},
	)
	items := func() []caption.Item {
		var out []caption.Item
		for i, r := range recs {
			sum := sha256.Sum256([]byte(r.Text))
			out = append(out, caption.Item{Occurrence: caption.Occurrence{Index: i, End: len(r.Text), Line: i + 1, Text: r.Text},
				Record: r, Fingerprint: caption.Fingerprint{Key: hex.EncodeToString(sum[:]), Bands: []uint64{uint64(i)}}})
		}
		return out
	}
	doc := caption.Document{Path: "batch.txt", SHA256: "0123", Size: 100, Format: "text", LastSeen: time.Date(2026, 12, 7, 12, 0, 0, 0, time.UTC)}
	rows := func(prepare func(s *Store, items []caption.Item) caption.Prepared) []string {
		s := newTestStore(t)
		its := items()
		d := caption.DocumentItems{Document: doc, Items: its, Prepared: prepare(s, its)}
		if _, err := s.PutDocuments(t.Context(), []caption.DocumentItems{d}, testVersions, newLinks); err != nil {
			t.Fatal(err)
		}
		r, err := s.pool.Query(t.Context(), `SELECT concat_ws('|', id, key, text, desc_len, encode(fields, 'hex'), search_text, search::text,
			date_first, date_last, date_precision, country, lat, lon, killed, injured, parser_version, gazetteer_version, basis,
			(SELECT string_agg(v.field || ':' || v.fold, ',' ORDER BY v.field, v.fold) FROM search_terms st JOIN search_values v ON v.id = st.value_id WHERE st.record_id = r.id))
			FROM records r ORDER BY id`)
		if err != nil {
			t.Fatal(err)
		}
		var out []string
		for r.Next() {
			var row string
			if err := r.Scan(&row); err != nil {
				t.Fatal(err)
			}
			out = append(out, row)
		}
		if err := r.Err(); err != nil {
			t.Fatal(err)
		}
		return out
	}
	unprepared := rows(func(*Store, []caption.Item) caption.Prepared { return nil })
	if len(unprepared) != len(recs) {
		t.Fatalf("%d records stored, want %d", len(unprepared), len(recs))
	}
	prepared := rows(func(s *Store, its []caption.Item) caption.Prepared {
		pre := s.Prepare(its).(preparedItems)
		for i, c := range pre {
			if c == nil {
				t.Fatalf("Prepare made no columns for item %d", i)
			}
		}
		return pre
	})
	if diff := cmp.Diff(unprepared, prepared); diff != "" {
		t.Errorf("prepared (-unprepared +prepared):\n%s", diff)
	}
	others := rows(func(s *Store, its []caption.Item) caption.Prepared {
		// Each item given the columns of the next one's record.
		shifted := make([]caption.Item, len(its))
		for i := range its {
			shifted[i] = its[(i+1)%len(its)]
		}
		return s.Prepare(shifted)
	})
	if diff := cmp.Diff(unprepared, others); diff != "" {
		t.Errorf("columns of other captions were stored (-unprepared +stored):\n%s", diff)
	}
}
