package main

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/binary"
	"io"
	"math/rand/v2"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"
)

// badInput is one hostile or broken document of the bad-input suite.
type badInput struct {
	name string
	// make writes the document (or directory) into dir and returns its path.
	make func(t *testing.T, dir string) string
	// where must match the error message: the path, and the line or byte
	// offset where the input says where it breaks.
	where string
	// dirOnly inputs exist only as a directory tree: ingest and parse
	// walk them, upload takes files.
	dirOnly bool
	// readable is how many captions of the input are still stored: the
	// good files of a directory.
	readable int
	// asNobody runs the commands without root's power to read any file.
	asNobody bool
	// passes: the input is no failure, only reported (a link passed
	// over): ingest and parse exit 0 and their stderr matches where.
	passes bool
}

// goodCaptions is a document of our own invented captions that every run of
// the suite ingests beside a bad input: it must always be stored whole.
const goodCaptions = `Rescue workers carry a wounded man from a collapsed building after an airstrike in the town of Saraqib, in Syria's Idlib province, on March 3, 2019. (Photo by Lina Haddad / AFP)

Displaced families wait for food at a camp near the town of Azaz, Syria, on February 11, 2020. (Photo by Omar Suleiman / Anadolu Agency)
`

// badInputs are the list: binary garbage, invalid UTF-8 and NUL
// bytes, a 100 MB file with no line break, a caption of 1 MB, empty and
// whitespace-only files, CSV with ragged rows and bad quoting, JSON Lines
// with a broken line, HTML nested 10,000 deep, JPEGs whose segment lengths
// lie or are cut short, a directory with a symbolic link loop, and an
// unreadable file. All are generated here; none is committed.
var badInputs = []badInput{
	{name: "garbage", where: `garbage\.bin(:1)?: .*(offset|byte) \d+`, make: func(t *testing.T, dir string) string {
		r := rand.New(rand.NewPCG(1, 2))
		b := make([]byte, 256<<10)
		for i := range b {
			b[i] = byte(r.Uint32())
		}
		b[0] = 0x9c // not the first byte of any format's signature
		return writeBad(t, dir, "garbage.bin", b)
	}},
	// A few stray bytes are forgiven (they become U+FFFD); a document in
	// another encoding is not.
	{name: "invalid UTF-8", where: `latin1\.txt:\d+: not UTF-8`, make: func(t *testing.T, dir string) string {
		return writeBad(t, dir, "latin1.txt", bytes.Repeat([]byte("Des secouristes d\xe9gagent les d\xe9combres \xe0 Alep, en Syrie. (AFP)\n\n"), 4))
	}},
	{name: "NUL bytes", where: `nul\.txt:3: .*NUL`, make: func(t *testing.T, dir string) string {
		return writeBad(t, dir, "nul.txt", []byte("A caption from Aleppo, Syria. (AFP)\n\nAnother\x00one.\n"))
	}},
	{name: "100 MB without a line break", where: `oneline\.txt:1: .*longer than`, make: func(t *testing.T, dir string) string {
		return writeBad(t, dir, "oneline.txt", bytes.Repeat([]byte("rubble "), 100<<20/7))
	}},
	{name: "a caption of 1 MB", where: `huge\.txt:3: .*caption of \d+ bytes`, make: func(t *testing.T, dir string) string {
		var b bytes.Buffer
		b.WriteString("A short caption from Idlib, Syria. (AFP)\n\n")
		for b.Len() < 1_000_000-100 {
			b.WriteString("Residents walk past destroyed buildings in a street of the old city of Homs, Syria, on May 9, 2014.\n")
		}
		return writeBad(t, dir, "huge.txt", b.Bytes())
	}},
	{name: "empty", where: `empty\.txt: .*(empty|no captions)`, make: func(t *testing.T, dir string) string {
		return writeBad(t, dir, "empty.txt", nil)
	}},
	{name: "white space only", where: `blank\.txt: .*no captions`, make: func(t *testing.T, dir string) string {
		return writeBad(t, dir, "blank.txt", []byte(" \n\t\n\r\n   \n"))
	}},
	{name: "CSV ragged rows", where: `ragged\.csv:3: .*fields`, make: func(t *testing.T, dir string) string {
		return writeBad(t, dir, "ragged.csv", []byte("caption,photo_id\n\"A caption from Homs, Syria. (AFP)\",1\nstray,2,3,4\n"))
	}},
	{name: "CSV bad quoting", where: `quotes\.csv:2: .*quote`, make: func(t *testing.T, dir string) string {
		return writeBad(t, dir, "quotes.csv", []byte("caption,photo_id\n\"A caption \"from\" Homs,1\n"))
	}},
	{name: "JSON Lines broken line", where: `broken\.jsonl:2: .*JSON`, make: func(t *testing.T, dir string) string {
		return writeBad(t, dir, "broken.jsonl", []byte(`{"caption": "A caption from Daraa, Syria. (AFP)"}`+"\n"+`{"caption": "cut off`+"\n"))
	}},
	{name: "HTML nested 10,000 deep", where: `deep\.html:\d+: .*nested`, make: func(t *testing.T, dir string) string {
		var b bytes.Buffer
		b.WriteString("<!DOCTYPE html>\n<html><body>\n")
		for range 10000 {
			b.WriteString("<div>")
		}
		b.WriteString("<figure><figcaption>A caption from Raqqa, Syria. (AFP)</figcaption></figure>")
		for range 10000 {
			b.WriteString("</div>")
		}
		b.WriteString("\n</body></html>\n")
		return writeBad(t, dir, "deep.html", b.Bytes())
	}},
	{name: "JPEG truncated", where: `cut\.jpg: .*offset \d+`, make: func(t *testing.T, dir string) string {
		b := jpegWithIPTC("Civil defence workers search the rubble in Douma, Syria. (AFP)", 0)
		return writeBad(t, dir, "cut.jpg", b[:len(b)/2])
	}},
	{name: "JPEG lying length", where: `lying\.jpg: .*offset \d+`, make: func(t *testing.T, dir string) string {
		return writeBad(t, dir, "lying.jpg", jpegWithIPTC("Civil defence workers search the rubble in Douma, Syria. (AFP)", 5000))
	}},
	// Links inside a folder are passed over, not followed: a loop back up
	// the tree and a link to a file outside it are counted, not read.
	{name: "symbolic link loop", dirOnly: true, readable: 1, passes: true, where: `passed over 2 symbolic links .*loop/back, .*loop/passwd`, make: func(t *testing.T, dir string) string {
		tree := filepath.Join(dir, "loop")
		writeBad(t, tree, "inside.txt", []byte("A caption from Deir ez-Zor, Syria, on June 2, 2017. (AFP)\n"))
		outside := writeBad(t, dir, "passwd", []byte("root:x:0:0:root:/root:/bin/bash\n"))
		if err := os.Symlink(tree, filepath.Join(tree, "back")); err != nil {
			t.Fatal(err)
		}
		if err := os.Symlink(outside, filepath.Join(tree, "passwd")); err != nil {
			t.Fatal(err)
		}
		return tree
	}},
	{name: "unreadable file", asNobody: true, where: `secret\.txt: permission denied`, make: func(t *testing.T, dir string) string {
		p := writeBad(t, dir, "secret.txt", []byte("A caption from Hama, Syria. (AFP)\n"))
		if err := os.Chmod(p, 0); err != nil {
			t.Fatal(err)
		}
		return p
	}},
}

