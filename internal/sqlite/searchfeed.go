package sqlite

import (
	"context"
	"database/sql"
	"encoding/binary"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"sijil/internal/caption"
)

// The methods of this file feed an in-memory search index
// (internal/searchindex), which answers Search, Points and Timeline from
// memory and must follow every write, whichever process makes it.

// SearchRows calls fn with the search index row of every record indexed or
// reindexed since mark, and returns the mark to pass next time. For mark ""
// it passes every record, in ID order; else the records written since, in
// the order they were written, which search_changes' seq records (see
// 0011_lean.sql). Given a mark it did not give, it passes nothing and
// returns "", and the caller starts again from "". The rows are read in one
// transaction, so the mark matches them exactly.
//
// A row is the record's ID and, in Record, its date, country and killed
// figure and, when it has a location, every field of caption.PointRecord;
// text is its caption.SearchText and values the IDs of its search values
// (SearchValues). text and values are valid only during the call.
func (s *Store) SearchRows(ctx context.Context, mark string, fn func(r caption.StoredRecord, text []byte, values []int64) error) (next string, err error) {
	defer wrap(&err, "sqlite.SearchRows(%q)", mark)
	full := mark == ""
	since, perr := strconv.ParseInt(mark, 10, 64)
	if !full && (perr != nil || since < 0) {
		return "", nil
	}
	err = s.readTx(ctx, func(tx querier) error {
		var last int64
		if err := tx.QueryRowContext(ctx, "SELECT coalesce(max(seq), 0) FROM search_changes").Scan(&last); err != nil {
			return err
		}
		next = strconv.FormatInt(last, 10)
		if full {
			return allSearchRows(ctx, tx, fn)
		}
		if since > last {
			// Not this database's mark (a file replaced by an older
			// copy): start again.
			next = ""
			return nil
		}
		if since == last {
			return nil
		}
		// CROSS JOIN fixes the join order (SQLite takes it as a hint):
		// search_changes in seq order, the others looked up.
		rows, err := tx.QueryContext(ctx, `SELECT r.id, r.day_first, r.day_last, r.country, r.killed, r.basis, r.terms, p.point,
			rec.text, rec.fields, rec.desc_len
			FROM search_changes AS t CROSS JOIN search_records AS r ON r.id = t.record_id
			JOIN records AS rec ON rec.id = t.record_id
			LEFT JOIN search_points AS p ON p.id = r.id WHERE t.seq > ? ORDER BY t.seq`, since)
		if err != nil {
			return err
		}
		defer rows.Close()
		for n := 0; rows.Next(); n++ {
			var sr searchRow
			var point sql.RawBytes
			var st searchText
			if err := rows.Scan(&sr.id, &sr.first, &sr.last, &sr.country, &sr.killed, &sr.basis, &sr.terms, &point,
				&st.text, &st.fields, &st.descLen); err != nil {
				return err
			}
			text, err := st.make(sr.id)
			if err != nil {
				return err
			}
			if err := sr.pass(point, text, fn); err != nil {
				return err
			}
		}
		return rows.Err()
	})
	if err != nil {
		return "", err
	}
	return next, nil
}

// allSearchRows passes fn the rows of every record, in ID order. It reads
// search_records, search_points and records each in ID order, side by
// side in tx, and merges them: a join looked up two of them for every
// record, which took twice as long.
func allSearchRows(ctx context.Context, tx querier, fn func(caption.StoredRecord, []byte, []int64) error) error {
	recs, err := tx.QueryContext(ctx, "SELECT id, day_first, day_last, country, killed, basis, terms FROM search_records ORDER BY id")
	if err != nil {
		return err
	}
	defer recs.Close()
	points, err := newCursor(ctx, tx, "SELECT id, point FROM search_points ORDER BY id")
	if err != nil {
		return err
	}
	defer points.rows.Close()
	texts, err := tx.QueryContext(ctx, "SELECT id, text, fields, desc_len FROM records ORDER BY id")
	if err != nil {
		return err
	}
	defer texts.Close()
	var st searchText
	st.id = -1
	for n := 0; recs.Next(); n++ {
		if n%4096 == 0 {
			if err := ctx.Err(); err != nil {
				return err
			}
		}
		var sr searchRow
		if err := recs.Scan(&sr.id, &sr.first, &sr.last, &sr.country, &sr.killed, &sr.basis, &sr.terms); err != nil {
			return err
		}
		point, err := points.at(sr.id)
		if err != nil {
			return err
		}
		text, err := st.at(texts, sr.id)
		if err != nil {
			return err
		}
		if err := sr.pass(point, text, fn); err != nil {
			return err
		}
	}
	return recs.Err()
}

