package postgres

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"sijil/internal/caption"
)

// PutPhotos stores photos and their documents' links to them in one
// transaction (a savepoint inside Exclusive).
func (s *Store) PutPhotos(ctx context.Context, photos []caption.DocumentPhoto) (err error) {
	defer wrap(&err, "postgres.PutPhotos(%d photos)", len(photos))
	for _, p := range photos {
		if err := p.Check(); err != nil {
			return err
		}
	}
	if len(photos) == 0 {
		return ctx.Err()
	}
	return s.write(ctx, "PutPhotos", func(tx pgx.Tx, _ *txState) error {
		for _, p := range photos {
			if err := putPhoto(ctx, tx, p); err != nil {
				return err
			}
		}
		return nil
	})
}

func putPhoto(ctx context.Context, tx pgx.Tx, p caption.DocumentPhoto) error {
	var exists bool
	if err := tx.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM documents WHERE id = $1)`, p.Document).Scan(&exists); err != nil {
		return err
	}
	if !exists {
		return fmt.Errorf("document %d: %w", p.Document, caption.ErrNotFound)
	}
	ph := p.Photo
	tag, err := tx.Exec(ctx, `INSERT INTO photos (sha256, width, height, phash) VALUES ($1, $2, $3, $4)
		ON CONFLICT (sha256) DO NOTHING`, ph.SHA256, ph.Width, ph.Height, ph.Hash)
	if err != nil {
		return err
	}
	var id int64
	if err := tx.QueryRow(ctx, `SELECT id FROM photos WHERE sha256 = $1`, ph.SHA256).Scan(&id); err != nil {
		return err
	}
	if tag.RowsAffected() > 0 && len(p.Keys) > 0 {
		_, err := tx.Exec(ctx, `INSERT INTO photo_keys (key, photo_id) SELECT DISTINCT k, $2::bigint FROM unnest($1::bigint[]) AS k`, p.Keys, id)
		if err != nil {
			return err
		}
	}
	if _, err := tx.Exec(ctx, `INSERT INTO photo_thumbs (photo_id, jpeg) VALUES ($1, $2) ON CONFLICT DO NOTHING`, id, p.Thumb); err != nil {
		return err
	}
	_, err = tx.Exec(ctx, `INSERT INTO document_photos (document_id, photo_id) VALUES ($1, $2) ON CONFLICT DO NOTHING`, p.Document, id)
	return err
}

// photoColumns are what photoRow reads: nullable all, for the sources of
// text documents (a LEFT JOIN).
const photoColumns = `p.id, p.sha256, p.width, p.height, p.phash, p.grp, p.target, p.distance, p.rule, p.linked`

// photoRow holds photoColumns as scanned.
type photoRow struct {
	id, width, height, group, target, distance *int64
	sha256, hash, rule                         *string
	linked                                     *time.Time
}

func (r *photoRow) dest() []any {
	return []any{&r.id, &r.sha256, &r.width, &r.height, &r.hash, &r.group, &r.target, &r.distance, &r.rule, &r.linked}
}

// photo returns the photo scanned, nil when the row had none.
func (r *photoRow) photo() *caption.Photo {
	if r.id == nil {
		return nil
	}
	p := &caption.Photo{ID: *r.id, SHA256: *r.sha256, Width: int(*r.width), Height: int(*r.height), Hash: *r.hash}
	if r.group != nil {
		p.Link = caption.PhotoLink{Photo: p.ID, Group: *r.group, Target: *r.target, Distance: int(*r.distance), Rule: *r.rule, Created: r.linked.UTC()}
	}
	return p
}

// queryPhotos runs a query of photoColumns.
func (s *Store) queryPhotos(ctx context.Context, query string, args ...any) (ps []caption.Photo, err error) {
	err = s.read(ctx, func(q querier) error {
		rows, err := q.Query(ctx, query, args...)
		if err != nil {
			return err
		}
		ps, err = pgx.CollectRows(rows, func(row pgx.CollectableRow) (caption.Photo, error) {
			var r photoRow
			err := row.Scan(r.dest()...)
			return *r.photo(), err
		})
		return err
	})
	return ps, err
}

// UnlinkedPhotos returns up to limit photos with no link, in ID order.
func (s *Store) UnlinkedPhotos(ctx context.Context, limit int) (_ []caption.Photo, err error) {
	defer wrap(&err, "postgres.UnlinkedPhotos(%d)", limit)
	if limit < 1 {
		return nil, fmt.Errorf("%w: limit %d", caption.ErrInvalid, limit)
	}
	return s.queryPhotos(ctx, `SELECT `+photoColumns+` FROM photos p WHERE grp IS NULL ORDER BY id LIMIT $1`, limit)
}

// DocumentsWithoutPhoto returns the documents of formats that have no
// document_photos row.
func (s *Store) DocumentsWithoutPhoto(ctx context.Context, formats []string) (ids []int64, err error) {
	defer wrap(&err, "postgres.DocumentsWithoutPhoto(%q)", formats)
	err = s.read(ctx, func(q querier) error {
		rows, err := q.Query(ctx, `SELECT id FROM documents d WHERE format = ANY($1)
			AND NOT EXISTS (SELECT 1 FROM document_photos p WHERE p.document_id = d.id) ORDER BY id`, formats)
		if err != nil {
			return err
		}
		ids, err = pgx.CollectRows(rows, pgx.RowTo[int64])
		return err
	})
	return ids, err
}

// PhotosByKeys returns the photos under keys, read through photo_keys'
// primary key.
func (s *Store) PhotosByKeys(ctx context.Context, keys []int64) (_ []caption.Photo, err error) {
	defer wrap(&err, "postgres.PhotosByKeys(%d keys)", len(keys))
	if len(keys) == 0 {
		return nil, ctx.Err()
	}
	return s.queryPhotos(ctx, `SELECT `+photoColumns+` FROM photos p
		WHERE id IN (SELECT photo_id FROM photo_keys WHERE key = ANY($1)) ORDER BY id`, keys)
}

// SetPhotoLinks stores links, each replacing its photo's link.
func (s *Store) SetPhotoLinks(ctx context.Context, links []caption.PhotoLink) (err error) {
	defer wrap(&err, "postgres.SetPhotoLinks(%d links)", len(links))
	now := time.Now()
	for i, l := range links {
		if l.Group < 1 || l.Rule == "" {
			return fmt.Errorf("%w: photo %d: group %d, rule %q", caption.ErrInvalid, l.Photo, l.Group, l.Rule)
		}
		if err := checkText(l.Rule); err != nil {
			return err
		}
		if l.Created.IsZero() {
			links[i].Created = now
		}
	}
	if len(links) == 0 {
		return ctx.Err()
	}
	return s.write(ctx, "SetPhotoLinks", func(tx pgx.Tx, _ *txState) error {
		for _, l := range links {
			var n int
			err := tx.QueryRow(ctx, `SELECT count(*) FROM photos WHERE id = ANY($1)`, []int64{l.Photo, l.Target, l.Group}).Scan(&n)
			if err != nil {
				return err
			}
			if want := distinct(l.Photo, l.Target, l.Group); n != want {
				return fmt.Errorf("photo %d, target %d or group %d: %w", l.Photo, l.Target, l.Group, caption.ErrNotFound)
			}
			_, err = tx.Exec(ctx, `UPDATE photos SET grp = $1, target = $2, distance = $3, rule = $4, linked = $5 WHERE id = $6`,
				l.Group, l.Target, l.Distance, l.Rule, l.Created, l.Photo)
			if err != nil {
				return err
			}
		}
		return nil
	})
}

// distinct counts the distinct values of ids.
func distinct(ids ...int64) int {
	seen := map[int64]bool{}
	for _, id := range ids {
		seen[id] = true
	}
	return len(seen)
}

// PhotoSources returns the sources of the photos of groups.
func (s *Store) PhotoSources(ctx context.Context, groups []int64) (srcs []caption.Source, err error) {
	defer wrap(&err, "postgres.PhotoSources(%d groups)", len(groups))
	where, args := `p.grp = ANY($1)`, []any{groups}
	if groups == nil {
		where, args = `p.grp IN (SELECT grp FROM photos WHERE grp IS NOT NULL GROUP BY grp HAVING count(*) > 1)`, nil
	} else if len(groups) == 0 {
		return nil, ctx.Err()
	}
	err = s.read(ctx, func(q querier) error {
		rows, err := q.Query(ctx, `SELECT `+sourceColumns+`
			FROM photos p JOIN document_photos dp ON dp.photo_id = p.id
			JOIN documents d ON d.id = dp.document_id
			JOIN occurrences o ON o.document_id = d.id
			WHERE `+where+` ORDER BY p.grp, p.id, d.id, o.idx`, args...)
		if err != nil {
			return err
		}
		srcs, err = pgx.CollectRows(rows, scanSource)
		return err
	})
	return srcs, err
}

// Thumbnail returns the thumbnail of the photo of sha256.
func (s *Store) Thumbnail(ctx context.Context, sha256 string) (b []byte, err error) {
	defer wrap(&err, "postgres.Thumbnail(%.12s)", sha256)
	err = s.read(ctx, func(q querier) error {
		return q.QueryRow(ctx, `SELECT t.jpeg FROM photo_thumbs t JOIN photos p ON p.id = t.photo_id WHERE p.sha256 = $1`, sha256).Scan(&b)
	})
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, fmt.Errorf("photo %.12s: %w", sha256, caption.ErrNotFound)
	}
	return b, err
}