func writeBad(t *testing.T, dir, name string, b []byte) string {
	t.Helper()
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, b, 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// jpegWithIPTC returns a minimal JPEG (SOI, APP13 holding one IPTC
// Caption-Abstract, EOI). lie > 0 makes the IIM dataset claim lie bytes
// more than the segment holds.
func jpegWithIPTC(caption string, lie int) []byte {
	var iim bytes.Buffer
	iim.Write([]byte{0x1c, 2, 0, 0, 2, 0, 4}) // record version 4
	iim.Write([]byte{0x1c, 2, 120})
	binary.Write(&iim, binary.BigEndian, uint16(len(caption)+lie))
	iim.WriteString(caption)
	var res bytes.Buffer
	res.WriteString("Photoshop 3.0\x00")
	res.WriteString("8BIM")
	binary.Write(&res, binary.BigEndian, uint16(0x0404))
	res.Write([]byte{0, 0}) // empty Pascal name, padded
	binary.Write(&res, binary.BigEndian, uint32(iim.Len()))
	res.Write(iim.Bytes())
	if iim.Len()%2 == 1 {
		res.WriteByte(0)
	}
	var b bytes.Buffer
	b.Write([]byte{0xff, 0xd8, 0xff, 0xed})
	binary.Write(&b, binary.BigEndian, uint16(res.Len()+2))
	b.Write(res.Bytes())
	b.Write([]byte{0xff, 0xd9})
	return b.Bytes()
}

// TestBadInput runs every bad input through `sijil parse`, `sijil ingest`
// (beside a good document, into a register that already holds records) and
// the upload endpoint of `sijil serve`, as separate processes so that their
// peak memory can be read. Each must fail with exit code 1 (or a 4xx
// answer) and an error naming the file and, where the format has them, the
// line or offset (a symbolic link, passed over, is only reported, exit 0); the good document must be stored whole, nothing stored
// before may be lost, and the register must pass SQLite's integrity check.
func TestBadInput(t *testing.T) {
	if testing.Short() {
		t.Skip("the bad-input suite writes a 100 MB file")
	}
	// The commands may run as nobody (see asNobody): the binary and
	// everything they touch must be open to it, which t.TempDir's
	// directories are not.
	work, err := os.MkdirTemp("", "sijil-bad-input-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(work) })
	if err := os.Chmod(work, 0o755); err != nil {
		t.Fatal(err)
	}
	bin := buildSijil(t, work)
	good := writeBad(t, filepath.Join(work, "good"), "good.txt", []byte(goodCaptions))
	before := writeBad(t, filepath.Join(work, "good"), "before.txt", []byte(
		"Protesters hold banners during a rally in the city of Idlib, Syria, on April 12, 2019. (Photo by Karim Nassar / AFP)\n"))
	env := []string{"SIJIL_GAZETTEER=" + filepath.Join(work, "no-gazetteer")}

	var biggest int64
	for _, tc := range badInputs {
		t.Run(tc.name, func(t *testing.T) {
			dir := filepath.Join(work, strings.ReplaceAll(tc.name, " ", "-"))
			path := tc.make(t, dir)
			if fi, err := os.Stat(path); err == nil && fi.Size() > biggest {
				biggest = fi.Size()
			}
			where := regexp.MustCompile(tc.where)
			nobody := tc.asNobody && os.Geteuid() == 0
			if tc.asNobody && os.Geteuid() != 0 {
				// Unprivileged, the file is already unreadable to us.
				nobody = false
			}

			checkBadRun(t, "parse", runBad(t, bin, env, nobody, "parse", path), where, tc.passes)

			db := filepath.Join(dir, "register.db")
			if nobody {
				if err := os.Chmod(dir, 0o777); err != nil {
					t.Fatal(err)
				}
			}
			seed := runBad(t, bin, env, nobody, "ingest", "--db", db, before)
			if seed.code != 0 {
				t.Fatalf("ingest of the good document: exit %d\n%s", seed.code, seed.stderr)
			}
			res := runBad(t, bin, env, nobody, "ingest", "--db", db, good, path)
			checkBadRun(t, "ingest", res, where, tc.passes)
			checkRegister(t, db, 3+tc.readable)

			if !tc.dirOnly && !tc.asNobody {
				checkUpload(t, bin, env, filepath.Join(dir, "served.db"), path, where)
			}
		})
	}
	t.Logf("largest bad input: %d MB", biggest>>20)
}

// badRun is one finished command of the suite.
type badRun struct {
	code           int
	stdout, stderr string
	maxRSS         int64 // bytes
}

// runBad runs the sijil binary with a hang guard (a hung command fails the
// test; it is not a timing) and returns its exit code, output and peak
// resident memory.
func runBad(t *testing.T, bin string, env []string, nobody bool, args ...string) badRun {
	t.Helper()
	ctx, cancel := context.WithTimeout(t.Context(), 3*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, args...)
	cmd.Env = append(os.Environ(), env...)
	cmd.Dir = filepath.Dir(bin)
	if nobody {
		cmd.SysProcAttr = &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: 65534, Gid: 65534}}
	}
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	if ctx.Err() != nil {
		t.Fatalf("sijil %s: still running after 3 minutes", strings.Join(args, " "))
	}
	code := 0
	if err != nil {
		ee, ok := err.(*exec.ExitError)
		if !ok {
			t.Fatalf("sijil %s: %v", strings.Join(args, " "), err)
		}
		code = ee.ExitCode()
	}
	var rss int64
	if ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage); ok {
		rss = ru.Maxrss << 10 // Linux reports kilobytes
	}
	return badRun{code: code, stdout: stdout.String(), stderr: stderr.String(), maxRSS: rss}
}

