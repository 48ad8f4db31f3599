package sqlite

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"sijil/internal/caption"
)

// PutPhotos stores photos and their documents' links to them in one
// transaction (a savepoint inside Exclusive).
func (s *Store) PutPhotos(ctx context.Context, photos []caption.DocumentPhoto) (err error) {
	defer wrap(&err, "sqlite.PutPhotos(%d photos)", len(photos))
	for _, p := range photos {
		if err := p.Check(); err != nil {
			return err
		}
	}
	if len(photos) == 0 {
		return ctx.Err()
	}
	return s.write(ctx, func(q querier) error {
		for _, p := range photos {
			if err := putPhoto(ctx, q, p); err != nil {
				return err
			}
		}
		return nil
	})
}

func putPhoto(ctx context.Context, q querier, p caption.DocumentPhoto) error {
	var one int
	err := q.QueryRowContext(ctx, "SELECT 1 FROM documents WHERE id = ?", p.Document).Scan(&one)
	if errors.Is(err, sql.ErrNoRows) {
		return fmt.Errorf("document %d: %w", p.Document, caption.ErrNotFound)
	}
	if err != nil {
		return err
	}
	ph := p.Photo
	res, err := q.ExecContext(ctx, `INSERT INTO photos (sha256, width, height, phash) VALUES (?, ?, ?, ?)
		ON CONFLICT (sha256) DO NOTHING`, ph.SHA256, ph.Width, ph.Height, ph.Hash)
	if err != nil {
		return err
	}
	added, err := res.RowsAffected()
	if err != nil {
		return err
	}
	var id int64
	if err := q.QueryRowContext(ctx, "SELECT id FROM photos WHERE sha256 = ?", ph.SHA256).Scan(&id); err != nil {
		return err
	}
	if added > 0 && len(p.Keys) > 0 {
		rows := make([][]any, len(p.Keys))
		for i, k := range p.Keys {
			rows[i] = []any{k, id}
		}
		if err := execRows(ctx, q, "INSERT INTO photo_keys (key, photo_id) VALUES ", " ON CONFLICT DO NOTHING", rows, nil); err != nil {
			return err
		}
	}
	if _, err := q.ExecContext(ctx, "INSERT INTO photo_thumbs (photo_id, jpeg) VALUES (?, ?) ON CONFLICT DO NOTHING", id, p.Thumb); err != nil {
		return err
	}
	_, err = q.ExecContext(ctx, "INSERT INTO document_photos (document_id, photo_id) VALUES (?, ?) ON CONFLICT DO NOTHING", p.Document, id)
	return err
}

// photoColumns are what scanPhoto reads: nullable all, for the sources of
// text documents (a LEFT JOIN).
const photoColumns = "photos.id, photos.sha256, photos.width, photos.height, photos.phash, photos.grp, photos.target, photos.distance, photos.rule, photos.linked"

// photoRow holds photoColumns as scanned.
type photoRow struct {
	id, width, height, group, target, distance sql.NullInt64
	sha256, hash, rule, linked                 sql.NullString
}

func (r *photoRow) dest() []any {
	return []any{&r.id, &r.sha256, &r.width, &r.height, &r.hash, &r.group, &r.target, &r.distance, &r.rule, &r.linked}
}

// photo returns the photo scanned, nil when the row had none.
func (r *photoRow) photo() (*caption.Photo, error) {
	if !r.id.Valid {
		return nil, nil
	}
	p := &caption.Photo{ID: r.id.Int64, SHA256: r.sha256.String, Width: int(r.width.Int64), Height: int(r.height.Int64), Hash: r.hash.String}
	if r.group.Valid {
		p.Link = caption.PhotoLink{Photo: p.ID, Group: r.group.Int64, Target: r.target.Int64, Distance: int(r.distance.Int64), Rule: r.rule.String}
		var err error
		if p.Link.Created, err = parseTime(r.linked.String); err != nil {
			return nil, fmt.Errorf("photo %d: %w", p.ID, err)
		}
	}
	return p, nil
}

// queryPhotos runs a query of photoColumns.
func queryPhotos(ctx context.Context, q querier, query string, args ...any) ([]caption.Photo, error) {
	rows, err := q.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, err
	}
	var out []caption.Photo
	err = eachRow(rows, func(rows *sql.Rows) error {
		var r photoRow
		if err := rows.Scan(r.dest()...); err != nil {
			return err
		}
		p, err := r.photo()
		if err == nil {
			out = append(out, *p)
		}
		return err
	})
	return out, err
}

// UnlinkedPhotos returns up to limit photos with no link, in ID order.
func (s *Store) UnlinkedPhotos(ctx context.Context, limit int) (ps []caption.Photo, err error) {
	defer wrap(&err, "sqlite.UnlinkedPhotos(%d)", limit)
	if limit < 1 {
		return nil, fmt.Errorf("%w: limit %d", caption.ErrInvalid, limit)
	}
	return queryPhotos(ctx, s.read(ctx), "SELECT "+photoColumns+" FROM photos WHERE grp IS NULL ORDER BY id LIMIT ?", limit)
}

