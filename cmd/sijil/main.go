// Command sijil turns wire-photo captions into records a documentation team
// can search and trust. Run "sijil help" for its commands.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strconv"
	"strings"

	"sijil/internal/ingest"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	err := run(ctx, os.Args[1:], os.Getenv, os.Stdin, os.Stdout, os.Stderr)
	stop()
	code := exitCode(err)
	if code == 1 {
		fmt.Fprintf(os.Stderr, "sijil: %v\n", err)
	}
	os.Exit(code)
}

// errUsage marks a command line sijil could not make sense of. The usage
// problem has already been printed when run returns it.
var errUsage = errors.New("usage")

// exitCode maps run's error to the process's exit status: 0 for success or
// help, 2 for a bad command line, 1 for anything else (some input failed).
func exitCode(err error) int {
	switch {
	case err == nil, errors.Is(err, flag.ErrHelp):
		return 0
	case errors.Is(err, errUsage):
		return 2
	}
	return 1
}

// Config is everything sijil can be configured with. Flags fill it, falling
// back to SIJIL_* environment variables, falling back to DefaultConfig.
type Config struct {
	// Lexicon is a directory of extra lexicon files (agencies.tsv,
	// actors.tsv, events.tsv, countries.tsv, names.tsv, fr_countries.tsv,
	// fr_events.tsv, fr_sources.tsv, fr_actors.tsv) whose lines are added
	// to the built-in ones. Empty: built-in lexicons only.
	Lexicon string
	// Gazetteer is the directory of imported gazetteers (`sijil gazetteer
	// import`), layered over the embedded GeoNames data. Empty: embedded
	// data only.
	Gazetteer string
	// DB is the register: a SQLite file (a path, or sqlite:PATH) or a
	// PostgreSQL database (a postgres:// or postgresql:// URL).
	DB string
	// FocusFlag and FocusEnv name the countries a team documents
	// ("SY,IQ"), which win among namesakes nothing else tells apart, as
	// -focus gave them (nil when it was not given; "" for none) and as
	// SIJIL_FOCUS does ("" when unset). The flag wins, then the variable,
	// then the register's stored setting (focusOf).
	FocusFlag *string
	FocusEnv  string
	// Hosts are the host names and addresses `sijil serve` answers to
	// besides localhost, the loopback addresses and -addr's host, as -host
	// gave them (every occurrence, comma-separated lists split), else as
	// SIJIL_HOST does (comma-separated).
	Hosts []string
	// IngestBatch is how many captions `sijil ingest` stores and links
	// per transaction, as -batch gave it, else SIJIL_INGEST_BATCH (-1 when
	// that is not a number), else ingest.DefaultBatch.
	IngestBatch int
	// Notices is where a command says why it is not moving (waiting for
	// another process's write lock): its standard error. nil: nowhere.
	Notices io.Writer
}

// DefaultConfig returns the configuration sijil uses when no flag or
// environment variable says otherwise.
func DefaultConfig() Config { return Config{DB: defaultDB, IngestBatch: ingest.DefaultBatch} }

// configFromEnv returns DefaultConfig overridden by SIJIL_* variables.
func configFromEnv(getenv func(string) string) Config {
	cfg := DefaultConfig()
	if v := getenv("SIJIL_LEXICON"); v != "" {
		cfg.Lexicon = v
	}
	cfg.Gazetteer = defaultGazetteerDir(getenv)
	if v := getenv("SIJIL_DB"); v != "" {
		cfg.DB = v
	}
	cfg.FocusEnv = getenv(focusEnv)
	cfg.Hosts = splitList(getenv(hostEnv))
	if v := getenv("SIJIL_INGEST_BATCH"); v != "" {
		if n, err := strconv.Atoi(v); err == nil {
			cfg.IngestBatch = n
		} else {
			cfg.IngestBatch = -1
		}
	}
	return cfg
}

