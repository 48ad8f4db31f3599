package searchindex

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"runtime/debug"
	"sync"
	"sync/atomic"
	"time"

	"sijil/internal/caption"
)

// Source is a store the index can be built from and kept up to date with:
// sqlite.Store and postgres.Store.
type Source interface {
	caption.Store
	// SearchRows calls fn with the index row of every record written
	// since mark (every record for mark ""), and returns the mark to pass
	// next time; "" when it cannot tell what changed since mark, and the
	// index must be built again. A row is the record's ID; its date,
	// country, killed figure and, when it has a location, the other fields
	// of caption.PointRecord; its caption.SearchText; and the IDs of its
	// search values. text and values are valid only during the call.
	SearchRows(ctx context.Context, mark string, fn func(r caption.StoredRecord, text []byte, values []int64) error) (string, error)
	// SearchValues calls fn with every search value (ids nil) or those of
	// ids: caption.RecordTerms' terms, once per field and fold, with the
	// value as first stored and the place key of admin1 and place names.
	SearchValues(ctx context.Context, ids []int64, fn func(id int64, t caption.Term, key string) error) error
	// RecordsByID returns the records of ids, in that order.
	RecordsByID(ctx context.Context, ids []int64) ([]caption.StoredRecord, error)
	// SearchRowsOf calls fn, as SearchRows does, with the rows of the
	// records of ids: the index reads records updated through it again
	// with it when SearchRows does not list records reindexed
	// (PostgreSQL). caption.ErrUnsupported: SearchRows lists them (SQLite).
	SearchRowsOf(ctx context.Context, ids []int64, fn func(r caption.StoredRecord, text []byte, values []int64) error) error
	// WatchCommits returns a function that reads a number that changes
	// whenever a transaction commits, by any process, and one that stops
	// it: the index caches records while it stays put (SQLite).
	// caption.ErrUnsupported: the source cannot tell (PostgreSQL), and
	// records are read from it every time.
	WatchCommits(ctx context.Context) (version func(context.Context) (int64, error), stop func() error, err error)
}

// Options configure New.
type Options struct {
	// Logger receives the build and refresh lines (nil: discarded).
	Logger *slog.Logger
	// Poll is how often the store is asked for changes made by other
	// processes (default 1s; negative: never, for tests).
	Poll time.Duration
	// Results is how many searches' matches and facets are kept for the
	// next search with the same filters (its next page, its map and
	// timeline, a popular query) until the index changes (default 64,
	// negative: none). Records is how many records searches returned are
	// kept, decoded, until the source reports a commit, when it can
	// (default 8192, negative: none).
	Results, Records int
}

// Store is a caption.Store that answers Search, Points and Timeline from an
// in-memory index of its source and passes every other call to it. Writes
// through it update the index before they return; writes by other processes
// are read from the source every Options.Poll, so a search may miss what
// another process committed in the last poll interval (and, on PostgreSQL,
// a record it reindexed in the last seconds; see postgres.Store.SearchRows).
// Photo calls (PutPhotos, SetPhotoLinks, PhotosByKeys, PhotoSources,
// Thumbnail) pass to the source as they are: a photo changes no record's
// search row, and inside Exclusive they run in the source's transaction.
// The records a search returns may be shared with later searches (they are
// cached while the source reports no commit): callers must not modify them.
type Store struct {
	src Source
	log *slog.Logger

	mu sync.RWMutex // guards ix; its write lock is held only to change the index
	ix *index

	update  sync.Mutex // one update at a time; guards mark
	mark    string
	scratch sync.Pool
	stop    chan struct{}
	stopped chan struct{}
	// polling is the context of the poll loop's refreshes, cancelled by
	// Stop so that a refresh in progress (a rebuild at a million records
	// takes seconds, a slow database longer) does not hold shutdown.
	polling  context.Context
	stopPoll context.CancelFunc
	stopOnce sync.Once
	stats    IndexStats
	statsMu  sync.Mutex

	results results
	records records
	// version reads the source's commit version (nil when it has none or
	// records are not cached); stopVersion closes what it reads from.
	version     func(context.Context) (int64, error)
	stopVersion func() error
	rev         atomic.Uint64
}

