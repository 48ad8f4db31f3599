package main

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"

	"sijil/internal/caption"
)

func verifyCommand() command {
	return command{
		name:    "verify",
		args:    "[-db DSN]",
		summary: "re-hash the ingested documents still on disk and report changes",
		help: `
Verify reads every document of the register again from the path it was
ingested from (relative paths from the working directory) and compares its
SHA-256 with the one stored at ingest. It prints each document that changed,
is missing or cannot be read, then a count. The exit status is 1 when a
document changed or cannot be read: the byte ranges of its sources may no
longer hold what they held.

A missing document is reported but is not an error (archives move). A
document whose file was changed and ingested again is "superseded": its new
content is in the register too, and its old occurrences still cite what the
file held then. Standard input ("-") cannot be verified and is skipped.`,
		flags: dbFlag,
		run: func(ctx context.Context, cfg Config, args []string, std stdio) error {
			if len(args) > 0 {
				fmt.Fprintln(std.err, "usage: sijil verify [-db DSN]")
				return errUsage
			}
			return withStore(ctx, cfg, func(s caption.Store) error {
				return verify(ctx, s, std.out)
			})
		},
	}
}

// verifyCount counts the documents verify has checked, by outcome.
type verifyCount struct {
	ok, changed, superseded, missing, unreadable, stdin int
}

// verify re-hashes the documents of s and reports the ones that differ.
func verify(ctx context.Context, s caption.Store, w io.Writer) error {
	docs, err := s.Documents(ctx)
	if err != nil {
		return fmt.Errorf("verify: %w", err)
	}
	stored := map[string]map[string]bool{} // path → digests stored for it
	for _, d := range docs {
		if stored[d.Path] == nil {
			stored[d.Path] = map[string]bool{}
		}
		stored[d.Path][d.SHA256] = true
	}
	type hashed struct {
		sum string
		err error
	}
	var c verifyCount
	now := map[string]hashed{} // a path's digest now, hashed once
	for _, d := range docs {
		if err := ctx.Err(); err != nil {
			return fmt.Errorf("verify: %w", err)
		}
		if d.Path == "-" {
			c.stdin++
			continue
		}
		h, seen := now[d.Path]
		if !seen {
			h.sum, h.err = hashFile(d.Path)
			now[d.Path] = h
		}
		switch {
		case errors.Is(h.err, fs.ErrNotExist):
			c.missing++
			fmt.Fprintf(w, "missing     %s\n", d.Path)
		case h.err != nil:
			c.unreadable++
			fmt.Fprintf(w, "unreadable  %v\n", h.err)
		case h.sum == d.SHA256:
			c.ok++
		case stored[d.Path][h.sum]:
			c.superseded++
			fmt.Fprintf(w, "superseded  %s (sha256 %s at ingest; its new content is ingested too)\n", d.Path, d.SHA256)
		default:
			c.changed++
			fmt.Fprintf(w, "changed     %s (sha256 %s at ingest, %s now)\n", d.Path, d.SHA256, h.sum)
		}
	}
	fmt.Fprintf(w, "%d documents: %d unchanged, %d changed, %d superseded, %d missing, %d unreadable, %d from standard input\n",
		len(docs), c.ok, c.changed, c.superseded, c.missing, c.unreadable, c.stdin)
	if n := c.changed + c.unreadable; n > 0 {
		return fmt.Errorf("verify: %d of %d documents changed or unreadable", n, len(docs))
	}
	return nil
}

// hashFile returns the hex SHA-256 of the file at path. Errors name path.
func hashFile(path string) (string, error) {
	f, err := os.Open(path)
	if err != nil {
		return "", fmt.Errorf("%s: %w", path, unwrapPath(err))
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return "", fmt.Errorf("%s: %w", path, unwrapPath(err))
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}

// unwrapPath drops the operation and path os adds to an error.
func unwrapPath(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}
