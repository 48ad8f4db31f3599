package photo

import (
	"fmt"
	"io"
	"os"
)

// AnalyzeFile and AnalyzeLimit serve the tests only: ingest analyses the
// bytes it has read (AnalyzeBytes), a photo search what it is given
// (Analyze).

// AnalyzeFile is Analyze of the file at path; its errors name the path.
func AnalyzeFile(path string) (Info, error) {
	f, err := os.Open(path)
	if err != nil {
		return Info{}, err
	}
	defer f.Close()
	info, err := Analyze(f)
	if err != nil {
		return Info{}, fmt.Errorf("%s: %w", path, err)
	}
	return info, nil
}

// AnalyzeLimit is Analyze with lower bounds than MaxBytes and MaxPixels, so
// that tests can reach the bounds with small files. Bounds above the
// package's are lowered to them.
func AnalyzeLimit(r io.Reader, maxBytes, maxPixels int64) (Info, error) {
	return analyze(r, limits{bytes: min(maxBytes, MaxBytes), pixels: min(maxPixels, MaxPixels)})
}
