package caption

// Raw is a caption as a reader found it, before parsing: its text exactly as
// it stands in the document and where it stands, so that every record can be
// traced back to a file and a byte range.
type Raw struct {
	Text   string // the caption's bytes as found (not yet whitespace-folded)
	Path   string // the document as given on the command line or upload
	Line   int    // 1-based line of the caption's first byte
	Start  int    // byte offset of the caption's first byte in the document
	End    int    // byte offset just past its last byte
	Format string // reader that produced it: text, jsonl, csv, html, jpeg
	Meta   map[string]string
}
