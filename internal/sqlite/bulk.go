package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"

	"sijil/internal/caption"
)

var _ caption.BulkLoader = (*Store)(nil)

// deferrable are the indexes a bulk load leaves unbuilt (see
// caption.BulkLoader): those whose keys (dates, coordinates, groups, the
// records of old captions met again) arrive in no order, which searches,
// record and event pages, exports and reparse read. Storing never reads
// them and no constraint rests on them; linking reads records_event_days
// only when another process wrote during the run (EventCandidates, which
// names it only while it exists). At a million captions, leaving the
// nine of then unbuilt took an ingest from 185–198 s to 153 s, of which
// building them 11–12 s. The ninth, records_versions, gave way to counts
// kept as records are written (0016_version_counts.sql).
//
// Kept: the unique indexes (records' key hash, documents' path), which
// storing looks up, and the partial indexes of unlinked records, which
// linking does, and which hold no row once a record is linked.
var deferrable = []string{
	"search_records_day",
	"search_records_country",
	"search_records_lat",
	"search_records_basis",
	"records_event_days",
	"records_cluster_members",
	"records_event_members",
	"occurrences_record",
}

// DeferIndexes drops the deferrable indexes the store holds, in one
// transaction with their definitions' rows in deferred_indexes: a
// concurrent load that deferred them first leaves nothing to drop.
func (s *Store) DeferIndexes(ctx context.Context) (err error) {
	defer wrap(&err, "sqlite.DeferIndexes")
	return s.write(ctx, func(q querier) error {
		for _, name := range deferrable {
			var def string
			err := q.QueryRowContext(ctx, "SELECT sql FROM sqlite_schema WHERE type = 'index' AND name = ?", name).Scan(&def)
			if errors.Is(err, sql.ErrNoRows) {
				continue
			}
			if err != nil {
				return err
			}
			if _, err := q.ExecContext(ctx, "INSERT INTO deferred_indexes (name, sql) VALUES (?, ?) ON CONFLICT (name) DO UPDATE SET sql = excluded.sql", name, def); err != nil {
				return err
			}
			// The name is one of deferrable's, never the caller's.
			if _, err := q.ExecContext(ctx, "DROP INDEX "+name); err != nil {
				return err
			}
		}
		return nil
	})
}

// RestoreIndexes builds each index of deferred_indexes, in its own
// transaction with the removal of its row, so that a load killed while it
// builds them loses at most the one it was building; the next Open builds
// the rest. It reports how many it built.
func (s *Store) RestoreIndexes(ctx context.Context) (n int, err error) {
	defer wrap(&err, "sqlite.RestoreIndexes")
	if s.exclusiveTx(ctx) == nil {
		restore, rerr := s.setUpBuilds(ctx)
		if rerr != nil {
			return 0, rerr
		}
		// err is the named result: restore's error joins what is returned.
		defer func() { err = errors.Join(err, restore()) }()
	}
	for {
		built := false
		err := s.write(ctx, func(q querier) error {
			var name, def string
			err := q.QueryRowContext(ctx, "SELECT name, sql FROM deferred_indexes ORDER BY name LIMIT 1").Scan(&name, &def)
			if errors.Is(err, sql.ErrNoRows) {
				return nil
			}
			if err != nil {
				return err
			}
			// The definition is run as SQL, and a register may come from
			// anyone: only one CREATE INDEX of a deferrable index's name.
			if err := checkDeferred(name, def); err != nil {
				return err
			}
			var exists bool
			if err := q.QueryRowContext(ctx, "SELECT EXISTS (SELECT 1 FROM sqlite_schema WHERE type = 'index' AND name = ?)", name).Scan(&exists); err != nil {
				return err
			}
			if !exists {
				if s.building != nil {
					s.building(q)
				}
				if _, err := q.ExecContext(ctx, def); err != nil {
					return fmt.Errorf("index %s: %w", name, err)
				}
			}
			if _, err := q.ExecContext(ctx, "DELETE FROM deferred_indexes WHERE name = ?", name); err != nil {
				return err
			}
			built = true
			return nil
		})
		if err != nil || !built {
			return n, err
		}
		n++
	}
}

// buildMmapSize is how much of the file the writer maps while it builds
// the deferred indexes. Each build scans a table from its first page to
// its last, and three of them scan records; through the mapping a page is
// read without a system call and a copy into SQLite's cache. A register
// of 100,000 captions (a 120 MB file) with its nine indexes of then deferred
// opened and built them in 0.77-0.82 s instead of 0.99 (2026-12-05).
// The mapping is capped because its pages count in the process's
// resident memory once touched: mapping a million captions' 1.2 GB file
// whole made the builds 8.6 s instead of 10.3 but the ingest's peak 998
// MB instead of 465. Under the cap that ingest peaked at 454 MB and its
// builds took as long as without the mapping. The load itself reads without it: a writer mapping the file
// throughout ingested a million captions in 134 s instead of 123.
const buildMmapSize = 256 << 20

