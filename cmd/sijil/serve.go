package main

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"sijil/internal/caption"
	"sijil/internal/geocode"
	"sijil/internal/ingest"
	"sijil/internal/parse"
	"sijil/internal/searchindex"
	"sijil/internal/server"
)

// defaultServeAddr is loopback only: the register may hold sensitive
// material, and exposing it is a decision to make with --addr.
const defaultServeAddr = "127.0.0.1:8740"

// serveFlags are serve's own settings. The token falls back to
// SIJIL_WRITE_TOKEN in runServe, not as the flag's default, so that
// "sijil help serve" never prints it.
type serveFlags struct {
	addr, token, dataDir string
	// newToken asks for a fresh write token, printed instead of serving.
	newToken bool
	// headerTimeout bounds how long a client may take to send a request's
	// headers, idleTimeout how long a kept-alive connection may wait for
	// its next request: a slow or stalled client cannot hold a connection
	// (and its goroutine) forever.
	headerTimeout, idleTimeout time.Duration
}

func serveCommand() command {
	f := serveFlags{addr: defaultServeAddr, headerTimeout: 10 * time.Second, idleTimeout: 2 * time.Minute}
	return command{
		name:    "serve",
		args:    "[-addr HOST:PORT] [-host NAME] [-db DSN] [-write-token T] [-data-dir DIR] [-focus CC,CC] | -new-token",
		summary: "serve the register over HTTP: search, map, timeline, record pages and a JSON API",
		help: `
Serve runs the web interface and the JSON API (/api/v1/, described at
/api/v1/openapi.json) over the register named by -db, until interrupted.
It listens on 127.0.0.1 only unless -addr says otherwise; there is no
login, so anyone who can reach the address can read the register.

It answers only requests that name it by localhost, a loopback address
(127.0.0.0/8, ::1), -addr's host, or a name or address given with -host
(repeatable or comma-separated; SIJIL_HOST when -host is not given);
others get 421 Misdirected Request. This keeps a web page that points its
own domain at this machine (DNS rebinding) from reading the register
through a browser. When -addr listens on all interfaces (0.0.0.0, [::] or
no host), only the -host names and loopback are answered: give -host for
each name or address clients use.

It is read-only unless a write token is given (-write-token, or the
SIJIL_WRITE_TOKEN environment variable). The token must be printable
ASCII without white space, use at least 8 different characters and have
at least 128 bits of entropy, counted as its length times log2 of the
characters its classes offer (digits 10, a-f 6, g-z 20, A-F 6, G-Z 20,
other symbols 32): 32 random hexadecimal digits are just enough. "sijil
serve -new-token" prints a fresh one (256 random bits) and exits. Requests
that send it as "Authorization: Bearer TOKEN" may then upload documents to
ingest (POST /api/v1/documents?name=FILE) and correct a record's fields
(POST /api/v1/corrections/ID). Corrections are kept in the register,
beside the parsed values, which are never overwritten, so that everyone
using the register sees them (sijil show lists them too). Uploads are kept
under the data directory's uploads/ directory; it defaults to the SQLite
file's path with ".data" appended; with PostgreSQL, give -data-dir to allow
uploads. A token in a URL (query, path or user:password@) is refused, and
refused tokens are logged as warnings, at most one line per client a
minute. Uploads are resolved with the focus countries of -focus, else
SIJIL_FOCUS, else the register's setting as it was when serve started
(sijil help settings).

Searches, the map and the timeline are answered from an index of the
register held in memory, which serve builds when it starts (about six
seconds and 200 MB for a million records) and keeps up to date with its own
writes at once and with those of other processes (sijil ingest, reparse)
within about a second.`,
		flags: func(fs *flag.FlagSet, cfg *Config) {
			dbFlag(fs, cfg)
			fs.StringVar(&f.addr, "addr", f.addr, "listen on `HOST:PORT` (port 0 picks a free one)")
			hostFlag(fs, cfg)
			fs.StringVar(&f.token, "write-token", "",
				"allow uploads and corrections from requests bearing `TOKEN` (env SIJIL_WRITE_TOKEN)")
			fs.BoolVar(&f.newToken, "new-token", false, "print a freshly generated write token and exit")
			fs.StringVar(&f.dataDir, "data-dir", "",
				"keep uploads in `DIR` (default: the SQLite file's path + \".data\")")
			fs.DurationVar(&f.headerTimeout, "header-timeout", f.headerTimeout, "close a connection whose request headers take longer than `D`")
			fs.DurationVar(&f.idleTimeout, "idle-timeout", f.idleTimeout, "close a kept-alive connection idle for longer than `D`")
			focusFlag(fs, cfg)
		},
		run: func(ctx context.Context, cfg Config, args []string, std stdio) error {
			if len(args) > 0 {
				fmt.Fprintln(std.err, "usage: sijil serve [-addr HOST:PORT] [-host NAME] [-db DSN] [-write-token T] [-data-dir DIR] [-focus CC,CC] | -new-token")
				return errUsage
			}
			if f.newToken {
				_, err := fmt.Fprintln(std.out, server.NewWriteToken())
				return err
			}
			if f.token == "" {
				f.token = os.Getenv("SIJIL_WRITE_TOKEN")
			}
			if f.headerTimeout <= 0 || f.idleTimeout <= 0 {
				fmt.Fprintln(std.err, "sijil serve: -header-timeout and -idle-timeout must be positive")
				return errUsage
			}
			if f.token != "" {
				if err := server.CheckWriteToken(f.token); err != nil {
					fmt.Fprintf(std.err, "sijil serve: %v; run \"sijil serve -new-token\" for a strong one\n", err)
					return errUsage
				}
			}
			if err := checkHosts(cfg.Hosts); err != nil {
				fmt.Fprintf(std.err, "sijil serve: %s: %v\n", hostEnv, err)
				return errUsage
			}
			return runServe(ctx, cfg, f, std)
		},
	}
}

