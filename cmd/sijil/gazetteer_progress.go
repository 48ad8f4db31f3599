package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"time"
)

// progressReader passes reads through. It fails once ctx is cancelled, so
// that an interrupted import of a big dump stops and writes nothing, and,
// when w is set (stderr is a terminal), shows how far it got.
type progressReader struct {
	ctx   context.Context
	r     io.Reader
	name  string
	w     io.Writer
	total int64 // 0 when unknown (a zip member)
	n     int64
	shown time.Time
	shows bool // progress is on the terminal's line
}

func newProgressReader(ctx context.Context, r io.Reader, name string, stderr io.Writer) io.Reader {
	p := &progressReader{ctx: ctx, r: r, name: name, shown: time.Now()}
	if isTerminal(stderr) {
		p.w = stderr
		if fi, err := os.Stat(name); err == nil {
			p.total = fi.Size()
		}
	}
	return p
}

func (p *progressReader) Read(b []byte) (int, error) {
	if err := p.ctx.Err(); err != nil {
		return 0, err
	}
	n, err := p.r.Read(b)
	p.n += int64(n)
	if p.w != nil && time.Since(p.shown) >= time.Second {
		p.shown, p.shows = time.Now(), true
		if p.total > 0 {
			fmt.Fprintf(p.w, "\rreading %s: %s of %s (%d%%)  ", p.name, byteSize(p.n), byteSize(p.total), 100*p.n/p.total)
		} else {
			fmt.Fprintf(p.w, "\rreading %s: %s  ", p.name, byteSize(p.n))
		}
	}
	if err != nil && p.shows {
		fmt.Fprint(p.w, "\r\x1b[K")
		p.shows = false
	}
	return n, err
}

// isTerminal reports whether w is a character device, such as a terminal.
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	fi, err := f.Stat()
	return err == nil && fi.Mode()&os.ModeCharDevice != 0
}

// byteSize formats n bytes for people: "812 B", "45.3 KB", "1.9 MB".
func byteSize(n int64) string {
	switch {
	case n < 1000:
		return fmt.Sprintf("%d B", n)
	case n < 1000*1000:
		return fmt.Sprintf("%.1f KB", float64(n)/1e3)
	case n < 1000*1000*1000:
		return fmt.Sprintf("%.1f MB", float64(n)/1e6)
	}
	return fmt.Sprintf("%.2f GB", float64(n)/1e9)
}