// setUpBuilds sets the writer connection up for the index builds: it maps
// the file (mapForBuilds) and sorts beside it (sortBesideFile). It
// returns the function that puts both back. It must not run inside
// Exclusive, whose transaction holds the connection.
func (s *Store) setUpBuilds(ctx context.Context) (restore func() error, err error) {
	unmap, err := s.mapForBuilds(ctx)
	if err != nil {
		return nil, err
	}
	inMemory, err := s.sortBesideFile(ctx)
	if err != nil {
		return nil, errors.Join(err, unmap())
	}
	return func() error { return errors.Join(inMemory(), unmap()) }, nil
}

// mapForBuilds has the writer connection map the first buildMmapSize
// bytes of the file, and returns the function that puts its mapping back
// as it was. It must not run inside Exclusive, whose transaction holds the
// connection.
func (s *Store) mapForBuilds(ctx context.Context) (unmap func() error, err error) {
	var was int64
	if err := s.writer.QueryRowContext(ctx, "PRAGMA mmap_size").Scan(&was); err != nil {
		return nil, err
	}
	if _, err := s.writer.ExecContext(ctx, fmt.Sprintf("PRAGMA mmap_size = %d", buildMmapSize)); err != nil {
		return nil, err
	}
	return func() error {
		// Put back even when ctx is done: the connection outlives it.
		_, err := s.writer.ExecContext(context.WithoutCancel(ctx), fmt.Sprintf("PRAGMA mmap_size = %d", was))
		return err
	}, nil
}

// tempDir serialises the builds that sortBesideFile lets sort in their
// register's directory: SQLite has one temporary directory for the
// process, and two stores of one process building at once would
// otherwise sort in one another's.
var tempDir sync.Mutex

// sortBesideFile has the writer sort what the index builds sort in
// temporary files in the register's directory, instead of in memory as it
// does otherwise (temp_store=MEMORY, see writerParams), and returns the
// function that puts it back. Held in memory, what an index build sorts
// is one allocation a row and one list sorted whole: the eight builds of
// a million captions took 9.0-10.1 s, and 7.5 s sorted in files (runs of
// 16 MB, the cache's size, sorted in memory and merged), as the sqlite3
// shell does by default; at 100,000 captions they sort in memory either
// way (0.7 s). The files go beside the register, not into the system's
// temporary directory, which may lie on a disk that the team does not
// protect as it protects the register: the rows sorted are the records'
// dates, places and clusters. They have no name, and are gone when the
// build ends or the process dies.
//
// When SQLite does not take the directory (a build without the pragma
// temp_store_directory, or a directory it cannot write), the builds sort
// in memory as before. It must not run inside Exclusive, whose
// transaction holds the connection; it does nothing for ":memory:".
func (s *Store) sortBesideFile(ctx context.Context) (inMemory func() error, err error) {
	if s.dir == "" {
		return func() error { return nil }, nil
	}
	tempDir.Lock()
	// Put back even when ctx is done: the connection outlives it.
	back := func() error {
		defer tempDir.Unlock()
		ctx := context.WithoutCancel(ctx)
		_, err := s.writer.ExecContext(ctx, "PRAGMA temp_store = MEMORY")
		if _, derr := s.writer.ExecContext(ctx, "PRAGMA temp_store_directory = ''"); err == nil {
			err = derr
		}
		return err
	}
	var got string
	// An error (not a writable directory) leaves the sort in memory.
	if _, err := s.writer.ExecContext(ctx, "PRAGMA temp_store_directory = "+quoteSQL(s.dir)); err != nil {
		return back, nil
	}
	if err := s.writer.QueryRowContext(ctx, "PRAGMA temp_store_directory").Scan(&got); err != nil || got != s.dir {
		return back, nil
	}
	if _, err := s.writer.ExecContext(ctx, "PRAGMA temp_store = FILE"); err != nil {
		return nil, errors.Join(err, back())
	}
	return back, nil
}

// quoteSQL is s as an SQL string literal.
func quoteSQL(s string) string { return "'" + strings.ReplaceAll(s, "'", "''") + "'" }

// checkDeferred refuses a row of deferred_indexes that DeferIndexes could
// not have written: a name it does not defer, or a definition that is more
// than one statement creating that index.
func checkDeferred(name, def string) error {
	if !slices.Contains(deferrable, name) || !strings.HasPrefix(def, "CREATE INDEX "+name+" ON ") || strings.ContainsRune(def, ';') {
		return fmt.Errorf("%w: deferred index %q: not one this store defers: %.80q; a row of the register's deferred_indexes table that sijil did not write, which it will not run: delete that row to open the register", caption.ErrInvalid, name, def)
	}
	return nil
}

// restoreDeferred builds, when the store opens, the indexes a load left
// deferred: one killed or interrupted, or one still running in another
// process (which then goes on with them built, only slower).
func (s *Store) restoreDeferred(ctx context.Context) error {
	var pending bool
	if err := s.writer.QueryRowContext(ctx, "SELECT EXISTS (SELECT 1 FROM deferred_indexes)").Scan(&pending); err != nil || !pending {
		return err
	}
	_, err := s.RestoreIndexes(ctx)
	return err
}
