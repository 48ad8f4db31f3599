package main

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"

	"sijil/internal/geocode"
)

// defaultGazetteerDir is SIJIL_GAZETTEER, else sijil/gazetteer under the XDG
// data directory ($XDG_DATA_HOME, else ~/.local/share): imports persist there
// for every later run.
func defaultGazetteerDir(getenv func(string) string) string {
	if v := getenv("SIJIL_GAZETTEER"); v != "" {
		return v
	}
	if v := getenv("XDG_DATA_HOME"); v != "" {
		return filepath.Join(v, "sijil", "gazetteer")
	}
	if v := getenv("HOME"); v != "" {
		return filepath.Join(v, ".local", "share", "sijil", "gazetteer")
	}
	return ""
}

// correctionsPrefix marks layer files of a user's corrections, which
// override every import.
const correctionsPrefix = "corrections-"

// gazetteerLayers lists the index files of dir in the order they apply:
// imports in name order, then corrections. A missing dir has none.
func gazetteerLayers(dir string) ([]string, error) {
	if dir == "" {
		return nil, nil
	}
	files, err := filepath.Glob(filepath.Join(dir, "*.idx"))
	if err != nil {
		return nil, err
	}
	slices.SortStableFunc(files, func(a, b string) int {
		ca, cb := strings.HasPrefix(filepath.Base(a), correctionsPrefix), strings.HasPrefix(filepath.Base(b), correctionsPrefix)
		switch {
		case ca == cb:
			return strings.Compare(a, b)
		case ca:
			return 1
		}
		return -1
	})
	return files, nil
}

// openGazetteer loads the embedded gazetteer and the layers in cfg.Gazetteer.
func openGazetteer(cfg Config) (*geocode.Gazetteer, error) {
	layers, err := openLayers(cfg)
	if err != nil {
		return nil, fmt.Errorf("gazetteer: %w", err)
	}
	return geocode.New(layers...), nil
}
