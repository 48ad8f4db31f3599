package sqlite

import (
	"os"
	"path/filepath"
	"testing"
	"time"
)

// TestCheckpointBesideWriter writes a few megabytes in one transaction
// and checks that they reach the database file itself while the store is
// still open: the writer's own checkpoint comes only at 256 MB of log, or
// at Close, so only the checkpointer can have copied them.
func TestCheckpointBesideWriter(t *testing.T) {
	ctx := t.Context()
	path := filepath.Join(t.TempDir(), "r.db")
	s, err := Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	before := fileSize(t, path)
	const rows, size = 1000, 4096
	writeScratch(t, s, rows, size)
	if wal := fileSize(t, path+"-wal"); wal < rows*size {
		t.Fatalf("the log holds %d bytes after writing %d: the test writes too little to see a checkpoint", wal, rows*size)
	}
	// The checkpointer runs on its own goroutine; give it time, and fail
	// only if it never comes.
	deadline := time.Now().Add(30 * time.Second)
	for fileSize(t, path) < before+rows*size {
		if time.Now().After(deadline) {
			t.Fatalf("the database file is %d bytes (%d before the write) 30 s after a commit of %d bytes: nothing checkpointed it", fileSize(t, path), before, rows*size)
		}
		time.Sleep(10 * time.Millisecond)
	}
	// What the checkpointer copied is the data: it reads back, also
	// after Close removed the log.
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(path + "-wal"); !os.IsNotExist(err) {
		t.Errorf("the log is still there after Close (%v)", err)
	}
	s, err = Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	var n, total int
	if err := s.reader.QueryRowContext(ctx, "SELECT count(*), sum(length(b)) FROM scratch").Scan(&n, &total); err != nil {
		t.Fatal(err)
	}
	if n != rows || total != rows*size {
		t.Fatalf("read back %d rows of %d bytes, want %d of %d", n, total, rows, rows*size)
	}
}

func fileSize(t *testing.T, path string) int64 {
	t.Helper()
	fi, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	return fi.Size()
}

// writeScratch writes rows random blobs of size bytes into a new table
// scratch, in one transaction.
func writeScratch(t *testing.T, s *Store, rows, size int) {
	t.Helper()
	ctx := t.Context()
	err := s.write(ctx, func(q querier) error {
		if _, err := q.ExecContext(ctx, "CREATE TABLE scratch (b BLOB)"); err != nil {
			return err
		}
		_, err := q.ExecContext(ctx, "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?) INSERT INTO scratch SELECT randomblob(?) FROM n", rows, size)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
}