// stdio is the process's standard streams, passed in so tests can use buffers.
type stdio struct {
	in       io.Reader
	out, err io.Writer
}

// command is one sijil subcommand. flags defines its flags on fs, storing
// them in cfg; run is called with the arguments left after the flags.
type command struct {
	name, args, summary, help string
	flags                     func(fs *flag.FlagSet, cfg *Config)
	run                       func(ctx context.Context, cfg Config, args []string, std stdio) error
}

func commands() []command {
	return []command{
		parseCommand(), ingestCommand(), statsCommand(), showCommand(), exportCommand(),
		verifyCommand(), reparseCommand(), settingsCommand(), gazetteerCommand(), versionCommand(),
		serveCommand(), searchCommand(),
	}
}

func findCommand(name string) (command, bool) {
	for _, c := range commands() {
		if c.name == name {
			return c, true
		}
	}
	return command{}, false
}

// run is sijil without the process: it parses args (without the program
// name), runs the command and returns what went wrong. It prints usage
// problems and per-input failures to stderr itself; other errors are for
// the caller to print.
func run(ctx context.Context, args []string, getenv func(string) string, stdin io.Reader, stdout, stderr io.Writer) error {
	std := stdio{in: stdin, out: stdout, err: stderr}
	if len(args) == 0 {
		printUsage(stderr)
		return errUsage
	}
	name, args := args[0], args[1:]
	switch name {
	case "help", "-h", "-help", "--help":
		return help(args, std)
	}
	c, ok := findCommand(name)
	if !ok {
		fmt.Fprintf(stderr, "sijil: unknown command %q\nRun 'sijil help' for usage.\n", name)
		return errUsage
	}
	cfg := configFromEnv(getenv)
	fs := newFlagSet(c, &cfg, stderr)
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			printCommandUsage(stdout, c, fs)
			return err
		}
		fmt.Fprintf(stderr, "Run 'sijil help %s' for usage.\n", c.name)
		return errUsage
	}
	cfg.Notices = stderr
	return c.run(ctx, cfg, fs.Args(), std)
}

// newFlagSet returns c's flags. Parse errors go to stderr; usage is printed
// by run, to stdout, only when asked for.
func newFlagSet(c command, cfg *Config, stderr io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet("sijil "+c.name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {}
	if c.flags != nil {
		c.flags(fs, cfg)
	}
	return fs
}

// help prints sijil's usage, or a command's with "sijil help CMD".
func help(args []string, std stdio) error {
	switch len(args) {
	case 0:
		printUsage(std.out)
		return nil
	case 1:
		c, ok := findCommand(args[0])
		if !ok {
			fmt.Fprintf(std.err, "sijil help: unknown command %q\nRun 'sijil help' for usage.\n", args[0])
			return errUsage
		}
		cfg := DefaultConfig()
		printCommandUsage(std.out, c, newFlagSet(c, &cfg, std.err))
		return nil
	}
	fmt.Fprintln(std.err, "usage: sijil help [command]")
	return errUsage
}

func printUsage(w io.Writer) {
	fmt.Fprint(w, `sijil turns wire-photo captions into structured, traceable records.

Usage:

	sijil <command> [flags] [arguments]

Commands:

`)
	for _, c := range commands() {
		fmt.Fprintf(w, "\t%-10s %s\n", c.name, c.summary)
	}
	fmt.Fprintf(w, "\t%-10s %s\n", "help", "show a command's usage")
	fmt.Fprint(w, "\nRun 'sijil help <command>' for a command's flags and details.\n")
}

func printCommandUsage(w io.Writer, c command, fs *flag.FlagSet) {
	fmt.Fprintf(w, "usage: sijil %s %s\n\n%s\n", c.name, c.args, strings.TrimSpace(c.help))
	var flags strings.Builder
	fs.SetOutput(&flags)
	fs.PrintDefaults()
	if flags.Len() > 0 {
		fmt.Fprintf(w, "\nFlags:\n%s", flags.String())
	}
}
