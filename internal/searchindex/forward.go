package searchindex

import (
	"context"
	"iter"

	"sijil/internal/caption"
)

// Store implements every method of caption.Store itself, rather than
// embedding its source: a method added to the interface does not compile
// here until someone decides whether it passes straight to the source (the
// reads below, and writes of what the index does not hold) or must also
// update the index (writes of records, which call afterWrite).

// PutDocuments stores documents in the source and indexes what they added.
func (s *Store) PutDocuments(ctx context.Context, docs []caption.DocumentItems, v caption.Versions, link caption.LinkFunc) ([]caption.IngestResult, error) {
	res, err := s.src.PutDocuments(ctx, docs, v, link)
	if err == nil {
		for _, r := range res {
			if !r.Unchanged {
				s.afterWrite(ctx)
				break
			}
		}
	}
	return res, err
}

// SetLink passes to the source: the index holds neither groups nor
// links, and the records searches return are read from the source (or
// from a cache that a commit empties), groups included.
func (s *Store) SetLink(ctx context.Context, l caption.Link) error { return s.src.SetLink(ctx, l) }

// SetLinks passes to the source, as SetLink does.
func (s *Store) SetLinks(ctx context.Context, links []caption.Link) error {
	return s.src.SetLinks(ctx, links)
}

// AddCorrection passes to the source: a correction stands beside the
// record's fields, which it does not change, and the index holds none.
func (s *Store) AddCorrection(ctx context.Context, c caption.Correction) (caption.Correction, error) {
	return s.src.AddCorrection(ctx, c)
}

// Unlinked passes to the source.
func (s *Store) Unlinked(ctx context.Context, level caption.LinkLevel, limit int) ([]caption.StoredRecord, error) {
	return s.src.Unlinked(ctx, level, limit)
}

// ClusterBands passes to the source.
func (s *Store) ClusterBands(ctx context.Context, after int64) iter.Seq2[caption.BandRecord, error] {
	return s.src.ClusterBands(ctx, after)
}

// RecordsOf passes to the source.
func (s *Store) RecordsOf(ctx context.Context, ids []int64) ([]caption.StoredRecord, error) {
	return s.src.RecordsOf(ctx, ids)
}

// EventCandidates passes to the source.
func (s *Store) EventCandidates(ctx context.Context, d caption.PartialDate, days int) ([]caption.StoredRecord, error) {
	return s.src.EventCandidates(ctx, d, days)
}

// LinkVersion passes to the source.
func (s *Store) LinkVersion(ctx context.Context) (int64, error) { return s.src.LinkVersion(ctx) }

// Links passes to the source.
func (s *Store) Links(ctx context.Context, record int64) ([]caption.Link, error) {
	return s.src.Links(ctx, record)
}

// Record passes to the source.
func (s *Store) Record(ctx context.Context, id int64) (caption.StoredRecord, error) {
	return s.src.Record(ctx, id)
}

// Records passes to the source.
func (s *Store) Records(ctx context.Context) iter.Seq2[caption.StoredRecord, error] {
	return s.src.Records(ctx)
}

// Sources passes to the source.
func (s *Store) Sources(ctx context.Context, record int64) ([]caption.Source, error) {
	return s.src.Sources(ctx, record)
}

// SourcesOf passes to the source.
func (s *Store) SourcesOf(ctx context.Context, records []int64) (map[int64][]caption.Source, error) {
	return s.src.SourcesOf(ctx, records)
}

// Documents passes to the source.
func (s *Store) Documents(ctx context.Context) ([]caption.Document, error) {
	return s.src.Documents(ctx)
}

// Stats passes to the source.
func (s *Store) Stats(ctx context.Context) (caption.Stats, error) { return s.src.Stats(ctx) }

// Corrections passes to the source.
func (s *Store) Corrections(ctx context.Context, record int64) ([]caption.Correction, error) {
	return s.src.Corrections(ctx, record)
}

// The photo methods pass to the source: the index holds no photos, and a
// record's same-picture warnings are worked out when it is read from the
// source.

// PutPhotos passes to the source.
func (s *Store) PutPhotos(ctx context.Context, photos []caption.DocumentPhoto) error {
	return s.src.PutPhotos(ctx, photos)
}

// DocumentsWithoutPhoto passes to the source.
func (s *Store) DocumentsWithoutPhoto(ctx context.Context, formats []string) ([]int64, error) {
	return s.src.DocumentsWithoutPhoto(ctx, formats)
}

// UnlinkedPhotos passes to the source.
func (s *Store) UnlinkedPhotos(ctx context.Context, limit int) ([]caption.Photo, error) {
	return s.src.UnlinkedPhotos(ctx, limit)
}

// PhotosByKeys passes to the source.
func (s *Store) PhotosByKeys(ctx context.Context, keys []int64) ([]caption.Photo, error) {
	return s.src.PhotosByKeys(ctx, keys)
}

// SetPhotoLinks passes to the source.
func (s *Store) SetPhotoLinks(ctx context.Context, links []caption.PhotoLink) error {
	return s.src.SetPhotoLinks(ctx, links)
}

// PhotoSources passes to the source.
func (s *Store) PhotoSources(ctx context.Context, groups []int64) ([]caption.Source, error) {
	return s.src.PhotoSources(ctx, groups)
}

// Thumbnail passes to the source.
func (s *Store) Thumbnail(ctx context.Context, sha256 string) ([]byte, error) {
	return s.src.Thumbnail(ctx, sha256)
}
