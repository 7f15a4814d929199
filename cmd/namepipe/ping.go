package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"time"

	"github.com/namepipe/namepipe/config"
	"github.com/namepipe/namepipe/mapping"
	"github.com/namepipe/namepipe/nameapi"
)

// cmdPing is `namepipe ping`: one or more round trips through the
// configured engine or a service at a base URL, with their times.
func (a app) cmdPing(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet(stderr, "ping", "--config FILE | --base-url URL [flags]",
		"Pings the engine of a config, or a NameAPI REST service at a base URL,\nand prints each round-trip time.", "")
	configPath := fs.String("config", "", "ping the engine of this config")
	baseURL := fs.String("base-url", "", "ping the NameAPI REST service at this base URL")
	keyEnv := fs.String("api-key-env", "NAMEAPI_KEY", "with --base-url: the environment variable holding the API key (ping sends none when it is unset: the key is optional on ping)")
	count := fs.Int("count", 1, "number of pings")
	timeout := fs.Duration("timeout", 10*time.Second, "timeout of each ping")
	if code, ok := parseFlags(fs, args, nil); !ok {
		return code
	}
	if (*configPath == "") == (*baseURL == "") {
		return fail(stderr, exitUsage, errors.New("ping: give exactly one of --config and --base-url"))
	}
	if *count < 1 || *timeout <= 0 {
		return fail(stderr, exitUsage, errors.New("ping: --count and --timeout must be positive"))
	}
	var svc nameapi.Service
	var target string
	if *configPath != "" {
		cfg, err := mapping.Load(*configPath)
		if err != nil {
			return fail(stderr, exitUsage, err)
		}
		key, err := cfg.Engine.APIKey()
		if err != nil {
			return fail(stderr, exitUsage, fmt.Errorf("%s: %w", *configPath, err))
		}
		if svc, _, err = a.parts.NewService(ctx, cfg.Engine, key, nil); err != nil {
			return fail(stderr, exitUsage, fmt.Errorf("%s: engine: %w", *configPath, err))
		}
		target = cfg.Engine.Kind + " engine"
		if cfg.Engine.Kind == config.EngineNameAPI {
			target = cfg.Engine.BaseURL
		}
	} else {
		// The interface declares apiKey optional on ping: without one, ping
		// still measures the round trip (a local `namepipe serve` needs none).
		key := config.LookupAPIKey(*keyEnv)
		var err error
		if svc, err = a.newRemote(ctx, *baseURL, key, *timeout); err != nil {
			return fail(stderr, exitUsage, fmt.Errorf("--base-url: %w", err))
		}
		target = *baseURL
	}
	if c, ok := svc.(io.Closer); ok {
		defer c.Close()
	}
	failed := 0
	for i := range *count {
		pctx, cancel := context.WithTimeout(ctx, *timeout)
		start := time.Now()
		err := svc.Ping(pctx)
		rtt := time.Since(start)
		cancel()
		if err != nil {
			failed++
			fmt.Fprintf(stderr, "ping %d to %s failed after %v: %v\n", i+1, target, rtt.Round(time.Microsecond), err)
			continue
		}
		fmt.Fprintf(stdout, "pong from %s in %v\n", target, rtt.Round(time.Microsecond))
	}
	if failed > 0 {
		return exitFailed
	}
	return exitOK
}
