package searchindex

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"time"

	"sijil/internal/caption"
)

// batchRows is how many rows the reader of the source hands to the indexer
// at a time: the two run on two goroutines, so that a build keeps two cores
// busy (the database's and the index's work), and the served index is
// locked once per batch.
const batchRows = 4096

// batch is rows read from the source, with their text and values copied.
type batch struct {
	recs    []caption.StoredRecord
	text    []byte
	textEnd []int
	vals    []int64
	valsEnd []int
}

func (b *batch) reset() {
	b.recs, b.text, b.textEnd, b.vals, b.valsEnd = b.recs[:0], b.text[:0], b.textEnd[:0], b.vals[:0], b.valsEnd[:0]
}

func (b *batch) add(r caption.StoredRecord, text []byte, values []int64) {
	b.recs = append(b.recs, r)
	b.text = append(b.text, text...)
	b.textEnd = append(b.textEnd, len(b.text))
	b.vals = append(b.vals, values...)
	b.valsEnd = append(b.valsEnd, len(b.vals))
}

// apply reads the rows written since mark into ix, and returns the next
// mark. When ix is the index served (live), each batch is added under the
// write lock; a failure part-way leaves the batches added, which the next
// update adds again (a record added twice is replaced by itself).
func (s *Store) apply(ctx context.Context, mark string, ix *index, live bool) (string, error) {
	return s.read(ctx, ix, live, func(ctx context.Context, fn func(caption.StoredRecord, []byte, []int64) error) (string, error) {
		return s.src.SearchRows(ctx, mark, fn)
	})
}

// read adds to ix the rows that rows passes, as apply does.
func (s *Store) read(ctx context.Context, ix *index, live bool,
	rows func(context.Context, func(caption.StoredRecord, []byte, []int64) error) (string, error)) (string, error) {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	// Batches go back and forth between the reader and the indexer, so
	// that their memory is allocated once.
	batches, free := make(chan *batch, 2), make(chan *batch, 4)
	done := make(chan error, 1)
	go func() { done <- s.consume(ctx, ix, live, batches, free) }()
	b := new(batch)
	send := func() error {
		select {
		case batches <- b:
		case <-ctx.Done():
			return ctx.Err()
		}
		select {
		case b = <-free:
			b.reset()
		default:
			b = new(batch)
		}
		return nil
	}
	next, err := rows(ctx, func(r caption.StoredRecord, text []byte, values []int64) error {
		b.add(r, text, values)
		if len(b.recs) < batchRows {
			return nil
		}
		return send()
	})
	if err == nil && len(b.recs) > 0 {
		err = send()
	}
	close(batches)
	if err != nil {
		cancel()
	}
	if cerr := <-done; cerr != nil && err == nil {
		err = cerr
	}
	if err != nil {
		return "", fmt.Errorf("search index: %w", err)
	}
	return next, nil
}

// consume adds the batches to ix. After an error it drains them unread.
func (s *Store) consume(ctx context.Context, ix *index, live bool, batches <-chan *batch, free chan<- *batch) error {
	var err error
	added, lastLog := 0, time.Now()
	for b := range batches {
		if err != nil {
			continue
		}
		if err = s.addBatch(ctx, ix, live, b); err != nil {
			continue
		}
		added += len(b.recs)
		select {
		case free <- b:
		default:
		}
		if !live && time.Since(lastLog) > 2*time.Second {
			s.log.Info("search index: building", "records", added)
			lastLog = time.Now()
		}
	}
	if live && added > 0 {
		s.statsMu.Lock()
		s.stats.Updates++
		s.stats.Records = ix.live()
		s.statsMu.Unlock()
	}
	return err
}

// addBatch adds a batch's rows to ix, first fetching the values it does
// not know (stored since it last read them).
func (s *Store) addBatch(ctx context.Context, ix *index, live bool, b *batch) error {
	var unknown []int64
	for _, id := range b.vals {
		if _, ok := ix.values.byID[id]; !ok {
			unknown = append(unknown, id)
		}
	}
	type value struct {
		id  int64
		t   caption.Term
		key string
	}
	var found []value
	if len(unknown) > 0 {
		slices.Sort(unknown)
		unknown = slices.Compact(unknown)
		err := s.src.SearchValues(ctx, unknown, func(id int64, t caption.Term, key string) error {
			found = append(found, value{id, t, key})
			return nil
		})
		if err != nil {
			return err
		}
	}
	if live {
		s.mu.Lock()
		defer s.mu.Unlock()
	}
	for _, v := range found {
		ix.values.add(v.id, v.t, v.key)
	}
	var rw row
	textStart, valsStart := 0, 0
	for i := range b.recs {
		rw.r, rw.text = b.recs[i], b.text[textStart:b.textEnd[i]]
		rw.values = rw.values[:0]
		for _, id := range b.vals[valsStart:b.valsEnd[i]] {
			v, ok := ix.values.byID[id]
			if !ok {
				return fmt.Errorf("record %d: search value %d: %w", rw.r.ID, id, errMissingValue)
			}
			rw.values = append(rw.values, v)
		}
		ix.add(&rw)
		textStart, valsStart = b.textEnd[i], b.valsEnd[i]
	}
	// Rank the records added since the order was, once they are many
	// enough to slow pages down (they are ranked at each read till then).
	if n := ix.n(); live && n-ix.orderN > max(4096, n/64) {
		ix.extendOrder()
	}
	return nil
}

var errMissingValue = errors.New("not in search_values")
