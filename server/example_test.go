package server_test

import (
	"context"
	"log/slog"
	"os"
	"os/signal"
	"time"

	"github.com/namepipe/namepipe/nameapi"
	"github.com/namepipe/namepipe/server"
)

// How `namepipe serve` wires a backend: options from flags, keys from a
// file, and a context that ends on Ctrl-C for a graceful shutdown.
func ExampleServer_ListenAndServe() {
	var backend nameapi.Service // the offline engine, for instance

	opts := server.Options{
		Logger:       slog.New(slog.NewTextHandler(os.Stderr, nil)),
		MaxBodyBytes: 1 << 20,
		Latency:      20 * time.Millisecond, // load tests only
		ErrorRate:    0.2,                   // fault tests only
		ErrorStatus:  503,
		Seed:         1,
	}
	if keys, err := server.LoadKeys("/etc/namepipe/keys"); err == nil {
		opts.APIKeys = keys
	}
	if err := opts.Validate(); err != nil {
		slog.Error("bad options", "err", err)
		return
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	if err := server.New(backend, opts).ListenAndServe(ctx, "127.0.0.1:8080"); err != nil {
		slog.Error("serve", "err", err)
	}
}
