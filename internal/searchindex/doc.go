// Package searchindex answers a store's searches from memory: Search (with
// its facets), Points and Timeline, over compact columns (dates, figures,
// interned places and values) and postings of the full text's words and the
// search values, built from the store's own search tables. Store wraps a
// caption.Store and passes every other call to it; writes through it update
// the index at once, writes by other processes within a poll interval.
// Results are the store's own, as internal/storetest holds both to.
package searchindex
