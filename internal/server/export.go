package server

import (
	"bufio"
	"fmt"
	"mime"
	"net/http"
	"strconv"
	"sync"
	"time"

	"sijil/internal/export"
)

// handleExport answers GET /api/v1/export?format=csv|acled|geojson|jsonl:
// the records matching the filters (the parameters of the records list,
// without its page) in one of export's stream formats, as a download. The
// records are streamed as the store yields them, as `sijil export` writes
// them, with their sources read a batch of records at a time; an export
// that takes longer than Limits.ExportTimeout is cut off. A client (a
// remote address) runs at most
// Limits.MaxExports exports at once: another is refused at once with 429
// and Retry-After rather than left to share the machine with the others
// until all of them run out of time.
//
// An error before the first byte is sent is answered as any API error. An
// error after it cannot change the status any more: the connection is
// aborted, so that the client sees a broken download rather than a short
// file that looks whole.
func (s *server) handleExport(w http.ResponseWriter, r *http.Request) {
	_, q, err := s.filterQuery(r)
	if err != nil {
		s.error(w, r, err)
		return
	}
	name := r.URL.Query().Get("format")
	if name == "" {
		name = "jsonl"
	}
	f, ok := export.FormatNamed(name)
	if !ok {
		s.error(w, r, invalid("format", "want csv, acled, geojson or jsonl"))
		return
	}
	// Behind a proxy every request comes from the proxy's address, and
	// the limit is the proxy's; on loopback every local program is one
	// client.
	client := clientIP(r)
	if !s.exports.enter(client) {
		w.Header().Set("Retry-After", strconv.Itoa(exportRetryAfter))
		s.error(w, r, &UserError{Kind: errBusy,
			Message: fmt.Sprintf("%d exports from this client are running already; try again when one has finished", s.exports.max)})
		return
	}
	defer s.exports.leave(client)
	// The HTTP server's write deadline is set for pages; an export may
	// take as long as its own limit. (A ResponseWriter that cannot set
	// one, in tests, has none.)
	_ = http.NewResponseController(w).SetWriteDeadline(time.Now().Add(s.limits.ExportTimeout))
	out := &deferredHeader{w: w, start: func() {
		h := w.Header()
		h.Set("Content-Type", f.ContentType)
		h.Set("Content-Disposition", mime.FormatMediaType("attachment", map[string]string{"filename": s.exportName(f)}))
		h.Set("Cache-Control", "no-store")
		w.WriteHeader(http.StatusOK)
	}}
	bw := bufio.NewWriterSize(out, 32<<10)
	_, err = f.Write(bw, s.entriesFor(r, export.Matching(r.Context(), s.store, q, f.Sources)))
	if err == nil {
		err = bw.Flush()
	}
	switch {
	case err == nil:
		out.begin() // an export of no records is a file too
	case !out.started:
		s.error(w, r, searchError(err))
	default:
		s.log.ErrorContext(r.Context(), "export failed after the response began", "path", r.URL.Path, "format", f.Name, "err", err)
		panic(http.ErrAbortHandler)
	}
}

// exportName is the file name a download is offered under: the format and
// the day, so that successive exports do not overwrite each other
// ("sijil-acled-2024-05-01.csv", "sijil-records-2024-05-01.geojson").
func (s *server) exportName(f export.Format) string {
	what := "records"
	if f.Name == "acled" {
		what = "acled"
	}
	return "sijil-" + what + "-" + s.opt.Now().UTC().Format("2006-01-02") + f.Ext
}

// deferredHeader sends the status and headers at the first write, so that
// a handler can still answer an error until then.
type deferredHeader struct {
	w       http.ResponseWriter
	start   func()
	started bool
}

func (d *deferredHeader) begin() {
	if !d.started {
		d.started = true
		d.start()
	}
}

func (d *deferredHeader) Write(p []byte) (int, error) {
	if len(p) == 0 {
		return 0, nil
	}
	d.begin()
	return d.w.Write(p)
}

// exportRetryAfter is the Retry-After, in seconds, of a refused export:
// about what a whole export of 100,000 records takes.
const exportRetryAfter = 5

// exportGate counts the exports each client runs, to hold them to max.
type exportGate struct {
	max     int
	mu      sync.Mutex
	running map[string]int
}

// enter reports whether client may start an export, counting it if so.
func (g *exportGate) enter(client string) bool {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.running[client] >= g.max {
		return false
	}
	if g.running == nil {
		g.running = map[string]int{}
	}
	g.running[client]++
	return true
}

// leave counts the end of one of client's exports.
func (g *exportGate) leave(client string) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.running[client]--; g.running[client] <= 0 {
		delete(g.running, client)
	}
}
