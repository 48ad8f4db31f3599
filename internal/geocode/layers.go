package geocode

// LayerInfo describes one loaded index, for `sijil gazetteer list`.
type LayerInfo struct {
	Name    string   // the name it was written with: "cities500"
	Sources []string // the Place.Source values of its places
	Places  int
	Keys    int    // distinct name keys
	Admin1  int    // first-level divisions named
	File    string // where it was read from: a path, EmbeddedFile, or "" for memory
	Bytes   int    // size of the index data
}

// Info describes the index.
func (ix *Index) Info() LayerInfo {
	info := LayerInfo{
		Name: ix.name, Places: ix.Len(), Keys: ix.numKeys(),
		Admin1: len(ix.sec[secAdmin1]) / admin1Size, File: ix.file, Bytes: ix.size,
	}
	for i := range len(ix.sec[secSources]) / 4 {
		info.Sources = append(info.Sources, ix.source(i))
	}
	return info
}

// Layers describes the gazetteer's indexes, first (overridden) to last.
func (g *Gazetteer) Layers() []LayerInfo {
	out := make([]LayerInfo, len(g.layers))
	for i, ix := range g.layers {
		out[i] = ix.Info()
	}
	return out
}

// Stats sums up a gazetteer.
type Stats struct {
	Layers int
	Places int // over all layers; an overridden place counts in each
	Keys   int // over all layers
	Bytes  int
}

// Stats returns the gazetteer's totals.
func (g *Gazetteer) Stats() Stats {
	s := Stats{Layers: len(g.layers)}
	for _, ix := range g.layers {
		s.Places += ix.Len()
		s.Keys += ix.numKeys()
		s.Bytes += ix.size
	}
	return s
}
