package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
)

// Exit codes of the commands (the same meaning as namepipe's).
const (
	exitOK     = 0
	exitFailed = 1
	exitUsage  = 2
	exitInput  = 3
)

const usage = `namepipe-beam runs namepipe's jobs on Apache Beam (prism, Flink, Spark, Dataflow).

Usage:
  namepipe-beam run    --config FILE --runner prism|flink|spark|dataflow [flags] [runner flags]
  namepipe-beam dedupe --config FILE --runner prism|flink|spark|dataflow [flags] [runner flags]

Run "namepipe-beam COMMAND -h" for the flags of a command.
Exit codes: 0 ok, 1 the job failed, 2 usage/config error, 3 input error.
`

// command is one subcommand: it parses args and returns an exit code.
type command func(ctx context.Context, args []string, stdout, stderr io.Writer) int

// commands are the subcommands by name.
var commands = map[string]command{
	"run":    cmdRun,
	"dedupe": cmdDedupe,
}

func main() {
	args := os.Args[1:]
	if len(args) > 0 && strings.HasPrefix(args[0], "-") && !isHelp(args[0]) {
		// A runner starts the binary as an SDK worker with the harness
		// flags (--worker --id --control_endpoint …) and no command:
		// beam.Init runs the worker harness and exits.
		flag.Parse()
		beam.Init()
	}
	os.Exit(realMain(context.Background(), args, os.Stdout, os.Stderr))
}

func isHelp(arg string) bool {
	switch arg {
	case "help", "-h", "-help", "--help":
		return true
	}
	return false
}

// realMain runs one command and returns its exit code.
func realMain(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprint(stderr, usage)
		return exitUsage
	}
	if isHelp(args[0]) {
		fmt.Fprint(stdout, usage)
		return exitOK
	}
	cmd, ok := commands[args[0]]
	if !ok {
		fmt.Fprintf(stderr, "namepipe-beam: unknown command %q\n\n%s", args[0], usage)
		return exitUsage
	}
	return cmd(ctx, args[1:], stdout, stderr)
}

// fail prints err and returns code.
func fail(stderr io.Writer, code int, err error) int {
	fmt.Fprintf(stderr, "namepipe-beam: %v\n", err)
	return code
}
