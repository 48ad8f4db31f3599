package postgres

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"sync"

	"github.com/jackc/pgx/v5"

	"sijil/internal/caption"
)

var (
	_ caption.BulkLoader   = (*Store)(nil)
	_ caption.SearchLister = (*Store)(nil)
)

// deferredIndex is an index or foreign key a bulk load may leave unbuilt,
// and its definition. table is the table of a foreign key, empty for an
// index.
type deferredIndex struct{ name, def, table string }

// deferrable are the indexes a bulk load leaves unbuilt (see
// caption.BulkLoader), and after them the foreign keys it drops and adds
// back, with their definitions as the migrations make them. The indexes
// are those that only searches, facets, record and event pages, exports
// and reparse read. Storing and linking never read them, and no constraint
// rests on them; EventCandidates reads records_date_idx, which linking
// calls only when another process wrote during the run. The search index
// (GIN, over the tsvector) is the dearest to keep up row by row.
//
// Kept: the primary and unique keys, which storing looks up and the
// foreign keys check, and the partial indexes of unlinked records and
// unkeyed search values, which linking and the search index read.
//
// They are listed in the order RestoreIndexes builds them, the dearest
// first, so that its builders end together: the GIN index and the index of
// search terms took 0.86 and 0.28 s of 2.7 at 100,000 captions. The foreign
// keys come last: adding one locks its tables against the index builds and
// the other keys of records (SHARE ROW EXCLUSIVE), and so waits for them.
//
// The definitions are the store's, not read back from the database, so
// that a row of deferred_indexes can name an index to build or a key to
// add back and nothing more. TestDeferIndexes checks that building them
// gives back the schema the migrations made.
var deferrable = []deferredIndex{
	{name: "records_search_idx", def: "CREATE INDEX records_search_idx ON records USING gin (search)"},
	{name: "search_terms_record_idx", def: "CREATE INDEX search_terms_record_idx ON search_terms (record_id, field, value_id)"},
	{name: "records_basis_idx", def: "CREATE INDEX records_basis_idx ON records (basis) WHERE basis IS NOT NULL"},
	{name: "records_cluster_members_idx", def: "CREATE INDEX records_cluster_members_idx ON records (cluster_id, date_first, id)"},
	{name: "records_country_idx", def: "CREATE INDEX records_country_idx ON records (country)"},
	{name: "records_date_idx", def: "CREATE INDEX records_date_idx ON records (date_first, date_last)"},
	{name: "records_event_members_idx", def: "CREATE INDEX records_event_members_idx ON records (event_id, date_first, id)"},
	{name: "records_injured_idx", def: "CREATE INDEX records_injured_idx ON records (injured)"},
	{name: "records_killed_idx", def: "CREATE INDEX records_killed_idx ON records (killed)"},
	{name: "records_lat_lon_idx", def: "CREATE INDEX records_lat_lon_idx ON records (lat, lon)"},
	{name: "records_search_order_idx", def: "CREATE INDEX records_search_order_idx ON records (date_first DESC NULLS LAST, id)"},
	{name: "records_versions_idx", def: "CREATE INDEX records_versions_idx ON records (parser_version, gazetteer_version)"},
	{name: "occurrences_record_idx", def: "CREATE INDEX occurrences_record_idx ON occurrences (record_id)"},

	// The foreign keys of the rows every caption adds: PostgreSQL checks
	// each row with a query of its own, some seven a record, and at
	// 100,000 captions they were a fifth of an ingest (12.2 s against
	// 9.8 s without them, 2026-12-04). Added back, each is checked by one
	// query over the whole table.
	{name: "links_group_id_fkey", table: "links", def: "ALTER TABLE links ADD CONSTRAINT links_group_id_fkey FOREIGN KEY (group_id) REFERENCES records (id)"},
	{name: "links_record_id_fkey", table: "links", def: "ALTER TABLE links ADD CONSTRAINT links_record_id_fkey FOREIGN KEY (record_id) REFERENCES records (id)"},
	{name: "links_target_id_fkey", table: "links", def: "ALTER TABLE links ADD CONSTRAINT links_target_id_fkey FOREIGN KEY (target_id) REFERENCES records (id)"},
	{name: "occurrences_document_id_fkey", table: "occurrences", def: "ALTER TABLE occurrences ADD CONSTRAINT occurrences_document_id_fkey FOREIGN KEY (document_id) REFERENCES documents (id)"},
	{name: "occurrences_record_id_fkey", table: "occurrences", def: "ALTER TABLE occurrences ADD CONSTRAINT occurrences_record_id_fkey FOREIGN KEY (record_id) REFERENCES records (id)"},
	{name: "records_cluster_id_fkey", table: "records", def: "ALTER TABLE records ADD CONSTRAINT records_cluster_id_fkey FOREIGN KEY (cluster_id) REFERENCES records (id)"},
	{name: "records_event_id_fkey", table: "records", def: "ALTER TABLE records ADD CONSTRAINT records_event_id_fkey FOREIGN KEY (event_id) REFERENCES records (id)"},
}

// deferredDef returns the deferrable index or foreign key name.
func deferredDef(name string) (deferredIndex, bool) {
	i := slices.IndexFunc(deferrable, func(d deferredIndex) bool { return d.name == name })
	if i < 0 {
		return deferredIndex{}, false
	}
	return deferrable[i], true
}

