package searchindex

import (
	"context"

	"sijil/internal/caption"
)

// Group passes to the source: the index holds no groups, and the source
// reads a page of one by the group's ID from an index of its own, at a cost
// that does not grow with the register.
func (s *Store) Group(ctx context.Context, q caption.GroupQuery) (caption.GroupPage, error) {
	return s.src.Group(ctx, q)
}
