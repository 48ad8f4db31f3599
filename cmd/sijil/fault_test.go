package main

import (
	"context"
	"database/sql"
	"fmt"
	"math/rand/v2"
	"net"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/jackc/pgx/v5"
	_ "modernc.org/sqlite" // the integrity check opens the register directly

	"sijil/internal/corpus"
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
	s, err := openStore(t.Context(), dsn)
	if err != nil {
		t.Fatalf("open %s: %v", redactDSN(dsn), err)
	}
	defer s.Close()
	return storeContent(t, s)
}

// TestIngestKillPostgres kills `sijil ingest` into PostgreSQL (SIGKILL) at
// random moments, then lets it complete: the register must equal an
// uninterrupted run's.
func TestIngestKillPostgres(t *testing.T) {
	if testing.Short() {
		t.Skip("builds sijil and ingests a corpus several times")
	}
	ref, killed := testPostgresDSN(t), testPostgresDSN(t)
	dir := t.TempDir()
	bin := buildSijil(t, dir)
	docs := faultCorpus(t, dir, 2000)

	start := time.Now()
	if out, err := ingestCmd(bin, dir, ref, docs).CombinedOutput(); err != nil {
		t.Fatalf("uninterrupted ingest: %v\n%s", err, out)
	}
	full := time.Since(start)
	want := contentOf(t, ref)

	seed := uint64(time.Now().UnixNano())
	rng := rand.New(rand.NewPCG(seed, 0))
	t.Logf("an uninterrupted run takes %v; kill delays from seed %d", full, seed)
	left := full
	for i := range 4 {
		delay := time.Duration((0.2 + 0.5*rng.Float64()) * float64(left))
		left -= delay
		cmd := ingestCmd(bin, dir, killed, docs)
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		timer := time.AfterFunc(delay, func() { cmd.Process.Kill() })
		err := cmd.Wait()
		timer.Stop()
		t.Logf("run %d killed after %v (%v)", i+1, delay, err)
	}
	if out, err := ingestCmd(bin, dir, killed, docs).CombinedOutput(); err != nil {
		t.Fatalf("completing ingest: %v\n%s", err, out)
	}
	if diff := cmp.Diff(want, contentOf(t, killed)); diff != "" {
		t.Errorf("the register after kills differs from an uninterrupted run's (-uninterrupted +killed):\n%s", diff)
	}
}

// TestIngestPostgresRestart restarts the PostgreSQL server (an immediate
// shutdown, as a crash or an administrator would) in the middle of an
// ingest. The ingest must fail with a clear error, not hang or report
// success; run again, it must complete the register to exactly an
// uninterrupted run's. The server is a private one the test starts, so that
// restarting it disturbs no other test.
func TestIngestPostgresRestart(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a PostgreSQL server")
	}
	pg := startPostgres(t)
	dir := t.TempDir()
	bin := buildSijil(t, dir)
	docs := faultCorpus(t, dir, 2000)
	ref, restarted := pg.database(t, "ref"), pg.database(t, "restarted")

	start := time.Now()
	if out, err := ingestCmd(bin, dir, ref, docs).CombinedOutput(); err != nil {
		t.Fatalf("uninterrupted ingest: %v\n%s", err, out)
	}
	full := time.Since(start)
	want := contentOf(t, ref)

	cmd := ingestCmd(bin, dir, restarted, docs)
	var out strings.Builder
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	time.Sleep(full * 2 / 5)
	pg.ctl(t, "restart", "-m", "immediate", "-w")
	err := cmd.Wait()
	t.Logf("ingest during the restart (an uninterrupted run takes %v): %v\n%s", full, err, lastLines(out.String(), 4))
	if err == nil {
		t.Errorf("ingest reported success although the server restarted under it")
	}
	if o, err := ingestCmd(bin, dir, restarted, docs).CombinedOutput(); err != nil {
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
		const msg = "no PostgreSQL server programs in /usr/lib/postgresql/*/bin"
		if r := os.Getenv("SIJIL_TEST_POSTGRES_REQUIRED"); r != "" && r != "0" {
			t.Fatal(msg + " (SIJIL_TEST_POSTGRES_REQUIRED is set)")
		}
		t.Skip(msg)
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

// TestIngestDiskFull ingests into a SQLite file on a file system too small
// for the register. The ingest must fail with a clear error; what it stored
// must pass the integrity check; once there is room again, running the
// same ingest must complete the register to exactly an uninterrupted run's.
// The small file system is a size-limited tmpfs, which only root can mount.
func TestIngestDiskFull(t *testing.T) {
	if testing.Short() {
		t.Skip("mounts a file system and ingests a corpus")
	}
	if os.Geteuid() != 0 {
		t.Skip("mounting a size-limited tmpfs needs root (CI runs as root)")
	}
	dir := t.TempDir()
	bin := buildSijil(t, dir)
	docs := faultCorpus(t, dir, 2000)
	ref := filepath.Join(dir, "ref.db")
	if out, err := ingestCmd(bin, dir, ref, docs).CombinedOutput(); err != nil {
		t.Fatalf("uninterrupted ingest: %v\n%s", err, out)
	}
	want := contentOf(t, ref)
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
	db := filepath.Join(small, "full.db")
	out, err := ingestCmd(bin, dir, db, docs).CombinedOutput()
	t.Logf("ingest into %d bytes for a %d-byte register: %v\n%s", size, fi.Size(), err, lastLines(string(out), 3))
	if err == nil {
		t.Fatalf("ingest into a file system half the register's size succeeded")
	}
	if !strings.Contains(string(out), "full") {
		t.Errorf("the error does not say the disk is full:\n%s", lastLines(string(out), 3))
	}
	checkIntegrity(t, db)

	if out, err := exec.Command("mount", "-o", fmt.Sprintf("remount,size=%d", 4*fi.Size()), small).CombinedOutput(); err != nil {
		t.Fatalf("remount larger: %v\n%s", err, out)
	}
	if out, err := ingestCmd(bin, dir, db, docs).CombinedOutput(); err != nil {
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
