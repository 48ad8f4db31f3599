package main

// What the crash tests (kill_test.go, fault_test.go) use to make a kill land
// where they say it does, and to prove afterwards that it did.
//
// A kill at a random delay proves little: a corpus that fits in one
// transaction, or a delay that falls before the first commit or after the
// last, leaves an empty or a complete register, and the test passes
// without having interrupted anything. So the tests watch the register
// while the child runs and kill it on a condition: they look (the
// register's counts, whether a transaction is open) every few
// milliseconds, and when the condition holds they stop the child
// (SIGSTOP), look again, and kill it (SIGKILL) only if the condition still
// holds. A stopped process cannot commit, begin a transaction or write, so
// the second look is what the child had done, and was in the middle of,
// when it died; after the kill the test checks that the register holds
// exactly what that look saw, that the process died of the signal, and
// then that running the ingest again completes it to an uninterrupted
// run's register.

import (
	"bytes"
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"

	"sijil/internal/caption"
	"sijil/internal/corpus"
)

const (
	// pollEvery is how often a running child's register is looked at: far
	// shorter than a transaction of a few thousand captions (a second or
	// so), so that a condition that holds for part of one is seen.
	pollEvery = 5 * time.Millisecond
	// killTries bounds the attempts at landing one kill: a try fails when
	// the child ends before the condition is seen.
	killTries = 3
	// childTimeout bounds one watched run: a child that neither meets the
	// condition nor ends (a gated run whose gate is never reached) is
	// killed and the try fails, instead of the test hanging.
	childTimeout = 2 * time.Minute
	// batchEnv is the environment variable that sets `sijil ingest`'s
	// captions per transaction. The tests set it to make several
	// transactions of corpora that stay quick to ingest.
	batchEnv = "SIJIL_INGEST_BATCH"
)

// child is a running sijil process that a test watches and may kill.
type child struct {
	t    *testing.T
	cmd  *exec.Cmd
	out  *lockedBuffer
	done chan struct{}
	err  error // cmd.Wait's, once done is closed
}

// lockedBuffer is output a test reads while another goroutine writes it:
// a child's, which exec writes from its own goroutines, or a command's run
// in-process.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (b *lockedBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.Write(p)
}

func (b *lockedBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.String()
}

// startChild starts cmd with its standard output and error collected.
func startChild(t *testing.T, cmd *exec.Cmd) *child {
	t.Helper()
	c := &child{t: t, cmd: cmd, out: &lockedBuffer{}, done: make(chan struct{})}
	cmd.Stdout, cmd.Stderr = c.out, c.out
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	go func() {
		c.err = cmd.Wait()
		close(c.done)
	}()
	t.Cleanup(func() {
		if !c.exited() {
			cmd.Process.Kill()
			<-c.done
		}
	})
	return c
}

func (c *child) exited() bool {
	select {
	case <-c.done:
		return true
	default:
		return false
	}
}

// stop stops the child (SIGSTOP) and returns once every one of its threads
// has stopped: a signal is delivered asynchronously, and a thread still
// running could commit after the test looked. It returns false if the
// child ended first.
func (c *child) stop() bool {
	c.t.Helper()
	if c.cmd.Process.Signal(syscall.SIGSTOP) != nil {
		<-c.done
		return false
	}
	deadline := time.Now().Add(10 * time.Second)
	for !stopped(c.cmd.Process.Pid) {
		if c.exited() {
			return false
		}
		if time.Now().After(deadline) {
			c.t.Fatalf("pid %d has not stopped 10 s after SIGSTOP", c.cmd.Process.Pid)
		}
		time.Sleep(50 * time.Microsecond)
	}
	return true
}

// stopped reports whether every thread of process pid is stopped, as
// /proc/PID/task/*/stat says (state T).
func stopped(pid int) bool {
	dir := fmt.Sprintf("/proc/%d/task", pid)
	tasks, err := os.ReadDir(dir)
	if err != nil || len(tasks) == 0 {
		return false
	}
	for _, task := range tasks {
		b, err := os.ReadFile(filepath.Join(dir, task.Name(), "stat"))
		if err != nil {
			return false
		}
		// "TID (COMM) STATE ...": COMM may hold anything, parentheses
		// included, so the state is found after the last ')'.
		i := bytes.LastIndexByte(b, ')')
		if i < 0 || i+2 >= len(b) || (b[i+2] != 'T' && b[i+2] != 't') {
			return false
		}
	}
	return true
}