// exists reports whether the schema on the search path holds d.
func (d deferredIndex) exists(ctx context.Context, tx pgx.Tx) (bool, error) {
	if d.table == "" {
		return indexExists(ctx, tx, d.name)
	}
	var exists bool
	err := tx.QueryRow(ctx, "SELECT EXISTS (SELECT 1 FROM pg_constraint WHERE conname = $1 AND conrelid = to_regclass($2))", d.name, d.table).Scan(&exists)
	return exists, err
}

// drop is the statement that drops d.
func (d deferredIndex) drop() string {
	if d.table == "" {
		return "DROP INDEX " + pgx.Identifier{d.name}.Sanitize()
	}
	return "ALTER TABLE " + pgx.Identifier{d.table}.Sanitize() + " DROP CONSTRAINT " + pgx.Identifier{d.name}.Sanitize()
}

// DeferIndexes drops the deferrable indexes and foreign keys the schema
// holds and records their names, in Exclusive (its gate and lock), so that
// it waits for a load in progress and a concurrent load that deferred them
// first leaves nothing to drop.
func (s *Store) DeferIndexes(ctx context.Context) (err error) {
	defer wrap(&err, "postgres.DeferIndexes")
	return s.Exclusive(ctx, func(ctx context.Context) error {
		return s.write(ctx, "DeferIndexes", func(tx pgx.Tx, _ *txState) error {
			for _, d := range deferrable {
				exists, err := d.exists(ctx, tx)
				if err != nil {
					return err
				}
				if !exists {
					continue
				}
				if _, err := tx.Exec(ctx, "INSERT INTO deferred_indexes (name) VALUES ($1) ON CONFLICT DO NOTHING", d.name); err != nil {
					return err
				}
				if _, err := tx.Exec(ctx, d.drop()); err != nil {
					return err
				}
			}
			return nil
		})
	})
}

// restoreBuilders is how many indexes RestoreIndexes builds at once, each
// in a transaction of its own. The server builds an index on one core
// (PostgreSQL 15 builds a GIN index in one process), and at the end of an
// ingest nothing else is asking it for anything: at 100,000 captions the
// twenty took 2.5-2.9 s one after the other, the GIN index 0.86 s of it.
const restoreBuilders = 2

// RestoreIndexes builds each index and adds back each foreign key (which
// checks every row) of deferred_indexes, in its own transaction with the
// removal of its row, so that a load killed while it builds them loses at
// most those it was building; the next Open builds the rest. It builds
// restoreBuilders at a time, the dearest first (see deferrable), and
// reports how many it built. A row naming an index the store does not
// defer is refused: the database is not this store's own. On an error the
// builds in progress are stopped, and what they were building stays
// deferred.
func (s *Store) RestoreIndexes(ctx context.Context) (n int, err error) {
	defer wrap(&err, "postgres.RestoreIndexes")
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	order := make([]string, len(deferrable))
	for i, d := range deferrable {
		order[i] = d.name
	}
	var (
		mu    sync.Mutex
		first error
		wg    sync.WaitGroup
	)
	for range restoreBuilders {
		wg.Go(func() {
			for {
				built, err := s.restoreOne(ctx, order)
				mu.Lock()
				if err != nil && first == nil {
					first = err
					cancel()
				}
				if built {
					n++
				}
				mu.Unlock()
				if err != nil || !built {
					return
				}
			}
		})
	}
	wg.Wait()
	return n, first
}

// restoreOne builds the first index or foreign key of deferred_indexes in
// order that no other transaction is building, and reports whether there
// was one.
func (s *Store) restoreOne(ctx context.Context, order []string) (built bool, err error) {
	err = s.write(ctx, "RestoreIndexes", func(tx pgx.Tx, _ *txState) error {
		// SKIP LOCKED: two builders, of this process or another, build
		// different indexes instead of one waiting to find the other's gone.
		var name string
		err := tx.QueryRow(ctx, `SELECT name FROM deferred_indexes ORDER BY array_position($1::text[], name), name
			LIMIT 1 FOR UPDATE SKIP LOCKED`, order).Scan(&name)
		if errors.Is(err, pgx.ErrNoRows) {
			return nil
		}
		if err != nil {
			return err
		}
		d, ok := deferredDef(name)
		if !ok {
			return fmt.Errorf("%w: deferred index %.80q: not one this store defers; a row of the database's deferred_indexes table that sijil did not write: delete that row to open the register", caption.ErrInvalid, name)
		}
		exists, err := d.exists(ctx, tx)
		if err != nil {
			return err
		}
		if !exists {
			if _, err := tx.Exec(ctx, d.def); err != nil {
				if d.table != "" {
					return fmt.Errorf("foreign key %s of %s: %w", name, d.table, err)
				}
				return fmt.Errorf("index %s: %w", name, err)
			}
		}
		if _, err := tx.Exec(ctx, "DELETE FROM deferred_indexes WHERE name = $1", name); err != nil {
			return err
		}
		built = true
		return nil
	})
	return built && err == nil, err
}

// indexExists reports whether the schema on the search path holds the
// index name.
func indexExists(ctx context.Context, tx pgx.Tx, name string) (bool, error) {
	var exists bool
	err := tx.QueryRow(ctx, "SELECT to_regclass($1) IS NOT NULL", name).Scan(&exists)
	return exists, err
}

// restoreDeferred builds, when the store opens, the indexes a load left
// deferred: one killed or interrupted, or one still running in another
// process (which then goes on with them built, only slower).
func (s *Store) restoreDeferred(ctx context.Context) error {
	var pending bool
	if err := s.pool.QueryRow(ctx, "SELECT EXISTS (SELECT 1 FROM deferred_indexes)").Scan(&pending); err != nil || !pending {
		return err
	}
	_, err := s.RestoreIndexes(ctx)
	return err
}
