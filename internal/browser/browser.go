// Package browser drives a headless Chromium over the DevTools protocol
// for tests and benchmarks: open a local file, collect console errors and
// network requests, read values from the page, take a screenshot.
//
// It talks to the browser over --remote-debugging-pipe (file descriptors
// 3 and 4 of the child, messages separated by a NUL byte), so it needs no
// websocket library and no free port. Only what namepipe's tests need is
// here.
package browser

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
	"sync"
	"time"
)

// ErrNotFound is returned by Launch when no Chromium binary is installed.
var ErrNotFound = errors.New("browser: no chromium binary found (set $CHROMIUM or install Debian's chromium)")

// Find returns the path of a Chromium binary: $CHROMIUM, else the first of
// chromium, chromium-browser, google-chrome on $PATH.
func Find() (string, error) {
	if p := os.Getenv("CHROMIUM"); p != "" {
		return exec.LookPath(p)
	}
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome", "google-chrome-stable"} {
		if p, err := exec.LookPath(name); err == nil {
			return p, nil
		}
	}
	return "", ErrNotFound
}

// Browser is a running headless Chromium.
type Browser struct {
	cmd     *exec.Cmd
	toChild *os.File
	dir     string

	mu      sync.Mutex
	nextID  int64
	pending map[int64]chan message
	pages   map[string]*Page // by session id
	readErr error
	done    chan struct{}
}

type message struct {
	ID        int64           `json:"id,omitempty"`
	SessionID string          `json:"sessionId,omitempty"`
	Method    string          `json:"method,omitempty"`
	Params    json.RawMessage `json:"params,omitempty"`
	Result    json.RawMessage `json:"result,omitempty"`
	Error     *struct {
		Code    int    `json:"code"`
		Message string `json:"message"`
	} `json:"error,omitempty"`
}

// Launch starts a headless Chromium with a fresh profile in a temporary
// directory. Close it when done.
func Launch(ctx context.Context) (*Browser, error) {
	bin, err := Find()
	if err != nil {
		return nil, err
	}
	dir, err := os.MkdirTemp("", "namepipe-chromium-")
	if err != nil {
		return nil, fmt.Errorf("browser: %w", err)
	}
	// fd 3: the child reads commands; fd 4: the child writes answers.
	cmdR, cmdW, err := os.Pipe()
	if err != nil {
		os.RemoveAll(dir)
		return nil, fmt.Errorf("browser: %w", err)
	}
	resR, resW, err := os.Pipe()
	if err != nil {
		cmdR.Close()
		cmdW.Close()
		os.RemoveAll(dir)
		return nil, fmt.Errorf("browser: %w", err)
	}
	cmd := exec.CommandContext(ctx, bin,
		"--headless", "--remote-debugging-pipe", "--user-data-dir="+dir,
		"--no-sandbox", // containers and CI run as root
		"--disable-gpu", "--disable-dev-shm-usage", "--no-first-run", "--no-default-browser-check",
		"--disable-background-networking", "--disable-component-update", "--disable-sync",
		"--disable-extensions", "--disable-default-apps", "--mute-audio", "--hide-scrollbars",
		"about:blank")
	cmd.ExtraFiles = []*os.File{cmdR, resW}
	cmd.Stdout = io.Discard
	cmd.Stderr = io.Discard
	if err := cmd.Start(); err != nil {
		cmdR.Close()
		cmdW.Close()
		resR.Close()
		resW.Close()
		os.RemoveAll(dir)
		return nil, fmt.Errorf("browser: start %s: %w", bin, err)
	}
	cmdR.Close()
	resW.Close()
	b := &Browser{cmd: cmd, toChild: cmdW, dir: dir, pending: map[int64]chan message{},
		pages: map[string]*Page{}, done: make(chan struct{})}
	go b.readLoop(resR)
	return b, nil
}

// Close ends the browser and removes its profile.
func (b *Browser) Close() error {
	_ = b.call(context.Background(), "", "Browser.close", nil, nil, 2*time.Second)
	b.toChild.Close()
	waited := make(chan error, 1)
	go func() { waited <- b.cmd.Wait() }()
	select {
	case <-waited:
	case <-time.After(5 * time.Second):
		_ = b.cmd.Process.Kill()
		<-waited
	}
	return os.RemoveAll(b.dir)
}

