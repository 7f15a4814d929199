// Package cli holds what the mains of the bench commands that turn one
// file into another share: the required -in and -out flags.
package cli

import (
	"flag"
	"os"
)

// Files defines the flags -in and -out (described by inUsage and
// outUsage), parses the command line and returns them. When either is
// missing, or a check of the caller's own flags (defined before) fails,
// it prints the usage and exits with status 2.
func Files(inUsage, outUsage string, checks ...func() bool) (in, out string) {
	i := flag.String("in", "", inUsage)
	o := flag.String("out", "", outUsage)
	flag.Parse()
	ok := *i != "" && *o != ""
	for _, c := range checks {
		ok = ok && c()
	}
	if !ok {
		flag.Usage()
		os.Exit(2)
	}
	return *i, *o
}
