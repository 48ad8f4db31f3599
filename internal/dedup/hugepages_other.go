//go:build !linux

package dedup

// adviseHugePages does nothing but on Linux (see hugepages_linux.go).
func adviseHugePages[T any](s []T) {}
