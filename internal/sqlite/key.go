package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"slices"
	"strings"

	"sijil/internal/caption"
)

// keyHash is records.key_hash of a key: its 64-bit FNV-1a hash.
func keyHash(key string) int64 {
	h := uint64(14695981039346656037)
	for i := 0; i < len(key); i++ {
		h ^= uint64(key[i])
		h *= 1099511628211
	}
	return int64(h)
}

// findRecords returns the IDs and texts of the items' records already
// stored, by key, and the key hashes it saw held, by these records or by
// others. It fails with caption.ErrInvalid on an empty key.
func (s *Store) findRecords(ctx context.Context, q querier, items []*caption.Item) (ids map[string]int64, held map[int64]bool, texts map[string]string, err error) {
	ids, held, texts = map[string]int64{}, map[int64]bool{}, map[string]string{}
	var hashes []any
	keyOf := map[int64][]string{}
	for _, it := range items {
		k := it.Fingerprint.Key
		if k == "" {
			return nil, nil, nil, fmt.Errorf("caption %d: %w: empty fingerprint key", it.Occurrence.Index, caption.ErrInvalid)
		}
		h := s.keyHash(k)
		if !slices.Contains(keyOf[h], k) {
			if len(keyOf[h]) == 0 {
				hashes = append(hashes, h)
			}
			keyOf[h] = append(keyOf[h], k)
		}
	}
	for len(hashes) > 0 {
		n := stmtRows(len(hashes))
		query := "SELECT key, key_hash, id, text FROM records WHERE key_hash IN (?" + strings.Repeat(", ?", n-1) + ")"
		err := queryEach(ctx, q, query, hashes[:n], func(rows *sql.Rows) error {
			var k, text string
			var h, id int64
			err := rows.Scan(&k, &h, &id, &text)
			ids[k], held[h], texts[k] = id, true, text
			return err
		})
		if err != nil {
			return nil, nil, nil, err
		}
		hashes = hashes[n:]
	}
	// A key whose hash another key holds may be stored with a NULL hash.
	for h, keys := range keyOf {
		for _, k := range keys {
			if _, found := ids[k]; found || !held[h] {
				continue
			}
			var id int64
			var text string
			err := q.QueryRowContext(ctx, "SELECT id, text FROM records WHERE key_hash IS NULL AND key = ?", k).Scan(&id, &text)
			if err == nil {
				ids[k], texts[k] = id, text
			} else if !errors.Is(err, sql.ErrNoRows) {
				return nil, nil, nil, err
			}
		}
	}
	return ids, held, texts, nil
}
