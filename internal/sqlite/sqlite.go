package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"time"

	_ "modernc.org/sqlite" // registers the "sqlite" database/sql driver

	"sijil/internal/caption"
)

// Store is a caption.Store in one SQLite file.
type Store struct {
	// writer has one connection: SQLite takes one writer at a time, and with
	// one connection Go callers queue for it in order instead of spinning on
	// SQLITE_BUSY. Every write and every read inside Exclusive use it.
	writer *sql.DB
	// reader holds query_only connections for reads outside Exclusive, which
	// WAL lets run beside the writer. It is writer itself for ":memory:".
	reader *sql.DB
	// values are the search_values IDs the writer has met (indexRecords).
	values valueIDs
	// records are the record IDs the writer knows to exist (linkedRecords).
	records recordIDs
	// keyHash is records.key_hash of a key; tests replace it to make keys
	// collide.
	keyHash func(key string) int64
	// afterWrites, when set by a test, runs in PutDocument's transaction
	// after its rows are written, before it commits; afterSearchIndex
	// after the search index's rows, while the links may be decided.
	afterWrites, afterSearchIndex func()
	// building, when set by a test, runs in RestoreIndexes' transaction
	// before each index is built.
	building func(q querier)
	// dir is the register's directory, where index builds sort
	// (sortBesideFile); "" for ":memory:".
	dir string
	// placeKey is the key of place names in the search index (WithPlaceKey);
	// nil leaves them without keys.
	placeKey func(name string) string
	// gate keeps writes and Exclusive calls out of the way of the running
	// Exclusive call, failing those that would wait for ever.
	gate caption.ExclusiveGate
	// checkpoints copies committed pages into the file beside the
	// writer (checkpointer); nil for ":memory:".
	checkpoints *checkpointer
	// lockWaited is told how long a write has waited for another
	// process's write lock (OnLockWait); nil tells no one.
	lockWaited func(time.Duration)
}

var (
	_ caption.Store        = (*Store)(nil)
	_ caption.SearchLister = (*Store)(nil)
)

// Connection parameters (modernc.org/sqlite DSN keys, which the driver
// applies on every new connection in a fixed order: busy_timeout, the
// _pragma list, foreign_keys, journal_mode, synchronous, query_only).
// busy_timeout comes first so that the others wait for a lock instead of
// failing; WAL lets readers run during a write; synchronous=NORMAL is
// durable in WAL mode except for the last transactions before a power cut,
// and never corrupts; _txlock=immediate makes BeginTx take the write lock at
// BEGIN, so that a transaction never fails half-way because another process
// wrote first. The writer's 16 MB page cache and checkpoints every 256 MB
// of WAL instead of 4 MB write hot index pages back less often: an ingest
// rewrites the same index pages in every transaction, and frequent
// checkpoints wrote them back again and again (the WAL is removed when the
// last connection closes). A 32 MB cache kept a million-caption ingest
// above 500 MB resident (521–543 MB; 488–497 MB with 16 MB) for no time
// it could be shown to save: a page it drops is still in the OS's cache.
// (Those figures are of pages allocated one by one, each rounded up to
// 8 KB; from ReservePageCache's pool, which ingest and reparse reserve,
// the 16 MB cache holds 19 MB.)
// The writer keeps its temporary files in memory: a multi-row INSERT into
// a table with foreign keys keeps a statement journal (the pages it
// changes, as they were) even when the keys are deferred and nothing can
// fail, and SQLite writes it to a temporary file otherwise; it holds one
// statement's pages, a few megabytes. Readers map
// the file (up to SQLite's 2 GB cap) instead of copying pages through a
// 2 MB cache, which made searches faster.
const (
	writerParams = "_busy_timeout=10000&_pragma=temp_store(MEMORY)&_pragma=cache_size(-16384)&_pragma=wal_autocheckpoint(65536)&_pragma=journal_size_limit(67108864)" +
		"&_journal_mode=WAL&_foreign_keys=1&_synchronous=NORMAL&_txlock=immediate"
	readerParams = "_busy_timeout=10000&_pragma=mmap_size(2147418112)&_foreign_keys=1&_query_only=1"
)