func runServe(ctx context.Context, cfg Config, f serveFlags, std stdio) error {
	gaz, err := openGazetteer(cfg)
	if err != nil {
		return fmt.Errorf("serve: %w", err)
	}
	if err := checkFocusFlag(cfg, gaz, std, "serve"); err != nil {
		return err
	}
	if f.dataDir == "" {
		f.dataDir = serveDefaultDataDir(cfg.DB)
	}
	if f.dataDir != "" {
		// Records cite uploads by path: make it absolute, so that it
		// still names the file when sijil runs from another directory.
		if f.dataDir, err = filepath.Abs(f.dataDir); err != nil {
			return fmt.Errorf("serve: %w", err)
		}
	}
	logger := slog.New(slog.NewTextHandler(std.err, nil))
	hosts, wildcard := serveHosts(f.addr, cfg.Hosts)
	return withIndexedStore(ctx, cfg, logger, func(store caption.Store, revision func() uint64) error {
		// Set before the gazetteer is shared with the server's handlers.
		st, err := store.Settings(ctx)
		if err != nil {
			return fmt.Errorf("serve: %w", err)
		}
		focus, err := focusOf(cfg, st.Focus, gaz)
		if err != nil {
			return fmt.Errorf("serve: %w", err)
		}
		gaz.SetFocus(focus.countries)
		opt := server.Options{
			ExpandPlace: placeExpander(gaz),
			Admin1Key:   admin1Keyer(gaz),
			WriteToken:  f.token,
			Hosts:       hosts,
			Logger:      logger,
			Now:         time.Now,
			Revision:    revision,
			FindPhoto:   photoFinder(store),
		}
		if f.token != "" && f.dataDir != "" {
			opt.Ingest = serveIngest(cfg, store, gaz, filepath.Join(f.dataDir, "uploads"))
		}
		ln, err := net.Listen("tcp", f.addr)
		if err != nil {
			return fmt.Errorf("serve: %w", err)
		}
		srv := &http.Server{
			Handler:           server.New(store, opt),
			ReadHeaderTimeout: f.headerTimeout,
			ReadTimeout:       2 * time.Minute, // an upload of up to 32 MiB
			WriteTimeout:      6 * time.Minute, // an upload's ingest, bounded at 5 minutes by the server
			IdleTimeout:       f.idleTimeout,
			MaxHeaderBytes:    64 << 10,
			ErrorLog:          slog.NewLogLogger(logger.Handler(), slog.LevelWarn),
		}
		serveAnnounce(std.err, ln.Addr(), cfg.DB, f)
		announceHosts(std.err, hosts, wildcard)
		if opt.Ingest != nil {
			fmt.Fprintf(std.err, "sijil: uploads are resolved with focus %s\n", focus)
		}
		return serveUntilDone(ctx, srv, ln)
	})
}

// withIndexedStore is withStore with the register's searches answered
// from an in-memory index (internal/searchindex): at a million records a
// search from the index is far faster than the store's own, for a build
// at start (logged) and the memory the index holds (README's benchmark
// table gives the figures). The index follows writes made through the server at once and
// those of other processes (sijil ingest, reparse) within a second.
//
// fn is given the index's Revision, for the server's cache of the records'
// JSON; nil when the register is served without an index.
func withIndexedStore(ctx context.Context, cfg Config, logger *slog.Logger, fn func(caption.Store, func() uint64) error) error {
	return withStore(ctx, cfg, func(store caption.Store) error {
		src, ok := store.(searchindex.Source)
		if !ok {
			return fn(store, nil)
		}
		logger.Info("building the search index", "db", redactDSN(cfg.DB))
		ix, err := searchindex.New(ctx, src, searchindex.Options{Logger: logger})
		if err != nil {
			return fmt.Errorf("serve: %w", err)
		}
		// Stops following the register; withStore closes it.
		defer ix.Stop()
		return fn(ix, ix.Revision)
	})
}

