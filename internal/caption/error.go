package caption

import (
	"errors"
	"fmt"
)

// The error kinds every layer maps its failures to, so that the command line
// and the server can decide exit codes and HTTP statuses with errors.Is. The
// set is append-only.
var (
	ErrNotFound    = errors.New("not found")
	ErrInvalid     = errors.New("invalid input")
	ErrDuplicate   = errors.New("duplicate")
	ErrUnsupported = errors.New("unsupported")
)

// RepeatUnheld is a store's error for it, an Item of the document at path
// marked Repeat whose key the store holds no record of: its Record is not
// one to store (see Item.Repeat).
func RepeatUnheld(path string, it *Item) error {
	return fmt.Errorf("%s: caption %d: %w: marked as repeating an earlier caption, whose record the store does not hold", path, it.Occurrence.Index, ErrInvalid)
}
