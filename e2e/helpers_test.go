package e2e

import (
	"context"
	"errors"
	"log/slog"
	"net"
	"strings"
	"sync"
	"testing"

	"github.com/namepipe/namepipe/engine"
	"github.com/namepipe/namepipe/internal/syncbuf"
	"github.com/namepipe/namepipe/server"
)

// sharedEngine is one offline engine for every test of the package (its
// dictionaries load once per process).
var sharedEngine = sync.OnceValues(func() (*engine.Engine, error) { return engine.New(engine.WithSeed(1)) })

// debugLogger returns a logger that writes every level as text to buf.
func debugLogger(buf *syncbuf.Buffer) *slog.Logger {
	return slog.New(slog.NewTextHandler(buf, &slog.HandlerOptions{Level: slog.LevelDebug}))
}

// served is a server of the engine running on a loopback port.
type served struct {
	srv  *server.Server
	addr string // host:port
	logs *syncbuf.Buffer
}

// baseURL is the REST base of the server.
func (s *served) baseURL() string { return "http://" + s.addr + server.DefaultPrefix }

// startServe serves the offline engine with opts on 127.0.0.1:0 until the
// test ends; the server's logs (debug and up) are captured.
func startServe(t testing.TB, opts server.Options) *served {
	t.Helper()
	eng, err := sharedEngine()
	if err != nil {
		t.Fatal(err)
	}
	logs := &syncbuf.Buffer{}
	if opts.Logger == nil {
		opts.Logger = debugLogger(logs)
	}
	srv := server.New(eng, opts)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- srv.Serve(ctx, ln) }()
	t.Cleanup(func() {
		cancel()
		if err := <-done; err != nil && !errors.Is(err, context.Canceled) {
			t.Errorf("serve: %v", err)
		}
	})
	return &served{srv: srv, addr: ln.Addr().String(), logs: logs}
}

// keyPieces returns every 8-byte piece of key: finding any of them in a
// text means part of the key leaked.
func keyPieces(key string) []string {
	var out []string
	for i := 0; i+8 <= len(key); i++ {
		out = append(out, key[i:i+8])
	}
	return out
}

// assertNoKey fails when text holds the key or any 8-byte piece of it.
func assertNoKey(t testing.TB, what, text, key string) {
	t.Helper()
	for _, p := range keyPieces(key) {
		if i := strings.Index(text, p); i >= 0 {
			lo, hi := max(0, i-80), min(len(text), i+80)
			t.Errorf("%s holds (part of) the API key %q: …%s…", what, p, text[lo:hi])
			return
		}
	}
}
