package postgres

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"

	"sijil/internal/caption"
)

// The methods of this file feed an in-memory search index
// (internal/searchindex), which answers Search, Points and Timeline from
// memory and must follow every write, whichever process makes it.

// maxGaps bounds the record IDs a mark remembers as possibly still to come.
const maxGaps = 1024

// feedMark is where a reader of SearchRows stands: the highest record ID it
// has read; the count of search_terms rows deleted when it read them (which
// only reindexing a record does: UpdateRecord, or the search_pending pass at
// Open); the link version (LinkVersion) then, and since when (Unix seconds,
// 0 for not) a later one has been seen; and the IDs below the highest that
// it has not seen. A record's ID is taken when it is inserted, not when its
// transaction commits, so a record of a document stored beside another may
// appear after records with higher IDs: the gaps are asked for again until
// they show up (a gap left by a rolled-back transaction never does, and is
// forgotten once maxGaps newer ones are waiting).
type feedMark struct {
	maxID, deleted     int64
	linkVersion, since int64
	gaps               []int64
}

// relinkRebuild is how long a changed link version may go without a
// rebuild. It changes when a record is updated but also when one is
// linked, after every ingest: an update of a record with no search values,
// which deletes no search_terms row, is read within this time.
const relinkRebuild = 2 * 60

func (m feedMark) String() string {
	var b strings.Builder
	b.WriteString("pg2:" + strconv.FormatInt(m.maxID, 10) + ":" + strconv.FormatInt(m.deleted, 10) + ":" +
		strconv.FormatInt(m.linkVersion, 10) + ":" + strconv.FormatInt(m.since, 10) + ":")
	for i, g := range m.gaps {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(strconv.FormatInt(g, 10))
	}
	return b.String()
}

func parseFeedMark(s string) (feedMark, bool) {
	parts := strings.Split(s, ":")
	if len(parts) != 6 || parts[0] != "pg2" {
		return feedMark{}, false
	}
	var m feedMark
	for i, p := range []*int64{&m.maxID, &m.deleted, &m.linkVersion, &m.since} {
		var err error
		if *p, err = strconv.ParseInt(parts[i+1], 10, 64); err != nil {
			return feedMark{}, false
		}
	}
	if parts[5] != "" {
		for g := range strings.SplitSeq(parts[5], ",") {
			id, err := strconv.ParseInt(g, 10, 64)
			if err != nil {
				return feedMark{}, false
			}
			m.gaps = append(m.gaps, id)
		}
	}
	return m, true
}

// SearchRows calls fn with the search index row of every record stored
// since mark, and returns the mark to pass next time. For mark "" it passes
// every record, in ID order. It cannot list the records reindexed since
// mark: when there are some, or mark is not one it gave, it passes nothing
// and returns "", and the caller starts again from "". Reindexing deletes
// the record's search_terms rows, which pg_stat counts (another session
// reports its counts within ten seconds); a record with no search values
// has none, and its update is told by the link version, which linking moves
// too, and so is acted on only relinkRebuild after it moved. The rows are
// read in one repeatable-read transaction.
//
// A row is the record's ID and, in Record, the fields of
// caption.PointRecord; text is its caption.SearchText and values the IDs of
// its search values (SearchValues). text and values are valid only during
// the call.
func (s *Store) SearchRows(ctx context.Context, mark string, fn func(r caption.StoredRecord, text []byte, values []int64) error) (next string, err error) {
	defer wrap(&err, "postgres.SearchRows")
	m, ok := parseFeedMark(mark)
	err = s.readTx(ctx, func(tx pgx.Tx) error {
		var deleted, linkVersion int64
		const stat = `SELECT coalesce((SELECT n_tup_del FROM pg_stat_user_tables WHERE relid = 'search_terms'::regclass), 0),
			(SELECT CASE WHEN is_called THEN last_value ELSE last_value - 1 END FROM link_version)`
		if err := tx.QueryRow(ctx, stat).Scan(&deleted, &linkVersion); err != nil {
			return err
		}
		full := mark == ""
		now := time.Now().Unix()
		if !full && (!ok || deleted != m.deleted || m.since != 0 && now-m.since >= relinkRebuild) {
			next = ""
			return nil
		}
		if full {
			m = feedMark{deleted: deleted, linkVersion: linkVersion}
		} else if m.since == 0 && linkVersion != m.linkVersion {
			m.since = now
		}
		var where string
		var args []any
		if !full {
			where, args = " WHERE r.id > $1 OR r.id = ANY($2)", []any{m.maxID, m.gaps}
		}
		seen, err := s.searchRows(ctx, tx, full, where, args, fn)
		if err != nil {
			return err
		}
		next = m.after(seen, full).String()
		return nil
	})
	if err != nil {
		return "", err
	}
	return next, nil
}

// SearchRowsOf calls fn with the search index rows of the records of ids,
// as SearchRows does: what an index must read again after UpdateRecord,
// which SearchRows does not list.
func (s *Store) SearchRowsOf(ctx context.Context, ids []int64, fn func(r caption.StoredRecord, text []byte, values []int64) error) (err error) {
	defer wrap(&err, "postgres.SearchRowsOf")
	return s.readTx(ctx, func(tx pgx.Tx) error {
		_, err := s.searchRows(ctx, tx, false, " WHERE r.id = ANY($1)", []any{ids}, fn)
		return err
	})
}