// badRSS bounds a command's peak memory: the inputs are read whole (their
// digest is needed before they are parsed), so a few times the largest one,
// plus the program and its gazetteer, never what a runaway would take.
const badRSS = 600 << 20

func checkBadRun(t *testing.T, what string, res badRun, where *regexp.Regexp, passes bool) {
	t.Helper()
	if want := map[bool]int{false: 1, true: 0}[passes]; res.code != want {
		t.Errorf("%s: exit %d, want %d\n%s", what, res.code, want, res.stderr)
	}
	if !where.MatchString(res.stderr) {
		t.Errorf("%s: stderr does not match %q:\n%.2000s", what, where, res.stderr)
	}
	if strings.Contains(res.stderr, "panic") || strings.Contains(res.stderr, "goroutine ") {
		t.Errorf("%s: crashed:\n%.2000s", what, res.stderr)
	}
	if res.maxRSS > badRSS {
		t.Errorf("%s: peak memory %d MB, over %d MB", what, res.maxRSS>>20, badRSS>>20)
	}
	t.Logf("%s: exit %d, peak %d MB: %s", what, res.code, res.maxRSS>>20, firstStderrLine(res.stderr))
}

func firstStderrLine(s string) string {
	line, _, _ := strings.Cut(s, "\n")
	return line
}

