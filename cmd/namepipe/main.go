// Command namepipe enriches CSV, Parquet and JSON Lines files of customer
// records with the results of a name-processing service: parsed names,
// gender, risk of fake data, disposable emails and more.
//
// Usage:
//
//	namepipe run      --config FILE [flags]   run the batch job
//	namepipe validate --config FILE [--rows N] check a config against the input; calls nothing
//	namepipe dedupe   --config FILE [flags]   find the same person entered twice
//	namepipe serve    [--addr A] [flags]      serve the local engine over HTTP
//	namepipe ping     --config FILE | --base-url URL
//	namepipe version
//
// Exit codes:
//
//	0    success
//	1    the run failed: service down, access denied, output error, internal error
//	2    usage or config error (reported before any row is read)
//	3    input error (cannot open or read the input)
//	4    completed, but some rows have errors (only with run --strict)
//	130  interrupted (SIGINT or SIGTERM); the output is not committed,
//	     rerun the same command to resume
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime/debug"
	"strings"

	"github.com/namepipe/namepipe/config"
)

// Exit codes of the commands.
const (
	exitOK          = 0
	exitFailed      = 1
	exitUsage       = 2
	exitInput       = 3
	exitRowErrors   = 4
	exitInterrupted = 130
)

// version is set at build time with -ldflags "-X main.version=v1.2.3".
var version = "dev"

func main() {
	if len(os.Args) > 1 {
		tuneGC(os.Args[1], os.Getenv)
	}
	os.Exit(realMain(context.Background(), os.Args[1:], os.Stdout, os.Stderr))
}

const usage = `namepipe enriches customer records with a name-processing service.

Usage:
  namepipe run      --config FILE [--input P] [--output P] [--quiet] [--summary FILE] ...
  namepipe validate --config FILE [--input P] [--rows N]
  namepipe dedupe   --config FILE [--output P] [--pairs P] [--reference P] [--explain] ...
  namepipe serve    [--addr 127.0.0.1:8080] [--keys FILE] [--latency D] [--error-rate F]
  namepipe ping     --config FILE | --base-url URL [--api-key-env NAME]
  namepipe version

Run "namepipe COMMAND -h" for the flags of a command.
Exit codes: 0 ok, 1 run failed, 2 usage/config error, 3 input error,
4 rows with errors (run --strict), 130 interrupted.
`

// realMain runs one command with the real parts and returns its exit code.
func realMain(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	return newApp().main(ctx, args, stdout, stderr)
}

// main runs one command and returns its exit code.
func (a app) main(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprint(stderr, usage)
		return exitUsage
	}
	cmd, rest := args[0], args[1:]
	switch cmd {
	case "run":
		return a.cmdRun(ctx, rest, stdout, stderr)
	case "validate":
		return a.cmdValidate(ctx, rest, stdout, stderr)
	case "dedupe":
		return a.cmdDedupe(ctx, rest, stdout, stderr)
	case "serve":
		return a.cmdServe(ctx, rest, stdout, stderr)
	case "ping":
		return a.cmdPing(ctx, rest, stdout, stderr)
	case "version", "--version", "-version":
		fmt.Fprintln(stdout, versionString())
		return exitOK
	case "help", "-h", "-help", "--help":
		fmt.Fprint(stdout, usage)
		return exitOK
	}
	fmt.Fprintf(stderr, "namepipe: unknown command %q\n\n%s", cmd, usage)
	return exitUsage
}

// versionString is the version with the VCS revision when known.
func versionString() string {
	s := "namepipe " + version
	if bi, ok := debug.ReadBuildInfo(); ok {
		var rev, modified string
		for _, kv := range bi.Settings {
			switch kv.Key {
			case "vcs.revision":
				rev = kv.Value
			case "vcs.modified":
				if kv.Value == "true" {
					modified = "+dirty"
				}
			}
		}
		if rev != "" {
			s += " (" + rev[:min(12, len(rev))] + modified + ")"
		}
		s += " " + bi.GoVersion
	}
	return s
}

// usageError marks errors in flags or arguments (exit code 2).
type usageError struct{ err error }

func (e usageError) Error() string { return e.err.Error() }
func (e usageError) Unwrap() error { return e.err }

