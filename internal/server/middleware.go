package server

import (
	"context"
	"crypto/subtle"
	"fmt"
	"net/http"
	"strings"

	"sijil/internal/caption"
)

// contentSecurityPolicy allows the page's own scripts, styles and data
// only: no inline script or style, no plug-ins, no framing, no <base>
// rewriting. The map draws SVG and may use data: images; fetch goes to the
// same origin (default-src).
const contentSecurityPolicy = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; " +
	"object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'self'"

// secure wraps every response: security headers, the refusal of tokens in
// URLs, the body cap, the per-request deadline, and recovery from a
// handler's panic.
func (s *server) secure(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		h.Set("Content-Security-Policy", contentSecurityPolicy)
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("Referrer-Policy", "no-referrer")
		h.Set("X-Frame-Options", "DENY")
		h.Set("Cross-Origin-Opener-Policy", "same-origin")
		defer s.recoverPanic(w, r)
		if s.tokenInQuery(r) {
			s.error(w, r, &UserError{Kind: caption.ErrInvalid,
				Message: "a token in the URL is refused (URLs end up in logs and histories): send it as \"Authorization: Bearer TOKEN\""})
			return
		}
		// Bodies are capped here once more for all routes; the handlers
		// that read one set their own, tighter cap.
		timeout, maxBody := s.limits.Timeout, s.limits.MaxBody
		if r.Method == http.MethodPost && r.URL.Path == "/api/v1/documents" {
			timeout, maxBody = s.limits.UploadTimeout, s.limits.MaxUpload
		}
		r.Body = http.MaxBytesReader(w, r.Body, maxBody)
		ctx, cancel := context.WithTimeout(r.Context(), timeout)
		defer cancel()
		next.ServeHTTP(w, r.WithContext(ctx))
	})
}

// recoverPanic turns a handler's panic into a logged 500. http.ErrAbortHandler
// is net/http's way of aborting a response and is passed on.
func (s *server) recoverPanic(w http.ResponseWriter, r *http.Request) {
	v := recover()
	if v == nil {
		return
	}
	if v == http.ErrAbortHandler {
		panic(v)
	}
	s.error(w, r, fmt.Errorf("panic: %v", v))
}

// tokenParams are query parameters that look like credentials.
var tokenParams = map[string]bool{
	"token": true, "access_token": true, "write_token": true, "write-token": true, "auth": true,
	"authorization": true, "bearer": true, "api_key": true, "apikey": true, "key": true,
}

// tokenInQuery reports whether the URL carries a credential: a parameter
// named like one, or the write token itself as any value.
func (s *server) tokenInQuery(r *http.Request) bool {
	if r.URL.RawQuery == "" {
		return false
	}
	for k, vs := range r.URL.Query() {
		if tokenParams[strings.ToLower(k)] {
			return true
		}
		for _, v := range vs {
			if s.opt.WriteToken != "" && strings.Contains(v, s.opt.WriteToken) {
				return true
			}
		}
	}
	return false
}

// requireToken lets a write through only with the write token as a bearer
// token: 403 when the server is read-only, 401 when the token is missing or
// wrong.
func (s *server) requireToken(next http.HandlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if s.opt.WriteToken == "" {
			s.error(w, r, errReadOnly)
			return
		}
		got, ok := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer ")
		if !ok || subtle.ConstantTimeCompare([]byte(strings.TrimSpace(got)), []byte(s.opt.WriteToken)) != 1 {
			w.Header().Set("WWW-Authenticate", `Bearer realm="sijil"`)
			s.error(w, r, errUnauthorized)
			return
		}
		next(w, r)
	}
}
