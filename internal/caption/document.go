package caption

import (
	"path/filepath"
	"strings"
)

// PublicPath is the name d is shown by to readers who may not see where
// the register's documents lie on the disk of whoever ingested them
// (folder names often name cases, sources or accounts): its path relative
// to the directory that was ingested (Root), or its base name when it has
// no Root, or does not lie under it. "/home/ana/cases/17/gallery/a.txt"
// ingested as part of "/home/ana/cases/17" is "gallery/a.txt"; named
// itself, or uploaded, it is "a.txt". Path stays for those who may see it:
// the command line and the holders of a write token.
func (d Document) PublicPath() string {
	if d.Root != "" {
		if rel, err := filepath.Rel(d.Root, d.Path); err == nil && rel != "." && filepath.IsLocal(rel) {
			return filepath.ToSlash(rel)
		}
	}
	// Either separator ends a directory, whichever system wrote the path
	// (a PostgreSQL register is shared).
	return d.Path[strings.LastIndexAny(d.Path, `/\`)+1:]
}

// Public returns d with its Path replaced by its PublicPath and no Root.
func (d Document) Public() Document {
	d.Path, d.Root = d.PublicPath(), ""
	return d
}
