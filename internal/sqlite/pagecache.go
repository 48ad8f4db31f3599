package sqlite

import (
	"encoding/binary"
	"fmt"
	"sync"

	"modernc.org/libc"
	"modernc.org/libc/sys/types"
	sqlite3 "modernc.org/sqlite/lib"
)

// The page cache pool ReservePageCache sets aside: a slot for each page
// of the writer's 16 MB cache (3,840 pages of 4 KB with their headers) and
// a few hundred more for the other connections. A slot holds a 4 KB page
// and the 272 bytes SQLite keeps with it (modernc.org/sqlite v1.62), with
// room to spare should that grow; a larger page is allocated as without
// the pool. When fewer than ten slots are free, SQLite treats the caches
// whose pages fit them as full and reuses their pages (as at their size
// limit) instead of allocating more: the pool caps the connections'
// caches together, never fails one. An ingest of a million captions used
// 3,995 slots at most.
const (
	pageCacheSlots    = 4096
	pageCacheSlotSize = 4096 + 512
)

var pageCachePool struct {
	once sync.Once
	err  error
}

// ReservePageCache gives SQLite one block of memory for the pages its
// connections cache, instead of an allocation for each page. The driver's
// allocator rounds each page and its header (4,368 bytes) up to 8 KB, so
// that the writer's 16 MB cache held about 32 MB once full; from the
// block the same cache holds 19 MB, resident from the first Open. It
// matters where memory is tight: an ingest of a million captions peaks
// near 500 MB.
//
// SQLite takes it only before it first opens a database in the process:
// called later, it returns an error and the caches allocate page by page
// as before. Later calls return the first one's result.
func ReservePageCache() error {
	p := &pageCachePool
	p.once.Do(func() { p.err = reservePageCache(pageCacheSlots, pageCacheSlotSize) })
	return p.err
}

func reservePageCache(slots, size int) error {
	tls := libc.NewTLS()
	defer tls.Close()
	// The block lives as long as the process: SQLite keeps using it.
	block := libc.Xmalloc(tls, types.Size_t(slots*size))
	if block == 0 {
		return fmt.Errorf("sqlite: page cache: cannot allocate %d bytes", slots*size)
	}
	args := libc.Xmalloc(tls, 3*8)
	if args == 0 {
		libc.Xfree(tls, block)
		return fmt.Errorf("sqlite: page cache: out of memory")
	}
	defer libc.Xfree(tls, args)
	rc := sqlite3.Xsqlite3_config(tls, sqlite3.SQLITE_CONFIG_PAGECACHE, libc.VaList(args, block, int32(size), int32(slots)))
	if rc != sqlite3.SQLITE_OK {
		libc.Xfree(tls, block)
		return fmt.Errorf("sqlite: page cache: SQLite refused it (code %d): it has opened a database already", rc)
	}
	return nil
}

// pageCacheUse is what SQLite reports of the pool: the slots in use and
// their high-water mark, the page allocations made outside it (bytes) and
// theirs, and the largest page allocation asked for.
type pageCacheUse struct {
	used, usedMax, overflow, overflowMax, largest int64
}

func pageCacheStatus() pageCacheUse {
	tls := libc.NewTLS()
	defer tls.Close()
	buf := libc.Xmalloc(tls, 16)
	if buf == 0 {
		return pageCacheUse{}
	}
	defer libc.Xfree(tls, buf)
	status := func(op int32) (cur, high int64) {
		sqlite3.Xsqlite3_status64(tls, op, buf, buf+8, 0)
		b := libc.GoBytes(buf, 16)
		return int64(binary.NativeEndian.Uint64(b)), int64(binary.NativeEndian.Uint64(b[8:]))
	}
	var u pageCacheUse
	u.used, u.usedMax = status(sqlite3.SQLITE_STATUS_PAGECACHE_USED)
	u.overflow, u.overflowMax = status(sqlite3.SQLITE_STATUS_PAGECACHE_OVERFLOW)
	_, u.largest = status(sqlite3.SQLITE_STATUS_PAGECACHE_SIZE)
	return u
}
