package parse

import (
	"bufio"
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"strings"
)

// builtin holds the lexicons sijil ships. They are plain tab-separated text so
// that a documentation team can read them and add its own lines (see New).
//
//go:embed lexicon/*.tsv
var builtin embed.FS

// row is one non-comment line of a lexicon file, with where it came from so
// that a malformed user file is reported by name and line.
type row struct {
	fields []string
	file   string
	line   int
}

// readLexicon reads lexicon/NAME from the built-in files and then from each
// extra file system that has it, so users extend rather than replace the
// shipped vocabulary. Blank lines and lines starting with # are skipped.
func readLexicon(name string, extra []fs.FS) ([]row, error) {
	var rows []row
	sources := append([]fs.FS{builtin}, extra...)
	for i, fsys := range sources {
		path := "lexicon/" + name
		if i > 0 {
			path = name
		}
		data, err := fs.ReadFile(fsys, path)
		if errors.Is(err, fs.ErrNotExist) && i > 0 {
			continue
		}
		if err != nil {
			return nil, fmt.Errorf("read lexicon %s: %w", name, err)
		}
		sc := bufio.NewScanner(strings.NewReader(string(data)))
		for n := 1; sc.Scan(); n++ {
			line := strings.TrimRight(sc.Text(), "\r")
			if strings.TrimSpace(line) == "" || strings.HasPrefix(line, "#") {
				continue
			}
			fields := strings.Split(line, "\t")
			for j := range fields {
				fields[j] = strings.TrimSpace(fields[j])
			}
			rows = append(rows, row{fields: fields, file: path, line: n})
		}
	}
	return rows, nil
}

// errorf reports a malformed lexicon line by file and line.
func (r row) errorf(format string, args ...any) error {
	return fmt.Errorf("lexicon %s:%d: %s", r.file, r.line, fmt.Sprintf(format, args...))
}

// lexicons holds every vocabulary the rules consult.
type lexicons struct {
	agencies  agencyLexicon
	countries countryLexicon
	events    *phraseSet // value: event type
	actors    *phraseSet // value: canonical actor, scope: country
	actorInfo map[string]actorInfo
	targets   *phraseSet // value: caption.TargetKind
	names     map[string]bool
}

func loadLexicons(extra []fs.FS) (*lexicons, error) {
	var lex lexicons
	var err error
	if lex.agencies, err = loadAgencies(extra); err != nil {
		return nil, err
	}
	if lex.countries, err = loadCountries(extra); err != nil {
		return nil, err
	}
	if lex.events, err = loadEvents(extra); err != nil {
		return nil, err
	}
	if lex.actorInfo, err = loadActorInfo(extra); err != nil {
		return nil, err
	}
	if lex.actors, err = loadActors(extra, lex.actorInfo); err != nil {
		return nil, err
	}
	if lex.targets, err = loadTargets(extra); err != nil {
		return nil, err
	}
	if lex.names, err = loadNames(extra); err != nil {
		return nil, err
	}
	return &lex, nil
}

// phraseSets returns the phrase sets, each with its own bit.
func (lex *lexicons) phraseSets() []*phraseSet {
	return []*phraseSet{lex.countries.names, lex.countries.divisions, lex.countries.demonyms, lex.events, lex.actors, lex.targets}
}

// words returns baseWords with the given names of names.tsv tagged.
func (lex *lexicons) words() map[string]wordInfo {
	m := make(map[string]wordInfo, len(baseWords)+len(lex.names))
	for w, e := range baseWords {
		m[w] = e
	}
	for w := range lex.names {
		e := m[w]
		e.tags |= tagGivenName
		m[w] = e
	}
	return m
}
