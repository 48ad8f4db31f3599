package main

import (
	"flag"
	"fmt"
	"io"
	"net"
	"net/netip"
	"strings"

	"sijil/internal/server"
)

// hostEnv is the environment variable that stands in for -host.
const hostEnv = "SIJIL_HOST"

// hostFlag defines -host on fs: a host name or address that requests may
// name, repeatable and comma-separated. The first -host replaces the
// names SIJIL_HOST gave; later ones add to it.
func hostFlag(fs *flag.FlagSet, cfg *Config) {
	given := false
	fs.Func("host", "also answer requests for `NAME` (a host name or address, as clients' URLs give it; "+
		"repeatable, comma-separated; env "+hostEnv+")", func(v string) error {
		hosts := splitList(v)
		if err := checkHosts(hosts); err != nil {
			return err
		}
		if !given {
			cfg.Hosts, given = nil, true
		}
		cfg.Hosts = append(cfg.Hosts, hosts...)
		return nil
	})
}

// splitList splits a comma-separated list, dropping blanks: "a, b,,c" is
// [a b c].
func splitList(v string) []string {
	var out []string
	for _, f := range strings.Split(v, ",") {
		if f = strings.TrimSpace(f); f != "" {
			out = append(out, f)
		}
	}
	return out
}

// checkHosts reports the first of hosts that is not a host name or an IP
// address a client could name the server by (with or without a port).
func checkHosts(hosts []string) error {
	for _, h := range hosts {
		n := server.NormalHost(h)
		if a, err := netip.ParseAddr(n); err == nil {
			if a.IsUnspecified() {
				return fmt.Errorf("host %q: no client names a server by an unspecified address; give the names or addresses clients use", h)
			}
			continue
		}
		if !validHostName(n) {
			return fmt.Errorf("host %q: want a host name (sijil.example.org) or an IP address, with or without a port", h)
		}
	}
	return nil
}

// validHostName reports whether n is a DNS name: dot-separated labels of
// letters, digits, '-' and '_', none empty or longer than 63, at most 253
// in all.
func validHostName(n string) bool {
	if n == "" || len(n) > 253 {
		return false
	}
	for label := range strings.SplitSeq(n, ".") {
		if label == "" || len(label) > 63 || strings.Trim(label, "abcdefghijklmnopqrstuvwxyz0123456789-_") != "" {
			return false
		}
	}
	return true
}

// serveHosts returns the hosts the server answers to besides localhost and
// the loopback addresses: -addr's host, unless it is a wildcard (all
// interfaces), and the -host names. wildcard reports that -addr listens
// on all interfaces.
func serveHosts(addr string, hosts []string) (all []string, wildcard bool) {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return hosts, false // net.Listen reports it
	}
	if a, err := netip.ParseAddr(host); host == "" || (err == nil && a.IsUnspecified()) {
		return hosts, true
	}
	return append([]string{host}, hosts...), false
}

// announceHosts says which hosts the server answers to when it listens on
// all interfaces or was given -host names.
func announceHosts(w io.Writer, hosts []string, wildcard bool) {
	names := "localhost and the loopback addresses"
	if len(hosts) > 0 {
		names = "localhost, the loopback addresses and " + strings.Join(hosts, ", ")
	}
	switch {
	case wildcard:
		fmt.Fprintf(w, "sijil: listening on all interfaces, but answering only requests for %s "+
			"(others get 421): add -host NAME for each name or address clients use\n", names)
	case len(hosts) > 0:
		fmt.Fprintf(w, "sijil: answering requests for %s\n", names)
	}
}