// Open opens the SQLite database at path, creating it when missing, and
// brings its schema and search index up to date. ":memory:" opens a private
// in-memory store, whose one connection also reads: there, a read made
// inside Exclusive's fn with another context waits for fn, for ever.
func Open(ctx context.Context, path string, opts ...Option) (s *Store, err error) {
	defer wrap(&err, "sqlite.Open(%q)", path)
	if path == "" || strings.ContainsRune(path, '?') {
		return nil, fmt.Errorf("%w: path must be non-empty and without '?'", caption.ErrInvalid)
	}
	if path != ":memory:" {
		if err := createPrivate(path); err != nil {
			return nil, err
		}
	}
	writer, err := sql.Open("sqlite", path+"?"+writerParams)
	if err != nil {
		return nil, err
	}
	keepOneConnection(writer)
	s = &Store{writer: writer, reader: writer, keyHash: keyHash}
	if path != ":memory:" {
		if s.dir, err = filepath.Abs(filepath.Dir(path)); err != nil {
			writer.Close()
			return nil, err
		}
	}
	for _, o := range opts {
		o(s)
	}
	if err := migrate(ctx, writer, migrationFiles, s.lockWaited); err != nil {
		writer.Close()
		return nil, err
	}
	if err := s.restoreDeferred(ctx); err != nil {
		writer.Close()
		return nil, err
	}
	if err := s.openSearch(ctx); err != nil {
		writer.Close()
		return nil, err
	}
	if path != ":memory:" {
		s.reader, err = sql.Open("sqlite", path+"?"+readerParams)
		if err != nil {
			writer.Close()
			return nil, err
		}
		n := max(2, runtime.GOMAXPROCS(0))
		s.reader.SetMaxOpenConns(n)
		s.reader.SetMaxIdleConns(n)
		if s.checkpoints, err = startCheckpointer(path); err != nil {
			s.reader.Close()
			writer.Close()
			return nil, err
		}
	}
	return s, nil
}

// keepOneConnection makes db one connection, kept open for as long as db:
// the writer's, whose transactions must all go through one connection, and
// the checkpointer's.
func keepOneConnection(db *sql.DB) {
	db.SetMaxOpenConns(1)
	db.SetMaxIdleConns(1)
	db.SetConnMaxLifetime(0)
	db.SetConnMaxIdleTime(0)
}

// createPrivate creates the database file, empty (which SQLite reads as a
// database without tables), readable and writable by its owner only, when
// it does not exist yet. SQLite itself would create it 0644 (less the
// umask), and it gives its -wal and -shm files the database file's mode:
// a register names people, places and sources, and other users of the
// machine have no business reading it. An existing file keeps its mode, so
// that a team that chose to share one keeps that choice.
func createPrivate(path string) error {
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE|os.O_EXCL, 0o600)
	if errors.Is(err, fs.ErrExist) {
		return nil
	}
	if err != nil {
		return err
	}
	return f.Close()
}

// Close closes the database.
func (s *Store) Close() error {
	// The writer closes last: the last connection to close checkpoints
	// what the log still holds and removes it.
	err := s.checkpoints.close()
	if s.reader != s.writer {
		err = errors.Join(err, s.reader.Close())
	}
	return errors.Join(err, s.writer.Close())
}

// querier is what *sql.DB and *sql.Tx share.
type querier interface {
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
}

// exclusive is the write transaction Exclusive runs fn in, carried by fn's
// context so that the store's methods called by fn use it.
type exclusive struct {
	store *Store
	tx    *stmtTx
	mu    sync.Mutex // one savepoint at a time, should fn write from several goroutines
	// failed is the error of a write made without a savepoint (unsaved)
	// that failed part-way: the transaction can only be rolled back.
	failed error
}

