package sqlite

import (
	"context"
	"database/sql"
	"encoding/binary"
	"errors"
	"fmt"
	"iter"
	"time"

	"sijil/internal/caption"
)

// recordColumns are the values of records' derived columns for r, in the
// order text, fields, desc_len, date, date_precision, day_first, day_last,
// country, lat, lon, killed, injured, parser_version, gazetteer_version.
const recordColumnNames = `text, fields, desc_len, date, date_precision, day_first, day_last, country, lat, lon,
	killed, injured, parser_version, gazetteer_version`

// recordRowLen is the length of a new record's row in PutDocuments: its
// ID, key and key hash, recordColumns, its bands, cluster and event.
var recordRowLen = 3 + len(recordColumns(caption.Record{}, &packed{}, caption.Versions{})) + 3

func recordColumns(r caption.Record, pk *packed, v caption.Versions) []any {
	cols := []any{pk.text, pk.fields, pk.descLen, nil, nil, nil, nil, nil, nil, nil, r.Killed, r.Injured, v.Parser, v.Gazetteer}
	if !r.Date.IsZero() {
		first, last := dayRange(r.Date)
		cols[3], cols[4], cols[5], cols[6] = r.Date.String(), string(r.Date.Precision), first, last
	}
	if r.Country != "" {
		cols[7] = string(r.Country)
	}
	if l := r.Location; l != nil {
		cols[8], cols[9] = l.Lat, l.Lon
	}
	return cols
}

// dayRange returns the first and last day a date can mean, as days since
// 1970-01-01: 2016-11 is 2016-11-01 to 2016-11-30.
func dayRange(d caption.PartialDate) (first, last int64) {
	from := time.Date(d.Year, time.Month(max(d.Month, 1)), max(d.Day, 1), 0, 0, 0, 0, time.UTC)
	to := from
	switch d.Precision {
	case caption.PrecisionYear:
		to = from.AddDate(1, 0, -1)
	case caption.PrecisionMonth:
		to = from.AddDate(0, 1, -1)
	}
	return epochDay(from), epochDay(to)
}

func epochDay(t time.Time) int64 {
	const day = 24 * 60 * 60
	s := t.Unix()
	if s < 0 && s%day != 0 {
		return s/day - 1
	}
	return s / day
}

// recordSelect selects what scanRecord reads.
const recordSelect = `SELECT id, key, text, fields, desc_len, parser_version, gazetteer_version, bands,
	coalesce(cluster, 0), coalesce(event, 0) FROM records`

// scanRecord reads a row of recordSelect. A stored record keeps no MinHash
// signature: linking needs only its bands.
func scanRecord(sc scanner) (caption.StoredRecord, error) {
	var row recordRow
	if err := row.scan(sc); err != nil {
		return caption.StoredRecord{}, err
	}
	return row.decode()
}

// recordRow is a row of recordSelect as scanned, before its fields are
// inflated and decoded.
type recordRow struct {
	r       caption.StoredRecord // with the columns that need no decoding
	text    string
	fields  []byte
	bands   []byte
	descLen *int64
}

func (row *recordRow) scan(sc scanner) error {
	r := &row.r
	return sc.Scan(&r.ID, &r.Fingerprint.Key, &row.text, &row.fields, &row.descLen, &r.Versions.Parser, &r.Versions.Gazetteer,
		&row.bands, &r.Cluster, &r.Event)
}

func (row *recordRow) decode() (caption.StoredRecord, error) {
	r := row.r
	var err error
	if r.Record, err = unpackRecord(row.text, row.fields, row.descLen); err != nil {
		return r, fmt.Errorf("record %d: %w", r.ID, err)
	}
	if r.Fingerprint.Bands, err = unpackUint64s(row.bands); err != nil {
		return r, fmt.Errorf("record %d: bands: %w", r.ID, err)
	}
	return r, nil
}

