package postgres

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"

	"sijil/internal/caption"
)

// fieldRecords are records of many fields, in three languages, with the
// description inside the text and outside it.
func fieldRecords() []caption.Record {
	killed, injured := 7, 12
	return []caption.Record{
		{
			Text:        "Civil defence members search the rubble after an air strike on Maarat al-Numan, Idlib province, Syria, on March 3, 2019. (Photo by A. Someone/AFP)",
			Description: "Civil defence members search the rubble after an air strike on Maarat al-Numan, Idlib province, Syria, on March 3, 2019.",
			Credit:      "Photo by A. Someone/AFP", Photographers: []string{"A. Someone"}, Agencies: []caption.Agency{"AFP"},
			Date:   caption.PartialDate{Year: 2019, Month: 3, Day: 3, Precision: caption.PrecisionDay},
			Places: []string{"Maarat al-Numan", "Idlib"}, Country: "SY", Killed: &killed, Injured: &injured,
			Attribution: []string{"the Syrian Observatory for Human Rights"},
			EventTypes:  []caption.EventType{"airstrike", "rescue"}, Actors: []string{"rebels"},
			Location: &caption.Location{Name: "Maarat al-Numan", GeonameID: 169389, Lat: 35.64, Lon: 36.67,
				Admin1: "Idlib", CountryCode: "SY", Feature: "PPL", Precision: 1, Basis: caption.BasisCountry},
		},
		{
			Text:   "Des habitants fuient les combats à Kidal, au Mali, le 14 novembre 2023. (Photo X/Reuters)",
			Places: []string{"Kidal"}, Country: "ML", Agencies: []caption.Agency{"Reuters"},
			Date: caption.PartialDate{Year: 2023, Month: 11, Precision: caption.PrecisionMonth},
		},
		{
			Text:   "متطوعون يبحثون بين الأنقاض في حي الشعار بحلب، ٢٠١٦",
			Places: []string{"حلب"}, Country: "SY",
			Date: caption.PartialDate{Year: 2016, Precision: caption.PrecisionYear},
		},
	}
}

// putRecords stores each record as the one caption of a document of its
// own, with link deciding their links (nil: none, and the records staged),
// and returns their IDs.
func putRecords(t *testing.T, s *Store, prefix string, link caption.LinkFunc, recs ...caption.Record) []int64 {
	t.Helper()
	var batch []caption.DocumentItems
	for i, r := range recs {
		sum := sha256.Sum256([]byte(r.Text))
		key := hex.EncodeToString(sum[:])
		doc := caption.Document{Path: prefix + string(rune('a'+i)) + ".txt", SHA256: key, Size: int64(len(r.Text)),
			Format: "text", LastSeen: time.Date(2026, 12, 5, 12, 0, 0, 0, time.UTC)}
		item := caption.Item{Occurrence: caption.Occurrence{End: len(r.Text), Line: 1, Text: r.Text},
			Record: r, Fingerprint: caption.Fingerprint{Key: key, Bands: []uint64{uint64(i)}}}
		batch = append(batch, caption.DocumentItems{Document: doc, Items: []caption.Item{item}})
	}
	res, err := s.PutDocuments(t.Context(), batch, testVersions, link)
	if err != nil {
		t.Fatal(err)
	}
	var ids []int64
	for _, r := range res {
		ids = append(ids, r.RecordIDs...)
	}
	return ids
}

// TestFieldsRoundTrip stores records by both of PutDocuments' paths (the
// records staged, and copied straight in under the exclusive lock) and
// reads them back whole, and cut to their point fields by SearchRows.
func TestFieldsRoundTrip(t *testing.T) {
	s := newTestStore(t)
	ctx := t.Context()
	recs := fieldRecords()
	for _, tc := range []struct {
		name string
		link caption.LinkFunc
	}{{"staged", nil}, {"exclusive", newLinks}} {
		t.Run(tc.name, func(t *testing.T) {
			ids := putRecords(t, s, tc.name, tc.link, recs...)
			got, err := s.RecordsOf(ctx, ids)
			if err != nil {
				t.Fatal(err)
			}
			if len(got) != len(recs) {
				t.Fatalf("RecordsOf: %d records, want %d", len(got), len(recs))
			}
			for i, sr := range got {
				if diff := cmp.Diff(recs[i], sr.Record, cmpopts.EquateEmpty()); diff != "" {
					t.Errorf("record %d (-stored +read):\n%s", sr.ID, diff)
				}
			}
			if n := countRows(t, s, "fields IS NOT NULL AND record IS NULL AND id = ANY($1)", ids); n != len(ids) {
				t.Errorf("%d of %d rows in the compact form", n, len(ids))
			}
		})
	}
	checkPoints(t, s)
}

