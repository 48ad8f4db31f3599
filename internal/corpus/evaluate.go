package corpus

// Evaluate scores a predicted clustering against the true one by pairs: of
// the pairs of items the prediction puts in one cluster, the share that are
// truly together (precision), and of the pairs truly together, the share the
// prediction puts together (recall). Items are the keys of truth (for the
// archive, record keys or occurrences); an item missing from predicted is a
// cluster of its own, and items only in predicted are ignored. A clustering
// without pairs has precision 1, a truth without pairs recall 1.
//
// Pairs are counted from cluster sizes, n(n−1)/2 per cluster and per
// (true, predicted) cell, so the cost is linear in the number of items.
func Evaluate[K comparable](truth, predicted map[K]int64) (precision, recall float64) {
	type cell struct{ t, p int64 }
	trueSize := make(map[int64]int)
	predSize := make(map[int64]int)
	cells := make(map[cell]int)
	var single int64 // IDs for unpredicted items, below any real cluster ID
	for k, t := range truth {
		p, ok := predicted[k]
		if !ok {
			single--
			p = single
		}
		trueSize[t]++
		predSize[p]++
		cells[cell{t, p}]++
	}
	both, truePairs, predPairs := pairs(cells), pairs(trueSize), pairs(predSize)
	precision, recall = 1, 1
	if predPairs > 0 {
		precision = float64(both) / float64(predPairs)
	}
	if truePairs > 0 {
		recall = float64(both) / float64(truePairs)
	}
	return precision, recall
}

// pairs returns Σ n(n−1)/2 over the sizes.
func pairs[K comparable](sizes map[K]int) int64 {
	var n int64
	for _, s := range sizes {
		n += int64(s) * int64(s-1) / 2
	}
	return n
}