// queryRecords runs a recordSelect query and reads every row. The rows are
// read first and decoded after, on every core: inflating and decoding a
// record's fields costs some 40 µs, ten times reading its row, and a
// linking pass reads thousands of records a batch while the other core
// waits for the writer.
func queryRecords(ctx context.Context, q querier, query string, args ...any) ([]caption.StoredRecord, error) {
	rows, err := q.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var raw []recordRow
	for rows.Next() {
		var row recordRow
		if err := row.scan(rows); err != nil {
			return nil, err
		}
		raw = append(raw, row)
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	out := make([]caption.StoredRecord, len(raw))
	errs := make([]error, len(raw))
	parallel(len(raw), func(i int) { out[i], errs[i] = raw[i].decode() })
	for _, err := range errs {
		if err != nil {
			return nil, err // the first row's that failed, as reading them in turn stopped there
		}
	}
	return out, nil
}

// Record returns one record; caption.ErrNotFound when there is none.
func (s *Store) Record(ctx context.Context, id int64) (r caption.StoredRecord, err error) {
	defer wrap(&err, "sqlite.Record(%d)", id)
	r, err = scanRecord(s.read(ctx).QueryRowContext(ctx, recordSelect+" WHERE id = ?", id))
	if errors.Is(err, sql.ErrNoRows) {
		return r, caption.ErrNotFound
	}
	return r, err
}

// mustExist returns caption.ErrNotFound unless record id exists.
func (s *Store) mustExist(ctx context.Context, id int64) error {
	return exists(ctx, s.read(ctx), id)
}

func exists(ctx context.Context, q querier, id int64) error {
	var one int
	err := q.QueryRowContext(ctx, "SELECT 1 FROM records WHERE id = ?", id).Scan(&one)
	if errors.Is(err, sql.ErrNoRows) {
		return fmt.Errorf("record %d: %w", id, caption.ErrNotFound)
	}
	return err
}

// recordPage is how many records Records reads at a time. It reads a page,
// closes the query and only then yields, so that the caller may use the
// store (and its single writer connection) inside the loop.
const recordPage = 500

// Records yields every record in ID order. Records stored during the
// iteration with IDs above the last yielded are yielded too.
func (s *Store) Records(ctx context.Context) iter.Seq2[caption.StoredRecord, error] {
	return func(yield func(caption.StoredRecord, error) bool) {
		var after int64
		for {
			page, err := queryRecords(ctx, s.read(ctx), recordSelect+" WHERE id > ? ORDER BY id LIMIT ?", after, recordPage)
			if err != nil {
				yield(caption.StoredRecord{}, fmt.Errorf("sqlite.Records after %d: %w", after, err))
				return
			}
			for _, r := range page {
				if !yield(r, nil) {
					return
				}
				after = r.ID
			}
			if len(page) < recordPage {
				return
			}
		}
	}
}

// UpdateRecord replaces a record's derived fields, versions and search
// index entry, leaving its key, fingerprint, sources and links alone.
func (s *Store) UpdateRecord(ctx context.Context, id int64, r caption.Record, v caption.Versions) (err error) {
	defer wrap(&err, "sqlite.UpdateRecord(%d)", id)
	pk, err := pack(r)
	if err != nil {
		return err
	}
	cols := recordColumns(r, pk, v)
	const update = `UPDATE records SET text = ?, fields = ?, desc_len = ?, date = ?, date_precision = ?, day_first = ?, day_last = ?,
		country = ?, lat = ?, lon = ?, killed = ?, injured = ?, parser_version = ?, gazetteer_version = ? WHERE id = ?`
	return s.write(ctx, func(q querier) error {
		var was caption.Versions
		err := q.QueryRowContext(ctx, "SELECT parser_version, gazetteer_version FROM records WHERE id = ?", id).Scan(&was.Parser, &was.Gazetteer)
		if errors.Is(err, sql.ErrNoRows) {
			return caption.ErrNotFound
		}
		if err != nil {
			return err
		}
		if _, err := q.ExecContext(ctx, update, append(cols, id)...); err != nil {
			return err
		}
		if was != v {
			if err := countVersions(ctx, q, was, -1); err != nil {
				return err
			}
			if err := countVersions(ctx, q, v, 1); err != nil {
				return err
			}
		}
		if err := bumpLinkVersion(ctx, q); err != nil {
			return err
		}
		return s.reindexRecord(ctx, q, id, r)
	})
}

// Stats counts documents, occurrences, records, clusters and events.
func (s *Store) Stats(ctx context.Context) (st caption.Stats, err error) {
	defer wrap(&err, "sqlite.Stats")
	const query = `SELECT
		(SELECT count(*) FROM documents),
		(SELECT count(*) FROM occurrences),
		(SELECT count(*) FROM records),
		(SELECT count(DISTINCT cluster) FROM records WHERE cluster IS NOT NULL),
		(SELECT count(DISTINCT event) FROM records WHERE event IS NOT NULL)`
	err = s.read(ctx).QueryRowContext(ctx, query).Scan(&st.Documents, &st.Occurrences, &st.Records, &st.Clusters, &st.Events)
	return st, err
}

// packUint64s stores bands as little-endian bytes; nil when empty.
func packUint64s(v []uint64) []byte {
	if len(v) == 0 {
		return nil
	}
	b := make([]byte, 0, 8*len(v))
	for _, x := range v {
		b = binary.LittleEndian.AppendUint64(b, x)
	}
	return b
}

// unpackUint64s reverses packUint64s. It allocates the slice once, at its
// length: appending to a nil slice took seven allocations and 1 KB for a
// record's 33 bands, which the band index's reloads read for every record
// (5% of an ingest's allocations at 100,000 captions).
func unpackUint64s(b []byte) ([]uint64, error) {
	if len(b)%8 != 0 {
		return nil, fmt.Errorf("%d bytes is not a whole number of uint64s", len(b))
	}
	if len(b) == 0 {
		return nil, nil
	}
	v := make([]uint64, len(b)/8)
	for i := range v {
		v[i] = binary.LittleEndian.Uint64(b[8*i:])
	}
	return v, nil
}
