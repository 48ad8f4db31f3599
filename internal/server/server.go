package server

import (
	"context"
	"html/template"
	"io"
	"log/slog"
	"net/http"
	"time"

	"sijil/internal/caption"
)

// Options configure a server. The zero Options serve a read-only register
// with plain place matching and default limits.
type Options struct {
	// ExpandPlace returns what a place filter stands for: the geonameids of
	// the gazetteer entries the name may mean (within country, when given)
	// and the keys of every spelling they are known by (Douma, Duma), which
	// caption.Query matches. nil: the name's own key only (see foldKey).
	ExpandPlace func(name string, country caption.CountryCode) (geonameIDs []int, keys []string)
	// Admin1Key maps an admin1 filter, a name ("Idlib") or a GeoNames code
	// as the map sends it ("SY.12"), to caption.Query.Admin1Key. nil:
	// foldKey of the value.
	Admin1Key func(value string) string
	// Ingest stores an uploaded document read from body, named name by the
	// client. nil: uploads answer 501. An error wrapping caption.ErrInvalid
	// is the document's fault; its text reaches the client only through a
	// UserError.
	Ingest func(ctx context.Context, name string, body io.Reader) (IngestResult, error)
	// Revision returns a number that moves whenever the records the store
	// returns may have changed (searchindex.Store.Revision), and 0 when
	// it cannot tell; the server keeps the JSON of the records searches
	// return while it stays put. nil: none is kept. Given here rather than
	// found on the store, so that a store wrapped by another keeps it.
	Revision func() uint64
	// FindPhoto returns the records whose sources carry the same picture
	// as the photo body holds (picture.FindReader), for POST
	// /api/v1/photo-search; nil: that answers 501. The server does not
	// decode images itself: the photo analysis stays with cmd/sijil, as
	// ingest does. An error the client caused (not an image, too large,
	// corrupt) is a UserError naming what was wrong.
	FindPhoto func(ctx context.Context, body io.Reader) ([]caption.PhotoMatch, error)
	// WriteToken enables uploads and corrections for requests that present
	// it as a bearer token. Empty: the server is read-only.
	WriteToken string
	// Hosts are the host names and addresses, besides localhost and the
	// loopback addresses, that requests may name (the Host header, with or
	// without a port); a request naming another is answered 421, against
	// DNS rebinding. See NormalHost for how they are compared.
	Hosts []string
	// Logger receives one line per failed request (nil: discarded).
	Logger *slog.Logger
	// Now is the clock corrections are stamped with and log limits count
	// by (nil: time.Now).
	Now    func() time.Time
	Limits Limits
}

// Limits bound what one request may cost. Zero fields take the defaults.
type Limits struct {
	Timeout       time.Duration // per request (default 30s)
	UploadTimeout time.Duration // per upload, which runs an ingest (default 5m)
	// ExportTimeout bounds one export, which streams the register a batch
	// at a time and of which a client runs only MaxExports at once: a
	// million records take about a minute (default 10m).
	ExportTimeout time.Duration
	MaxBody       int64 // JSON request bodies (default 64 KiB)
	MaxUpload     int64 // uploaded documents (default 32 MiB)
	MaxPoints     int   // GeoJSON features per request (default 10000)
	// MaxExports is how many exports one client (remote address) may run
	// at once; more are refused with 429 and Retry-After (default 2).
	MaxExports int
}

// IngestResult is what storing an uploaded document did.
type IngestResult struct {
	Path            string // where the document was stored, as records cite it
	SHA256          string
	Size            int64
	Unchanged       bool // the same document was already stored
	Captions        int
	NewRecords      int
	ExactDuplicates int
}

func (l Limits) withDefaults() Limits {
	if l.Timeout <= 0 {
		l.Timeout = 30 * time.Second
	}
	if l.UploadTimeout <= 0 {
		l.UploadTimeout = 5 * time.Minute
	}
	if l.ExportTimeout <= 0 {
		l.ExportTimeout = 10 * time.Minute
	}
	if l.MaxBody <= 0 {
		l.MaxBody = 64 << 10
	}
	if l.MaxUpload <= 0 {
		l.MaxUpload = 32 << 20
	}
	if l.MaxPoints <= 0 {
		l.MaxPoints = 10000
	}
	if l.MaxExports <= 0 {
		l.MaxExports = 2
	}
	return l
}

// server is the state the handlers share; it holds no request state.
type server struct {
	store   caption.Store
	opt     Options
	limits  Limits
	log     *slog.Logger
	pages   map[string]*template.Template
	encoded encodedRecords
	// hosts are Options.Hosts as requests are checked against them;
	// hostLog and tokenLog limit the log lines about requests for other
	// hosts and refused write tokens to one per client per minute.
	hosts             hostSet
	hostLog, tokenLog *rateLog
	exports           *exportGate   // Limits.MaxExports per client
	photoSearches     chan struct{} // maxPhotoSearches at once
}

// New returns the handler serving store with opt: the API, the pages and
// the static assets, for the hosts it is known by only, behind security
// headers, a per-request timeout and panic recovery.
func New(store caption.Store, opt Options) http.Handler {
	s := &server{store: store, opt: opt, limits: opt.Limits.withDefaults(), log: opt.Logger, pages: parsePages(),
		hosts: newHostSet(opt.Hosts), hostLog: newRateLog(time.Minute, 1000), tokenLog: newRateLog(time.Minute, 1000)}
	s.exports = &exportGate{max: s.limits.MaxExports}
	s.photoSearches = make(chan struct{}, maxPhotoSearches)
	if s.log == nil {
		s.log = slog.New(slog.DiscardHandler)
	}
	if s.opt.Now == nil {
		s.opt.Now = time.Now
	}
	return s.checkHost(s.secure(s.routes()))
}

func (s *server) routes() *http.ServeMux {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /api/v1/records", s.handleRecordList)
	mux.HandleFunc("GET /api/v1/records/{id}", s.handleRecordGet)
	mux.HandleFunc("GET /api/v1/events/{id}", s.handleEventGet)
	mux.HandleFunc("GET /api/v1/stats", s.handleStats)
	mux.HandleFunc("GET /api/v1/timeline", s.handleTimeline)
	mux.HandleFunc("GET /api/v1/geojson", s.handleGeoJSON)
	mux.HandleFunc("GET /api/v1/export", s.handleExport)
	mux.HandleFunc("GET /api/v1/openapi.json", s.handleOpenAPI)
	mux.HandleFunc("POST /api/v1/corrections/{id}", s.requireToken(s.handleCorrectionCreate))
	mux.HandleFunc("POST /api/v1/documents", s.requireToken(s.handleDocumentCreate))
	mux.HandleFunc("POST /api/v1/photo-search", s.handlePhotoSearch)
	mux.HandleFunc("GET /api/v1/photos/{sha256}/thumbnail", s.handleThumbnail)

	mux.HandleFunc("GET /{$}", s.handleSearchPage)
	mux.HandleFunc("GET /records/{id}", s.handleRecordPage)
	mux.HandleFunc("GET /events/{id}", s.handleEventPage)
	mux.HandleFunc("POST /photo-search", s.handlePhotoSearchPage)
	mux.HandleFunc("GET /conflicting-photos", s.handleConflictsPage)
	mux.Handle("GET /static/", staticHandler())
	// Other paths get ServeMux's own plain 404 and 405 (with Allow), behind
	// the same headers.
	return mux
}
