package ingest

import (
	"fmt"
	"io"
	"time"

	"sijil/internal/caption"
)

// progressEvery is how often the progress line is redrawn at most.
const progressEvery = 200 * time.Millisecond

// progress draws one line of progress on a terminal, overwriting it with
// "\r" and clearing what is left of the previous one. A nil writer draws
// nothing.
type progress struct {
	w       io.Writer
	start   time.Time
	last    time.Time
	total   int  // documents to read
	links   int  // symbolic links passed over
	skipped int  // other files passed over
	shown   bool // a line is on the screen
}

func newProgress(w io.Writer, start time.Time) *progress {
	return &progress{w: w, start: start}
}

// stored shows the documents and captions stored so far.
func (p *progress) stored(docs, captions int, bytes int64) {
	if !p.due() {
		return
	}
	secs := time.Since(p.start).Seconds()
	line := fmt.Sprintf("documents %d/%d  captions %d  %.0f captions/s  %.1f MB/s",
		docs, p.total, captions, float64(captions)/secs, float64(bytes)/1e6/secs)
	if p.links > 0 {
		line += fmt.Sprintf("  %d symbolic links passed over", p.links)
	}
	if p.skipped > 0 {
		line += fmt.Sprintf("  %d other files passed over", p.skipped)
	}
	p.draw(line)
}

// linked shows the records linked so far at level.
func (p *progress) linked(level caption.LinkLevel, n int) {
	if !p.due() {
		return
	}
	p.draw(fmt.Sprintf("linking %ss: %d records", level, n))
}

// building shows that the store builds the indexes left unbuilt while it
// stored: some ten seconds a million captions, with nothing else to show.
func (p *progress) building() {
	if p == nil || p.w == nil {
		return
	}
	p.draw("building the indexes left unbuilt during the load")
}

func (p *progress) due() bool {
	if p == nil || p.w == nil {
		return false
	}
	now := time.Now()
	if now.Sub(p.last) < progressEvery {
		return false
	}
	p.last = now
	return true
}

func (p *progress) draw(line string) {
	fmt.Fprintf(p.w, "\r%s\x1b[K", line)
	p.shown = true
}

// clear removes the line, so that other output starts on a clean line.
func (p *progress) clear() {
	if p != nil && p.w != nil && p.shown {
		fmt.Fprint(p.w, "\r\x1b[K")
		p.shown = false
	}
}

// finish removes the line at the end of the run.
func (p *progress) finish() { p.clear() }