type exclusiveKey struct{}

func (s *Store) exclusiveTx(ctx context.Context) *exclusive {
	if x, ok := ctx.Value(exclusiveKey{}).(*exclusive); ok && x.store == s {
		return x
	}
	return nil
}

// Exclusive runs fn in one write transaction, as caption.Store says: the
// writer connection is fn's alone, and SQLite's write lock keeps other
// processes' writes out (they wait busy_timeout, then fail). A write or
// Exclusive call of this process made with another context waits at the
// store's gate (see caption.ExclusiveGate) rather than for the writer connection, so that
// one made from inside fn fails instead of waiting for ever.
func (s *Store) Exclusive(ctx context.Context, fn func(ctx context.Context) error) (err error) {
	if s.exclusiveTx(ctx) != nil {
		return fn(ctx)
	}
	if err := ctx.Err(); err != nil {
		return fmt.Errorf("sqlite.Exclusive: %w", err)
	}
	release, err := s.gate.Enter(ctx, "Exclusive", true)
	if err != nil {
		return fmt.Errorf("sqlite.Exclusive: %w", err)
	}
	defer release()
	tx, err := s.begin(ctx, false)
	if err != nil {
		return fmt.Errorf("sqlite.Exclusive: %w", mapErr(err))
	}
	x := &exclusive{store: s, tx: newStmtTx(tx)}
	err = fn(context.WithValue(ctx, exclusiveKey{}, x))
	if err == nil && x.failed != nil {
		err = fmt.Errorf("sqlite.Exclusive: a write failed part-way, so nothing is kept: %w", x.failed)
	}
	if err != nil {
		return errors.Join(err, rollback(tx))
	}
	if err := s.commit(tx); err != nil {
		return fmt.Errorf("sqlite.Exclusive: commit: %w", mapErr(err))
	}
	return nil
}

// write runs fn in a transaction on the writer connection and commits it;
// inside Exclusive, in a savepoint of Exclusive's transaction, so that a
// failed call leaves nothing behind there either.
func (s *Store) write(ctx context.Context, fn func(q querier) error) error {
	if x := s.exclusiveTx(ctx); x != nil {
		return x.savepoint(ctx, fn)
	}
	if _, err := s.gate.Enter(ctx, "a write", false); err != nil {
		return err
	}
	tx, err := s.begin(ctx, true)
	if err != nil {
		return mapErr(err)
	}
	if err := fn(tx); err != nil {
		return errors.Join(mapErr(err), rollback(tx))
	}
	return mapErr(s.commit(tx))
}

// begin begins a write transaction on the writer connection, SQLite
// enforcing the schema's foreign keys in it or not as foreignKeys says.
//
// Exclusive's transactions run without: every store call that writes a
// reference checks first that its row exists (PutDocuments' plan,
// linkedRecords, putPhoto, SetPhotoLinks, AddCorrection), which must be
// so anyway to fail with ErrNotFound rather than at the commit, and no
// call deletes a record, document or photo, so a row found stays found.
// SQLite's own checks repeated those lookups on every row written: three
// a link, two an occurrence, two a record, most of them in pages of old
// records that a million-caption register's writer no longer holds in
// its cache. Without them a 100,000-caption ingest's writer spent 0.59 s
// less in its inserts of records, occurrences and links (1.10 s against
// 1.69, 2026-12-06), and a million's 5.6 s less in those of links and
// occurrences. The keys stay declared, and the tests check them all
// (checkIntegrity's foreign_key_check); other writes, one at a time,
// keep SQLite's checks too, which cost them nothing worth saving.
//
// The setting belongs to the connection and is ignored inside a
// transaction, so it is set before each BEGIN, on the writer's one
// connection, which the gate lets no other write use meanwhile. A
// connection the pool opens anew starts with them enforced (writerParams).
func (s *Store) begin(ctx context.Context, foreignKeys bool) (*sql.Tx, error) {
	pragma := "PRAGMA foreign_keys = OFF"
	if foreignKeys {
		pragma = "PRAGMA foreign_keys = ON"
	}
	if _, err := s.writer.ExecContext(ctx, pragma); err != nil {
		return nil, err
	}
	// What an earlier transaction learnt was kept at its commit or is
	// gone with its rollback.
	s.values.abandon()
	s.records.abandon()
	return beginWrite(ctx, s.writer, s.lockWaited)
}

