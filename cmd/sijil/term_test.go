package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestTermText(t *testing.T) {
	for _, tc := range []struct{ in, want, layout string }{
		{"plain ASCII, Ḩarastā, حلب", "plain ASCII, Ḩarastā, حلب", "plain ASCII, Ḩarastā, حلب"},
		{"\x1b[31mred\x1b[0m", `\x1b[31mred\x1b[0m`, `\x1b[31mred\x1b[0m`},
		{"bell\a", `bell\x07`, `bell\x07`},
		{"\x1b]0;pwned\a", `\x1b]0;pwned\x07`, `\x1b]0;pwned\x07`},
		{"\x1b]8;;http://evil.example\x1b\\link\x1b]8;;\x1b\\", `\x1b]8;;http://evil.example\x1b\link\x1b]8;;\x1b\`, `\x1b]8;;http://evil.example\x1b\link\x1b]8;;\x1b\`},
		{"C1 CSI \u009b2J and DEL \x7f", `C1 CSI \u009b2J and DEL \x7f`, `C1 CSI \u009b2J and DEL \x7f`},
		{"over\rwrite", `over\x0dwrite`, `over\x0dwrite`},
		{"tab\tnew\nline", `tab\x09new\x0aline`, "tab\tnew\nline"},
		{"not UTF-8 \x9b\xff", `not UTF-8 \x9b\xff`, `not UTF-8 \x9b\xff`},
		{"replacement \ufffd stays", "replacement \ufffd stays", "replacement \ufffd stays"},
		{"bidi \u202eoppelA\u202c and \u2066isolate\u2069", `bidi \u202eoppelA\u202c and \u2066isolate\u2069`, `bidi \u202eoppelA\u202c and \u2066isolate\u2069`},
	} {
		if got := termText(tc.in); got != tc.want {
			t.Errorf("termText(%q) = %q, want %q", tc.in, got, tc.want)
		}
		var b bytes.Buffer
		if n, err := (termWriter{&b}).Write([]byte(tc.in)); n != len(tc.in) || err != nil {
			t.Errorf("termWriter.Write(%q) = %d, %v", tc.in, n, err)
		}
		if b.String() != tc.layout {
			t.Errorf("termWriter wrote %q for %q, want %q", b.String(), tc.in, tc.layout)
		}
	}
}

// TestTermOutput ingests captions holding terminal escape sequences (SGR
// colours, BEL, OSC titles and hyperlinks, a C1 CSI, a carriage return) and
// checks that search and show print none of them raw, while search -json
// gives the captions back exactly.
func TestTermOutput(t *testing.T) {
	_, env := newGazetteerEnv(t)
	env["SIJIL_DB"] = filepath.Join(t.TempDir(), "sijil.db")
	evil := []string{
		"\x1b[31mSmoke rises\x1b[0m over Saraqib, Idlib province, Syria, on February 4, 2018.\a (Photo by Karim Nasser/AFP)",
		"\x1b]0;owned\aRescuers search the rubble in \u009b2JTaiz, Yemen, in March 2018.\rFAKE (Anadolu Agency)",
		"A man stands \x1b]8;;http://evil.example\x1b\\here\x1b]8;;\x1b\\ in Aleppo, Syria, in 2018. (EPA/\x1bcStringer)",
	}
	var doc bytes.Buffer
	for _, c := range evil {
		line, _ := json.Marshal(map[string]string{"caption": c, "note\x1b[5m": "meta\x1b[5m"})
		doc.Write(append(line, '\n'))
	}
	path := filepath.Join(t.TempDir(), "evil.jsonl")
	if err := os.WriteFile(path, doc.Bytes(), 0o600); err != nil {
		t.Fatal(err)
	}
	mustRun(t, env, "ingest", path)
	outputs := map[string]string{"search": mustRun(t, env, "search").stdout}
	for _, id := range []string{"1", "2", "3"} {
		outputs["show "+id] = mustRun(t, env, "show", id).stdout
	}
	for cmd, out := range outputs {
		if i := strings.IndexFunc(out, func(r rune) bool { return r < 0x20 && r != '\n' && r != '\t' || r >= 0x7f && r <= 0x9f }); i >= 0 {
			t.Errorf("%s printed a control character at %d: %q", cmd, i, out[max(0, i-20):min(len(out), i+20)])
		}
		if !strings.Contains(out, `\x1b`) {
			t.Errorf("%s does not show the escapes:\n%s", cmd, out)
		}
	}

	var res struct {
		Records []struct {
			Text string `json:"text"`
		} `json:"records"`
	}
	if err := json.Unmarshal([]byte(mustRun(t, env, "search", "-json").stdout), &res); err != nil {
		t.Fatal(err)
	}
	if len(res.Records) != len(evil) {
		t.Fatalf("search -json: %d records, want %d", len(res.Records), len(evil))
	}
	for _, r := range res.Records {
		if !strings.Contains(r.Text, "\x1b") {
			t.Errorf("search -json lost the caption's escape: %q", r.Text)
		}
	}
}