func (b *Browser) readLoop(r io.ReadCloser) {
	defer close(b.done)
	defer r.Close()
	br := bufio.NewReaderSize(r, 1<<20)
	for {
		data, err := br.ReadBytes(0)
		if err != nil {
			b.mu.Lock()
			b.readErr = fmt.Errorf("browser: connection closed: %w", err)
			for id, ch := range b.pending {
				close(ch)
				delete(b.pending, id)
			}
			b.mu.Unlock()
			return
		}
		var m message
		if err := json.Unmarshal(data[:len(data)-1], &m); err != nil {
			continue
		}
		b.mu.Lock()
		if m.ID != 0 {
			if ch, ok := b.pending[m.ID]; ok {
				delete(b.pending, m.ID)
				ch <- m
			}
		} else if p := b.pages[m.SessionID]; p != nil {
			p.event(m)
		}
		b.mu.Unlock()
	}
}

// call sends one command and decodes its result into out (may be nil).
func (b *Browser) call(ctx context.Context, session, method string, params, out any, timeout time.Duration) error {
	if params == nil {
		params = struct{}{}
	}
	raw, err := json.Marshal(params)
	if err != nil {
		return fmt.Errorf("browser: %s: %w", method, err)
	}
	ch := make(chan message, 1)
	b.mu.Lock()
	if b.readErr != nil {
		b.mu.Unlock()
		return b.readErr
	}
	b.nextID++
	id := b.nextID
	b.pending[id] = ch
	b.mu.Unlock()
	data, err := json.Marshal(message{ID: id, SessionID: session, Method: method, Params: raw})
	if err != nil {
		return fmt.Errorf("browser: %s: %w", method, err)
	}
	if _, err := b.toChild.Write(append(data, 0)); err != nil {
		return fmt.Errorf("browser: %s: %w", method, err)
	}
	t := time.NewTimer(timeout)
	defer t.Stop()
	select {
	case m, ok := <-ch:
		if !ok {
			return fmt.Errorf("browser: %s: connection closed", method)
		}
		if m.Error != nil {
			return fmt.Errorf("browser: %s: %s (%d)", method, m.Error.Message, m.Error.Code)
		}
		if out != nil {
			if err := json.Unmarshal(m.Result, out); err != nil {
				return fmt.Errorf("browser: %s: decode result: %w", method, err)
			}
		}
		return nil
	case <-ctx.Done():
		return fmt.Errorf("browser: %s: %w", method, ctx.Err())
	case <-t.C:
		return fmt.Errorf("browser: %s: no answer within %v", method, timeout)
	}
}

// Page is one tab, with the events it has seen since it was opened.
type Page struct {
	b       *Browser
	session string

	// guarded by b.mu
	console  []string
	requests []string
	loaded   chan struct{}
}

// NewPage opens a tab of size width×height CSS pixels and starts
// collecting its console messages, exceptions, log entries and requests.
func (b *Browser) NewPage(ctx context.Context, width, height int) (*Page, error) {
	var t struct {
		TargetID string `json:"targetId"`
	}
	if err := b.call(ctx, "", "Target.createTarget", map[string]any{"url": "about:blank"}, &t, 10*time.Second); err != nil {
		return nil, err
	}
	var s struct {
		SessionID string `json:"sessionId"`
	}
	if err := b.call(ctx, "", "Target.attachToTarget", map[string]any{"targetId": t.TargetID, "flatten": true}, &s, 10*time.Second); err != nil {
		return nil, err
	}
	p := &Page{b: b, session: s.SessionID}
	b.mu.Lock()
	b.pages[s.SessionID] = p
	b.mu.Unlock()
	for _, m := range []string{"Runtime.enable", "Log.enable", "Network.enable", "Page.enable"} {
		if err := p.Call(ctx, m, nil, nil); err != nil {
			return nil, err
		}
	}
	if err := p.SetSize(ctx, width, height); err != nil {
		return nil, err
	}
	return p, nil
}

// SetSize sets the viewport to width×height CSS pixels.
func (p *Page) SetSize(ctx context.Context, width, height int) error {
	return p.Call(ctx, "Emulation.setDeviceMetricsOverride",
		map[string]any{"width": width, "height": height, "deviceScaleFactor": 1, "mobile": false}, nil)
}

// Call sends a DevTools command to the page's session.
func (p *Page) Call(ctx context.Context, method string, params, out any) error {
	return p.b.call(ctx, p.session, method, params, out, 30*time.Second)
}

