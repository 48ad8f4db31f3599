package sqlite

import (
	"context"
	"database/sql"
	"encoding/binary"
	"fmt"
	"strconv"
	"strings"

	"sijil/internal/caption"
)

// An Option configures Open.
type Option func(*Store)

// WithPlaceKey makes the store index the place and admin1 names of records
// under key(name), which Query.PlaceKeys and Query.Admin1Key are compared
// with: geocode.Key, so that Douma, Duma and Dūmā are one place. Names
// stored while the store had no key function are keyed when it is next
// opened with one.
func WithPlaceKey(key func(name string) string) Option {
	return func(s *Store) { s.placeKey = key }
}

// fieldCode is caption.TermCode in the column's type.
func fieldCode(field string) int { return int(caption.TermCode(field)) }

// indexed is a record to add to the search index.
type indexed struct {
	id  int64
	rec *caption.Record // the caller's, not a copy: a wire dump's 50,000 copies held 22 MB
}

// valueKey identifies a row of search_values.
type valueKey struct {
	field int
	fold  string
}

// indexRecords adds records, which must not be in the index, to the search
// index: their values, their place in search_changes, then the words of
// their values (search_terms_fts) and their full text (records_fts). The
// full-text indexes go last: once FTS5 is written in a transaction, every
// later statement that opens a statement journal makes it flush its
// pending terms, which cost a quarter of PutDocument's time.
// The other statements are OR FAIL, sparing a statement journal (see
// writePlan): callers abandon or roll back the whole write when one fails.
func (s *Store) indexRecords(ctx context.Context, q querier, recs []indexed) error {
	terms := make([][]caption.Term, len(recs))
	searchTexts := make([]string, len(recs))
	parallel(len(recs), func(i int) {
		terms[i], searchTexts[i] = caption.RecordTerms(*recs[i].rec), caption.SearchText(*recs[i].rec)
	})
	// The values the writer has not met are inserted (unless stored
	// already) and their IDs read.
	ids := map[valueKey]int64{}
	var valueRows [][]any
	var keys []valueKey
	for i := range recs {
		for _, t := range terms[i] {
			k := valueKey{fieldCode(t.Field), t.Fold}
			if _, ok := ids[k]; ok {
				continue
			}
			if id, ok := s.values.get(k); ok {
				ids[k] = id
				continue
			}
			ids[k] = 0
			keys = append(keys, k)
			valueRows = append(valueRows, []any{k.field, k.fold, t.Value, s.keyOf(k.field, t.Value)})
		}
	}
	const insertValues = "INSERT OR FAIL INTO search_values (field, fold, value, key) VALUES "
	if err := execRows(ctx, q, insertValues, " ON CONFLICT (field, fold) DO NOTHING", valueRows, nil); err != nil {
		return err
	}
	if err := lookupValues(ctx, q, keys, ids); err != nil {
		return err
	}
	s.values.learn(keys, ids)
	// Made at their size: a wire dump's document is one call, and
	// growing its lists copied them again and again.
	recordRows, pointRows, changeRows := make([][]any, 0, len(recs)), make([][]any, 0, len(recs)), make([][]any, 0, len(recs))
	var texts, valueWords textRows
	var words []byte
	for i, r := range recs {
		var packed []byte
		words = words[:0]
		for _, t := range terms[i] {
			k := valueKey{fieldCode(t.Field), t.Fold}
			packed = binary.AppendUvarint(packed, packTerm(ids[k], k.field))
			words = appendValueWord(words, ids[k])
		}
		recordRows = append(recordRows, append(searchRecordRow(r), packed))
		if r.rec.Location != nil {
			pointRows = append(pointRows, []any{r.id, appendPoint(nil, *r.rec)})
		}
		changeRows = append(changeRows, []any{r.id})
		texts.add(r.id, searchTexts[i])
		if len(words) > 0 {
			valueWords.add(r.id, string(words))
		}
	}
	for _, ins := range []struct {
		prefix string
		rows   [][]any
	}{
		{"INSERT OR FAIL INTO search_records (id, day_first, day_last, year, country, killed, lat, lon, basis, terms) VALUES ", recordRows},
		{"INSERT OR FAIL INTO search_points (id, point) VALUES ", pointRows},
		{"INSERT OR FAIL INTO search_changes (record_id) VALUES ", changeRows},
	} {
		if err := execRows(ctx, q, ins.prefix, "", ins.rows, nil); err != nil {
			return err
		}
	}
	if err := insertText(ctx, q, "INSERT INTO search_terms_fts (rowid, terms)", &valueWords); err != nil {
		return err
	}
	return insertText(ctx, q, "INSERT INTO records_fts (rowid, text)", &texts)
}

