package postgres

import (
	"context"

	"github.com/jackc/pgx/v5"
)

// Staging tables: PutDocuments and SetLinks send their rows by COPY (pgx's
// CopyFrom, the binary protocol, one round trip for any number of rows)
// into temporary tables, and move them into the register with a few
// set-based statements (INSERT … SELECT … ON CONFLICT, UPDATE … FROM),
// where sending them as statements or arrays took a round trip, and a
// plan, per batch of rows.
//
// They are temporary tables of the session, created once per connection
// (ensureStage) and emptied by the server at every commit (ON COMMIT DELETE
// ROWS, which costs nothing in a transaction that did not use them): no
// catalog rows are written per transaction, as CREATE TEMP TABLE … ON
// COMMIT DROP would, and no other session sees them. A transaction that
// uses one twice empties it first (stageTable).
const (
	stageRecords = "sijil_stage_records"
	stageTerms   = "sijil_stage_terms"
	stageLinks   = "sijil_stage_links"
)

// stageDDL creates the staging tables. temp_buffers, the session's memory
// for temporary tables, is raised from 8 MB first (it may only be set
// before the session's first use of one): a batch of 5,000 records stages
// about 10 MB, which would otherwise be written out to temporary files.
const stageDDL = `
SET temp_buffers = '64MB';
CREATE TEMP TABLE IF NOT EXISTS ` + stageRecords + ` (
	id                bigint NOT NULL,
	key               text NOT NULL,
	text              text NOT NULL,
	desc_len          integer,
	fields            bytea NOT NULL,
	search_text       text NOT NULL,
	search            tsvector,
	date_first        date,
	date_last         date,
	date_precision    text NOT NULL,
	country           text,
	lat               double precision,
	lon               double precision,
	killed            integer,
	injured           integer,
	parser_version    text NOT NULL,
	gazetteer_version text NOT NULL,
	bands             bytea NOT NULL,
	basis             text,
	cluster_id        bigint,
	event_id          bigint
) WITH (toast_tuple_target = 8160) ON COMMIT DELETE ROWS;
CREATE TEMP TABLE IF NOT EXISTS ` + stageTerms + ` (
	record_id bigint NOT NULL,
	field     smallint NOT NULL,
	fold      text NOT NULL,
	value     text NOT NULL,
	key       text
) ON COMMIT DELETE ROWS;
CREATE TEMP TABLE IF NOT EXISTS ` + stageLinks + ` (
	record_id  bigint NOT NULL,
	level      text NOT NULL,
	target_id  bigint NOT NULL,
	group_id   bigint NOT NULL,
	similarity double precision NOT NULL,
	rule       text NOT NULL,
	created    timestamptz NOT NULL
) ON COMMIT DELETE ROWS`

// stageReady is the key of a connection's CustomData that says it has the
// staging tables.
const stageReady = "sijil.stage"

// ensureStage creates the staging tables on conn, outside any transaction,
// unless it has them.
func ensureStage(ctx context.Context, conn *pgx.Conn) error {
	data := conn.PgConn().CustomData()
	if data[stageReady] != nil {
		return nil
	}
	if _, err := conn.Exec(ctx, stageDDL); err != nil {
		return err
	}
	data[stageReady] = true
	return nil
}

// stageTable returns the name of a staging table for x to fill, emptied
// if x has already used it.
func stageTable(ctx context.Context, tx pgx.Tx, x *txState, name string) (pgx.Identifier, error) {
	if x.staged[name] {
		if _, err := tx.Exec(ctx, `TRUNCATE `+name); err != nil {
			return nil, err
		}
	}
	x.staged[name] = true
	return pgx.Identifier{name}, nil
}
