# Thin shortcuts for the go commands in README.md; CI runs .ci/run.
FUZZTIME ?= 5m

.PHONY: test ci bench fuzz

test:
	go test ./...

ci:
	bash .ci/run

bench:
	go test -run '^$$' -bench . -benchmem ./internal/parse

# Every fuzz target of every package, FUZZTIME each (default 5m), one
# table at the end; crashers stay in testdata/fuzz as regression cases.
fuzz:
	FUZZTIME=$(FUZZTIME) scripts/fuzz.sh