// after returns the mark after reading the records seen (in ID order).
func (m feedMark) after(seen []int64, full bool) feedMark {
	next := feedMark{maxID: m.maxID, deleted: m.deleted, linkVersion: m.linkVersion, since: m.since}
	for _, g := range m.gaps {
		if _, found := slices.BinarySearch(seen, g); !found {
			next.gaps = append(next.gaps, g)
		}
	}
	if full {
		// The records stored just before the highest may still commit.
		if len(seen) > 0 {
			next.maxID = seen[len(seen)-1]
		}
		for g := max(1, next.maxID-maxGaps); g < next.maxID; g++ {
			if _, found := slices.BinarySearch(seen, g); !found {
				next.gaps = append(next.gaps, g)
			}
		}
		return next
	}
	// IDs above the old highest that were not seen may still commit.
	for _, id := range seen {
		if id <= next.maxID {
			continue
		}
		for g := max(next.maxID+1, id-maxGaps); g < id; g++ {
			next.gaps = append(next.gaps, g)
		}
		next.maxID = id
	}
	if n := len(next.gaps); n > maxGaps {
		next.gaps = next.gaps[n-maxGaps:]
	}
	return next
}

// searchRows runs the query of SearchRows with where and passes each row
// to fn, returning the IDs it passed.
func (s *Store) searchRows(ctx context.Context, tx pgx.Tx, full bool, where string, args []any, fn func(caption.StoredRecord, []byte, []int64) error) ([]int64, error) {
	// A record's compact fields and text are decoded here and cut to the
	// point fields; the point fields of a record stored as JSON (before
	// migration 0013) are cut from it by the server, so that a million
	// records do not cross the wire whole, and decoded by
	// caption.UnmarshalRecord, whose format this is. Every record's values
	// are grouped in one pass over search_terms; a few records' are looked
	// up.
	valuesCol, join := `ARRAY(SELECT t.value_id FROM search_terms t WHERE t.record_id = r.id)`, ""
	if full {
		valuesCol = `coalesce(t.ids, '{}')`
		join = ` LEFT JOIN (SELECT record_id, array_agg(value_id) AS ids FROM search_terms GROUP BY record_id) t ON t.record_id = r.id`
	}
	query := `SELECT r.id, r.search_text, r.text, r.desc_len, r.fields,
			CASE WHEN r.fields IS NULL THEN
				jsonb_build_object('text', '') || jsonb_strip_nulls(jsonb_build_object('date', r.record->'date',
				'country', r.record->'country', 'location', r.record->'location', 'places', r.record->'places',
				'killed', r.record->'killed', 'injured', r.record->'injured', 'event_types', r.record->'event_types'))
			END,
			` + valuesCol + ` FROM records r` + join + where + ` ORDER BY r.id`
	rows, err := tx.Query(ctx, query, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var seen []int64
	var text, fields, point []byte
	var recordText *string
	var descLen *int32
	var values []int64
	for rows.Next() {
		var r caption.StoredRecord
		if err := rows.Scan(&r.ID, &text, &recordText, &descLen, &fields, &point, &values); err != nil {
			return nil, err
		}
		if r.Record, err = unpackRecord(point, recordText, descLen, fields); err != nil {
			return nil, fmt.Errorf("record %d: %w", r.ID, err)
		}
		r.Record = caption.PointRecord(r.Record)
		if err := fn(r, text, values); err != nil {
			return nil, err
		}
		seen = append(seen, r.ID)
		if len(seen)%4096 == 0 {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
		}
	}
	return seen, rows.Err()
}

// SearchValues calls fn with every search value (ids nil) or those of ids:
// its ID, its field, value and fold as a caption.Term, and its place key
// ("" when it has none).
func (s *Store) SearchValues(ctx context.Context, ids []int64, fn func(id int64, t caption.Term, key string) error) (err error) {
	defer wrap(&err, "postgres.SearchValues")
	query := "SELECT id, field, fold, value, coalesce(key, '') FROM search_values"
	var args []any
	if ids != nil {
		query += " WHERE id = ANY($1)"
		args = append(args, ids)
	}
	return s.read(ctx, func(q querier) error {
		rows, err := q.Query(ctx, query, args...)
		if err != nil {
			return err
		}
		var id int64
		var field int16
		var t caption.Term
		var key string
		_, err = pgx.ForEachRow(rows, []any{&id, &field, &t.Fold, &t.Value, &key}, func() error {
			if t.Field = termField(int(field)); t.Field == "" {
				return fmt.Errorf("search value %d: unknown field %d", id, field)
			}
			return fn(id, t, key)
		})
		return err
	})
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
// that do not exist.
func (s *Store) RecordsByID(ctx context.Context, ids []int64) (rs []caption.StoredRecord, err error) {
	defer wrap(&err, "postgres.RecordsByID")
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	found, err := s.queryRecords(ctx, recordSelect+` WHERE r.id = ANY($1)`, ids)
	if err != nil {
		return nil, err
	}
	byID := make(map[int64]caption.StoredRecord, len(found))
	for _, r := range found {
		byID[r.ID] = r
	}
	for _, id := range ids {
		if r, ok := byID[id]; ok {
			rs = append(rs, r)
		}
	}
	return rs, nil
}

// WatchCommits is caption.ErrUnsupported: PostgreSQL has no cheap counter
// of commits, so an index over the store reads its records every time
// rather than caching them.
func (s *Store) WatchCommits(context.Context) (func(context.Context) (int64, error), func() error, error) {
	return nil, nil, fmt.Errorf("postgres.WatchCommits: %w", caption.ErrUnsupported)
}
