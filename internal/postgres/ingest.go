package postgres

import (
	"context"
	"slices"
	"time"

	"github.com/jackc/pgx/v5"
)

// insertChunk is how many records one INSERT statement carries, so that a
// document of a million captions does not become one statement of a
// million rows (and 32 million bands).
const insertChunk = 2000

// findOrCreateRecords returns the ID of every key of b and the IDs of the
// records it created, in ID order. Existing keys are looked up first, so that re-ingest consumes
// no IDs. The rest are given IDs from the sequence in the order b cites them,
// then inserted in key order with ON CONFLICT DO NOTHING: a key that a
// concurrent writer inserted meanwhile is waited for and looked up again.
func findOrCreateRecords(ctx context.Context, tx pgx.Tx, b *batch) (map[string]int64, []int64, error) {
	ids, err := lookupKeys(ctx, tx, b.keys)
	if err != nil {
		return nil, nil, err
	}
	var missing []string
	for _, k := range b.keys {
		if _, ok := ids[k]; !ok {
			missing = append(missing, k)
		}
	}
	if len(missing) == 0 {
		return ids, nil, nil
	}
	reserved, err := reserveIDs(ctx, tx, len(missing))
	if err != nil {
		return nil, nil, err
	}
	want := make(map[string]int64, len(missing))
	for i, k := range missing {
		want[k] = reserved[i]
	}
	slices.Sort(missing)
	var lost []string
	var fresh []int64
	for chunk := range slices.Chunk(missing, insertChunk) {
		inserted, err := insertRecords(ctx, tx, b, chunk, want)
		if err != nil {
			return nil, nil, err
		}
		for _, k := range chunk {
			if inserted[k] {
				ids[k] = want[k]
				fresh = append(fresh, want[k])
			} else {
				lost = append(lost, k)
			}
		}
	}
	if len(lost) > 0 {
		found, err := lookupKeys(ctx, tx, lost)
		if err != nil {
			return nil, nil, err
		}
		for k, id := range found {
			ids[k] = id
		}
	}
	slices.Sort(fresh)
	return ids, fresh, nil
}

// lookupKeys returns the IDs of the stored records among keys.
func lookupKeys(ctx context.Context, tx pgx.Tx, keys []string) (map[string]int64, error) {
	rows, err := tx.Query(ctx, `SELECT key, id FROM records WHERE key = ANY($1)`, keys)
	if err != nil {
		return nil, err
	}
	ids := make(map[string]int64, len(keys))
	var key string
	var id int64
	_, err = pgx.ForEachRow(rows, []any{&key, &id}, func() error {
		ids[key] = id
		return nil
	})
	return ids, err
}

// reserveIDs takes n values from the records' ID sequence, in increasing
// order. A value reserved for a key that a concurrent writer stored first
// is left unused.
func reserveIDs(ctx context.Context, tx pgx.Tx, n int) ([]int64, error) {
	rows, err := tx.Query(ctx, `
		SELECT nextval(pg_get_serial_sequence('records', 'id')) FROM generate_series(1, $1)`, n)
	if err != nil {
		return nil, err
	}
	ids, err := pgx.CollectRows(rows, pgx.RowTo[int64])
	slices.Sort(ids)
	return ids, err
}