// searchText makes a record's search text (caption.SearchText) from its
// row of records: the register keeps the caption once, in records, and
// the full-text index holds no text.
type searchText struct {
	id      int64
	text    string
	fields  []byte
	descLen *int64
	done    bool
}

// make returns the search text of record id, whose row st holds.
func (st *searchText) make(id int64) ([]byte, error) {
	r, err := unpackRecord(st.text, st.fields, st.descLen)
	if err != nil {
		return nil, fmt.Errorf("record %d: %w", id, err)
	}
	return []byte(caption.SearchText(r)), nil
}

// at returns the search text of record id, reading rows (id, text,
// fields, desc_len in ID order) up to it; nil when it has no row.
func (st *searchText) at(rows *sql.Rows, id int64) ([]byte, error) {
	for !st.done && st.id < id {
		if !rows.Next() {
			st.done = true
			return nil, rows.Err()
		}
		if err := rows.Scan(&st.id, &st.text, &st.fields, &st.descLen); err != nil {
			return nil, err
		}
	}
	if st.done || st.id != id {
		return nil, nil
	}
	return st.make(id)
}

// cursor reads (id, value) rows in ID order, for a merge.
type cursor struct {
	rows  *sql.Rows
	id    int64
	value sql.RawBytes
	done  bool
}

func newCursor(ctx context.Context, tx querier, query string) (*cursor, error) {
	rows, err := tx.QueryContext(ctx, query)
	if err != nil {
		return nil, err
	}
	return &cursor{rows: rows, id: -1}, nil
}

// at returns the value of id, nil when there is none, moving past it.
func (c *cursor) at(id int64) ([]byte, error) {
	for !c.done && c.id < id {
		if !c.rows.Next() {
			c.done = true
			return nil, c.rows.Err()
		}
		if err := c.rows.Scan(&c.id, &c.value); err != nil {
			return nil, err
		}
	}
	if c.done || c.id != id {
		return nil, nil
	}
	return c.value, nil
}

// searchRow is a row of search_records, as SearchRows reads it.
type searchRow struct {
	id          int64
	first, last sql.NullInt64
	country     sql.NullString
	killed      sql.NullInt64
	basis       sql.NullString // the location's, which search_points.point does not hold
	terms       sql.RawBytes
}

// pass passes fn the row with the record's point and search text.
func (sr *searchRow) pass(point, text []byte, fn func(caption.StoredRecord, []byte, []int64) error) error {
	r := caption.StoredRecord{ID: sr.id}
	if point != nil {
		var err error
		if r.Record, err = readPoint(point); err != nil {
			return fmt.Errorf("record %d: %w", r.ID, err)
		}
		r.Record.Location.Basis = caption.LocationBasis(sr.basis.String)
	} else {
		r.Record.Country = caption.CountryCode(sr.country.String)
		if sr.killed.Valid {
			k := int(sr.killed.Int64)
			r.Record.Killed = &k
		}
		if sr.first.Valid && sr.last.Valid {
			r.Record.Date = dateOfDays(sr.first.Int64, sr.last.Int64)
		}
	}
	var values [16]int64
	vs := values[:0]
	for b := []byte(sr.terms); len(b) > 0; {
		v, n := binary.Uvarint(b)
		if n <= 0 {
			return fmt.Errorf("record %d: corrupt search_records.terms", r.ID)
		}
		id, _ := unpackTerm(v)
		vs = append(vs, id)
		b = b[n:]
	}
	return fn(r, text, vs)
}

// dateOfDays returns the date whose days are first to last: one day, a
// whole month or a whole year, which are the only ranges a date stands for.
func dateOfDays(first, last int64) caption.PartialDate {
	t := time.Unix(first*86400, 0).UTC()
	d := caption.PartialDate{Year: t.Year(), Month: int(t.Month()), Day: t.Day(), Precision: caption.PrecisionDay}
	switch {
	case first == last:
	case t.Month() == time.January && t.Day() == 1 && last-first >= 364:
		d.Month, d.Day, d.Precision = 0, 0, caption.PrecisionYear
	default:
		d.Day, d.Precision = 0, caption.PrecisionMonth
	}
	return d
}

