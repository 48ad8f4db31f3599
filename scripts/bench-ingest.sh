#!/usr/bin/env bash
# bench-ingest.sh: the issue's ingest benchmark, side by side.
#
# For each size (captions; default 10000 100000 1000000) it generates a
# corpus with internal/corpus (documents of captions with a known share of
# exact and altered copies, and their true clusters), then
#
#   - times `sijil ingest` of the corpus into a new SQLite register (parse,
#     geocode, deduplicate, store, index, link), with /usr/bin/time -v for
#     the peak resident memory when it is installed;
#   - times `sqlite3` importing the same captions as plain rows into an FTS5
#     table (.import of a CSV of the captions);
#   - times the same import through the pure-Go SQLite driver sijil uses
#     (TestBenchFTS): what the driver alone costs beside sqlite3, before
#     sijil parses, links or indexes anything;
#   - scores the register's clusters against the truth (pairwise precision
#     and recall);
#
# and prints one table. Usage, from anywhere:
#
#	scripts/bench-ingest.sh [SIZE ...]
#
# Needs go and sqlite3 (Debian: apt-get install sqlite3; the script does not
# install it). WORK=dir keeps the corpora and registers there (default: a
# temporary directory, removed at the end). The machine should be otherwise
# idle: both sides are timed on the same captions, one after the other.
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
sizes=("$@")
[ ${#sizes[@]} -gt 0 ] || sizes=(10000 100000 1000000)

for tool in go sqlite3; do
	if ! command -v "$tool" >/dev/null 2>&1; then
		echo "bench-ingest: $tool not found${tool/sqlite3/ (apt-get install sqlite3)}" >&2
		exit 1
	fi
done
timev=""
if [ -x /usr/bin/time ] && /usr/bin/time -v true >/dev/null 2>&1; then
	timev=/usr/bin/time
fi

if [ -n "${WORK:-}" ]; then
	work=$(mkdir -p "$WORK" && cd "$WORK" && pwd)
else
	work=$(mktemp -d)
	trap 'rm -rf "$work"' EXIT
fi

echo "building sijil and the corpus tool in $work" >&2
(cd "$root" && go build -o "$work/sijil" ./cmd/sijil && go test -c -o "$work/ingest.test" ./internal/ingest)

# measure OUT CMD...: runs CMD, writing "seconds peak_kb" to OUT (peak_kb is
# - without /usr/bin/time).
measure() {
	local out=$1
	shift
	if [ -n "$timev" ]; then
		"$timev" -v -o "$out.time" "$@" >"$out.log" 2>&1
		awk -F': ' '
			/Elapsed \(wall clock\)/ { n = split($2, p, ":"); s = 0; for (i = 1; i <= n; i++) s = s * 60 + p[i] }
			/Maximum resident set size/ { kb = $2 }
			END { printf "%.2f %s\n", s, kb }' "$out.time" >"$out"
	else
		local start end
		start=$(date +%s.%N)
		"$@" >"$out.log" 2>&1
		end=$(date +%s.%N)
		echo "$(echo "$end - $start" | bc) -" >"$out"
	fi
}

rows=()
for n in "${sizes[@]}"; do
	dir="$work/c$n"
	rm -rf "$dir" && mkdir -p "$dir"
	echo "generating $n captions" >&2
	SIJIL_BENCH_CORPUS="$dir" SIJIL_BENCH_CAPTIONS="$n" "$work/ingest.test" -test.run '^TestBenchCorpus$' -test.count=1 >/dev/null
	mb=$(du -sb "$dir/docs" | awk '{printf "%.1f", $1 / 1e6}')

	echo "sijil ingest: $n captions ($mb MB)" >&2
	rm -f "$dir/sijil.db"*
	measure "$dir/sijil.m" env SIJIL_GAZETTEER="$work/no-gazetteer" "$work/sijil" ingest --db "$dir/sijil.db" "$dir/docs"
	read -r s_sec s_kb <"$dir/sijil.m"

	echo "sqlite3 FTS5 import: $n captions" >&2
	rm -f "$dir/fts.db"*
	measure "$dir/fts.m" sqlite3 "$dir/fts.db" \
		"CREATE VIRTUAL TABLE captions USING fts5(caption);" \
		".import --csv --skip 1 $dir/captions.csv captions"
	read -r f_sec f_kb <"$dir/fts.m"
	rows_imported=$(sqlite3 "$dir/fts.db" "SELECT count(*) FROM captions")

	echo "pure-Go driver FTS5 import: $n captions" >&2
	rm -f "$dir/fts-go.db"*
	g_sec=$(SIJIL_BENCH_CORPUS="$dir" SIJIL_BENCH_FTS="$dir/fts-go.db" "$work/ingest.test" -test.run '^TestBenchFTS$' -test.count=1 | awk '/^fts5-go/ { print $2 }')

	score=$(SIJIL_BENCH_CORPUS="$dir" SIJIL_BENCH_DB="$dir/sijil.db" "$work/ingest.test" -test.run '^TestBenchScore$' -test.count=1 | awk '/^precision/ { print $2, $4 }')
	read -r precision recall <<<"$score"

	rows+=("$(awk -v n="$n" -v mb="$mb" -v s="$s_sec" -v skb="$s_kb" -v f="$f_sec" -v fkb="$f_kb" -v rows="$rows_imported" -v g="$g_sec" -v p="$precision" -v r="$recall" 'BEGIN {
		mem = (skb == "-") ? "-" : sprintf("%.0f", skb / 1024)
		fmem = (fkb == "-") ? "-" : sprintf("%.0f", fkb / 1024)
		ratio = (f > 0) ? sprintf("%.1f", s / f) : "-"
		gratio = (f > 0 && g != "") ? sprintf("%.1f", g / f) : "-"
		printf "%9d %8s %9.2f %10.0f %7.2f %8s %9.2f %8s %7s %6s %8s %7s %9s %7s\n", n, mb, s, n / s, mb / s, mem, f, fmem, rows, ratio, (g == "" ? "-" : g), gratio, p, r
	}')")
done

printf '\n%9s %8s %9s %10s %7s %8s %9s %8s %7s %6s %8s %7s %9s %7s\n' \
	captions MB "ingest s" captions/s MB/s "RSS MB" "fts5 s" "RSS MB" rows ratio "go s" "go/fts5" precision recall
for row in "${rows[@]}"; do
	printf '%s\n' "$row"
done
printf '\ningest: sijil ingest into SQLite (parse, geocode, deduplicate, store, index, link);\n'
printf 'fts5: sqlite3 .import of the same captions into an FTS5 table; ratio: ingest s / fts5 s.\n'
printf 'go: the same import through the pure-Go driver sijil stores with; go/fts5: its time / sqlite3'"'"'s.\n'
