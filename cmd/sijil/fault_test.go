package main

import (
	"context"
	"crypto/rand"
	"database/sql"
	"fmt"
	"net"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/jackc/pgx/v5"
	_ "modernc.org/sqlite" // the integrity check opens the register directly

	"sijil/internal/caption"
	"sijil/internal/corpus"
	"sijil/internal/testenv"
)

// faultCorpus writes a generated corpus of n captions under dir/corpus and
// returns its directory.
func faultCorpus(t *testing.T, dir string, n int) string {
	t.Helper()
	docs := filepath.Join(dir, "corpus")
	if err := os.MkdirAll(docs, 0o755); err != nil {
		t.Fatal(err)
	}
	if _, err := corpus.Generate(corpus.DefaultOptions(n), func(name string, data []byte) error {
		return os.WriteFile(filepath.Join(docs, name), data, 0o644)
	}); err != nil {
		t.Fatal(err)
	}
	return docs
}

// ingestCmd is `sijil ingest --db dsn docs` without a gazetteer directory.
func ingestCmd(bin, dir, dsn, docs string) *exec.Cmd {
	cmd := exec.Command(bin, "ingest", "--db", dsn, docs)
	cmd.Env = append(os.Environ(), "SIJIL_GAZETTEER="+filepath.Join(dir, "gazetteer"))
	return cmd
}

// contentOf is registerContent for any register sijil opens: a SQLite path
// or a postgres:// URL.
func contentOf(t *testing.T, dsn string) content {
	t.Helper()
	s, err := openStore(t.Context(), dsn, nil)
	if err != nil {
		t.Fatalf("open %s: %v", redactDSN(dsn), err)
	}
	defer s.Close()
	return storeContent(t, s)
}

// pgKillCaptions is the size of TestIngestKillPostgres's and
// TestIngestPostgresRestart's corpus: with pgKillBatch captions per
// transaction (SIJIL_INGEST_BATCH), six batches: room for the second kill
// of TestIngestKillPostgres, after one batch committed by the first run
// and one more by the resumed run.
const (
	pgKillCaptions = 6000
	pgKillBatch    = 1000
)

