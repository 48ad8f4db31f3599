// Command benchtool writes the generated corpora of sijil's benchmark
// scripts and scores a register against their truth. It is a tool of
// scripts/bench-ingest.sh, run with go run or built by it, configured by
// environment variables as the script passes them:
//
//	benchtool corpus        writes SIJIL_BENCH_CAPTIONS captions (10,000) into
//	                        SIJIL_BENCH_CORPUS: docs/*.txt, their true clusters
//	                        (truth.tsv: document, index, cluster) and the same
//	                        captions as rows of captions.csv.
//	                        SIJIL_BENCH_DOCSIZE=N makes every document N
//	                        captions; SIJIL_BENCH_REPETITIVE=1 writes instead
//	                        one document of near-identical captions
//	                        (corpus.Repetitive), and SIJIL_BENCH_INCIDENT=1
//	                        one of photos of one incident (corpus.Incident),
//	                        both without truth.
//	benchtool score         prints the pairwise precision and recall of the
//	                        clusters of the SQLite register SIJIL_BENCH_DB
//	                        against the truth in SIJIL_BENCH_CORPUS:
//	                        "precision P recall R".
//	benchtool parse-corpus  writes SIJIL_PARSE_CAPTIONS captions (50,000) into
//	                        SIJIL_PARSE_CORPUS, SIJIL_PARSE_DOCSIZE (50; 0 for
//	                        the generator's 20 to 200) to a document: the
//	                        corpus of cmd/sijil's BenchmarkParseCommand, to
//	                        time the built command against gzip -1.
//
// For example:
//
//	SIJIL_BENCH_CORPUS=/tmp/c SIJIL_BENCH_CAPTIONS=2000 go run ./internal/corpus/benchtool corpus
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
)

func main() {
	if err := run(context.Background(), os.Args[1:], os.Getenv, os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "benchtool:", err)
		os.Exit(1)
	}
}

func run(ctx context.Context, args []string, getenv func(string) string, stdout io.Writer) error {
	if len(args) != 1 {
		return errors.New("usage: benchtool corpus|score|parse-corpus (configured by SIJIL_BENCH_* and SIJIL_PARSE_*)")
	}
	switch args[0] {
	case "corpus":
		return writeBenchCorpus(getenv)
	case "score":
		return score(ctx, getenv, stdout)
	case "parse-corpus":
		return writeParseCorpus(getenv, stdout)
	}
	return fmt.Errorf("unknown command %q: want corpus, score or parse-corpus", args[0])
}

// need returns the environment variable name, an error when it is unset.
func need(getenv func(string) string, name string) (string, error) {
	if v := getenv(name); v != "" {
		return v, nil
	}
	return "", fmt.Errorf("%s is not set", name)
}

// envInt returns the integer in the environment variable name, at least
// least, or def when it is unset.
func envInt(getenv func(string) string, name string, def, least int) (int, error) {
	v := getenv(name)
	if v == "" {
		return def, nil
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < least {
		return 0, fmt.Errorf("%s=%q: want a number of at least %d", name, v, least)
	}
	return n, nil
}
