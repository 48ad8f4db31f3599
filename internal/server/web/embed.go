// Package web holds the front-end assets of sijil's web UI: the stylesheet,
// the hand-written map and timeline scripts, and the Natural Earth
// boundaries the map draws. It has no code of its own; internal/server
// serves FS. The DOM contract of the scripts is in README.md beside this
// file; scripts/mapdata.sh regenerates data/.
package web

import "embed"

// FS holds static/app.css, static/map.js, static/timeline.js, static/photo.js
// (a photo dropped on the search-by-photo form) and data/
// (countries.json, admin1.json and the README that credits their sources).
// The demo page and its invented data (static/demo*) are left out on
// purpose: they are for checking the assets alone, not for users. Serve
// static/ at /static/ and data/ at /static/data/, the URLs map.js asks for
// by default:
//
//	static, _ := fs.Sub(web.FS, "static")
//	data, _ := fs.Sub(web.FS, "data")
//	mux.Handle("GET /static/data/", http.StripPrefix("/static/data/", http.FileServerFS(data)))
//	mux.Handle("GET /static/", http.StripPrefix("/static/", http.FileServerFS(static)))
//
//go:embed static/app.css static/map.js static/timeline.js static/photo.js data/countries.json data/admin1.json data/README.md
var FS embed.FS