// TestIngestKillPostgres kills `sijil ingest` into PostgreSQL (SIGKILL)
// while a transaction of its is open after a COPY or an INSERT into the
// register, with some batches already committed, twice (the second time
// after the resumed run has committed a batch of its own), then lets it
// complete: the register must equal an uninterrupted run's.
//
// Each kill is checked to have landed: the child died of the signal, the
// transaction seen open is aborted (txid_status), and the register holds
// exactly the documents, occurrences and records committed when the child
// was stopped, some but not all. A kill that does not land (the run ended
// first) lets the run complete the register, so a new try starts the
// whole sequence again in a register of its own.
func TestIngestKillPostgres(t *testing.T) {
	if testing.Short() {
		t.Skip("builds sijil and ingests a corpus several times")
	}
	ref := testPostgresDSN(t)
	dir := t.TempDir()
	bin := buildSijil(t, dir)
	docs := faultCorpus(t, dir, pgKillCaptions)
	ingest := func(dsn string) *exec.Cmd { return withBatch(ingestCmd(bin, dir, dsn, docs), pgKillBatch) }

	start := time.Now()
	if out, err := ingest(ref).CombinedOutput(); err != nil {
		t.Fatalf("uninterrupted ingest: %v\n%s", err, out)
	}
	t.Logf("an uninterrupted run takes %v", time.Since(start))
	want := contentOf(t, ref)
	final := statsOf(t, ref)

	tally := newLandings(t)
	defer tally.log()
	// kill runs the ingest into dsn and kills it in an open transaction
	// that has written, with some batches committed: by an earlier run,
	// or, when progress, by this one.
	kill := func(dsn, what string, progress bool) bool {
		app := "sijil_kill_" + strings.ToLower(rand.Text()[:10])
		w := watchPostgres(t, dsn, app)
		defer w.close()
		before := mustStatsOf(t, w.store)
		c := startChild(t, ingest(withParam(t, dsn, "application_name", app)))
		now, landed, err := killAt(c, func() (pgLook, error) { return w.look(t.Context()) }, func(l pgLook) bool {
			return l.Txn != nil && l.Documents > 0 && l.Documents < final.Documents && (!progress || l.Documents > before.Documents)
		})
		if !landed {
			t.Logf("%s: the run ended first (%v): %s", what, err, lastLines(c.out.String(), 2))
			return false
		}
		checkKilled(t, err, c.out.String())
		w.gone(t)
		status := w.status(t, now.Txn.XID)
		after := mustStatsOf(t, w.store)
		t.Logf("%s: killed with %d of %d documents committed (%d before the run), transaction %d open (%s, last %q); after the kill it is %s, the register %+v",
			what, now.Documents, final.Documents, before.Documents, now.Txn.XID, now.Txn.State, now.Txn.Query, status, after)
		if status != "aborted" {
			t.Errorf("%s: the transaction open at the kill is %s, not aborted", what, status)
		}
		if after.Documents != now.Documents || after.Occurrences != now.Occurrences || after.Records != now.Records {
			t.Errorf("%s: the register holds %+v after the kill, not what was committed when the child was stopped (%+v)", what, after, now.Stats)
		}
		// A load into an empty register is a bulk load: the kill left its
		// read-only indexes unbuilt, for the next run's Open to build.
		deferred := pgNames(t, w.conn, "SELECT name FROM deferred_indexes ORDER BY name")
		t.Logf("%s: the kill left %d indexes unbuilt", what, len(deferred))
		if before.Documents == 0 && len(deferred) == 0 {
			t.Errorf("%s: a kill in a load into an empty register left no index deferred", what)
		}
		return true
	}
	for try := 1; ; try++ {
		killed := testPostgresDSN(t)
		if tally.note("between COPY and commit", kill(killed, "between COPY and commit", false)) &&
			tally.note("between COPY and commit, resumed", kill(killed, "between COPY and commit, resumed", true)) {
			if out, err := ingest(killed).CombinedOutput(); err != nil {
				t.Fatalf("completing ingest: %v\n%s", err, out)
			}
			if diff := cmp.Diff(want, contentOf(t, killed)); diff != "" {
				t.Errorf("the register after kills differs from an uninterrupted run's (-uninterrupted +killed):\n%s", diff)
			}
			const indexes = "SELECT indexname FROM pg_indexes WHERE schemaname = current_schema() ORDER BY 1"
			if diff := cmp.Diff(pgNamesAt(t, ref, indexes), pgNamesAt(t, killed, indexes)); diff != "" {
				t.Errorf("the indexes after kills differ from an uninterrupted run's (-uninterrupted +killed):\n%s", diff)
			}
			if deferred := pgNamesAt(t, killed, "SELECT name FROM deferred_indexes"); len(deferred) > 0 {
				t.Errorf("indexes still deferred after the completing run: %v", deferred)
			}
			return
		}
		if try == killTries {
			t.Fatalf("the kills did not land in %d tries", killTries)
		}
	}
}

// pgNames returns the first column of query's rows, on conn.
func pgNames(t *testing.T, conn *pgx.Conn, query string) []string {
	t.Helper()
	rows, err := conn.Query(t.Context(), query)
	if err != nil {
		t.Fatal(err)
	}
	names, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		t.Fatal(err)
	}
	return names
}

