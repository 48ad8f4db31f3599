package server

import (
	"context"
	"fmt"
	"log/slog"
	"net/http"
	"slices"
	"strings"
)

// contentSecurityPolicy allows the page's own scripts, styles and data
// only: no inline script or style, no plug-ins, no framing, no <base>
// rewriting. The map draws SVG and may use data: images; fetch goes to the
// same origin (default-src).
const contentSecurityPolicy = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; " +
	"object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'self'"

// secure wraps every response: security headers (no-store but for static
// assets), the refusal of tokens in URLs, the body cap, the per-request deadline, and recovery from a
// handler's panic.
func (s *server) secure(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		h.Set("Content-Security-Policy", contentSecurityPolicy)
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("Referrer-Policy", "no-referrer")
		h.Set("X-Frame-Options", "DENY")
		h.Set("Cross-Origin-Opener-Policy", "same-origin")
		if !strings.HasPrefix(r.URL.Path, "/static/") {
			// Pages and answers show what the register holds now, and
			// may be sensitive: no browser or proxy keeps them. The
			// embedded assets may be cached.
			h.Set("Cache-Control", "no-store")
		}
		defer s.recoverPanic(w, r)
		if s.tokenInURL(r) {
			s.refuseTokenInURL(w, r)
			return
		}
		// Bodies are capped here once more for all routes; the handlers
		// that read one set their own, tighter cap.
		timeout, maxBody := s.limits.Timeout, s.limits.MaxBody
		switch {
		case r.Method == http.MethodPost && r.URL.Path == "/api/v1/documents":
			timeout, maxBody = s.limits.UploadTimeout, s.limits.MaxUpload
		case r.Method == http.MethodPost && (r.URL.Path == "/api/v1/photo-search" || r.URL.Path == "/photo-search"):
			maxBody = s.limits.MaxUpload
		case r.Method == http.MethodGet && r.URL.Path == "/api/v1/export":
			timeout = s.limits.ExportTimeout
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

// tokenInURL reports whether the URL carries a credential, which is never
// accepted there (URLs end up in logs, histories and Referer headers):
// userinfo (an absolute request URI's user:password@), a query parameter
// named like one, or the write token itself anywhere, raw or decoded, in
// the path or the query.
func (s *server) tokenInURL(r *http.Request) bool {
	if r.URL.User != nil {
		return true
	}
	if s.writeTokenInURL(r) {
		return true
	}
	for k := range r.URL.Query() {
		if tokenParams[strings.ToLower(k)] {
			return true
		}
	}
	return false
}

// writeTokenInURL reports whether the write token is somewhere in r's URL.
func (s *server) writeTokenInURL(r *http.Request) bool {
	tok := s.opt.WriteToken
	if tok == "" {
		return false
	}
	if strings.Contains(r.RequestURI, tok) || strings.Contains(r.URL.Path, tok) || strings.Contains(r.URL.RawQuery, tok) {
		return true
	}
	for k, vs := range r.URL.Query() {
		if strings.Contains(k, tok) || slices.ContainsFunc(vs, func(v string) bool { return strings.Contains(v, tok) }) {
			return true
		}
	}
	return false
}

// refuseTokenInURL answers a request with a credential in its URL: 400,
// nothing done. It is logged without the URL, and a warning says when the
// write token itself was there, for it should then be replaced.
func (s *server) refuseTokenInURL(w http.ResponseWriter, r *http.Request) {
	const msg = "a token in the URL is refused (URLs end up in logs and histories): send it as \"Authorization: Bearer TOKEN\""
	if s.writeTokenInURL(r) {
		s.tokenLog.event(r.Context(), s.log, slog.LevelWarn, "the write token was sent in a URL and refused; replace it (sijil serve -new-token)",
			clientIP(r), s.opt.Now(), "method", r.Method)
	}
	if strings.HasPrefix(r.URL.Path, "/api/") {
		writeJSON(w, http.StatusBadRequest, errorBody{Error: msg, Status: http.StatusBadRequest})
		return
	}
	s.renderError(w, r, http.StatusBadRequest, msg)
}

// requireToken lets a write through only with the write token as a bearer
// token: 403 when the server is read-only, 401 when the token is missing or
// wrong. Refusals are logged at warning level, at most one line per client
// a minute (see rateLog), without what was sent.
func (s *server) requireToken(next http.HandlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if s.opt.WriteToken == "" {
			s.error(w, r, errReadOnly)
			return
		}
		if !s.tokenHolder(r) {
			s.tokenLog.event(r.Context(), s.log, slog.LevelWarn, "write refused: no valid write token", clientIP(r), s.opt.Now(),
				"method", r.Method, "path", r.URL.Path, "authorization", authorizationKind(r.Header.Get("Authorization")))
			w.Header().Set("WWW-Authenticate", `Bearer realm="sijil"`)
			s.error(w, r, errUnauthorized)
			return
		}
		next(w, r)
	}
}

// authorizationKind says what a refused Authorization header was, for the
// log, without its credential: "none", "bearer" (a wrong token), "basic"
// (as a browser sends a URL's user:password), or "other" (a token sent
// without its scheme must not reach the log either).
func authorizationKind(h string) string {
	if h == "" {
		return "none"
	}
	scheme, _, _ := strings.Cut(h, " ")
	switch scheme = strings.ToLower(scheme); scheme {
	case "bearer", "basic", "digest":
		return scheme
	}
	return "other"
}
