package postgres

import (
	"context"
	"fmt"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgtype"

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
func fieldCode(field string) int16 { return int16(caption.TermCode(field)) }

// recordTerms is a record's caption.RecordTerms, to index.
type recordTerms struct {
	id    int64
	terms []caption.Term
}

// insertTerms indexes the terms of records not in the index yet: their
// values (new ones in field and fold order, so that concurrent writers take
// the unique index's locks in one order) and which record holds which.
func insertTerms(ctx context.Context, tx pgx.Tx, placeKey func(string) string, recs []recordTerms) error {
	var fields []int16
	var folds, values []string
	var keys []*string
	var recIDs []int64
	for _, r := range recs {
		for _, t := range r.terms {
			f := fieldCode(t.Field)
			fields, folds, values, recIDs = append(fields, f), append(folds, t.Fold), append(values, t.Value), append(recIDs, r.id)
			keys = append(keys, keyOf(placeKey, f, t.Value))
		}
	}
	if len(fields) == 0 {
		return nil
	}
	_, err := tx.Exec(ctx, `
		INSERT INTO search_values (field, fold, value, key)
		SELECT DISTINCT ON (u.field, u.fold) u.field, u.fold, u.value, u.key
		FROM unnest($1::smallint[], $2::text[], $3::text[], $4::text[]) AS u (field, fold, value, key)
		ORDER BY u.field, u.fold
		ON CONFLICT (field, fold) DO NOTHING`, fields, folds, values, keys)
	if err != nil {
		return err
	}
	_, err = tx.Exec(ctx, `
		INSERT INTO search_terms (value_id, record_id, field)
		SELECT v.id, u.record_id, u.field
		FROM unnest($1::smallint[], $2::text[], $3::bigint[]) AS u (field, fold, record_id)
		JOIN search_values v ON v.field = u.field AND v.fold = u.fold`, fields, folds, recIDs)
	return err
}

// keyOf returns the place key of a value: for admin1 and place names, when
// the store has a key function; else nil (NULL).
func keyOf(placeKey func(string) string, field int16, value string) *string {
	if placeKey == nil || (field != caption.CodeAdmin1 && field != caption.CodePlace) {
		return nil
	}
	k := placeKey(value)
	return &k
}

// reindexTerms replaces a record's terms.
func reindexTerms(ctx context.Context, tx pgx.Tx, placeKey func(string) string, id int64, r caption.Record) error {
	if _, err := tx.Exec(ctx, `DELETE FROM search_terms WHERE record_id = $1`, id); err != nil {
		return err
	}
	return insertTerms(ctx, tx, placeKey, []recordTerms{{id, caption.RecordTerms(r)}})
}

// unkeyedValues selects the admin1 and place values stored without a key: the
// predicate of the partial index 0002_search.sql makes for them, written
// into the SQL rather than bound, since the planner uses such an index only
// for a query that states its predicate.
var unkeyedValues = fmt.Sprintf("key IS NULL AND field IN (%d, %d)", caption.CodeAdmin1, caption.CodePlace)

// openSearch finishes the search index when the store opens: it reindexes
// the records listed in search_pending (stored before migration 0002) and,
// given a key function, keys the place names stored without a key.
func (s *Store) openSearch(ctx context.Context) error {
	var pending, unkeyed bool
	err := s.pool.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM search_pending),
		EXISTS (SELECT 1 FROM search_values WHERE `+unkeyedValues+`)`).Scan(&pending, &unkeyed)
	if err != nil {
		return fmt.Errorf("search index: %w", err)
	}
	for pending {
		if err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
			pending, err = s.indexPending(ctx, tx)
			return err
		}); err != nil {
			return fmt.Errorf("search index: %w", err)
		}
	}
	if unkeyed && s.placeKey != nil {
		if err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error { return s.keyPlaces(ctx, tx) }); err != nil {
			return fmt.Errorf("place keys: %w", err)
		}
	}
	return nil
}

// pendingBatch is how many records openSearch reindexes per transaction.
const pendingBatch = 2000

// indexPending reindexes a batch of the records of search_pending, taken
// with SKIP LOCKED so that processes opening the store at once share the
// work, and reports whether it found any.
func (s *Store) indexPending(ctx context.Context, tx pgx.Tx) (bool, error) {
	rows, err := tx.Query(ctx, `WITH taken AS (
			DELETE FROM search_pending WHERE record_id IN (
				SELECT record_id FROM search_pending ORDER BY record_id LIMIT $1 FOR UPDATE SKIP LOCKED)
			RETURNING record_id)
		`+recordSelect+` WHERE r.id IN (SELECT record_id FROM taken)`, pendingBatch)
	if err != nil {
		return false, err
	}
	rs, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (caption.StoredRecord, error) { return scanRecord(row) })
	if err != nil || len(rs) == 0 {
		return false, err
	}
	ids, texts, vectors := make([]int64, len(rs)), make([]string, len(rs)), make([]pgtype.TSVector, len(rs))
	recs := make([]recordTerms, len(rs))
	for i, r := range rs {
		ids[i], texts[i] = r.ID, caption.SearchText(r.Record)
		vectors[i] = searchVector(texts[i])
		recs[i] = recordTerms{r.ID, caption.RecordTerms(r.Record)}
	}
	if _, err := tx.Exec(ctx, `UPDATE records r SET search_text = u.text, search = u.search
		FROM unnest($1::bigint[], $2::text[], $3::tsvector[]) AS u (id, text, search)
		WHERE r.id = u.id`, ids, texts, vectors); err != nil {
		return false, err
	}
	if _, err := tx.Exec(ctx, `DELETE FROM search_terms WHERE record_id = ANY($1)`, ids); err != nil {
		return false, err
	}
	return true, insertTerms(ctx, tx, s.placeKey, recs)
}

// keyPlaces sets the key of every place and admin1 name stored without one.
func (s *Store) keyPlaces(ctx context.Context, tx pgx.Tx) error {
	rows, err := tx.Query(ctx, `SELECT id, value FROM search_values WHERE `+unkeyedValues+` FOR UPDATE`)
	if err != nil {
		return err
	}
	var ids []int64
	var keys []string
	var id int64
	var value string
	if _, err := pgx.ForEachRow(rows, []any{&id, &value}, func() error {
		ids, keys = append(ids, id), append(keys, s.placeKey(value))
		return nil
	}); err != nil {
		return err
	}
	_, err = tx.Exec(ctx, `UPDATE search_values v SET key = u.key FROM unnest($1::bigint[], $2::text[]) AS u (id, key)
		WHERE v.id = u.id`, ids, keys)
	return err
}