// DocumentsWithoutPhoto returns the documents of formats that have no
// document_photos row.
func (s *Store) DocumentsWithoutPhoto(ctx context.Context, formats []string) (ids []int64, err error) {
	defer wrap(&err, "sqlite.DocumentsWithoutPhoto(%q)", formats)
	list, err := json.Marshal(formats)
	if err != nil {
		return nil, err
	}
	rows, err := s.read(ctx).QueryContext(ctx, `SELECT id FROM documents
		WHERE format IN (SELECT value FROM json_each(?))
		AND NOT EXISTS (SELECT 1 FROM document_photos WHERE document_id = documents.id) ORDER BY id`, string(list))
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			return nil, err
		}
		ids = append(ids, id)
	}
	return ids, rows.Err()
}

// PhotosByKeys returns the photos under keys, read through photo_keys'
// primary key.
func (s *Store) PhotosByKeys(ctx context.Context, keys []int64) (ps []caption.Photo, err error) {
	defer wrap(&err, "sqlite.PhotosByKeys(%d keys)", len(keys))
	if len(keys) == 0 {
		return nil, ctx.Err()
	}
	list, err := json.Marshal(keys)
	if err != nil {
		return nil, err
	}
	return queryPhotos(ctx, s.read(ctx), "SELECT "+photoColumns+` FROM photos WHERE id IN (
		SELECT photo_id FROM photo_keys WHERE key IN (SELECT value FROM json_each(?))) ORDER BY id`, string(list))
}

// SetPhotoLinks stores links, each replacing its photo's link.
func (s *Store) SetPhotoLinks(ctx context.Context, links []caption.PhotoLink) (err error) {
	defer wrap(&err, "sqlite.SetPhotoLinks(%d links)", len(links))
	now := time.Now()
	for i, l := range links {
		if l.Group < 1 || l.Rule == "" {
			return fmt.Errorf("%w: photo %d: group %d, rule %q", caption.ErrInvalid, l.Photo, l.Group, l.Rule)
		}
		if err := checkText("rule", l.Rule); err != nil {
			return err
		}
		if l.Created.IsZero() {
			links[i].Created = now
		}
	}
	if len(links) == 0 {
		return ctx.Err()
	}
	return s.write(ctx, func(q querier) error {
		for _, l := range links {
			for _, id := range []int64{l.Photo, l.Target, l.Group} {
				var one int
				err := q.QueryRowContext(ctx, "SELECT 1 FROM photos WHERE id = ?", id).Scan(&one)
				if errors.Is(err, sql.ErrNoRows) {
					return fmt.Errorf("photo %d: %w", id, caption.ErrNotFound)
				}
				if err != nil {
					return err
				}
			}
			_, err := q.ExecContext(ctx, "UPDATE photos SET grp = ?, target = ?, distance = ?, rule = ?, linked = ? WHERE id = ?",
				l.Group, l.Target, l.Distance, l.Rule, formatTime(l.Created), l.Photo)
			if err != nil {
				return err
			}
		}
		return nil
	})
}

// PhotoSources returns the sources of the photos of groups.
func (s *Store) PhotoSources(ctx context.Context, groups []int64) (srcs []caption.Source, err error) {
	defer wrap(&err, "sqlite.PhotoSources(%d groups)", len(groups))
	var where string
	var args []any
	if groups == nil {
		where = "photos.grp IN (SELECT grp FROM photos WHERE grp IS NOT NULL GROUP BY grp HAVING count(*) > 1)"
	} else {
		if len(groups) == 0 {
			return nil, ctx.Err()
		}
		ids, err := json.Marshal(groups)
		if err != nil {
			return nil, err
		}
		where, args = "photos.grp IN (SELECT value FROM json_each(?))", []any{string(ids)}
	}
	query := `SELECT ` + sourceColumns + `
		FROM photos JOIN document_photos ON document_photos.photo_id = photos.id
		JOIN documents ON documents.id = document_photos.document_id
		JOIN occurrences ON occurrences.document_id = documents.id
		WHERE ` + where + ` ORDER BY photos.grp, photos.id, documents.id, occurrences.idx`
	err = s.querySources(ctx, query, args, func(src caption.Source) { srcs = append(srcs, src) })
	return srcs, err
}

// Thumbnail returns the thumbnail of the photo of sha256.
func (s *Store) Thumbnail(ctx context.Context, sha256 string) (b []byte, err error) {
	defer wrap(&err, "sqlite.Thumbnail(%.12s)", sha256)
	err = s.read(ctx).QueryRowContext(ctx, `SELECT jpeg FROM photo_thumbs JOIN photos ON photos.id = photo_thumbs.photo_id
		WHERE photos.sha256 = ?`, sha256).Scan(&b)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, fmt.Errorf("photo %.12s: %w", sha256, caption.ErrNotFound)
	}
	return b, err
}
