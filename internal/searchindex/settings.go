package searchindex

import (
	"context"

	"sijil/internal/caption"
)

// The register's settings and record versions are not indexed: these
// methods pass straight to the source. A
// setting changed here changes no record (and so nothing the index holds)
// until the records are derived again (`sijil reparse`), which the index
// follows as it follows every UpdateRecord.

// Settings returns the source's settings.
func (s *Store) Settings(ctx context.Context) (caption.Settings, error) {
	return s.src.Settings(ctx)
}

// SetSettings sets the source's settings.
func (s *Store) SetSettings(ctx context.Context, st caption.Settings) error {
	return s.src.SetSettings(ctx, st)
}

// RecordVersions counts the source's records by the versions that derived
// them.
func (s *Store) RecordVersions(ctx context.Context) ([]caption.VersionCount, error) {
	return s.src.RecordVersions(ctx)
}
