package ingest

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"image"
	"image/jpeg"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"sync"
	"syscall"
	"testing"
	"time"
)

// benchPhotos is the number of photos of BenchmarkIngestPhotos:
// SIJIL_BENCH_PHOTOS, else 2,000.
func benchPhotos(b *testing.B) int {
	if v := os.Getenv("SIJIL_BENCH_PHOTOS"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n <= 0 {
			b.Fatalf("SIJIL_BENCH_PHOTOS=%q: want a positive number", v)
		}
		return n
	}
	return 2000
}

// BenchmarkIngestPhotos ingests n captioned photos of 6000x4000 pixels
// (SIJIL_BENCH_PHOTOS, 2,000 by default) into a new SQLite file per
// iteration, as `sijil ingest` does: each decoded at reduced size,
// fingerprinted, thumbnailed, stored and linked at the picture level; no
// two of them may be grouped as the same picture. It reports photos/s,
// the process's CPU time a photo (user and system: on a shared machine
// the steadier figure), its peak resident memory, and exiftool-photos/s,
// `exiftool -fast` reading the same files' captions, when exiftool is
// installed. The photos are written by benchJPEG, some 0.1 s each;
// SIJIL_BENCH_PHOTO_DIR keeps them between runs. Run it with
//
//	go test -run '^$' -bench IngestPhotos -benchtime 1x ./internal/ingest
func BenchmarkIngestPhotos(b *testing.B) {
	n := benchPhotos(b)
	dir := os.Getenv("SIJIL_BENCH_PHOTO_DIR")
	if dir == "" {
		dir = b.TempDir()
	}
	writePhotos(b, dir, n)
	opt := testOptions(b)
	opt.Workers = runtime.GOMAXPROCS(0)
	var (
		elapsed, cpu time.Duration
		peak         int64
	)
	for b.Loop() {
		s := mustOpenSQLite(b, filepath.Join(b.TempDir(), "sijil.db"))
		runtime.GC()
		resetPeakRSS()
		start, cpu0 := time.Now(), cpuTime()
		sum, err := Ingest(b.Context(), s, []string{dir}, opt)
		elapsed += time.Since(start)
		cpu += cpuTime() - cpu0
		peak = max(peak, peakRSS())
		if err != nil || len(sum.Failures) > 0 || len(sum.PhotoFailures) > 0 || sum.Photos != n {
			b.Fatalf("ingest: %v, %d photos of %d, failures %v %v", err, sum.Photos, n, sum.Failures, sum.PhotoFailures)
		}
		if same, err := s.PhotoSources(b.Context(), nil); err != nil || len(same) > 0 {
			b.Fatalf("distinct photos grouped as the same picture: %d sources, %v", len(same), err)
		}
	}
	b.StopTimer()
	b.ReportMetric(float64(n*b.N)/elapsed.Seconds(), "photos/s")
	b.ReportMetric(float64(cpu.Milliseconds())/float64(n*b.N), "cpu-ms/photo")
	b.ReportMetric(float64(peak)/(1<<20), "peak-RSS-MB")
	if exiftool, err := exec.LookPath("exiftool"); err == nil {
		start := time.Now()
		out, err := exec.Command(exiftool, "-fast", "-q", "-j", "-IPTC:Caption-Abstract", "-r", dir).Output()
		if err != nil || bytes.Count(out, []byte("Caption-Abstract")) != n {
			b.Fatalf("exiftool: %v; %d captions of %d", err, bytes.Count(out, []byte("Caption-Abstract")), n)
		}
		b.ReportMetric(float64(n)/time.Since(start).Seconds(), "exiftool-photos/s")
	}
}

// cpuTime is the user and system CPU time this process has used.
func cpuTime() time.Duration {
	var u syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &u); err != nil {
		return 0
	}
	return time.Duration(u.Utime.Nano() + u.Stime.Nano())
}

// writePhotos makes n distinct captioned JPEGs of 6000x4000 pixels in dir,
// on every core, unless dir already holds them.
func writePhotos(b *testing.B, dir string, n int) {
	if have, _ := filepath.Glob(filepath.Join(dir, "*.jpg")); len(have) == n {
		return
	}
	var wg sync.WaitGroup
	next := make(chan int)
	errs := make(chan error, n)
	for range runtime.GOMAXPROCS(0) {
		wg.Go(func() {
			for i := range next {
				text := fmt.Sprintf("Residents inspect the damage to building %d after shelling on March %d, 2019. (Photo by Lina Haddad / AFP)", i, 1+i%28)
				data := withCaption(benchJPEG(b, benchDrawing(uint64(i), 6000, 4000), uint64(i)), text)
				errs <- os.WriteFile(filepath.Join(dir, fmt.Sprintf("photo-%05d.jpg", i)), data, 0o644)
			}
		})
	}
	for i := range n {
		next <- i
	}
	close(next)
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			b.Fatal(err)
		}
	}
}

// captionedJPEG encodes img as a JPEG of quality 85 with text as its IPTC
// Caption-Abstract.
func captionedJPEG(tb testing.TB, img image.Image, text string) []byte {
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, img, &jpeg.Options{Quality: 85}); err != nil {
		tb.Error(err)
	}
	return withCaption(buf.Bytes(), text)
}

// withCaption returns the JPEG jpg with text as its IPTC Caption-Abstract,
// in an APP13 Photoshop segment after the SOI marker.
func withCaption(jpg []byte, text string) []byte {
	iim := append(binary.BigEndian.AppendUint16([]byte{0x1C, 2, 120}, uint16(len(text))), text...)
	res := append(binary.BigEndian.AppendUint32([]byte("8BIM\x04\x04\x00\x00"), uint32(len(iim))), iim...)
	if len(res)%2 == 1 {
		res = append(res, 0)
	}
	payload := append([]byte("Photoshop 3.0\x00"), res...)
	seg := append(binary.BigEndian.AppendUint16([]byte{0xFF, 0xED}, uint16(len(payload)+2)), payload...)
	return append(append(append(make([]byte, 0, len(jpg)+len(seg)), jpg[:2]...), seg...), jpg[2:]...)
}