// fail prints err and returns code.
func fail(stderr io.Writer, code int, err error) int {
	fmt.Fprintf(stderr, "namepipe: %v\n", err)
	return code
}

// newFlagSet returns the flag set of `namepipe <name>`. Errors go to
// stderr, and -h prints "Usage: namepipe <name> <synopsis>", the about
// text, the flags and the epilogue (if any).
func newFlagSet(stderr io.Writer, name, synopsis, about, epilogue string) *flag.FlagSet {
	fs := flag.NewFlagSet("namepipe "+name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		out := fs.Output()
		fmt.Fprintf(out, "Usage: namepipe %s %s\n\n%s\n\nFlags:\n", name, synopsis, strings.TrimSpace(about))
		printVisibleDefaults(fs)
		if epilogue != "" {
			fmt.Fprintf(out, "\n%s\n", strings.TrimSpace(epilogue))
		}
	}
	return fs
}

// hiddenFlags are flags for developers, left out of the help.
var hiddenFlags = map[string]bool{"cpuprofile": true, "memprofile": true}

// printVisibleDefaults prints the flags of fs like PrintDefaults, without
// the hidden ones.
func printVisibleDefaults(fs *flag.FlagSet) {
	shown := flag.NewFlagSet(fs.Name(), flag.ContinueOnError)
	shown.SetOutput(fs.Output())
	fs.VisitAll(func(fl *flag.Flag) {
		if !hiddenFlags[fl.Name] {
			shown.Var(fl.Value, fl.Name, fl.Usage)
			shown.Lookup(fl.Name).DefValue = fl.DefValue
		}
	})
	shown.PrintDefaults()
}

// logFlags defines --log-level and --log-format (see newLogger).
func logFlags(fs *flag.FlagSet, level, format *string) {
	fs.StringVar(level, "log-level", "info", "log level: debug, info, warn or error")
	fs.StringVar(format, "log-format", "text", "log format on stderr: text or json")
}

// parseFlags parses args into fs, flags and arguments in any order;
// help prints the flags and returns exitOK, bad flags or arguments
// exitUsage, and ok=false in both cases. A misspelt flag gets one line
// with the closest flag instead of the whole usage. An argument is
// never ignored: with input set, one argument is the input file (as
// --input); without, any argument is an error.
func parseFlags(fs *flag.FlagSet, args []string, input *string) (code int, ok bool) {
	usage, out := fs.Usage, fs.Output()
	fs.Usage = func() {}
	defer func() { fs.Usage = usage }()
	var pos []string
	for {
		err := fs.Parse(args)
		if errors.Is(err, errHelp) {
			usage()
			return exitOK, false
		}
		if err != nil {
			// The flag package has printed the error.
			if name, unknown := strings.CutPrefix(err.Error(), "flag provided but not defined: -"); unknown {
				var names []string
				fs.VisitAll(func(f *flag.Flag) {
					if !hiddenFlags[f.Name] {
						names = append(names, f.Name)
					}
				})
				if c := config.Closest(strings.TrimLeft(name, "-"), names); c != "" {
					fmt.Fprintf(out, "did you mean --%s?\n", c)
				}
			}
			fmt.Fprintf(out, "Run \"%s -h\" for the flags.\n", fs.Name())
			return exitUsage, false
		}
		rest := fs.Args()
		if len(rest) == 0 {
			break
		}
		if rest[0] == "--" {
			pos = append(pos, rest[1:]...)
			break
		}
		pos, args = append(pos, rest[0]), rest[1:]
	}
	switch {
	case len(pos) == 0:
		return 0, true
	case input == nil:
		fmt.Fprintf(out, "namepipe: unexpected argument %q: %s takes no file arguments (run \"%s -h\" for the flags)\n", pos[0], fs.Name(), fs.Name())
	case len(pos) > 1:
		fmt.Fprintf(out, "namepipe: %s reads one input file; got %d arguments: %s\n", fs.Name(), len(pos), strings.Join(pos, " "))
	case *input != "" && *input != pos[0]:
		fmt.Fprintf(out, "namepipe: both --input %s and the argument %s name the input; give one\n", *input, pos[0])
	default:
		*input = pos[0]
		return 0, true
	}
	return exitUsage, false
}
