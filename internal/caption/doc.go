// Package caption holds sijil's domain types: the record a wire-photo caption
// becomes, the raw caption as a reader found it, and the error kinds shared by
// every layer. It uses only the standard library and imports no other sijil
// package, so storage, parsing and HTTP can all depend on it without cycles.
package caption