// event records one event of the page (called with b.mu held).
func (p *Page) event(m message) {
	switch m.Method {
	case "Runtime.consoleAPICalled":
		var e struct {
			Type string `json:"type"`
			Args []struct {
				Value       any    `json:"value"`
				Description string `json:"description"`
			} `json:"args"`
		}
		if json.Unmarshal(m.Params, &e) == nil && (e.Type == "error" || e.Type == "assert" || e.Type == "warning") {
			msg := e.Type + ":"
			for _, a := range e.Args {
				msg += fmt.Sprintf(" %v%s", a.Value, a.Description)
			}
			p.console = append(p.console, msg)
		}
	case "Runtime.exceptionThrown":
		p.console = append(p.console, "exception: "+string(m.Params))
	case "Log.entryAdded":
		var e struct {
			Entry struct {
				Level, Source, Text, URL string
			} `json:"entry"`
		}
		if json.Unmarshal(m.Params, &e) == nil && (e.Entry.Level == "error" || e.Entry.Level == "warning") {
			p.console = append(p.console, fmt.Sprintf("%s %s: %s %s", e.Entry.Level, e.Entry.Source, e.Entry.Text, e.Entry.URL))
		}
	case "Network.requestWillBeSent":
		var e struct {
			Request struct {
				URL string `json:"url"`
			} `json:"request"`
		}
		if json.Unmarshal(m.Params, &e) == nil {
			p.requests = append(p.requests, e.Request.URL)
		}
	case "Page.loadEventFired":
		if p.loaded != nil {
			close(p.loaded)
			p.loaded = nil
		}
	}
}

// Navigate opens url and waits for its load event. It returns the time
// from the navigation command to the load event.
func (p *Page) Navigate(ctx context.Context, url string) (time.Duration, error) {
	loaded := make(chan struct{})
	p.b.mu.Lock()
	p.loaded = loaded
	p.b.mu.Unlock()
	start := time.Now()
	var nav struct {
		ErrorText string `json:"errorText"`
	}
	if err := p.Call(ctx, "Page.navigate", map[string]any{"url": url}, &nav); err != nil {
		return 0, err
	}
	if nav.ErrorText != "" {
		return 0, fmt.Errorf("browser: navigate %s: %s", url, nav.ErrorText)
	}
	select {
	case <-loaded:
		return time.Since(start), nil
	case <-ctx.Done():
		return 0, fmt.Errorf("browser: navigate %s: %w", url, ctx.Err())
	case <-p.b.done:
		return 0, errors.New("browser: exited while loading")
	}
}

// Eval evaluates a JavaScript expression in the page and decodes its value
// (returned by value, so it must be JSON-serialisable) into out.
func (p *Page) Eval(ctx context.Context, expr string, out any) error {
	var r struct {
		Result struct {
			Value json.RawMessage `json:"value"`
		} `json:"result"`
		ExceptionDetails *struct {
			Text string `json:"text"`
		} `json:"exceptionDetails"`
	}
	if err := p.Call(ctx, "Runtime.evaluate", map[string]any{"expression": expr, "returnByValue": true, "awaitPromise": true}, &r); err != nil {
		return err
	}
	if r.ExceptionDetails != nil {
		return fmt.Errorf("browser: evaluate: %s", r.ExceptionDetails.Text)
	}
	if out == nil {
		return nil
	}
	if err := json.Unmarshal(r.Result.Value, out); err != nil {
		return fmt.Errorf("browser: evaluate: decode: %w", err)
	}
	return nil
}

// Screenshot returns a PNG of the page; full takes the whole page rather
// than the viewport.
func (p *Page) Screenshot(ctx context.Context, full bool) ([]byte, error) {
	var r struct {
		Data string `json:"data"`
	}
	if err := p.Call(ctx, "Page.captureScreenshot", map[string]any{"format": "png", "captureBeyondViewport": full}, &r); err != nil {
		return nil, err
	}
	png, err := base64.StdEncoding.DecodeString(r.Data)
	if err != nil {
		return nil, fmt.Errorf("browser: screenshot: %w", err)
	}
	return png, nil
}

// ScreenshotClip returns a PNG of the page's region at (x, y) of size
// width×height CSS pixels.
func (p *Page) ScreenshotClip(ctx context.Context, x, y, width, height int) ([]byte, error) {
	var r struct {
		Data string `json:"data"`
	}
	clip := map[string]any{"x": x, "y": y, "width": width, "height": height, "scale": 1}
	if err := p.Call(ctx, "Page.captureScreenshot", map[string]any{"format": "png", "captureBeyondViewport": true, "clip": clip}, &r); err != nil {
		return nil, err
	}
	png, err := base64.StdEncoding.DecodeString(r.Data)
	if err != nil {
		return nil, fmt.Errorf("browser: screenshot: %w", err)
	}
	return png, nil
}

// Console returns the error and warning messages, exceptions and error log
// entries seen so far.
func (p *Page) Console() []string {
	p.b.mu.Lock()
	defer p.b.mu.Unlock()
	return append([]string(nil), p.console...)
}

// Requests returns the URL of every network request seen so far, the
// navigations included.
func (p *Page) Requests() []string {
	p.b.mu.Lock()
	defer p.b.mu.Unlock()
	return append([]string(nil), p.requests...)
}
