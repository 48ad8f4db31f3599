package server

import (
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/netip"
	"strings"
)

// DNS rebinding: a page an analyst visits can point its own domain at
// 127.0.0.1 and then read the register through the browser, which sends
// the page's domain as Host. The server therefore answers only requests
// that name it by a host it is known by: localhost, a loopback address, or
// one of Options.Hosts. The check runs before anything else, for every
// route, static files included.

// hostSet is the host names, besides localhost and the loopback
// addresses, that requests may name.
type hostSet map[string]bool

func newHostSet(hosts []string) hostSet {
	set := hostSet{}
	for _, h := range hosts {
		if h = NormalHost(h); h != "" {
			set[h] = true
		}
	}
	return set
}

// NormalHost returns the host of a Host header or a host name as it is
// compared: without its port, brackets and trailing dot, in lower case, an
// IP address in its canonical form. "[::1]:8740" is "::1", "Sijil.LAN.:80"
// is "sijil.lan", "[0:0::1]" is "::1"; "name:http" is "" (no host).
func NormalHost(h string) string {
	if host, port, err := net.SplitHostPort(h); err == nil {
		if strings.Trim(port, "0123456789") != "" {
			return "" // not a port: no host
		}
		h = host
	} else if len(h) > 1 && h[0] == '[' && h[len(h)-1] == ']' {
		h = h[1 : len(h)-1]
	}
	h = strings.ToLower(strings.TrimSuffix(h, "."))
	if a, err := netip.ParseAddr(h); err == nil {
		return a.Unmap().String()
	}
	return h
}

// allows reports whether a request naming host (the Host header, or the
// authority of an absolute request URI) is for this server.
func (set hostSet) allows(host string) bool {
	h := NormalHost(host)
	if h == "" {
		return false
	}
	if h == "localhost" || set[h] {
		return true
	}
	a, err := netip.ParseAddr(h)
	return err == nil && a.IsLoopback() // 127.0.0.0/8 and ::1
}

// misdirected is the answer to a request for another host.
const misdirected = "421 misdirected request: this server does not answer to that host name " +
	"(its operator can allow one with sijil serve -host NAME)\n"

// checkHost answers 421 Misdirected Request, in plain text, to a request
// that names a host the server is not known by; others go on to next.
func (s *server) checkHost(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if s.hosts.allows(r.Host) {
			next.ServeHTTP(w, r)
			return
		}
		s.hostLog.event(r.Context(), s.log, slog.LevelInfo, "refused a request for another host", clientIP(r), s.opt.Now(),
			"host", r.Host)
		h := w.Header()
		h.Set("Content-Type", "text/plain; charset=utf-8")
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("Cache-Control", "no-store")
		w.WriteHeader(http.StatusMisdirectedRequest)
		io.WriteString(w, misdirected)
	})
}

// clientIP is the address of the request's peer, without its port. Proxy
// headers (X-Forwarded-For) are not believed: anyone can send them.
func clientIP(r *http.Request) string {
	if host, _, err := net.SplitHostPort(r.RemoteAddr); err == nil {
		return host
	}
	return r.RemoteAddr
}