// checkRegister opens the SQLite file directly: it must pass the integrity
// check and hold records records (the good document's and what was stored
// before).
func checkRegister(t *testing.T, path string, records int) {
	t.Helper()
	checkIntegrity(t, path)
	db, err := sql.Open("sqlite", path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var n int
	if err := db.QueryRow("SELECT count(*) FROM records").Scan(&n); err != nil {
		t.Fatal(err)
	}
	if n != records {
		t.Errorf("%s: %d records, want %d", path, n, records)
	}
}

// checkUpload serves a new register that holds the good document, uploads
// the bad input, and checks the answer: a 4xx with a message naming the
// file (by its upload name) and where it breaks, the register unchanged
// and whole, the server still answering.
func checkUpload(t *testing.T, bin string, env []string, db, path string, where *regexp.Regexp) {
	t.Helper()
	const token = "bad-input-suite-token-0123"
	seed := runBad(t, bin, env, false, "ingest", "--db", db, filepath.Join(filepath.Dir(path), "..", "good", "good.txt"))
	if seed.code != 0 {
		t.Fatalf("ingest of the good document: exit %d\n%s", seed.code, seed.stderr)
	}
	srv := startServeBinary(t, bin, env, "--db", db, "--write-token", token)
	base := srv.base
	ctx := t.Context()

	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	name := filepath.Base(path)
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, strings.TrimSuffix(base, "/")+"/api/v1/documents?name="+name, f)
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Authorization", "Bearer "+token)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatalf("upload: %v", err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	switch {
	case resp.StatusCode == http.StatusRequestEntityTooLarge:
		// Over the upload cap: refused before anything is read, which
		// names no line. The cap must say so.
		if !strings.Contains(string(body), "too large") {
			t.Errorf("upload: 413 without saying why: %s", body)
		}
	case resp.StatusCode/100 != 4:
		t.Errorf("upload: status %d, want 4xx: %.500s", resp.StatusCode, body)
	case !where.MatchString(string(body)):
		t.Errorf("upload: answer does not match %q: %.500s", where, body)
	}
	stats, err := http.Get(strings.TrimSuffix(base, "/") + "/api/v1/stats")
	if err != nil {
		t.Fatalf("the server stopped answering after the upload: %v", err)
	}
	stats.Body.Close()
	if stats.StatusCode != http.StatusOK {
		t.Errorf("GET /api/v1/stats after the upload: status %d", stats.StatusCode)
	}
	checkRegister(t, db, 2)
	t.Logf("upload: status %d: %.200s", resp.StatusCode, body)
}