// pgNamesAt is pgNames on a connection of its own to dsn.
func pgNamesAt(t *testing.T, dsn, query string) []string {
	t.Helper()
	conn, err := pgx.Connect(t.Context(), dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(context.Background())
	return pgNames(t, conn, query)
}

// statsOf is the Stats of the register at dsn.
func statsOf(t *testing.T, dsn string) caption.Stats {
	t.Helper()
	s, err := openStore(t.Context(), dsn, nil)
	if err != nil {
		t.Fatalf("open %s: %v", redactDSN(dsn), err)
	}
	defer s.Close()
	return mustStatsOf(t, s)
}

// TestIngestPostgresRestart restarts the PostgreSQL server (an immediate
// shutdown, as a crash or an administrator would) in the middle of an
// ingest: with some batches committed and a transaction of the ingest's
// open after a COPY or an INSERT, the ingest stopped (SIGSTOP) so that it
// cannot commit it meanwhile. Let go on, the ingest must fail with an
// error, not hang or report success; the transaction must be aborted and
// the register hold what was committed before the restart, some but not
// all of it; run again, the ingest must complete the register to exactly
// an uninterrupted run's. The server is a private one the test starts, so
// that restarting it disturbs no other test.
func TestIngestPostgresRestart(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a PostgreSQL server")
	}
	pg := startPostgres(t)
	dir := t.TempDir()
	bin := buildSijil(t, dir)
	docs := faultCorpus(t, dir, pgKillCaptions)
	ingest := func(dsn string) *exec.Cmd { return withBatch(ingestCmd(bin, dir, dsn, docs), pgKillBatch) }
	ref := pg.database(t, "ref")

	start := time.Now()
	if out, err := ingest(ref).CombinedOutput(); err != nil {
		t.Fatalf("uninterrupted ingest: %v\n%s", err, out)
	}
	full := time.Since(start)
	want := contentOf(t, ref)
	final := statsOf(t, ref)

	tally := newLandings(t)
	defer tally.log()
	var restarted string
	tally.try("restart in an open transaction", func(try int) bool {
		// A try that does not land may complete the register: each
		// starts in a database of its own.
		restarted = pg.database(t, fmt.Sprintf("restarted%d", try))
		app := fmt.Sprintf("sijil_restart_%d", try)
		w := watchPostgres(t, restarted, app)
		before := mustStatsOf(t, w.store)
		c := startChild(t, ingest(withParam(t, restarted, "application_name", app)))
		now, ok := stopAt(c, func() (pgLook, error) { return w.look(t.Context()) }, func(l pgLook) bool {
			return l.Txn != nil && l.Documents > before.Documents && l.Documents < final.Documents
		})
		w.close() // the restart ends its sessions
		if !ok {
			t.Logf("try %d: the run ended first (%v): %s", try, c.err, lastLines(c.out.String(), 2))
			return false
		}
		pg.ctl(t, "restart", "-m", "immediate", "-w")
		next := nextXID(t, restarted)
		c.cont()
		err, ended := c.wait(time.Minute)
		t.Logf("ingest during the restart (an uninterrupted run takes %v), with %d of %d documents committed, transaction %d open (%s, last %q): %v\n%s",
			full, now.Documents, final.Documents, now.Txn.XID, now.Txn.State, now.Txn.Query, err, lastLines(c.out.String(), 4))
		if !ended {
			t.Errorf("ingest still running a minute after the server restarted under it")
		} else if err == nil {
			t.Errorf("ingest reported success although the server restarted under it")
		}
		w = watchPostgres(t, restarted, app)
		defer w.close()
		after := mustStatsOf(t, w.store)
		status := w.status(t, now.Txn.XID)
		if next <= now.Txn.XID {
			// Recovery found none of its WAL: the server hands its xid out
			// again, and txid_status then tells of the transaction that
			// got it (opening a store commits one), which happened once
			// in five runs.
			t.Logf("the server's next xid after the restart was %d: transaction %d never reached the WAL (txid_status says %s, of its xid's next owner)", next, now.Txn.XID, status)
			status = "lost"
		}
		t.Logf("after the restart the transaction is %s, the register %+v", status, after)
		// Aborted by recovery, or lost before its xid reached the WAL.
		if status != "aborted" && status != "lost" {
			t.Errorf("the transaction open at the restart is %s, not aborted", status)
		}
		if after.Documents != now.Documents || after.Occurrences != now.Occurrences || after.Records != now.Records {
			t.Errorf("the register holds %+v after the restart, not what was committed before it (%+v)", after, now.Stats)
		}
		return true
	})
	if o, err := ingest(restarted).CombinedOutput(); err != nil {
		t.Fatalf("ingest after the restart: %v\n%s", err, o)
	}
	if diff := cmp.Diff(want, contentOf(t, restarted)); diff != "" {
		t.Errorf("the register after the restart differs from an uninterrupted run's (-uninterrupted +restarted):\n%s", diff)
	}
}

func lastLines(s string, n int) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	return strings.Join(lines[max(0, len(lines)-n):], "\n")
}

// privatePostgres is a PostgreSQL server of the test's own.
type privatePostgres struct {
	bin, data, log string
	port           int
	cred           *syscall.Credential // the postgres user, when the test runs as root
}