// SearchValues calls fn with every search value (ids nil) or those of ids:
// its ID, its field, value and fold as a caption.Term, and its place key
// ("" when it has none).
func (s *Store) SearchValues(ctx context.Context, ids []int64, fn func(id int64, t caption.Term, key string) error) (err error) {
	defer wrap(&err, "sqlite.SearchValues")
	const query = "SELECT id, field, fold, value, coalesce(key, '') FROM search_values"
	each := func(rows *sql.Rows) error {
		var id int64
		var field int
		var t caption.Term
		var key string
		if err := rows.Scan(&id, &field, &t.Fold, &t.Value, &key); err != nil {
			return err
		}
		if t.Field = termField(field); t.Field == "" {
			return fmt.Errorf("search value %d: unknown field %d", id, field)
		}
		return fn(id, t, key)
	}
	if ids == nil {
		rows, err := s.read(ctx).QueryContext(ctx, query)
		if err != nil {
			return err
		}
		return eachRow(rows, each)
	}
	for len(ids) > 0 {
		n := min(len(ids), 500)
		args := make([]any, n)
		for i, id := range ids[:n] {
			args[i] = id
		}
		rows, err := s.read(ctx).QueryContext(ctx, query+" WHERE id IN (?"+strings.Repeat(", ?", n-1)+")", args...)
		if err != nil {
			return err
		}
		if err := eachRow(rows, each); err != nil {
			return err
		}
		ids = ids[n:]
	}
	return nil
}

// termField returns the caption.Term field of a stored code; "" for none.
func termField(code int) string {
	switch code {
	case caption.CodePlace:
		return caption.TermPlace
	case caption.CodeGeonameID:
		return caption.TermGeonameID
	}
	return caption.FacetOfCode(code)
}

// RecordsByID returns the records of ids, in that order, leaving out those
// that do not exist, read in one transaction.
func (s *Store) RecordsByID(ctx context.Context, ids []int64) (rs []caption.StoredRecord, err error) {
	defer wrap(&err, "sqlite.RecordsByID")
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	args := make([]any, len(ids))
	for i, id := range ids {
		args[i] = id
	}
	err = s.readTx(ctx, func(tx querier) error {
		for len(args) > 0 {
			n := min(len(args), 500)
			page, err := recordsByID(ctx, tx, args[:n])
			if err != nil {
				return err
			}
			rs = append(rs, page...)
			args = args[n:]
		}
		return nil
	})
	return rs, err
}

// WatchCommits returns a function reading a number that changes whenever
// a transaction commits to the database, from this process or another
// (SQLite's data_version, read on a connection kept for it, which sees
// every other connection's commits), for caches of what the store holds;
// and a function that closes that connection. An in-memory database has
// no other connection to keep: ErrUnsupported.
func (s *Store) WatchCommits(ctx context.Context) (version func(context.Context) (int64, error), stop func() error, err error) {
	defer wrap(&err, "sqlite.WatchCommits")
	if s.reader == s.writer {
		return nil, nil, caption.ErrUnsupported
	}
	var path string
	if err := s.reader.QueryRowContext(ctx, "SELECT file FROM pragma_database_list WHERE name = 'main'").Scan(&path); err != nil {
		return nil, nil, err
	}
	db, err := sql.Open("sqlite", path+"?"+readerParams)
	if err != nil {
		return nil, nil, err
	}
	// One connection, held: data_version compares commits with those this
	// connection has seen, and another connection's count is another's.
	conn, err := db.Conn(ctx)
	if err != nil {
		db.Close()
		return nil, nil, err
	}
	version = func(ctx context.Context) (int64, error) {
		var v int64
		err := conn.QueryRowContext(ctx, "PRAGMA data_version").Scan(&v)
		return v, err
	}
	stop = func() error { return errors.Join(conn.Close(), db.Close()) }
	return version, stop, nil
}

// SearchRowsOf is caption.ErrUnsupported: SearchRows lists the records
// UpdateRecord reindexed, so an index following the store never needs to
// read given records again.
func (s *Store) SearchRowsOf(context.Context, []int64, func(caption.StoredRecord, []byte, []int64) error) error {
	return fmt.Errorf("sqlite.SearchRowsOf: %w", caption.ErrUnsupported)
}
