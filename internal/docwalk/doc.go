// Package docwalk turns the paths a user names (files, directories, "-"
// for standard input) into the documents sijil reads, in a fixed order,
// with what it passed over and what it could not walk. sijil ingest and
// sijil parse both expand their arguments with it, so that a folder gives
// both commands the same documents in the same order.
//
// It opens no document: what a document holds is package source's, and
// what becomes of it the caller's.
package docwalk