// startPostgres initialises and starts a PostgreSQL cluster in a temporary
// directory, on a free port of 127.0.0.1, stopped when the test ends. It
// needs the server's programs (Debian: /usr/lib/postgresql/N/bin); without
// them it skips, or fails when SIJIL_TEST_POSTGRES_REQUIRED is set. As root
// it runs them as the postgres user, since the server refuses root.
func startPostgres(t *testing.T) *privatePostgres {
	t.Helper()
	bins, _ := filepath.Glob("/usr/lib/postgresql/*/bin/initdb")
	if len(bins) == 0 {
		testenv.Missing(t, testenv.PostgresRequired, "no PostgreSQL server programs in /usr/lib/postgresql/*/bin")
	}
	slices.Sort(bins)
	pg := &privatePostgres{bin: filepath.Dir(bins[len(bins)-1])}
	base, err := os.MkdirTemp("", "sijil-pg-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(base) })
	pg.data = filepath.Join(base, "data")
	if os.Geteuid() == 0 {
		u, err := user.Lookup("postgres")
		if err != nil {
			t.Fatalf("running as root, the server needs the postgres user: %v", err)
		}
		uid, _ := strconv.Atoi(u.Uid)
		gid, _ := strconv.Atoi(u.Gid)
		pg.cred = &syscall.Credential{Uid: uint32(uid), Gid: uint32(gid)}
		if err := os.Chown(base, uid, gid); err != nil {
			t.Fatal(err)
		}
	}
	pg.port = freePort(t)
	pg.run(t, "initdb", "-D", pg.data, "-U", "postgres", "-A", "trust", "--no-sync", "-E", "UTF8")
	pg.log = filepath.Join(base, "log")
	pg.ctl(t, "start", "-w", "-o", fmt.Sprintf("-p %d -k %s -c listen_addresses=127.0.0.1", pg.port, base))
	t.Cleanup(func() { pg.ctl(t, "stop", "-m", "immediate", "-w") })
	return pg
}

func freePort(t *testing.T) int {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().(*net.TCPAddr).Port
}

// run runs one of the server's programs as the server's user.
func (pg *privatePostgres) run(t *testing.T, prog string, args ...string) {
	t.Helper()
	cmd := exec.Command(filepath.Join(pg.bin, prog), args...)
	if pg.cred != nil {
		cmd.SysProcAttr = &syscall.SysProcAttr{Credential: pg.cred}
	}
	cmd.Dir = "/"
	// The server outlives pg_ctl holding whatever output it was given:
	// don't wait for it to close.
	cmd.WaitDelay = time.Second
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("%s %s: %v\n%s", prog, strings.Join(args, " "), err, out)
	}
}

// ctl runs pg_ctl; the server it starts writes its log to pg.log, not to
// pg_ctl's output.
func (pg *privatePostgres) ctl(t *testing.T, args ...string) {
	t.Helper()
	pg.run(t, "pg_ctl", append([]string{"-D", pg.data, "-l", pg.log}, args...)...)
}

// database creates a database on the server and returns its URL.
func (pg *privatePostgres) database(t *testing.T, name string) string {
	t.Helper()
	admin := fmt.Sprintf("postgres://postgres@127.0.0.1:%d/postgres?sslmode=disable", pg.port)
	ctx, cancel := context.WithTimeout(t.Context(), 30*time.Second)
	defer cancel()
	conn, err := pgx.Connect(ctx, admin)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(ctx)
	if _, err := conn.Exec(ctx, "CREATE DATABASE "+pgx.Identifier{name}.Sanitize()); err != nil {
		t.Fatal(err)
	}
	return fmt.Sprintf("postgres://postgres@127.0.0.1:%d/%s?sslmode=disable", pg.port, name)
}

// diskFullCaptions is the size of TestIngestDiskFull's corpus: with
// diskFullBatch captions per transaction (SIJIL_INGEST_BATCH), eight
// batches, so that the disk can fill with some committed and more to come.
const (
	diskFullCaptions = 20000
	diskFullBatch    = 2500
)