// Revision returns a number that changes whenever the records searches
// return may have changed since it was last read: for caches of what is
// made of them (the server's encoded records). It only moves when the
// source reports commits (see Options.Records); otherwise it stays 0 and
// nothing should be cached by it.
func (s *Store) Revision() uint64 { return s.rev.Load() }

// IndexStats describe the index.
type IndexStats struct {
	Records   int           // records indexed
	Memory    int           // bytes the index holds, estimated
	BuildTime time.Duration // of the last build from scratch
	Builds    int           // builds from scratch
	Updates   int           // incremental updates that changed something
}

// New builds the index of src and returns the store serving from it. It
// takes a few seconds for a million records, and logs what it built.
func New(ctx context.Context, src Source, opt Options) (_ *Store, err error) {
	s := &Store{src: src, log: opt.Logger, stop: make(chan struct{}), stopped: make(chan struct{})}
	s.polling, s.stopPoll = context.WithCancel(context.WithoutCancel(ctx))
	if s.log == nil {
		s.log = slog.New(slog.DiscardHandler)
	}
	if opt.Results >= 0 {
		s.results.lru = newLRU[string, *result](cmp.Or(opt.Results, 64))
	}
	if err := s.rebuild(ctx); err != nil {
		return nil, err
	}
	// The build's garbage (batches, slices outgrown) was as large as the
	// index: give it back to the system now rather than over minutes.
	debug.FreeOSMemory()
	if opt.Records >= 0 {
		if s.version, s.stopVersion, err = src.WatchCommits(ctx); err != nil {
			s.version, s.stopVersion = nil, nil
			if !errors.Is(err, caption.ErrUnsupported) {
				s.log.Info("search index: records are not cached", "err", err)
			}
		} else {
			s.records.lru = newLRU[int64, caption.StoredRecord](cmp.Or(opt.Records, 8192))
			s.rev.Store(1)
		}
	}
	poll := opt.Poll
	if poll == 0 {
		poll = time.Second
	}
	if poll < 0 {
		close(s.stopped)
		return s, nil
	}
	go s.poll(poll)
	return s, nil
}

// IndexStats returns the index's size and build figures.
func (s *Store) IndexStats() IndexStats {
	s.statsMu.Lock()
	defer s.statsMu.Unlock()
	return s.stats
}

// Close stops following the source and closes it.
func (s *Store) Close() error {
	s.Stop()
	return s.src.Close()
}

// Stop stops following the source, leaving it open: for a caller that
// closes the source itself.
func (s *Store) Stop() {
	s.stopOnce.Do(func() {
		close(s.stop)
		s.stopPoll()
		if s.stopVersion != nil {
			s.stopVersion()
		}
	})
	<-s.stopped
}

// poll asks the source for changes every d until Close.
func (s *Store) poll(d time.Duration) {
	defer close(s.stopped)
	t := time.NewTicker(d)
	defer t.Stop()
	var lastWarn time.Time
	for {
		select {
		case <-s.stop:
			return
		case <-t.C:
		}
		ctx, cancel := context.WithTimeout(s.polling, 5*time.Minute)
		// A register that cannot be read fails every poll: say so once a
		// minute.
		if err := s.refresh(ctx); err != nil && s.polling.Err() == nil && time.Since(lastWarn) > time.Minute {
			s.log.Warn("search index: update failed; searches may miss the latest changes", "err", err)
			lastWarn = time.Now()
		}
		cancel()
	}
}

// refresh reads the changes since the last update into the index, or
// builds it again when the source cannot list them or when records
// reindexed have left too many dead ordinals.
func (s *Store) refresh(ctx context.Context) error {
	s.update.Lock()
	defer s.update.Unlock()
	next, err := s.apply(ctx, s.mark, s.ix, true)
	if err != nil {
		return err
	}
	s.mu.RLock()
	dead, n := s.ix.nDead, s.ix.n()
	s.mu.RUnlock()
	if next == "" || (dead > 1000 && dead > n/4) {
		return s.rebuildLocked(ctx)
	}
	s.mark = next
	return nil
}

// rebuild builds the index from scratch and replaces the one served.
func (s *Store) rebuild(ctx context.Context) error {
	s.update.Lock()
	defer s.update.Unlock()
	return s.rebuildLocked(ctx)
}