// cont lets a stopped child go on (SIGCONT).
func (c *child) cont() { c.cmd.Process.Signal(syscall.SIGCONT) }

// kill kills the child (SIGKILL; a stopped process dies of it too) and
// returns how it ended, as cmd.Wait reports it.
func (c *child) kill() error {
	c.cmd.Process.Kill()
	<-c.done
	return c.err
}

// wait waits for the child to end by itself, for at most d; ok is false
// if it had not, and it is then killed.
func (c *child) wait(d time.Duration) (err error, ok bool) {
	select {
	case <-c.done:
		return c.err, true
	case <-time.After(d):
		return c.kill(), false
	}
}

// stopAt looks at the child's register with look every pollEvery while
// the child runs. When at holds, it stops the child and looks again: if
// at still holds, it returns that look with the child stopped (ok);
// otherwise it lets the child go on. ok is false when the child ended, or
// ran for childTimeout, before at held while it was stopped; the last
// error of look is logged then.
func stopAt[L any](c *child, look func() (L, error), at func(L) bool) (l L, ok bool) {
	c.t.Helper()
	deadline := time.Now().Add(childTimeout)
	var lastErr error
	for !c.exited() && time.Now().Before(deadline) {
		first, err := look()
		if err == nil && at(first) {
			if !c.stop() {
				break
			}
			if l, err = look(); err == nil && at(l) {
				return l, true
			}
			c.cont()
		}
		if err != nil {
			lastErr = err
		}
		time.Sleep(pollEvery)
	}
	if !c.exited() {
		c.t.Logf("the child ran %v without the condition being seen; killing it", childTimeout)
		c.kill()
	}
	if lastErr != nil {
		c.t.Logf("last error looking at the register: %v", lastErr)
	}
	var zero L
	return zero, false
}

// killAt is stopAt, then a kill of the stopped child: the look it returns
// is what the child had done, and was doing, when it died, and err is how
// it ended (for a landed kill, "signal: killed").
func killAt[L any](c *child, look func() (L, error), at func(L) bool) (l L, landed bool, err error) {
	c.t.Helper()
	l, ok := stopAt(c, look, at)
	if !ok {
		return l, false, c.err
	}
	return l, true, c.kill()
}

// checkKilled fails the test unless err is how a process killed by SIGKILL
// ends.
func checkKilled(t *testing.T, err error, out string) {
	t.Helper()
	var exit *exec.ExitError
	if !errors.As(err, &exit) || !killedBy(exit, syscall.SIGKILL) {
		t.Errorf("the child ended with %v, not \"signal: killed\"\n%s", err, lastLines(out, 4))
	}
}

// landings counts, for a test's log, where its kills landed and how many
// tries each took.
type landings struct {
	t              *testing.T
	names          []string
	landed, missed map[string]int
}

func newLandings(t *testing.T) *landings {
	return &landings{t: t, landed: map[string]int{}, missed: map[string]int{}}
}

// try runs attempt (a kill aimed at what) until it lands, at most
// killTries times, and fails the test if it never does.
func (l *landings) try(what string, attempt func(try int) bool) {
	l.t.Helper()
	for try := 1; try <= killTries; try++ {
		if l.note(what, attempt(try)) {
			return
		}
		l.t.Logf("%s: try %d did not land", what, try)
	}
	l.t.Fatalf("%s: no kill landed there in %d tries", what, killTries)
}

// note counts one try at what, and returns whether it landed.
func (l *landings) note(what string, landed bool) bool {
	if !slices.Contains(l.names, what) {
		l.names = append(l.names, what)
	}
	if landed {
		l.landed[what]++
	} else {
		l.missed[what]++
	}
	return landed
}

// log writes the tally: "inside a batch 1/1, ...".
func (l *landings) log() {
	var parts []string
	for _, n := range l.names {
		parts = append(parts, fmt.Sprintf("%s %d/%d", n, l.landed[n], l.landed[n]+l.missed[n]))
	}
	l.t.Logf("kills landed where aimed (landed/tries): %s", strings.Join(parts, ", "))
}

// withBatch sets the child's captions per transaction.
func withBatch(cmd *exec.Cmd, n int) *exec.Cmd {
	if cmd.Env == nil {
		cmd.Env = os.Environ()
	}
	cmd.Env = append(cmd.Env, batchEnv+"="+strconv.Itoa(n))
	return cmd
}

