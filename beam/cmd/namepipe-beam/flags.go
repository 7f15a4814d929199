package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
	"runtime"
	"sort"
	"strings"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"

	// The runners the --runner flag selects, registered by name, and the
	// local and gs:// file systems.
	_ "github.com/apache/beam/sdks/v2/go/pkg/beam/x/beamx"

	"github.com/namepipe/namepipe/mapping"
)

// runners are the values of --runner.
var runners = []string{"prism", "flink", "spark", "dataflow"}

// harnessFlags are the SDK's global flags of worker mode (see main); a
// command does not take them.
var harnessFlags = map[string]bool{
	"worker": true, "id": true, "logging_endpoint": true, "control_endpoint": true,
	"semi_persist_dir": true, "options": true, "runner": true,
}

// common are the flags every command shares: the config, the runner and
// logging. The Beam SDK's own flags (--endpoint, --project, …) are added to
// the command's flag set too; they are the SDK's global flag values, so
// that setting them configures the SDK's runners.
type common struct {
	config              string
	runner              string
	logLevel, logFormat string
}

// newFlagSet returns the flag set of `namepipe-beam <name>` with the common
// flags and the SDK's runner flags. -h prints the command's own flags, then
// the runner flags.
func newFlagSet(stderr io.Writer, name, synopsis, about string) (*flag.FlagSet, *common) {
	fs := flag.NewFlagSet("namepipe-beam "+name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	c := &common{}
	fs.StringVar(&c.config, "config", "", "the job's YAML config, the same file as namepipe's (required)")
	fs.StringVar(&c.runner, "runner", "prism", "where the pipeline runs: "+strings.Join(runners, ", "))
	fs.StringVar(&c.logLevel, "log-level", "info", "log level: debug, info, warn or error")
	fs.StringVar(&c.logFormat, "log-format", "text", "log format on stderr: text or json")
	own := map[string]bool{}
	fs.VisitAll(func(fl *flag.Flag) { own[fl.Name] = true })
	fs.Usage = func() {
		out := fs.Output()
		fmt.Fprintf(out, "Usage: namepipe-beam %s %s\n\n%s\n\nFlags:\n", name, synopsis, strings.TrimSpace(about))
		printFlags(fs, func(n string) bool { return own[n] })
		fmt.Fprintf(out, "\nRunner flags (Apache Beam's; see docs/scale-out.md):\n")
		printFlags(fs, func(n string) bool { return !own[n] })
	}
	flag.CommandLine.VisitAll(func(fl *flag.Flag) {
		if harnessFlags[fl.Name] || strings.HasPrefix(fl.Name, "test.") || fs.Lookup(fl.Name) != nil {
			return
		}
		fs.Var(fl.Value, fl.Name, fl.Usage)
		fs.Lookup(fl.Name).DefValue = fl.DefValue
	})
	return fs, c
}

// printFlags prints the flags of fs that keep selects.
func printFlags(fs *flag.FlagSet, keep func(string) bool) {
	shown := flag.NewFlagSet(fs.Name(), flag.ContinueOnError)
	shown.SetOutput(fs.Output())
	fs.VisitAll(func(fl *flag.Flag) {
		if keep(fl.Name) {
			shown.Var(fl.Value, fl.Name, fl.Usage)
			shown.Lookup(fl.Name).DefValue = fl.DefValue
		}
	})
	shown.PrintDefaults()
}

// parseFlags parses args into fs; help prints the flags and returns
// exitOK, bad flags exitUsage, and ok=false in both cases.
func parseFlags(fs *flag.FlagSet, args []string) (code int, ok bool) {
	err := fs.Parse(args)
	switch {
	case err == nil:
	case errors.Is(err, flag.ErrHelp):
		return exitOK, false
	default:
		return exitUsage, false
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(fs.Output(), "namepipe-beam: unexpected arguments %q\n", fs.Args())
		return exitUsage, false
	}
	// The SDK's initialisation hooks run after flag parsing (not worker
	// mode: main has handled that).
	beam.Init()
	return 0, true
}

// load checks the runner flags and loads the config: everything that can be
// wrong is reported here, before the job is submitted.
func (c *common) load(stderr io.Writer) (*mapping.Config, *slog.Logger, error) {
	if c.config == "" {
		return nil, nil, errors.New("--config is required")
	}
	logger, err := newLogger(stderr, c.logLevel, c.logFormat)
	if err != nil {
		return nil, nil, err
	}
	// prism and the SDK log through the default logger: --log-level
	// applies to them too.
	slog.SetDefault(logger)
	if err := checkRunner(c.runner, sdkFlag); err != nil {
		return nil, nil, err
	}
	cfg, err := mapping.Load(c.config)
	if err != nil {
		return nil, nil, err
	}
	return cfg, logger, nil
}

// checkRunner checks that runner is a known --runner and has the SDK flags
// it needs; flagValue returns an SDK flag's value (sdkFlag).
func checkRunner(runner string, flagValue func(name string) string) error {
	var missing []string
	switch runner {
	case "prism":
		return nil
	case "flink", "spark":
		if flagValue("endpoint") == "" {
			missing = append(missing, "--endpoint (the job server, host:port)")
		}
	case "dataflow":
		if flagValue("project") == "" {
			missing = append(missing, "--project")
		}
		if flagValue("region") == "" {
			missing = append(missing, "--region")
		}
		if flagValue("staging_location") == "" {
			missing = append(missing, "--staging_location (gs://bucket/path)")
		}
	default:
		known := append([]string(nil), runners...)
		sort.Strings(known)
		return fmt.Errorf("--runner %q: want one of %s", runner, strings.Join(known, ", "))
	}
	if len(missing) > 0 {
		return fmt.Errorf("--runner %s needs %s", runner, strings.Join(missing, ", "))
	}
	return nil
}

// execute runs p on the selected runner and waits for it to finish.
func (c *common) execute(ctx context.Context, p *beam.Pipeline) (beam.PipelineResult, error) {
	if c.runner != "prism" && sdkFlag("worker_binary") == "" && runtime.GOOS == "linux" && runtime.GOARCH == "amd64" {
		// The workers run this very binary (main hands --worker to
		// Beam's harness). Without --worker_binary the SDK would compile
		// one from the source tree, which a user's machine may not have.
		if exe, err := os.Executable(); err == nil {
			if err := flag.CommandLine.Set("worker_binary", exe); err != nil {
				return nil, err
			}
		}
	}
	res, err := beam.Run(ctx, c.runner, p)
	if err != nil {
		return nil, fmt.Errorf("%s runner: %w", c.runner, err)
	}
	return res, nil
}

// newLogger returns a logger on stderr.
func newLogger(stderr io.Writer, level, format string) (*slog.Logger, error) {
	var lv slog.Level
	if err := lv.UnmarshalText([]byte(level)); err != nil {
		return nil, fmt.Errorf("--log-level %q: want debug, info, warn or error", level)
	}
	o := &slog.HandlerOptions{Level: lv}
	switch strings.ToLower(format) {
	case "text":
		return slog.New(slog.NewTextHandler(stderr, o)), nil
	case "json":
		return slog.New(slog.NewJSONHandler(stderr, o)), nil
	}
	return nil, fmt.Errorf("--log-format %q: want text or json", format)
}

// sdkFlag returns the value of one of the SDK's global flags ("" when the
// SDK has no such flag).
func sdkFlag(name string) string {
	if fl := flag.CommandLine.Lookup(name); fl != nil {
		return fl.Value.String()
	}
	return ""
}