// commit commits the writer's transaction tx and asks the checkpointer to
// copy what it wrote into the file.
func (s *Store) commit(tx *sql.Tx) error {
	if err := tx.Commit(); err != nil {
		return err
	}
	s.values.committed()
	s.records.committed()
	s.checkpoints.committed()
	return nil
}

// writeChecked is write for a store call that checks everything that can
// make it fail for its arguments (records that do not exist, invalid
// values) with check before it writes anything, in write: inside Exclusive,
// without a savepoint. A savepoint keeps, in its journal, every page the
// call changes as it was; a linking batch changes pages all over the band
// index, which for a million records held hundreds of megabytes. What can
// still fail is the database itself (a full disk, I/O), after which the
// transaction is rolled back: Exclusive fails.
func (s *Store) writeChecked(ctx context.Context, check, write func(q querier) error) error {
	x := s.exclusiveTx(ctx)
	if x == nil {
		return s.write(ctx, func(q querier) error {
			if err := check(q); err != nil {
				return err
			}
			return write(q)
		})
	}
	return x.unsaved(ctx, check, write)
}

// unsaved runs check, then write, on Exclusive's transaction without a
// savepoint: should write fail, the transaction is marked failed.
func (x *exclusive) unsaved(ctx context.Context, check, write func(q querier) error) error {
	x.mu.Lock()
	defer x.mu.Unlock()
	if x.failed != nil {
		return x.failed
	}
	if err := check(x.tx); err != nil {
		return mapErr(err)
	}
	if err := write(x.tx); err != nil {
		x.failed = mapErr(err)
		return x.failed
	}
	return nil
}

func (x *exclusive) savepoint(ctx context.Context, fn func(q querier) error) error {
	x.mu.Lock()
	defer x.mu.Unlock()
	if _, err := x.tx.ExecContext(ctx, "SAVEPOINT store_call"); err != nil {
		return mapErr(err)
	}
	if err := fn(x.tx); err != nil {
		ctx := context.WithoutCancel(ctx)
		// Rows the call inserted are undone: so are the IDs it read.
		x.store.values.abandon()
		x.store.records.abandon()
		_, rerr := x.tx.ExecContext(ctx, "ROLLBACK TO store_call")
		if rerr == nil {
			_, rerr = x.tx.ExecContext(ctx, "RELEASE store_call")
		}
		return errors.Join(mapErr(err), rerr)
	}
	_, err := x.tx.ExecContext(ctx, "RELEASE store_call")
	return mapErr(err)
}

// read returns where a read runs: Exclusive's transaction, which must see
// its own writes; else the reader pool.
func (s *Store) read(ctx context.Context) querier {
	if x := s.exclusiveTx(ctx); x != nil {
		return x.tx
	}
	return s.reader
}

func rollback(tx *sql.Tx) error {
	if err := tx.Rollback(); err != nil && !errors.Is(err, sql.ErrTxDone) {
		return fmt.Errorf("rollback: %w", err)
	}
	return nil
}

// Times are stored as UTC RFC 3339 text with nine fraction digits, which
// sorts as time does.
const timeLayout = "2006-01-02T15:04:05.000000000Z"

func formatTime(t time.Time) string { return t.UTC().Format(timeLayout) }

func parseTime(s string) (time.Time, error) {
	t, err := time.Parse(timeLayout, s)
	if err != nil {
		return time.Time{}, fmt.Errorf("stored time %q: %w", s, err)
	}
	return t, nil
}