func (s *Store) rebuildLocked(ctx context.Context) error {
	start := time.Now()
	ix := newIndex()
	err := s.src.SearchValues(ctx, nil, func(id int64, t caption.Term, key string) error {
		ix.values.add(id, t, key)
		return nil
	})
	if err != nil {
		return fmt.Errorf("search index: %w", err)
	}
	next, err := s.apply(ctx, "", ix, false)
	if err != nil {
		return err
	}
	if next == "" {
		return errors.New("search index: the store gave no mark for a full read")
	}
	ix.sortOrder()
	ix.compact()
	s.mu.Lock()
	s.ix, s.mark = ix, next
	s.mu.Unlock()
	// Results hold the index they were computed on: drop them, so that
	// the old index can go.
	s.results.clear()
	took := time.Since(start)
	mem := ix.memory()
	s.statsMu.Lock()
	s.stats.Records, s.stats.Memory, s.stats.BuildTime = ix.live(), mem, took
	s.stats.Builds++
	s.statsMu.Unlock()
	s.log.Info("search index built", "records", ix.live(), "words", len(ix.text.post), "values", len(ix.values.field),
		"memory_mb", mem>>20, "took", took.Round(time.Millisecond))
	return nil
}

// inExclusive is the context key of an Exclusive call made through the
// store; its value, an *exclusiveCall, collects the records updated in it.
type inExclusive struct{}

type exclusiveCall struct {
	mu      sync.Mutex
	updated []int64
}

func exclusive(ctx context.Context) bool { return ctx.Value(inExclusive{}) != nil }

// Exclusive runs fn in the source's Exclusive. Searches inside fn go to
// the source, which sees fn's uncommitted writes; the index reads them once
// fn returns.
func (s *Store) Exclusive(ctx context.Context, fn func(ctx context.Context) error) error {
	if exclusive(ctx) {
		return s.src.Exclusive(ctx, fn)
	}
	call := new(exclusiveCall)
	err := s.src.Exclusive(ctx, func(ctx context.Context) error {
		return fn(context.WithValue(ctx, inExclusive{}, call))
	})
	if err == nil {
		s.reread(ctx, call.updated)
	}
	s.afterWrite(ctx)
	return err
}

// PutDocument stores a document in the source and indexes what it added.
func (s *Store) PutDocument(ctx context.Context, doc caption.Document, items []caption.Item, v caption.Versions) (caption.IngestResult, error) {
	res, err := s.src.PutDocument(ctx, doc, items, v)
	if err == nil && !res.Unchanged {
		s.afterWrite(ctx)
	}
	return res, err
}

// UpdateRecord updates a record in the source and reindexes it.
func (s *Store) UpdateRecord(ctx context.Context, id int64, r caption.Record, v caption.Versions) error {
	err := s.src.UpdateRecord(ctx, id, r, v)
	if err != nil {
		return err
	}
	if call, ok := ctx.Value(inExclusive{}).(*exclusiveCall); ok {
		call.mu.Lock()
		call.updated = append(call.updated, id)
		call.mu.Unlock()
		return nil
	}
	s.reread(ctx, []int64{id})
	s.afterWrite(ctx)
	return nil
}

// reread reads the rows of records updated through the store again, when
// the source needs to be told which (see Source.SearchRowsOf).
func (s *Store) reread(ctx context.Context, ids []int64) {
	if len(ids) == 0 {
		return
	}
	s.update.Lock()
	defer s.update.Unlock()
	_, err := s.read(context.WithoutCancel(ctx), s.ix, true, func(ctx context.Context, fn func(caption.StoredRecord, []byte, []int64) error) (string, error) {
		return "", s.src.SearchRowsOf(ctx, ids, fn)
	})
	if err != nil && !errors.Is(err, caption.ErrUnsupported) {
		s.log.Warn("search index: reindexing updated records failed; searches may miss them until the next poll", "records", len(ids), "err", err)
	}
}

// afterWrite updates the index after a write through the store, so that
// the writer's next search sees it. Inside Exclusive the write is not
// committed yet: Exclusive updates once it is. A failed update is logged
// (the write itself succeeded) and left to the next poll.
func (s *Store) afterWrite(ctx context.Context) {
	if exclusive(ctx) {
		return
	}
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 5*time.Minute)
	defer cancel()
	if err := s.refresh(ctx); err != nil {
		s.log.Warn("search index: update after a write failed; searches may miss it until the next poll", "err", err)
	}
}

var _ caption.Store = (*Store)(nil)
