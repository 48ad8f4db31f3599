// Package storetest is the conformance suite every caption.Store passes:
// internal/sqlite runs it on a file in a temporary directory on every go
// test, internal/postgres on a scratch database. The suite, not either
// implementation, is the specification of what a store does where
// caption.Store's comments leave room: the order of lists, what counts as not
// found, how date windows and shared bands select candidates, and what two
// concurrent writers may and may not do.
package storetest
