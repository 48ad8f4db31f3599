package server

import (
	"context"
	"log/slog"
	"slices"
	"strings"
	"sync"
	"time"
)

// rateLog limits log lines about one kind of event (a refused write
// token, a request for another host) to one per client per period, so
// that a client trying token after token cannot flood the log, while the
// count of what was not logged is kept: the client's next line says how
// many of its events were not logged since its previous one, and a client
// that has gone quiet for a whole period gets a line with its count at the
// next event of anyone.
type rateLog struct {
	every time.Duration
	max   int // clients tracked; beyond them, new clients share one entry

	mu      sync.Mutex
	swept   time.Time
	clients map[string]*rateEntry
}

// rateEntry is one client's state: when its last line was written and how
// many of its events have not been logged since.
type rateEntry struct {
	logged     time.Time
	suppressed int
}

// otherClients is the entry new clients share when max are tracked: a
// flood from many addresses (an IPv6 block) costs one entry.
const otherClients = "(other clients)"

func newRateLog(every time.Duration, max int) *rateLog {
	return &rateLog{every: every, max: max, clients: map[string]*rateEntry{}}
}

// rateSummary is the count of a quiet client's events that were not logged.
type rateSummary struct {
	client string
	count  int
}

// note records an event of client at now. It reports whether the event is
// to be logged, with the number of the client's events not logged since
// its previous line, and the summaries of clients quiet for a period. key
// is client, or otherClients when it is counted among them.
func (l *rateLog) note(client string, now time.Time) (key string, log bool, suppressed int, quiet []rateSummary) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if now.Sub(l.swept) >= l.every {
		l.swept = now
		for c, e := range l.clients {
			if c != client && now.Sub(e.logged) >= l.every {
				if e.suppressed > 0 {
					quiet = append(quiet, rateSummary{client: c, count: e.suppressed})
				}
				delete(l.clients, c)
			}
		}
		slices.SortFunc(quiet, func(a, b rateSummary) int { return strings.Compare(a.client, b.client) })
	}
	e, ok := l.clients[client]
	if !ok && len(l.clients) >= l.max {
		client = otherClients
		e, ok = l.clients[client]
	}
	if !ok {
		l.clients[client] = &rateEntry{logged: now}
		return client, true, 0, quiet
	}
	if now.Sub(e.logged) < l.every {
		e.suppressed++
		return client, false, 0, quiet
	}
	suppressed, e.logged, e.suppressed = e.suppressed, now, 0
	return client, true, suppressed, quiet
}

// event notes an event of client and writes what the limit lets through
// to logger at level: msg with the client, args and the count of the
// client's events not logged since its previous line ("not_logged"), and
// for each quiet client, msg with its count of events not logged. The
// client is named "(other clients)", with its "address", when it is
// counted among them.
func (l *rateLog) event(ctx context.Context, logger *slog.Logger, level slog.Level, msg, client string, now time.Time, args ...any) {
	key, log, suppressed, quiet := l.note(client, now)
	for _, q := range quiet {
		logger.Log(ctx, level, msg+" (summary of those not logged)", "client", q.client, "not_logged", q.count)
	}
	if !log {
		return
	}
	attrs := []any{"client", key, "not_logged", suppressed}
	if key != client {
		attrs = append(attrs, "address", client)
	}
	logger.Log(ctx, level, msg, append(attrs, args...)...)
}