// appendValueWord appends the word search_terms_fts indexes a search value
// ID under, "v" and the ID, after a space when words is not empty. A
// filter matches the same word: 'v' || search_values.id (termIn).
func appendValueWord(words []byte, id int64) []byte {
	if len(words) > 0 {
		words = append(words, ' ')
	}
	return strconv.AppendInt(append(words, 'v'), id, 10)
}

// insertText adds rows to a full-text index in one statement, insert
// (INSERT INTO the table and its rowid and column): the rows go in as one
// JSON object, ID to text, which json_each unrolls. In statements of a
// hundred rows FTS5 cost more than twice as much.
func insertText(ctx context.Context, q querier, insert string, rows *textRows) error {
	if rows.n == 0 {
		return nil
	}
	_, err := q.ExecContext(ctx, insert+" SELECT key, value FROM json_each(?)", rows.json())
	return err
}

// searchRecordRow is r's row of search_records, but for terms.
func searchRecordRow(r indexed) []any {
	row := make([]any, 9, 10) // and the terms, which indexRecords appends
	row[0], row[5] = r.id, r.rec.Killed
	if d := r.rec.Date; !d.IsZero() {
		first, last := d.Days()
		row[1], row[2], row[3] = first, last, fmt.Sprintf("%04d", d.Year)
	}
	if r.rec.Country != "" {
		row[4] = string(r.rec.Country)
	}
	if l := r.rec.Location; l != nil {
		row[6], row[7] = l.Lat, l.Lon
		if l.Basis != "" {
			row[8] = string(l.Basis)
		}
	}
	return row
}

// keyOf returns the place key of a value: for admin1 and place names, when
// the store has a key function; else NULL.
func (s *Store) keyOf(field int, value string) any {
	if s.placeKey == nil || (field != caption.CodeAdmin1 && field != caption.CodePlace) {
		return nil
	}
	return s.placeKey(value)
}

// lookupValues sets the IDs of keys in ids.
func lookupValues(ctx context.Context, q querier, keys []valueKey, ids map[valueKey]int64) error {
	for len(keys) > 0 {
		n := stmtRows(len(keys))
		args := make([]any, 0, 2*n)
		for _, k := range keys[:n] {
			args = append(args, k.field, k.fold)
		}
		query := "SELECT id, field, fold FROM search_values WHERE (field, fold) IN (VALUES (?, ?)" + strings.Repeat(", (?, ?)", n-1) + ")"
		err := queryEach(ctx, q, query, args, func(rows *sql.Rows) error {
			var id int64
			var k valueKey
			err := rows.Scan(&id, &k.field, &k.fold)
			ids[k] = id
			return err
		})
		if err != nil {
			return err
		}
		keys = keys[n:]
	}
	return nil
}

// packTerm packs a value ID and its field for search_records.terms.
func packTerm(id int64, field int) uint64 { return uint64(id)<<3 | uint64(field) }

// unpackTerm reverses packTerm.
func unpackTerm(v uint64) (id int64, field int) { return int64(v >> 3), int(v & 7) }

