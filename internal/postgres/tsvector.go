package postgres

import (
	"cmp"
	"slices"

	"github.com/jackc/pgx/v5/pgtype"
)

// The limits of a tsvector that to_tsvector keeps to: the positions of one
// word (it keeps the first 255 and drops the rest; a tsvector may hold 256),
// and the greatest position (later words all get this one).
const (
	maxWordPositions = 255
	maxPosition      = 16383
)

// searchVector returns the tsvector of a record's search text
// (caption.SearchText: folded words of letters and digits, one space
// between each two), as to_tsvector('simple', text) makes it: each distinct
// word, in byte order, with its positions counted from 1.
//
// The store builds it, and the server stores it as given, instead of the
// server computing a generated column: its text search parser took 36 µs a
// record, a fifth of the server's time in an ingest of 100,000 captions,
// to split words that SearchText has already split and folded
// (2026-12-07). The search query is built from the same folded words
// (tsQuery) and read as a tsquery literal, so that neither side goes
// through the server's parser and they agree by construction.
func searchVector(text string) pgtype.TSVector {
	words := make([]string, 0, 1+len(text)/6)
	for start := 0; start < len(text); {
		end := start
		for end < len(text) && text[end] != ' ' {
			end++
		}
		if end > start {
			words = append(words, text[start:end])
		}
		start = end + 1
	}
	order := make([]int32, len(words))
	for i := range order {
		order[i] = int32(i)
	}
	slices.SortFunc(order, func(a, b int32) int {
		if c := cmp.Compare(words[a], words[b]); c != 0 {
			return c
		}
		return cmp.Compare(a, b)
	})
	lexemes := make([]pgtype.TSVectorLexeme, 0, len(words))
	positions := make([]pgtype.TSVectorPosition, 0, len(words))
	for i := 0; i < len(order); {
		word, first := words[order[i]], len(positions)
		for ; i < len(order) && words[order[i]] == word; i++ {
			p := uint16(min(order[i]+1, maxPosition))
			n := len(positions) - first
			if n == maxWordPositions || n > 0 && positions[len(positions)-1].Position == p {
				continue
			}
			positions = append(positions, pgtype.TSVectorPosition{Position: p})
		}
		lexemes = append(lexemes, pgtype.TSVectorLexeme{Word: word, Positions: positions[first:len(positions):len(positions)]})
	}
	return pgtype.TSVector{Lexemes: lexemes, Valid: true}
}
