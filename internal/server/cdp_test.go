package server

import (
	"bufio"
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"
	"sync"
	"testing"
	"time"
)

// browser is a headless Chromium driven through the DevTools protocol over
// --remote-debugging-pipe: JSON messages ended by NUL on file descriptors 3
// (commands) and 4 (answers and events). That needs no WebSocket client and
// no dependency; it is the transport Puppeteer's pipe mode uses.
type browser struct {
	t       *testing.T
	cmd     *exec.Cmd
	out     io.WriteCloser
	session string

	mu       sync.Mutex
	next     int
	pending  map[int]chan cdpMessage
	problems []string // exceptions and console errors of the page
	done     chan struct{}
	stderr   strings.Builder
}

type cdpMessage struct {
	ID        int             `json:"id,omitempty"`
	Method    string          `json:"method,omitempty"`
	Params    json.RawMessage `json:"params,omitempty"`
	SessionID string          `json:"sessionId,omitempty"`
	Result    json.RawMessage `json:"result,omitempty"`
	Error     *struct {
		Code    int    `json:"code"`
		Message string `json:"message"`
	} `json:"error,omitempty"`
}

// startBrowser starts chromium at path with a fresh profile and opens one
// page, attached for commands.
func startBrowser(t *testing.T, path string) *browser {
	t.Helper()
	cmdR, cmdW, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	evR, evW, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	args := []string{"--headless", "--remote-debugging-pipe", "--user-data-dir=" + t.TempDir(),
		"--no-first-run", "--no-default-browser-check", "--disable-gpu", "--disable-extensions",
		"--disable-background-networking", "--disable-sync", "--mute-audio", "--hide-scrollbars",
		"--window-size=1280,1600", "about:blank"}
	if os.Geteuid() == 0 {
		args = append(args, "--no-sandbox") // Chromium refuses to run as root with its sandbox
	}
	b := &browser{t: t, out: cmdW, pending: map[int]chan cdpMessage{}, done: make(chan struct{})}
	b.cmd = exec.Command(path, args...)
	b.cmd.ExtraFiles = []*os.File{cmdR, evW} // fd 3 and fd 4 in the child
	b.cmd.Stderr = &lockedWriter{b: &b.stderr, mu: &b.mu}
	if err := b.cmd.Start(); err != nil {
		t.Fatalf("start %s: %v", path, err)
	}
	cmdR.Close()
	evW.Close()
	go b.read(evR)
	t.Cleanup(b.close)

	var target struct{ TargetID string }
	b.call("", "Target.createTarget", map[string]any{"url": "about:blank"}, &target)
	var attached struct{ SessionID string }
	b.call("", "Target.attachToTarget", map[string]any{"targetId": target.TargetID, "flatten": true}, &attached)
	b.session = attached.SessionID
	for _, domain := range []string{"Page.enable", "Runtime.enable", "Log.enable"} {
		b.call(b.session, domain, nil, nil)
	}
	return b
}

type lockedWriter struct {
	b  *strings.Builder
	mu *sync.Mutex
}

func (w *lockedWriter) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.b.Len() < 64<<10 {
		w.b.Write(p)
	}
	return len(p), nil
}

// read dispatches the browser's messages: answers to their callers,
// exceptions and errors of the page to problems.
func (b *browser) read(r io.Reader) {
	defer close(b.done)
	br := bufio.NewReader(r)
	for {
		raw, err := br.ReadBytes(0)
		if err != nil {
			return
		}
		var m cdpMessage
		if json.Unmarshal(raw[:len(raw)-1], &m) != nil {
			continue
		}
		b.mu.Lock()
		if ch, ok := b.pending[m.ID]; ok && m.Method == "" {
			delete(b.pending, m.ID)
			ch <- m
		} else if p := pageProblem(m); p != "" {
			b.problems = append(b.problems, p)
		}
		b.mu.Unlock()
	}
}

// pageProblem describes an uncaught exception, a console error or a
// logged error (CSP violations among them), or returns "".
func pageProblem(m cdpMessage) string {
	switch m.Method {
	case "Runtime.exceptionThrown":
		return "exception: " + string(m.Params)
	case "Runtime.consoleAPICalled":
		var p struct{ Type string }
		if json.Unmarshal(m.Params, &p) == nil && p.Type == "error" {
			return "console error: " + string(m.Params)
		}
	case "Log.entryAdded":
		var p struct {
			Entry struct{ Level, Text, URL string }
		}
		if json.Unmarshal(m.Params, &p) == nil && p.Entry.Level == "error" && !strings.Contains(p.Entry.URL, "favicon.ico") {
			return "log error: " + p.Entry.Text + " " + p.Entry.URL
		}
	}
	return ""
}

