package server

import (
	"context"
	"errors"
	"log/slog"
	"net/http"
	"strings"

	"sijil/internal/caption"
)

// UserError is an error whose Message is written for the client ("from:
// want YYYY, YYYY-MM or YYYY-MM-DD"). Kind, one of caption's error kinds,
// decides the status; Err, when set, is the detail that is logged but never
// sent. Every other error reaches the client only as its kind's generic
// message.
type UserError struct {
	Kind    error
	Message string
	Err     error
}

func (e *UserError) Error() string {
	if e.Err != nil {
		return e.Message + ": " + e.Err.Error()
	}
	return e.Message
}

// Unwrap returns the kind and the detail, for errors.Is and errors.As.
func (e *UserError) Unwrap() []error {
	if e.Err == nil {
		return []error{e.Kind}
	}
	return []error{e.Kind, e.Err}
}

// The server's own kinds, beside caption's.
var (
	errUnauthorized = errors.New("unauthorized")
	errReadOnly     = errors.New("read-only")
	errTooLarge     = errors.New("too large")
	errBusy         = errors.New("busy")
)

// statuses maps error kinds to HTTP statuses and the message a client gets
// when the error carries none of its own. The first kind that errors.Is
// finds wins; anything else is a 500.
var statuses = []struct {
	kind    error
	status  int
	message string
}{
	{errTooLarge, http.StatusRequestEntityTooLarge, "the request body is too large"},
	{errUnauthorized, http.StatusUnauthorized, "this needs the write token, sent as \"Authorization: Bearer TOKEN\""},
	{errReadOnly, http.StatusForbidden, "this server is read-only: start it with --write-token to allow changes"},
	{errBusy, http.StatusTooManyRequests, "too many requests at once from this client; try again later"},
	{caption.ErrNotFound, http.StatusNotFound, "not found"},
	{caption.ErrInvalid, http.StatusBadRequest, "invalid request"},
	{caption.ErrDuplicate, http.StatusConflict, "already exists"},
	{caption.ErrUnsupported, http.StatusNotImplemented, "not supported by this server"},
	{context.DeadlineExceeded, http.StatusServiceUnavailable, "the request took too long; narrow the search and try again"},
	{context.Canceled, http.StatusServiceUnavailable, "the request was cancelled"},
}

// errorStatus returns err's status and the message the client may see.
func errorStatus(err error) (int, string) {
	var mbe *http.MaxBytesError
	if errors.As(err, &mbe) {
		err = errTooLarge
	}
	for _, st := range statuses {
		if !errors.Is(err, st.kind) {
			continue
		}
		var ue *UserError
		if errors.As(err, &ue) && ue.Message != "" {
			return st.status, ue.Message
		}
		return st.status, st.message
	}
	return http.StatusInternalServerError, "internal error; the server log has the details"
}

// error is the one place a failed request is answered and logged: JSON
// under /api/, an HTML page elsewhere. Server errors are logged with their
// detail at Error level; a client's mistakes at Debug.
func (s *server) error(w http.ResponseWriter, r *http.Request, err error) {
	status, msg := errorStatus(err)
	level := slog.LevelDebug
	if status >= 500 && !errors.Is(err, context.Canceled) {
		level = slog.LevelError
	}
	s.log.Log(r.Context(), level, "request failed", "method", r.Method, "path", r.URL.Path, "status", status, "err", err)
	if strings.HasPrefix(r.URL.Path, "/api/") {
		writeJSON(w, status, errorBody{Error: msg, Status: status})
		return
	}
	s.renderError(w, r, status, msg)
}

// errorBody is the JSON of every API error.
type errorBody struct {
	Error  string `json:"error"`
	Status int    `json:"status"`
}
