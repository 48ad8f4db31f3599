package server

import (
	"bytes"
	"encoding/json"
	"sync"

	"sijil/internal/caption"
)

// encodedRecords keeps the API JSON of the records searches returned, when
// Options.Revision says when they may change: encoding fifty records took most of a record
// list's time. An entry is used only at the revision it was made at, and
// made only from a search during which the revision did not move, so that
// it is never older than what the store returns.
type encodedRecords struct {
	mu   sync.Mutex
	rev  uint64
	byID map[int64]json.RawMessage
}

// maxEncodedRecords bounds the cache: at a few kilobytes a record, a few
// tens of megabytes.
const maxEncodedRecords = 8192

// revision returns the records' revision (Options.Revision), 0 when there
// is none.
func (s *server) revision() uint64 {
	if s.opt.Revision != nil {
		return s.opt.Revision()
	}
	return 0
}

// listRecordJSON is recordJSON with HTML characters escaped, as writeJSON
// escapes them, for writeRecordList.
func listRecordJSON(sr caption.StoredRecord) (json.RawMessage, error) {
	j, err := recordJSON(sr)
	if err != nil {
		return nil, err
	}
	var b bytes.Buffer
	b.Grow(len(j) + 64)
	json.HTMLEscape(&b, j)
	return b.Bytes(), nil
}

// recordsJSONAt encodes rs with listRecordJSON, using and filling the
// cache when rev (the revision read before the search that returned rs) is
// not 0 and still the store's.
func (s *server) recordsJSONAt(rs []caption.StoredRecord, rev uint64) ([]json.RawMessage, error) {
	c := &s.encoded
	if rev == 0 || s.revision() != rev {
		out := make([]json.RawMessage, len(rs))
		for i, r := range rs {
			j, err := listRecordJSON(r)
			if err != nil {
				return nil, err
			}
			out[i] = j
		}
		return out, nil
	}
	out := make([]json.RawMessage, len(rs))
	var todo []int
	c.mu.Lock()
	if c.rev != rev {
		clear(c.byID)
		c.rev = rev
	}
	for i, r := range rs {
		if j, ok := c.byID[r.ID]; ok {
			out[i] = j
		} else {
			todo = append(todo, i)
		}
	}
	c.mu.Unlock()
	for _, i := range todo {
		j, err := listRecordJSON(rs[i])
		if err != nil {
			return nil, err
		}
		out[i] = j
	}
	if len(todo) == 0 {
		return out, nil
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.rev != rev {
		return out, nil
	}
	if c.byID == nil || len(c.byID)+len(todo) > maxEncodedRecords {
		c.byID = make(map[int64]json.RawMessage, maxEncodedRecords)
	}
	for _, i := range todo {
		c.byID[rs[i].ID] = out[i]
	}
	return out, nil
}
