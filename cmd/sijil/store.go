package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"strings"
	"time"

	"sijil/internal/caption"
	"sijil/internal/geocode"
	"sijil/internal/postgres"
	"sijil/internal/sqlite"
)

// defaultDB is the register sijil uses when neither --db nor SIJIL_DB names
// one: a SQLite file in the working directory.
const defaultDB = "sijil.db"

// dbFlag defines --db, the register's DSN.
func dbFlag(fs *flag.FlagSet, cfg *Config) {
	fs.StringVar(&cfg.DB, "db", cfg.DB,
		"the register: a SQLite file `DSN` (PATH or sqlite:PATH) or a postgres:// URL (env SIJIL_DB)")
}

// openStore opens the register dsn names: "postgres://…" or "postgresql://…"
// is a PostgreSQL database, "sqlite:PATH" or a bare PATH a SQLite file
// (created when missing). Any other URL scheme is not supported. The store
// keys place names with geocode.Key, which search's place filters compare.
// Either store waits for another process's write as long as ctx allows,
// and says so on notices (if not nil) every ten seconds it waits.
func openStore(ctx context.Context, dsn string, notices io.Writer) (caption.Store, error) {
	if dsn == "" {
		dsn = defaultDB
	}
	switch {
	case strings.HasPrefix(dsn, "postgres://"), strings.HasPrefix(dsn, "postgresql://"):
		opts := []postgres.Option{postgres.WithPlaceKey(geocode.Key)}
		if notices != nil {
			opts = append(opts, postgres.OnLockWait(lockNotice(notices, redactDSN(dsn))))
		}
		s, err := postgres.Open(ctx, dsn, opts...)
		if err != nil {
			return nil, err
		}
		return s, nil
	case strings.HasPrefix(dsn, "sqlite:"):
		path := strings.TrimPrefix(strings.TrimPrefix(dsn, "sqlite:"), "//")
		if path == "" {
			return nil, fmt.Errorf("db %q: no file name: %w", dsn, caption.ErrInvalid)
		}
		return openSQLite(ctx, path, notices)
	case strings.Contains(dsn, "://"):
		scheme, _, _ := strings.Cut(dsn, "://")
		return nil, fmt.Errorf("db %q: scheme %q: %w (use a file path, sqlite:PATH or postgres://)", redactDSN(dsn), scheme, caption.ErrUnsupported)
	}
	return openSQLite(ctx, dsn, notices)
}

// reservePageCache gives SQLite its page cache in one block (see
// sqlite.ReservePageCache), for the commands that write a register in bulk
// and must call it before anything opens SQLite. In a process that opened
// a register before (tests that run several commands), SQLite refuses it
// and allocates page by page, which works the same: not an error.
func reservePageCache() { _ = sqlite.ReservePageCache() }

func openSQLite(ctx context.Context, path string, notices io.Writer) (caption.Store, error) {
	opts := []sqlite.Option{sqlite.WithPlaceKey(geocode.Key)}
	if notices != nil {
		opts = append(opts, sqlite.OnLockWait(lockNotice(notices, path)))
	}
	s, err := sqlite.Open(ctx, path, opts...)
	if err != nil {
		return nil, err
	}
	return s, nil
}

// lockNotice is what a command says while it waits for another process
// writing to the register db.
func lockNotice(notices io.Writer, db string) func(time.Duration) {
	return func(waited time.Duration) {
		fmt.Fprintf(notices, "sijil: %s: waiting for another process's write to end (%s so far)\n", db, waited.Round(time.Second))
	}
}

// redactDSN hides the password of a URL DSN, for messages.
func redactDSN(dsn string) string {
	scheme, rest, ok := strings.Cut(dsn, "://")
	if !ok {
		return dsn
	}
	userinfo, host, ok := strings.Cut(rest, "@")
	if !ok {
		return dsn
	}
	if user, _, hasPass := strings.Cut(userinfo, ":"); hasPass {
		return scheme + "://" + user + ":xxxxx@" + host
	}
	return dsn
}

// withStore opens the register cfg names, runs fn and closes it, returning
// fn's error, else Close's.
func withStore(ctx context.Context, cfg Config, fn func(caption.Store) error) (err error) {
	s, err := openStore(ctx, cfg.DB, cfg.Notices)
	if err != nil {
		return err
	}
	defer func() {
		if cerr := s.Close(); cerr != nil && err == nil {
			err = cerr
		}
	}()
	return fn(s)
}
