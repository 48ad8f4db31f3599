#!/usr/bin/env bash
# bench.sh: sijil's benchmark report, one table measured in one run on
# generated corpora (internal/corpus):
#
#   - parse MB/s on one core, alone and with the gazetteer resolving scenes
#     (BenchmarkParseCorpus);
#   - the register at each size (scripts/bench-ingest.sh): parse, SQLite
#     and PostgreSQL ingest in captions/s and against parse, peak memory,
#     bytes per caption, the clustering's pairwise precision and recall,
#     parse beside gzip -1, and repetitive captions;
#   - search latency p50/p99 on a register of SEARCH_RECORDS records for a
#     text, a faceted and a map query (BenchmarkSearch);
#   - GET /api/v1/records under 64 concurrent clients over loopback:
#     requests/s, p99 and errors (BenchmarkAPILoad).
#
# Usage, from anywhere (the full run takes the better part of an hour and a
# few GB of disk):
#
#	scripts/bench.sh
#	INGEST_SIZES="10000 100000" SEARCH_RECORDS=100000 scripts/bench.sh   # quicker
#
# WORK=dir keeps the corpora and registers (default: a temporary directory,
# removed at the end); the search register is built once and reused there.
# Needs go and gzip (psql for PostgreSQL: see bench-ingest.sh). The machine
# should be otherwise idle.
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root"
read -r -a sizes <<<"${INGEST_SIZES:-100000 1000000}"
records=${SEARCH_RECORDS:-1000000}
if [ -n "${WORK:-}" ]; then
	work=$(mkdir -p "$WORK" && cd "$WORK" && pwd)
else
	work=$(mktemp -d)
	trap 'rm -rf "$work"' EXIT
fi

# metric FILE BENCH UNIT: the value a go test -bench line for BENCH reports
# in UNIT ("-" when absent).
metric() {
	awk -v b="$2" -v u="$3" '
		$1 ~ "^"b"(-[0-9]+)?$" { for (i = 3; i <= NF; i++) if ($i == u) { print $(i-1); found = 1; exit } }
		END { if (!found) print "-" }' "$1"
}

rows=()
row() { rows+=("$(printf '%-44s %14s  %s' "$1" "$2" "${3:-}")"); }

echo "== parse (one core)" >&2
go test ./internal/corpus -run '^$' -bench ParseCorpus -benchmem -cpu 1 -benchtime 3x | tee "$work/parse.txt" >&2
row "parse MB/s per core" "$(metric "$work/parse.txt" BenchmarkParseCorpus/parse MB/s)" \
	"$(metric "$work/parse.txt" BenchmarkParseCorpus/parse captions/s) captions/s"
row "parse + geocode MB/s per core" "$(metric "$work/parse.txt" BenchmarkParseCorpus/geocode MB/s)" \
	"$(metric "$work/parse.txt" BenchmarkParseCorpus/geocode captions/s) captions/s"

echo "== register: ${sizes[*]} captions" >&2
WORK="$work/ingest" scripts/bench-ingest.sh "${sizes[@]}" | tee "$work/ingest.txt" >&2

echo "== search at $records records" >&2
go test ./cmd/sijil -run '^$' -bench '^BenchmarkSearch$' -benchtime 200x -timeout 3h \
	-args -search.records "$records" -search.db "$work/search-$records.db" | tee "$work/search.txt" >&2
for q in text faceted map; do
	row "search $q query p50 / p99 ms" "$(metric "$work/search.txt" "BenchmarkSearch/$q" p50-ms) / $(metric "$work/search.txt" "BenchmarkSearch/$q" p99-ms)" "$records records"
done

echo "== API load, 64 clients" >&2
go test ./cmd/sijil -run '^$' -bench '^BenchmarkAPILoad$' -benchtime 20000x -timeout 1h \
	-args -search.records "$records" -search.db "$work/search-$records.db" -load.clients 64 | tee "$work/load.txt" >&2
row "API /api/v1/records requests/s (64 clients)" "$(metric "$work/load.txt" BenchmarkAPILoad req/s)" \
	"p99 $(metric "$work/load.txt" BenchmarkAPILoad p99-ms) ms, $(metric "$work/load.txt" BenchmarkAPILoad errors) errors"

printf '\nsijil benchmark, %s, %s, %d cores\n\n' "$(date -u +%Y-%m-%d)" "$(go env GOOS)/$(go env GOARCH)" "$(nproc)"
printf '%-44s %14s  %s\n' measure value notes
printf '%s\n' "${rows[@]}"
printf '\nthe register (scripts/bench-ingest.sh):\n'
sed -n '/^sijil register benchmark/,$p' "$work/ingest.txt" | tail -n +2