// call sends a command and decodes its result into result (when not nil).
func (b *browser) call(session, method string, params any, result any) {
	b.t.Helper()
	if err := b.tryCall(session, method, params, result); err != nil {
		b.t.Fatalf("%s: %v", method, err)
	}
}

func (b *browser) tryCall(session, method string, params any, result any) error {
	b.mu.Lock()
	b.next++
	id := b.next
	ch := make(chan cdpMessage, 1)
	b.pending[id] = ch
	b.mu.Unlock()
	msg := map[string]any{"id": id, "method": method}
	if params != nil {
		msg["params"] = params
	}
	if session != "" {
		msg["sessionId"] = session
	}
	data, err := json.Marshal(msg)
	if err != nil {
		return err
	}
	if _, err := b.out.Write(append(data, 0)); err != nil {
		return fmt.Errorf("write to the browser: %w", err)
	}
	select {
	case m := <-ch:
		if m.Error != nil {
			return fmt.Errorf("error %d: %s", m.Error.Code, m.Error.Message)
		}
		if result != nil {
			return json.Unmarshal(m.Result, result)
		}
		return nil
	case <-b.done:
		return fmt.Errorf("the browser exited; its stderr:\n%s", b.stderrText())
	case <-time.After(30 * time.Second):
		return errors.New("no answer in 30s")
	}
}

func (b *browser) stderrText() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.stderr.String()
}

// eval evaluates a JavaScript expression in the page (awaiting a promise)
// and decodes its value into v.
func (b *browser) eval(expr string, v any) {
	b.t.Helper()
	var res struct {
		Result           struct{ Value json.RawMessage }
		ExceptionDetails *struct{ Text string }
	}
	b.call(b.session, "Runtime.evaluate", map[string]any{"expression": expr, "returnByValue": true, "awaitPromise": true}, &res)
	if res.ExceptionDetails != nil {
		b.t.Fatalf("eval %s: %s", expr, res.ExceptionDetails.Text)
	}
	if v != nil {
		if err := json.Unmarshal(res.Result.Value, v); err != nil {
			b.t.Fatalf("eval %s: %v (value %s)", expr, err, res.Result.Value)
		}
	}
}

func (b *browser) evalString(expr string) string {
	b.t.Helper()
	var s string
	b.eval(expr, &s)
	return s
}

// waitFor polls a JavaScript condition until it is true.
func (b *browser) waitFor(what, cond string) {
	b.t.Helper()
	ctx, cancel := context.WithTimeout(b.t.Context(), 20*time.Second)
	defer cancel()
	for {
		var ok bool
		b.eval("Boolean("+cond+")", &ok)
		if ok {
			return
		}
		select {
		case <-ctx.Done():
			b.t.Fatalf("waited 20s for %s (%s) on %s", what, cond, b.evalString("location.href"))
		case <-time.After(50 * time.Millisecond):
		}
	}
}

// navigate loads url and waits for the page to finish loading.
func (b *browser) navigate(url string) {
	b.t.Helper()
	b.call(b.session, "Page.navigate", map[string]any{"url": url}, nil)
	b.waitLoaded(url)
}

// waitLoaded waits until the document at a URL starting with prefix has
// loaded.
func (b *browser) waitLoaded(prefix string) {
	b.t.Helper()
	p, _ := json.Marshal(prefix)
	b.waitFor("the page "+prefix, "location.href.startsWith("+string(p)+") && document.readyState === 'complete'")
}

// screenshot saves the whole page as a PNG in dir and logs its path.
func (b *browser) screenshot(dir, name string) {
	b.t.Helper()
	var shot struct{ Data string }
	b.call(b.session, "Page.captureScreenshot", map[string]any{"format": "png", "captureBeyondViewport": true}, &shot)
	png, err := base64.StdEncoding.DecodeString(shot.Data)
	if err != nil {
		b.t.Fatal(err)
	}
	path := dir + string(os.PathSeparator) + name
	if err := os.WriteFile(path, png, 0o644); err != nil {
		b.t.Fatal(err)
	}
	b.t.Logf("screenshot: %s", path)
}

// pageProblems returns the exceptions and errors seen so far.
func (b *browser) pageProblems() []string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return append([]string(nil), b.problems...)
}

func (b *browser) close() {
	b.tryCall("", "Browser.close", nil, nil)
	b.out.Close()
	wait := make(chan error, 1)
	go func() { wait <- b.cmd.Wait() }()
	select {
	case <-wait:
	case <-time.After(10 * time.Second):
		b.cmd.Process.Kill()
		<-wait
	}
}
