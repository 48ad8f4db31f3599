package source

import "fmt"

// MaxColumns is the most columns a CSV header may name, and the most
// members a JSON Lines object may have, caption included. Spreadsheets of
// wire photos carry a few dozen (IPTC's fields, the agency's own); a
// million, which the readers once stored whole as every caption's
// metadata, is not a caption sheet.
const MaxColumns = 256

// MaxMeta is the most bytes of metadata one caption may carry: the names
// and values of the cells or members beside its caption. A register keeps
// every caption's metadata and shows it on the record's page and in the
// API, so a few cells of megabytes each would weigh on every reader of the
// record; 64 KiB is some thirty times a long caption with its agency's
// fields. (A JSON Lines export read back carries the record's fields as
// metadata, its description among them: within the cap for any caption of
// less than about 50 KiB.)
const MaxMeta = 64 << 10

// metaSize is the size of m as MaxMeta counts it: its names and values.
func metaSize(m map[string]string) int {
	n := 0
	for k, v := range m {
		n += len(k) + len(v)
	}
	return n
}

// checkMeta refuses metadata over MaxMeta, naming what it is made of.
// The reason does not wrap caption.ErrInvalid: the reader adds the path
// and line, and the kind.
func checkMeta(m map[string]string, what string) error {
	if n := metaSize(m); n > MaxMeta {
		return fmt.Errorf("%d bytes of metadata (the %s beside the caption), at most %d", n, what, MaxMeta)
	}
	return nil
}
