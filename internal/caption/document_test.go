package caption

import "testing"

func TestPublicPath(t *testing.T) {
	for _, tc := range []struct{ path, root, want string }{
		{"/home/ana/cases/17/gallery/a.txt", "/home/ana/cases/17", "gallery/a.txt"},
		{"/home/ana/cases/17/a.txt", "/home/ana/cases/17", "a.txt"},
		{"cases/17/gallery/a.txt", "cases/17", "gallery/a.txt"},
		{"gallery/a.txt", ".", "gallery/a.txt"},
		{"../cases/a.txt", "..", "cases/a.txt"},
		{"/a.txt", "/", "a.txt"},
		{"/home/ana/cases/17/a.txt", "", "a.txt"},                   // named itself, or stored before roots
		{"/srv/sijil.db.data/uploads/0123-a.txt", "", "0123-a.txt"}, // an upload
		{"-", "", "-"},
		{"a.txt", "", "a.txt"},
		{"/home/ana/other/a.txt", "/home/ana/cases", "a.txt"}, // not under its root
		{"/home/ana/cases/a.txt", "cases", "a.txt"},           // one absolute, one not
		{`C:\Users\ana\cases\a.txt`, "", "a.txt"},
		{"/home/ana/cases", "/home/ana/cases", "cases"},
	} {
		d := Document{Path: tc.path, Root: tc.root}
		if got := d.PublicPath(); got != tc.want {
			t.Errorf("Document{Path: %q, Root: %q}.PublicPath() = %q, want %q", tc.path, tc.root, got, tc.want)
		}
		if p := d.Public(); p.Path != tc.want || p.Root != "" {
			t.Errorf("Public() = %+v", p)
		}
	}
}