// reindexRecord replaces a record's entries in the search index.
func (s *Store) reindexRecord(ctx context.Context, q querier, id int64, r caption.Record) error {
	for _, del := range []string{
		"DELETE FROM search_records WHERE id = ?",
		"DELETE FROM search_points WHERE id = ?",
		"DELETE FROM search_changes WHERE record_id = ?",
		"DELETE FROM search_terms_fts WHERE rowid = ?",
		"DELETE FROM records_fts WHERE rowid = ?",
	} {
		if _, err := q.ExecContext(ctx, del, id); err != nil {
			return err
		}
	}
	return s.indexRecords(ctx, q, []indexed{{id, &r}})
}

// unkeyedValues selects the admin1 and place values stored without a key: the
// predicate of the partial index 0002_search.sql makes for them, written
// into the SQL rather than bound, since the planner uses such an index only
// for a query that states its predicate.
var unkeyedValues = fmt.Sprintf("key IS NULL AND field IN (%d, %d)", caption.CodeAdmin1, caption.CodePlace)

// openSearch finishes the search index when the store opens: it indexes
// the records listed in search_pending (those stored before migration 0002)
// and, given a key function, keys the place names stored without a key.
func (s *Store) openSearch(ctx context.Context) error {
	var pending, unkeyed bool
	check := `SELECT EXISTS (SELECT 1 FROM search_pending),
		EXISTS (SELECT 1 FROM search_values WHERE ` + unkeyedValues + `)`
	if err := s.writer.QueryRowContext(ctx, check).Scan(&pending, &unkeyed); err != nil {
		return fmt.Errorf("search index: %w", err)
	}
	for pending {
		err := s.write(ctx, func(q querier) error {
			var err error
			pending, err = s.indexPending(ctx, q)
			return err
		})
		if err != nil {
			return fmt.Errorf("search index: %w", err)
		}
	}
	if unkeyed && s.placeKey != nil {
		if err := s.write(ctx, func(q querier) error { return s.keyPlaces(ctx, q) }); err != nil {
			return fmt.Errorf("place keys: %w", err)
		}
	}
	return nil
}

// pendingBatch is how many records openSearch indexes per transaction.
const pendingBatch = 2000

// indexPending indexes a batch of the records of search_pending and
// reports whether more are left. It runs in the write transaction, so that
// two processes opening the store do not index a record twice.
func (s *Store) indexPending(ctx context.Context, q querier) (more bool, err error) {
	rs, err := queryRecords(ctx, q, recordSelect+` WHERE id IN (SELECT record_id FROM search_pending ORDER BY record_id LIMIT ?) ORDER BY id`, pendingBatch)
	if err != nil || len(rs) == 0 {
		return false, err
	}
	recs := make([]indexed, len(rs))
	for i := range rs {
		recs[i] = indexed{rs[i].ID, &rs[i].Record}
	}
	last := rs[len(rs)-1].ID
	if err := s.indexRecords(ctx, q, recs); err != nil {
		return false, err
	}
	if _, err := q.ExecContext(ctx, "DELETE FROM search_pending WHERE record_id <= ?", last); err != nil {
		return false, err
	}
	return len(rs) == pendingBatch, nil
}

// keyPlaces sets the key of every place and admin1 name stored without one.
func (s *Store) keyPlaces(ctx context.Context, q querier) error {
	rows, err := q.QueryContext(ctx, "SELECT id, value FROM search_values WHERE "+unkeyedValues)
	if err != nil {
		return err
	}
	var updates [][2]any
	err = eachRow(rows, func(rows *sql.Rows) error {
		var id int64
		var value string
		err := rows.Scan(&id, &value)
		updates = append(updates, [2]any{s.placeKey(value), id})
		return err
	})
	if err != nil {
		return err
	}
	for _, u := range updates {
		if _, err := q.ExecContext(ctx, "UPDATE search_values SET key = ? WHERE id = ?", u[0], u[1]); err != nil {
			return err
		}
	}
	return nil
}
