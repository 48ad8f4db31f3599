#!/usr/bin/env bash
# fuzz.sh: every go test -fuzz target of the module, one after another,
# FUZZTIME each (default 5m; the issue asks for at least five minutes per
# parser and reader). Not part of the default test run: it takes hours.
#
#	scripts/fuzz.sh                      # every target, 5m each
#	FUZZTIME=30s scripts/fuzz.sh ./internal/source/...   # some packages
#	FUZZPARALLEL=1 scripts/fuzz.sh ./internal/parse &    # two lanes, one core each
#	FUZZPARALLEL=1 scripts/fuzz.sh ./internal/source &
#
# A target that fails leaves its crasher in the package's testdata/fuzz/
# directory, where plain `go test` runs it from then on as a regression case;
# the script goes on with the other targets and exits 1 at the end. It prints
# one line per target: package, target, result, executions, and the corpus
# entries it added.
set -uo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root"
fuzztime=${FUZZTIME:-5m}
pkgs=("$@")
[ ${#pkgs[@]} -gt 0 ] || pkgs=(./...)
log=$(mktemp -d)
trap 'rm -rf "$log"' EXIT

failed=0
rows=()
for pkg in $(go list "${pkgs[@]}"); do
	targets=$(go test -list '^Fuzz' "$pkg" 2>/dev/null | grep '^Fuzz' || true)
	for f in $targets; do
		out="$log/$(echo "$pkg.$f" | tr '/' '_').log"
		echo "fuzzing $pkg $f for $fuzztime" >&2
		if go test -run '^$' -fuzz "^$f\$" -fuzztime "$fuzztime" ${FUZZPARALLEL:+-parallel "$FUZZPARALLEL"} "$pkg" >"$out" 2>&1; then
			result=ok
		else
			result=FAIL
			failed=1
			sed -n '1,40p' "$out" >&2
		fi
		# The last progress line: "fuzz: elapsed: 5m0s, execs: 123456 (411/sec), new interesting: 7 (total: 52)".
		last=$(grep '^fuzz: elapsed' "$out" | tail -n 1)
		execs=$(sed -n 's/.*elapsed: \([0-9a-z.]*\), execs: \([0-9]*\).*/\2 in \1/p' <<<"$last")
		fresh=$(sed -n 's/.*new interesting: \([0-9]*\).*/\1/p' <<<"$last")
		rows+=("$(printf '%-32s %-26s %-5s %-22s %s' "${pkg#sijil/}" "$f" "$result" "${execs:--}" "${fresh:--}")")
	done
done

printf '\n%-32s %-26s %-5s %-22s %s\n' package target result "executions" "new corpus"
printf '%s\n' "${rows[@]}"
exit $failed
