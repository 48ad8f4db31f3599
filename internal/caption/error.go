package caption

import "errors"

// The error kinds every layer maps its failures to, so that the command line
// and the server can decide exit codes and HTTP statuses with errors.Is. The
// set is append-only.
var (
	ErrNotFound    = errors.New("not found")
	ErrInvalid     = errors.New("invalid input")
	ErrDuplicate   = errors.New("duplicate")
	ErrUnsupported = errors.New("unsupported")
)