// insertRecords inserts the records of keys (sorted) with the IDs of want,
// and their bands, and reports which keys it inserted: the others were
// stored by a concurrent writer.
func insertRecords(ctx context.Context, tx pgx.Tx, b *batch, keys []string, want map[string]int64) (map[string]bool, error) {
	c := recordArraysOf(b, keys, want)
	rows, err := tx.Query(ctx, `
		INSERT INTO records (id, key, record, search_text, date_first, date_last, date_precision,
			country, lat, lon, killed, injured, parser_version, gazetteer_version, signature, bands, basis)
		SELECT u.id, u.key, u.record::jsonb, u.search_text, u.date_first, u.date_last, u.date_precision,
			u.country, u.lat, u.lon, u.killed, u.injured, u.parser_version, u.gazetteer_version, u.signature, u.bands, u.basis
		FROM unnest($1::bigint[], $2::text[], $3::text[], $4::text[], $5::date[], $6::date[], $7::text[],
			$8::text[], $9::float8[], $10::float8[], $11::integer[], $12::integer[], $13::text[], $14::text[],
			$15::bytea[], $16::bytea[], $17::text[])
			AS u (id, key, record, search_text, date_first, date_last, date_precision,
			country, lat, lon, killed, injured, parser_version, gazetteer_version, signature, bands, basis)
		ORDER BY u.key
		ON CONFLICT (key) DO NOTHING
		RETURNING key`,
		c.ID, c.Key, c.JSON, c.SearchText, c.DateFirst, c.DateLast, c.DatePrecision,
		c.Country, c.Lat, c.Lon, c.Killed, c.Injured, c.Parser, c.Gazetteer, c.Signature, c.Bands, c.Basis)
	if err != nil {
		return nil, err
	}
	inserted := make(map[string]bool, len(keys))
	var key string
	if _, err := pgx.ForEachRow(rows, []any{&key}, func() error {
		inserted[key] = true
		return nil
	}); err != nil {
		return nil, err
	}
	if err := insertBands(ctx, tx, b, keys, want, inserted); err != nil {
		return nil, err
	}
	var terms []recordTerms
	for _, k := range keys {
		if inserted[k] {
			terms = append(terms, recordTerms{want[k], b.rows[k].Terms})
		}
	}
	return inserted, insertTerms(ctx, tx, b.placeKey, terms)
}

// recordArraysOf returns the columns of the records of keys with the IDs
// of want.
func recordArraysOf(b *batch, keys []string, want map[string]int64) recordArrays {
	n := len(keys)
	c := recordArrays{
		ID: make([]int64, n), Key: keys, JSON: make([]string, n), SearchText: make([]string, n),
		DateFirst: make([]*time.Time, n), DateLast: make([]*time.Time, n), DatePrecision: make([]string, n),
		Country: make([]*string, n), Lat: make([]*float64, n), Lon: make([]*float64, n),
		Killed: make([]*int, n), Injured: make([]*int, n), Parser: make([]string, n), Gazetteer: make([]string, n),
		Signature: make([][]byte, n), Bands: make([][]byte, n), Basis: make([]*string, n),
	}
	for i, k := range keys {
		r := b.rows[k]
		c.ID[i], c.JSON[i], c.SearchText[i] = want[k], r.JSON, r.SearchText
		c.DateFirst[i], c.DateLast[i], c.DatePrecision[i] = r.DateFirst, r.DateLast, r.DatePrecision
		c.Country[i], c.Lat[i], c.Lon[i], c.Killed[i], c.Injured[i] = r.Country, r.Lat, r.Lon, r.Killed, r.Injured
		c.Parser[i], c.Gazetteer[i], c.Signature[i], c.Bands[i] = r.Parser, r.Gazetteer, r.Signature, r.Bands
		c.Basis[i] = r.Basis
	}
	return c
}

// recordArrays are the columns of records to insert, one array per column.
type recordArrays struct {
	ID                  []int64
	Key, JSON           []string
	SearchText          []string
	DateFirst, DateLast []*time.Time
	DatePrecision       []string
	Country             []*string
	Lat, Lon            []*float64
	Killed, Injured     []*int
	Parser, Gazetteer   []string
	Signature, Bands    [][]byte
	Basis               []*string
}

// insertBands indexes the bands of the records inserted. A hash repeated
// within one record is indexed once.
func insertBands(ctx context.Context, tx pgx.Tx, b *batch, keys []string, want map[string]int64, inserted map[string]bool) error {
	var hashes, recs []int64
	for _, k := range keys {
		if !inserted[k] {
			continue
		}
		for i, h := range b.rows[k].BandHashes {
			if !slices.Contains(b.rows[k].BandHashes[:i], h) {
				hashes, recs = append(hashes, h), append(recs, want[k])
			}
		}
	}
	if len(recs) == 0 {
		return nil
	}
	_, err := tx.Exec(ctx, `INSERT INTO bands (hash, record_id) SELECT * FROM unnest($1::bigint[], $2::bigint[])`, hashes, recs)
	return err
}