// TestJSONRecordsBesideCompact is a register some of whose records an
// earlier sijil wrote (their JSON in records.record): they read back
// unchanged, beside the compact ones, search finds them, and updating one
// rewrites it compact.
func TestJSONRecordsBesideCompact(t *testing.T) {
	s := newTestStore(t)
	ctx := t.Context()
	recs := fieldRecords()
	old := putRecords(t, s, "old", newLinks, recs...)
	for i, id := range old {
		js, err := caption.MarshalRecord(recs[i])
		if err != nil {
			t.Fatal(err)
		}
		if _, err := s.pool.Exec(ctx, `UPDATE records SET record = $2::jsonb, text = NULL, desc_len = NULL, fields = NULL
			WHERE id = $1`, id, string(js)); err != nil {
			t.Fatal(err)
		}
	}
	if n := countRows(t, s, "record IS NOT NULL AND fields IS NULL AND text IS NULL AND id = ANY($1)", old); n != len(old) {
		t.Fatalf("%d of %d rows in the JSON form", n, len(old))
	}
	more := []caption.Record{{Text: "Smoke rises over Kherson, Ukraine, in 2022.", Places: []string{"Kherson"}, Country: "UA"}}
	ids := append(old, putRecords(t, s, "new", newLinks, more...)...)
	want := append(recs, more...)
	got, err := s.RecordsOf(ctx, ids)
	if err != nil {
		t.Fatal(err)
	}
	for i, sr := range got {
		if diff := cmp.Diff(want[i], sr.Record, cmpopts.EquateEmpty()); diff != "" {
			t.Errorf("record %d (-stored +read):\n%s", sr.ID, diff)
		}
	}
	for i, id := range ids {
		sr, err := s.Record(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		if sr.Record.Text != want[i].Text {
			t.Errorf("Record(%d).Text = %q, want %q", id, sr.Record.Text, want[i].Text)
		}
	}
	checkPoints(t, s)
	if res, err := s.Search(ctx, caption.Query{Text: "kidal"}); err != nil || len(res.Records) != 1 || res.Records[0].ID != old[1] {
		t.Errorf("Search(kidal) = %+v, %v; want record %d", res.Records, err, old[1])
	}

	// A row is in one form or the other: the migration's check.
	_, err = s.pool.Exec(ctx, "UPDATE records SET record = NULL WHERE id = $1", old[0])
	var pgErr *pgconn.PgError
	if !errors.As(err, &pgErr) || pgErr.ConstraintName != "records_fields_check" {
		t.Errorf("a row with neither form: %v, want records_fields_check to refuse it", err)
	}

	changed := recs[0]
	changed.Places = append([]string{"Kafr Nabl"}, changed.Places...)
	if err := s.UpdateRecord(ctx, old[0], changed, testVersions); err != nil {
		t.Fatal(err)
	}
	if n := countRows(t, s, "fields IS NOT NULL AND record IS NULL AND id = $1", old[0]); n != 1 {
		t.Errorf("the updated record is not in the compact form")
	}
	sr, err := s.Record(ctx, old[0])
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(changed, sr.Record, cmpopts.EquateEmpty()); diff != "" {
		t.Errorf("updated record (-want +read):\n%s", diff)
	}
}

// checkPoints checks that SearchRows gives every stored record cut to its
// point fields, whichever form it is stored in.
func checkPoints(t *testing.T, s *Store) {
	t.Helper()
	ctx := t.Context()
	n := 0
	if _, err := s.SearchRows(ctx, "", func(sr caption.StoredRecord, text []byte, _ []int64) error {
		full, err := s.Record(ctx, sr.ID)
		if err != nil {
			return err
		}
		if diff := cmp.Diff(caption.PointRecord(full.Record), sr.Record, cmpopts.EquateEmpty()); diff != "" {
			t.Errorf("SearchRows: record %d (-want +got):\n%s", sr.ID, diff)
		}
		if want := caption.SearchText(full.Record); string(text) != want {
			t.Errorf("SearchRows: record %d's search text %q, want %q", sr.ID, text, want)
		}
		n++
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	if want := countRows(t, s, "true"); n != want || n == 0 {
		t.Errorf("SearchRows gave %d records, want %d", n, want)
	}
}

// countRows counts the records rows where cond holds, given args.
func countRows(t *testing.T, s *Store, cond string, args ...any) int {
	t.Helper()
	var n int
	if err := s.pool.QueryRow(context.WithoutCancel(t.Context()), "SELECT count(*) FROM records WHERE "+cond, args...).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

// TestUnpackRecordRefuses checks what no sijil writes is refused, not
// decoded into a wrong record.
func TestUnpackRecordRefuses(t *testing.T) {
	r := fieldRecords()[0]
	fields, descLen, err := packFields(r)
	if err != nil {
		t.Fatal(err)
	}
	if descLen == nil || int(*descLen) != len(r.Description) {
		t.Errorf("descLen = %v, want %d: the description begins the text", descLen, len(r.Description))
	}
	text := r.Text
	tests := []struct {
		name    string
		text    *string
		fields  []byte
		wantErr string
	}{
		{"unknown form", &text, append([]byte{fieldsCompact + 1}, fields[1:]...), "unknown form"},
		{"empty", &text, []byte{}, "unknown form"},
		{"no text", nil, fields, "without a text"},
		{"cut short", &text, fields[:len(fields)/2], "malformed"},
	}
	for _, tc := range tests {
		_, err := unpackRecord(nil, tc.text, descLen, tc.fields)
		if !errors.Is(err, caption.ErrInvalid) || !strings.Contains(err.Error(), tc.wantErr) {
			t.Errorf("%s: %v, want ErrInvalid saying %q", tc.name, err, tc.wantErr)
		}
	}
}

// FuzzUnpackRecord feeds stored rows of either form to unpackRecord: it
// fails or returns a record that packs and unpacks to itself.
func FuzzUnpackRecord(f *testing.F) {
	for _, r := range fieldRecords() {
		fields, descLen, err := packFields(r)
		if err != nil {
			f.Fatal(err)
		}
		n := int32(-1)
		if descLen != nil {
			n = *descLen
		}
		f.Add([]byte(nil), r.Text, n, fields)
	}
	f.Add([]byte(`{"text":"Douma, 2016.","date":"2016"}`), "", int32(-1), []byte(nil))
	f.Fuzz(func(t *testing.T, js []byte, text string, n int32, fields []byte) {
		var descLen *int32
		if n >= 0 {
			descLen = &n
		}
		r, err := unpackRecord(js, &text, descLen, fields)
		if err != nil {
			return
		}
		packed, dl, err := packFields(r)
		if err != nil {
			t.Fatalf("a record read back is refused: %v", err)
		}
		again, err := unpackRecord(nil, &r.Text, dl, packed)
		if err != nil {
			t.Fatalf("unpack of packed record: %v", err)
		}
		if diff := cmp.Diff(r, again, cmpopts.EquateEmpty()); diff != "" {
			t.Errorf("round trip (-first +second):\n%s", diff)
		}
	})
}

// TestMigrateCompactFields makes a register of migration 0012, the last
// before the compact form, with records as that schema held them (JSON),
// then opens it: migration 0013 leaves them readable as they are, and the
// records stored after it are compact.
func TestMigrateCompactFields(t *testing.T) {
	ms, err := migrations()
	if err != nil {
		t.Fatal(err)
	}
	i := slices.IndexFunc(ms, func(m migration) bool { return m.Name == "compact_fields" })
	if i < 0 {
		t.Fatal("no compact_fields migration")
	}
	url, conn := migratedTo(t, ms[i-1].Version)
	ctx := t.Context()
	recs := fieldRecords()
	err = pgx.BeginFunc(ctx, conn, func(tx pgx.Tx) error {
		for n, r := range recs {
			js, err := caption.MarshalRecord(r)
			if err != nil {
				return err
			}
			if _, err := tx.Exec(ctx, `INSERT INTO records (id, key, record, search_text, date_precision, parser_version,
				gazetteer_version, bands) VALUES ($1, $2, $3::jsonb, $4, $5, 'p', 'g', '')`,
				n+1, string(rune('a'+n)), string(js), caption.SearchText(r), string(r.Date.Precision)); err != nil {
				return err
			}
		}
		_, err := tx.Exec(ctx, `SELECT setval(pg_get_serial_sequence('records', 'id'), $1)`, len(recs))
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	s := mustOpen(t, url)
	for n, want := range recs {
		sr, err := s.Record(ctx, int64(n+1))
		if err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(want, sr.Record, cmpopts.EquateEmpty()); diff != "" {
			t.Errorf("record %d after the migration (-before +after):\n%s", n+1, diff)
		}
	}
	more := []caption.Record{{Text: "Residents inspect a damaged house in Marib, Yemen, 2021.", Places: []string{"Marib"}, Country: "YE"}}
	ids := putRecords(t, s, "after", newLinks, more...)
	if n := countRows(t, s, "fields IS NOT NULL AND record IS NULL AND id = ANY($1)", ids); n != len(ids) {
		t.Errorf("%d of %d records stored after the migration are compact", n, len(ids))
	}
	if n := countRows(t, s, "record IS NOT NULL AND fields IS NULL"); n != len(recs) {
		t.Errorf("%d records kept as JSON, want %d", n, len(recs))
	}
	checkPoints(t, s)
}

// migratedTo makes a schema of the migrations up to version alone, as a
// sijil of that version left it, and returns its URL and a connection to
// it, closed at the test's end.
func migratedTo(t *testing.T, version int) (string, *pgx.Conn) {
	t.Helper()
	url := newSchema(t)
	ctx := t.Context()
	conn, err := pgx.Connect(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close(context.WithoutCancel(ctx)) })
	ms, err := migrations()
	if err != nil {
		t.Fatal(err)
	}
	err = pgx.BeginFunc(ctx, conn, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, `CREATE TABLE schema_migrations (version integer PRIMARY KEY, name text NOT NULL,
			applied_at timestamptz NOT NULL DEFAULT now())`); err != nil {
			return err
		}
		for _, m := range ms {
			if m.Version > version {
				break
			}
			if err := apply(ctx, tx, m); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return url, conn
}
