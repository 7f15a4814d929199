package server_test

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"os/signal"
	"strings"
	"time"

	"github.com/namepipe/namepipe/engine"
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

// New serves a backend (here the offline engine) over the REST paths of
// the service; its Handler plugs into any http.Server, here a loopback test
// server. With APIKeys set, a call without a valid apiKey gets the
// service's 401 fault.
func ExampleNew() {
	backend, err := engine.New()
	if err != nil {
		fmt.Println(err)
		return
	}
	srv := server.New(backend, server.Options{APIKeys: []string{"secret-key"}})
	ts := httptest.NewServer(srv.Handler())
	defer ts.Close()

	for _, q := range []string{"&apiKey=secret-key", ""} {
		resp, err := http.Get(ts.URL + srv.Prefix() + "/email/disposableemailaddressdetector?emailAddress=john@mailinator.com" + q)
		if err != nil {
			fmt.Println(err)
			return
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		fmt.Println(resp.StatusCode, strings.TrimSpace(string(body)))
	}
	// Output:
	// 200 {"disposable":"YES"}
	// 401 {"faultCause":"AccessDenied","blame":"CLIENT","message":"No such account: the query parameter apiKey is missing.","applicationErrorCode":"1201","retrySameLocation":{"retryType":"NO"},"httpStatusCode":401,"httpStatusMeaning":"Unauthorized"}
}
