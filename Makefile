# Thin shortcuts for the go commands in README.md; CI runs .ci/run.
FUZZTIME ?= 30s

.PHONY: test ci bench fuzz

test:
	go test ./...

ci:
	bash .ci/run

bench:
	go test -run '^$$' -bench . -benchmem ./internal/parse

# Every fuzz target of every package, FUZZTIME each (go test -fuzz runs one
# target at a time).
fuzz:
	set -e; for pkg in $$(go list ./...); do \
		for f in $$(go test -list '^Fuzz' $$pkg | grep '^Fuzz'); do \
			go test -run '^$$' -fuzz "^$$f$$" -fuzztime $(FUZZTIME) $$pkg; \
		done; \
	done