// TestIngestDiskFull ingests into a SQLite file on a file system too small
// for the register. The disk must fill in the middle of the run: the
// ingest fails with an error that says the disk is full, after committing
// some batches but not all (the register holds some documents, not every
// one); what it stored must pass the integrity check; once there is room
// again, running the same ingest must complete the register to exactly an
// uninterrupted run's. The small file system is a size-limited tmpfs,
// which only root can mount. Its size starts at half the register's; a try
// where the disk filled before the first commit, or never, is made again
// with more room, or less.
func TestIngestDiskFull(t *testing.T) {
	if testing.Short() {
		t.Skip("mounts a file system and ingests a corpus")
	}
	if os.Geteuid() != 0 {
		t.Skip("mounting a size-limited tmpfs needs root (CI runs as root)")
	}
	dir := t.TempDir()
	bin := buildSijil(t, dir)
	docs := faultCorpus(t, dir, diskFullCaptions)
	ingest := func(db string) *exec.Cmd { return withBatch(ingestCmd(bin, dir, db, docs), diskFullBatch) }
	ref := filepath.Join(dir, "ref.db")
	if out, err := ingest(ref).CombinedOutput(); err != nil {
		t.Fatalf("uninterrupted ingest: %v\n%s", err, out)
	}
	want := contentOf(t, ref)
	final := statsOf(t, ref)
	fi, err := os.Stat(ref)
	if err != nil {
		t.Fatal(err)
	}

	small := filepath.Join(dir, "small")
	if err := os.Mkdir(small, 0o755); err != nil {
		t.Fatal(err)
	}
	size := fi.Size() / 2
	if out, err := exec.Command("mount", "-t", "tmpfs", "-o", fmt.Sprintf("size=%d", size), "tmpfs", small).CombinedOutput(); err != nil {
		t.Fatalf("mount a %d-byte tmpfs: %v\n%s", size, err, out)
	}
	t.Cleanup(func() { exec.Command("umount", "-l", small).Run() })
	resize := func(size int64) {
		t.Helper()
		if out, err := exec.Command("mount", "-o", fmt.Sprintf("remount,size=%d", size), small).CombinedOutput(); err != nil {
			t.Fatalf("remount with %d bytes: %v\n%s", size, err, out)
		}
	}
	full := regexp.MustCompile(`(?i)disk is full|no space left`)
	db := filepath.Join(small, "full.db")
	tally := newLandings(t)
	defer tally.log()
	tally.try("disk full mid-run", func(try int) bool {
		for _, s := range []string{"", "-wal", "-shm"} {
			os.Remove(db + s)
		}
		resize(size)
		out, err := ingest(db).CombinedOutput()
		t.Logf("try %d: ingest into %d bytes for a %d-byte register: %v\n%s", try, size, fi.Size(), err, lastLines(string(out), 3))
		if err == nil {
			size = size * 2 / 3
			return false
		}
		// Room to read it: a reader may grow the -shm file, which fails
		// on the full disk ("disk I/O error", SQLITE_IOERR_SHMSIZE).
		resize(4 * fi.Size())
		checkIntegrity(t, db)
		st := statsOf(t, db)
		t.Logf("try %d: the register after the failure: %+v of %+v", try, st, final)
		if st.Documents == 0 {
			size = size * 3 / 2
			return false
		}
		if !full.MatchString(string(out)) {
			t.Errorf("the error does not say the disk is full:\n%s", lastLines(string(out), 3))
		}
		if st.Documents >= final.Documents || st.Records >= final.Records {
			t.Errorf("the ingest failed with the register complete: %+v", st)
		}
		return true
	})

	if out, err := ingest(db).CombinedOutput(); err != nil {
		t.Fatalf("ingest once there is room: %v\n%s", err, out)
	}
	checkIntegrity(t, db)
	if diff := cmp.Diff(want, contentOf(t, db)); diff != "" {
		t.Errorf("the register after the disk filled differs from an uninterrupted run's (-uninterrupted +full):\n%s", diff)
	}
}

// checkIntegrity runs SQLite's integrity check on the file at path.
func checkIntegrity(t *testing.T, path string) {
	t.Helper()
	db, err := sql.Open("sqlite", path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var ok string
	if err := db.QueryRow("PRAGMA integrity_check").Scan(&ok); err != nil || ok != "ok" {
		t.Errorf("%s: integrity check: %q, %v", path, ok, err)
	}
}

// deferredIndexes returns the names of the indexes a bulk load left
// unbuilt in the register at path (deferred_indexes), read with SQL
// without opening the store, which would build them.
func deferredIndexes(t *testing.T, path string) []string {
	t.Helper()
	return queryNames(t, path, "SELECT name FROM deferred_indexes ORDER BY name")
}

// indexNames returns the names of the register's indexes.
func indexNames(t *testing.T, path string) []string {
	t.Helper()
	return queryNames(t, path, "SELECT name FROM sqlite_schema WHERE type = 'index' ORDER BY name")
}

func queryNames(t *testing.T, path, query string) []string {
	t.Helper()
	db, err := sql.Open("sqlite", path+"?_pragma=busy_timeout(10000)&_pragma=query_only(1)")
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	rows, err := db.Query(query)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var names []string
	for rows.Next() {
		var n string
		if err := rows.Scan(&n); err != nil {
			t.Fatal(err)
		}
		names = append(names, n)
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	return names
}