// killCorpus is a generated corpus laid out for the SQLite kill tests, in
// three parts ingested in this order: directory a, holding the documents
// of the first three fifths of the captions; one document read from
// standard input ("-"); directory b, the rest. The document on standard
// input is a gate: a run whose standard input is a pipe the test holds
// open stores every whole batch before it, then waits for it between
// batches, with no transaction open.
type killCorpus struct {
	args  []string // the paths to ingest: a, "-", b
	stdin string   // a file holding the document read from standard input
}

func newKillCorpus(t *testing.T, dir string, n int) killCorpus {
	t.Helper()
	data := map[string][]byte{}
	truth, err := corpus.Generate(corpus.DefaultOptions(n), func(name string, b []byte) error {
		data[name] = bytes.Clone(b) // the generator reuses b
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	per := make([]int, len(truth.Docs))
	for _, c := range truth.Captions {
		per[c.Doc]++
	}
	// truth.Docs are in name order, the order a directory is walked in.
	gate, sum := len(truth.Docs)-1, 0
	for i, c := range per {
		if sum >= 3*n/5 {
			gate = i
			break
		}
		sum += c
	}
	k := killCorpus{
		args:  []string{filepath.Join(dir, "corpus", "a"), "-", filepath.Join(dir, "corpus", "b")},
		stdin: filepath.Join(dir, "corpus", "stdin.txt"),
	}
	for _, d := range []string{k.args[0], k.args[2]} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	for i, name := range truth.Docs {
		path := filepath.Join(k.args[0], name)
		switch {
		case i == gate:
			path = k.stdin
		case i > gate:
			path = filepath.Join(k.args[2], name)
		}
		if err := os.WriteFile(path, data[name], 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return k
}

// cmd is `sijil ingest --db db a - b` with batch captions per transaction.
// Its standard input is the gate document, or, when gated, a pipe the
// test holds open (closed when the test ends): such a run can get no
// further than the gate.
func (k killCorpus) cmd(t *testing.T, bin, dir, db string, batch int, gated bool) *exec.Cmd {
	t.Helper()
	cmd := exec.Command(bin, append([]string{"ingest", "--db", db}, k.args...)...)
	cmd.Env = append(os.Environ(), "SIJIL_GAZETTEER="+filepath.Join(dir, "gazetteer"))
	withBatch(cmd, batch)
	var in *os.File
	var err error
	if gated {
		var w *os.File
		in, w, err = os.Pipe()
		if err == nil {
			t.Cleanup(func() { w.Close() })
		}
	} else {
		in, err = os.Open(k.stdin)
	}
	if err != nil {
		t.Fatal(err)
	}
	// The child gets its own copy of the descriptor at Start.
	t.Cleanup(func() { in.Close() })
	cmd.Stdin = in
	return cmd
}

// sqliteWatch looks at a SQLite register while another process writes it.
type sqliteWatch struct {
	store caption.Store
	// lock is one connection without a busy timeout, which probes
	// SQLite's write lock.
	lock *sql.DB
}

// watchSQLite opens the register at path for watching. It opens the store
// before the child starts: opening creates and migrates the register,
// which writes. Afterwards the store only reads (the reader connections
// are query_only; WAL lets them read while the child writes).
func watchSQLite(t *testing.T, path string) *sqliteWatch {
	t.Helper()
	s, err := openStore(t.Context(), path, nil)
	if err != nil {
		t.Fatal(err)
	}
	lock, err := sql.Open("sqlite", path+"?_pragma=busy_timeout(0)")
	if err != nil {
		s.Close()
		t.Fatal(err)
	}
	lock.SetMaxOpenConns(1)
	return &sqliteWatch{store: s, lock: lock}
}

func (w *sqliteWatch) close() {
	w.lock.Close()
	w.store.Close()
}

// writing reports whether a process holds the register's write lock,
// that is, has a write transaction open (the store's transactions take it
// at BEGIN): BEGIN IMMEDIATE then fails at once with SQLITE_BUSY. When it
// succeeds no other transaction is open, and the probe writes nothing
// before it rolls back; a writer that tries to begin meanwhile waits out
// its busy timeout for the moment the probe holds the lock.
func (w *sqliteWatch) writing(ctx context.Context) (bool, error) {
	conn, err := w.lock.Conn(ctx)
	if err != nil {
		return false, err
	}
	defer conn.Close()
	_, err = conn.ExecContext(ctx, "BEGIN IMMEDIATE")
	if err == nil {
		_, err = conn.ExecContext(ctx, "ROLLBACK")
		return false, err
	}
	var e interface{ Code() int }
	if errors.As(err, &e) && e.Code()&0xff == 5 { // SQLITE_BUSY and its extended codes
		return true, nil
	}
	return false, err
}

// sqliteLook is what one look at a SQLite register saw.
type sqliteLook struct {
	caption.Stats
	Writing bool // a transaction was open
}

func (w *sqliteWatch) look(ctx context.Context) (sqliteLook, error) {
	st, err := w.store.Stats(ctx)
	if err != nil {
		return sqliteLook{}, err
	}
	writing, err := w.writing(ctx)
	return sqliteLook{Stats: st, Writing: writing}, err
}

// linked returns how many records are linked at level, given the
// register's record IDs in order and how many of them could be (all of
// them for clusters; for events, those linked into clusters, since
// Unlinked lists at LevelEvent only records linked at LevelCluster).
// Linking takes the unlinked records lowest ID first, so the linked ones
// are those below the lowest unlinked one, which one indexed read finds.
func (w *sqliteWatch) linked(ctx context.Context, level caption.LinkLevel, ids []int64, linkable int) (int, error) {
	rs, err := w.store.Unlinked(ctx, level, 1)
	if err != nil || len(rs) == 0 {
		return linkable, err
	}
	n, _ := slices.BinarySearch(ids, rs[0].ID)
	return n, nil
}

// unlinkedCount counts the records unlinked at level, all of them read:
// the exact figure, for after a kill, where linked's estimate was used
// while the child ran.
func unlinkedCount(t *testing.T, s caption.Store, level caption.LinkLevel, records int) int {
	t.Helper()
	rs, err := s.Unlinked(t.Context(), level, records+1)
	if err != nil {
		t.Fatal(err)
	}
	return len(rs)
}

// withSnapshot runs attempt on the SQLite register at path and, when it
// returns false (the kill did not land, and the child may have gone on to
// complete the register), puts back the files as they were before, so
// that the next try starts from the same register.
func withSnapshot(t *testing.T, path string, attempt func() bool) bool {
	t.Helper()
	snap := path + ".snapshot"
	suffixes := []string{"", "-wal"}
	for _, s := range suffixes {
		if err := copyFile(path+s, snap+s); err != nil && !errors.Is(err, os.ErrNotExist) {
			t.Fatal(err)
		}
	}
	defer func() {
		for _, s := range suffixes {
			os.Remove(snap + s)
		}
	}()
	if attempt() {
		return true
	}
	for _, s := range append(suffixes, "-shm") {
		os.Remove(path + s)
	}
	for _, s := range suffixes {
		if err := copyFile(snap+s, path+s); err != nil && !errors.Is(err, os.ErrNotExist) {
			t.Fatal(err)
		}
	}
	return false
}

func copyFile(from, to string) error {
	in, err := os.Open(from)
	if err != nil {
		return err
	}
	defer in.Close()
	out, err := os.OpenFile(to, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o600)
	if err != nil {
		return err
	}
	if _, err := io.Copy(out, in); err != nil {
		out.Close()
		return err
	}
	return out.Close()
}

// withParam returns the URL dsn with the query parameter key set to value.
func withParam(t *testing.T, dsn, key, value string) string {
	t.Helper()
	u, err := url.Parse(dsn)
	if err != nil {
		t.Fatal(err)
	}
	q := u.Query()
	q.Set(key, value)
	u.RawQuery = q.Encode()
	return u.String()
}

// pgWatch looks at a PostgreSQL register, and at the child's sessions,
// while the child writes it. The child is told apart from every other
// client of the server (other tests use the same database) by its
// application_name, set in the DSN it is given.
type pgWatch struct {
	store caption.Store
	conn  *pgx.Conn
	app   string
}

// watchPostgres opens the register at dsn (creating its schema before the
// child starts) and a session for pg_stat_activity; app is the child's
// application_name.
func watchPostgres(t *testing.T, dsn, app string) *pgWatch {
	t.Helper()
	s, err := openStore(t.Context(), dsn, nil)
	if err != nil {
		t.Fatalf("open %s: %v", redactDSN(dsn), err)
	}
	conn, err := pgx.Connect(t.Context(), dsn)
	if err != nil {
		s.Close()
		t.Fatal(err)
	}
	return &pgWatch{store: s, conn: conn, app: app}
}

func (w *pgWatch) close() {
	w.conn.Close(context.Background())
	w.store.Close()
}

// pgTxn is a transaction of the child's that has written (it has an xid)
// and is still open, its last statement a COPY or an INSERT.
type pgTxn struct {
	PID   int32
	State string
	Query string // the start of its last statement
	XID   int64  // with the epoch, for txid_status
}

// pgOpenTxnQuery finds such a transaction. A session "idle in transaction"
// waits for its client to send more, or COMMIT; an "active" one whose
// transaction began before its statement is inside a transaction block,
// which only its client's COMMIT ends; a COPY FROM STDIN cannot end either
// without its client's data. Either way a stopped client cannot commit it.
// backend_xid is 32 bits; txid_status wants the epoch too, taken from the
// current snapshot (a test database does not wrap 4 billion xids between
// the two).
const pgOpenTxnQuery = `
SELECT pid, state, left(regexp_replace(query, '\s+', ' ', 'g'), 60),
	((pg_snapshot_xmax(pg_current_snapshot())::text::bigint >> 32) << 32) | backend_xid::text::bigint
FROM pg_stat_activity
WHERE application_name = $1 AND backend_xid IS NOT NULL
	AND (state = 'idle in transaction' OR (state = 'active' AND (xact_start < query_start OR query ~* '^\s*copy\M')))
	AND query ~* '^\s*(copy|insert)\M'
ORDER BY xact_start
LIMIT 1`

// pgLook is what one look at a PostgreSQL register saw.
type pgLook struct {
	caption.Stats
	Txn *pgTxn // nil when the child had no such transaction open
}

func (w *pgWatch) look(ctx context.Context) (pgLook, error) {
	st, err := w.store.Stats(ctx)
	if err != nil {
		return pgLook{}, err
	}
	var x pgTxn
	err = w.conn.QueryRow(ctx, pgOpenTxnQuery, w.app).Scan(&x.PID, &x.State, &x.Query, &x.XID)
	if errors.Is(err, pgx.ErrNoRows) {
		return pgLook{Stats: st}, nil
	}
	if err != nil {
		return pgLook{}, err
	}
	return pgLook{Stats: st, Txn: &x}, nil
}

// gone waits until the server has ended every session of the child's: a
// killed client's backend ends (and rolls back) when it reads the closed
// socket.
func (w *pgWatch) gone(t *testing.T) {
	t.Helper()
	deadline := time.Now().Add(time.Minute)
	for {
		var n int
		if err := w.conn.QueryRow(t.Context(), `SELECT count(*) FROM pg_stat_activity WHERE application_name = $1`, w.app).Scan(&n); err != nil {
			t.Fatal(err)
		}
		if n == 0 {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("%d sessions of the killed child still open after a minute", n)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// status is txid_status of xid: "committed", "aborted" or "in progress".
// After a crash of the server it may also be "lost": the transaction's
// xid is past the last one recovery found in the WAL ("in the future"),
// so nothing of it, its commit least of all, reached the disk.
func (w *pgWatch) status(t *testing.T, xid int64) string {
	t.Helper()
	var s *string
	err := w.conn.QueryRow(t.Context(), `SELECT txid_status($1)`, xid).Scan(&s)
	var pgErr *pgconn.PgError
	switch {
	case errors.As(err, &pgErr) && pgErr.Code == "22023" && strings.Contains(pgErr.Message, "in the future"):
		return "lost"
	case err != nil:
		t.Fatal(err)
	case s == nil:
		return "unknown"
	}
	return *s
}

// nextXID is the xid, with its epoch, that the server at dsn will hand
// out next. Asked before anything writes after a crash, it tells whether
// a transaction of the crashed server reached the WAL: if not, recovery
// hands out its xid again.
func nextXID(t *testing.T, dsn string) int64 {
	t.Helper()
	conn, err := pgx.Connect(t.Context(), dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(context.Background())
	var next int64
	if err := conn.QueryRow(t.Context(), `SELECT pg_snapshot_xmax(pg_current_snapshot())::text::bigint`).Scan(&next); err != nil {
		t.Fatal(err)
	}
	return next
}

func mustStatsOf(t *testing.T, s caption.Store) caption.Stats {
	t.Helper()
	st, err := s.Stats(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	return st
}

// killedBy reports whether the process ended by signal sig.
func killedBy(exit *exec.ExitError, sig syscall.Signal) bool {
	ws, ok := exit.Sys().(syscall.WaitStatus)
	return ok && ws.Signaled() && ws.Signal() == sig
}
