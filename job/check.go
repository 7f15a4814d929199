package job

import (
	"os"

	"github.com/namepipe/namepipe/config"
	"github.com/namepipe/namepipe/outfile"
)

// NotAnInput reports, as a Usage error, an output path that names one of
// the inputs (also through a link or another spelling): namepipe never
// overwrites its input. "-" (stdout) is checked against standard input.
func NotAnInput(output string, inputs ...string) error {
	for _, in := range inputs {
		if config.SamePath(output, in) {
			return errorf(Usage, "output %q is an input file: namepipe never overwrites its input", output)
		}
		if in == "-" && stdinIs(output) {
			return errorf(Usage, "output %q is the file standard input reads: namepipe never overwrites its input", output)
		}
	}
	return nil
}

// stdinIs reports whether standard input is the file at path (same device
// and inode, so also through a link).
func stdinIs(path string) bool {
	if path == "" || path == "-" {
		return false
	}
	in, err := os.Stdin.Stat()
	if err != nil || !in.Mode().IsRegular() {
		return false
	}
	if out, err := os.Stat(path); err == nil && os.SameFile(in, out) {
		return true
	}
	entry, err := os.Lstat(path) // the directory entry itself (a link)
	return err == nil && os.SameFile(in, entry)
}

// checkOutputs reports, as a Usage error before any work, an output path
// that cannot be written (a directory, a socket, a missing directory;
// see outfile.Resolve). Empty paths are skipped.
func checkOutputs(paths ...string) error {
	for _, p := range paths {
		if p == "" {
			continue
		}
		if _, err := outfile.Resolve(p, false); err != nil {
			return wrap(Usage, err)
		}
	}
	return nil
}

// role is a path the job reads or writes, and what it is for messages.
type role struct{ what, path string }

// distinctPaths reports, as a Usage error before any work, an output
// that is one of the inputs (the data, a reference file, the config) or
// the same file as another output (also through a link or another
// spelling): writing it would replace the other, and a summary written
// over the input destroys it. "" and "-" are skipped.
func distinctPaths(inputs, outputs []role) error {
	for i, o := range outputs {
		for _, in := range inputs {
			if config.SamePath(o.path, in.path) {
				return errorf(Usage, "%s %q is the %s: namepipe never overwrites its input", o.what, o.path, in.what)
			}
			if in.path == "-" && stdinIs(o.path) {
				return errorf(Usage, "%s %q is the file standard input reads: namepipe never overwrites its input", o.what, o.path)
			}
		}
		for _, o2 := range outputs[:i] {
			if config.SamePath(o.path, o2.path) {
				return errorf(Usage, "%s %q is also the %s: give each output its own file", o.what, o.path, o2.what)
			}
		}
	}
	return nil
}

// isDir reports whether path is an existing directory.
func isDir(path string) bool {
	fi, err := os.Stat(path)
	return err == nil && fi.IsDir()
}