// serveUntilDone serves on ln until ctx is cancelled (an interrupt), then
// lets requests in flight finish for up to 10 seconds.
func serveUntilDone(ctx context.Context, srv *http.Server, ln net.Listener) error {
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	select {
	case err := <-errc:
		return fmt.Errorf("serve: %w", err)
	case <-ctx.Done():
	}
	sctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 10*time.Second)
	defer cancel()
	if err := srv.Shutdown(sctx); err != nil {
		return fmt.Errorf("serve: shutdown: %w", err)
	}
	if err := <-errc; !errors.Is(err, http.ErrServerClosed) {
		return fmt.Errorf("serve: %w", err)
	}
	return nil
}

func serveAnnounce(w io.Writer, addr net.Addr, db string, f serveFlags) {
	mode := "read-only"
	if f.token != "" {
		mode = "writes allowed with the token"
	}
	fmt.Fprintf(w, "sijil: serving %s at http://%s/ (%s)\n", redactDSN(db), addr, mode)
	if f.dataDir != "" {
		fmt.Fprintf(w, "sijil: uploads go to %s\n", f.dataDir)
	}
	if ta, ok := addr.(*net.TCPAddr); ok && !ta.IP.IsLoopback() {
		fmt.Fprintln(w, "sijil: warning: not a loopback address: anyone who can reach it can read the register")
	}
}

// serveDefaultDataDir is the SQLite file's path + ".data"; none for
// PostgreSQL, whose register has no file to stand beside.
func serveDefaultDataDir(dsn string) string {
	if dsn == "" {
		dsn = defaultDB
	}
	if strings.Contains(dsn, "://") {
		return ""
	}
	return strings.TrimPrefix(strings.TrimPrefix(dsn, "sqlite:"), "//") + ".data"
}

// serveIngest returns the server's upload hook: it saves the body under
// dir as SHA256PREFIX-NAME (so records cite a file that stays, and `sijil
// verify` can check it) and ingests that file. Uploads run one at a time.
func serveIngest(cfg Config, store caption.Store, gaz *geocode.Gazetteer, dir string) func(context.Context, string, io.Reader) (server.IngestResult, error) {
	var mu sync.Mutex
	parser := sync.OnceValues(func() (*parse.Parser, error) { return newParser(cfg) })
	return func(ctx context.Context, name string, body io.Reader) (server.IngestResult, error) {
		mu.Lock()
		defer mu.Unlock()
		p, err := parser()
		if err != nil {
			return server.IngestResult{}, err
		}
		path, sum, size, err := serveSaveUpload(dir, name, body)
		if err != nil {
			return server.IngestResult{}, err
		}
		res := server.IngestResult{Path: path, SHA256: sum, Size: size}
		var failures []ingest.Failure
		s, err := ingest.Ingest(ctx, store, []string{path}, ingest.Options{Parser: p, Gazetteer: gaz, Versions: versions(gaz),
			Workers: 1, Failed: func(f ingest.Failure) { failures = append(failures, f) }})
		if err != nil {
			return res, fmt.Errorf("upload %s: %w", name, err)
		}
		if len(failures) > 0 {
			os.Remove(path)
			msg := strings.ReplaceAll(failures[0].Err.Error(), path, name)
			return res, &server.UserError{Kind: caption.ErrInvalid, Message: "the document could not be read: " + msg, Err: failures[0].Err}
		}
		res.Unchanged, res.Captions, res.NewRecords, res.ExactDuplicates = s.Unchanged > 0, s.Captions, s.NewRecords, s.ExactDuplicates
		return res, nil
	}
}

// serveSaveUpload writes body to dir/SHA256PREFIX-NAME through a temporary
// file, returning the path, the hex SHA-256 and the size.
func serveSaveUpload(dir, name string, body io.Reader) (path, sum string, size int64, err error) {
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return "", "", 0, fmt.Errorf("upload: %w", err)
	}
	tmp, err := os.CreateTemp(dir, ".upload-*")
	if err != nil {
		return "", "", 0, fmt.Errorf("upload: %w", err)
	}
	defer os.Remove(tmp.Name()) // a no-op once renamed
	h := sha256.New()
	size, err = io.Copy(io.MultiWriter(tmp, h), body)
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return "", "", 0, fmt.Errorf("upload %s: %w", name, err)
	}
	if size == 0 {
		return "", "", 0, &server.UserError{Kind: caption.ErrInvalid, Message: name + ": the document is empty"}
	}
	sum = hex.EncodeToString(h.Sum(nil))
	path = filepath.Join(dir, sum[:16]+"-"+name)
	switch _, err := os.Stat(path); {
	case err == nil: // the same document was uploaded under this name before
	case errors.Is(err, fs.ErrNotExist):
		if err := os.Rename(tmp.Name(), path); err != nil {
			return "", "", 0, fmt.Errorf("upload %s: %w", name, err)
		}
	default:
		return "", "", 0, fmt.Errorf("upload %s: %w", name, err)
	}
	return path, sum, size, nil
}
