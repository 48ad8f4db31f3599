package postgres

import (
	"context"
	"fmt"
	"sync/atomic"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"sijil/internal/caption"
)

// Store is a caption.Store in a PostgreSQL database (or schema: a search_path
// in the URL selects one). It is safe for concurrent use.
type Store struct {
	pool *pgxpool.Pool
	// gate holds the Exclusive call of this process that runs or waits
	// for its lock; other goroutines' writes and Exclusive calls wait
	// there, and fn's own made with the wrong context fail (see caption.ExclusiveGate).
	gate caption.ExclusiveGate
	// active is the transaction of the Exclusive call running, if any.
	active atomic.Pointer[txState]
	// recordSeq and documentSeq are the sequences of the records' and
	// documents' IDs, which PutDocuments takes IDs from.
	recordSeq, documentSeq string
	// placeKey is the key of place names in the search index (WithPlaceKey);
	// nil leaves them without keys.
	placeKey func(name string) string
	// lockWaited is told every lockEvery how long a transaction has
	// waited for the advisory lock (OnLockWait); nil tells no one.
	lockWaited func(time.Duration)
	lockEvery  time.Duration
}

// Open connects to the database at url (postgres://…, or any connection
// string pgx accepts), applies the migrations it lacks, brings the search
// index up to date and returns the store. Parameters that pgx does not
// know, such as search_path, are sent to the server as run-time settings.
func Open(ctx context.Context, url string, opts ...Option) (_ *Store, err error) {
	defer wrap(&err, "postgres.Open")
	cfg, err := pgxpool.ParseConfig(url)
	if err != nil {
		return nil, err
	}
	return open(ctx, cfg, opts...)
}

// open is Open with the pool's configuration parsed (tests add a tracer to
// it).
func open(ctx context.Context, cfg *pgxpool.Config, opts ...Option) (*Store, error) {
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		return nil, err
	}
	if err := migrate(ctx, pool); err != nil {
		pool.Close()
		return nil, err
	}
	s := &Store{pool: pool}
	for _, o := range opts {
		o(s)
	}
	if err := pool.QueryRow(ctx, `SELECT pg_get_serial_sequence('records', 'id'), pg_get_serial_sequence('documents', 'id')`).
		Scan(&s.recordSeq, &s.documentSeq); err != nil {
		pool.Close()
		return nil, err
	}
	if err := s.openSearch(ctx); err != nil {
		pool.Close()
		return nil, err
	}
	if err := s.restoreDeferred(ctx); err != nil {
		pool.Close()
		return nil, err
	}
	return s, nil
}

// Close closes every connection. It may be called more than once.
func (s *Store) Close() error {
	s.pool.Close()
	return nil
}

// wrap maps a driver error to caption's kinds and prefixes it with the
// operation, formatted from format and args.
func wrap(errp *error, format string, args ...any) {
	if *errp != nil {
		*errp = fmt.Errorf("%s: %w", fmt.Sprintf(format, args...), mapError(*errp))
	}
}
