// Package outfile owns how namepipe writes any output path: the main
// output, the summary, the report, the pairs, the rejects file and every
// new one go through Create (or WriteFile), which decides from what the
// path is:
//
//   - a regular file or a new path: a temporary file beside it (beside
//     the link's target for a symlink, which stays in place), synced and
//     renamed over it on Commit, so that the path never holds half an
//     output;
//   - "-" or /dev/stdout: standard output;
//   - a character device (/dev/null) or a FIFO: written to directly, with
//     no rename (Kind Direct, which a summary names), or refused where the
//     caller needs an atomic commit (Options.Atomic);
//   - a directory, a socket or anything else: refused before any work
//     (*RefusedError, a usage error).
//
// Temporary files are named .<name>.tmp-<pid>-<random>: Create removes
// those of the same output whose process is gone (Leftovers lists them),
// so that a killed run leaves nothing behind for long.
package outfile

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
)

// Kind is how an output path is written.
type Kind int

// The kinds of output paths.
const (
	// Atomic: a temporary file renamed over the path on Commit.
	Atomic Kind = iota
	// Stdout: standard output ("-" or /dev/stdout).
	Stdout
	// Direct: a character device or a FIFO, written in place.
	Direct
)

// String names the kind for summaries.
func (k Kind) String() string {
	switch k {
	case Stdout:
		return "stdout"
	case Direct:
		return "written directly (a device or FIFO: no temporary file, no rename)"
	}
	return "temporary file renamed into place"
}

// RefusedError is a path that cannot be an output (a directory, a
// socket, a FIFO where an atomic commit is needed): a usage error,
// found before any work.
type RefusedError struct {
	Path   string
	Reason string
}

func (e *RefusedError) Error() string { return e.Path + ": " + e.Reason }

// TempFile is the part of *os.File an output uses (replaceable in tests).
type TempFile interface {
	io.Writer
	Name() string
	Chmod(os.FileMode) error
	Sync() error
	Close() error
}

// Options set how an output is created.
type Options struct {
	// Perm is the file's permission bits; 0 means 0644. The umask does
	// not apply.
	Perm os.FileMode
	// Protect lists files that must never be overwritten, typically the
	// run's input: an output that is the same file (same path, or same
	// inode through a link) is refused.
	Protect []string
	// Atomic refuses outputs that cannot be committed atomically (a
	// device or FIFO); standard output stays allowed.
	Atomic bool
	// CreateTemp creates the temporary file; nil is os.CreateTemp. Tests
	// set it to inject faults such as a full disk.
	CreateTemp func(dir, pattern string) (TempFile, error)
}

// Plan is what Resolve decided for a path.
type Plan struct {
	Path  string // as given, for messages
	Final string // the file renamed over: Path, or a symlink's target
	Kind  Kind
}

// Resolve decides how path is written, without writing anything.
func Resolve(path string, atomic bool) (Plan, error) {
	if path == "" {
		return Plan{}, errors.New("no output file given")
	}
	if path == "-" || path == "/dev/stdout" {
		return Plan{Path: path, Kind: Stdout}, nil
	}
	final, err := followLinks(path)
	if err != nil {
		return Plan{}, err
	}
	p := Plan{Path: path, Final: final}
	st, err := os.Stat(final)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		// A new file: its directory must exist.
	case err != nil:
		return Plan{}, fmt.Errorf("%s: output: %w", path, err)
	case st.Mode().IsRegular():
	case st.IsDir():
		return Plan{}, &RefusedError{path, "output is a directory"}
	case st.Mode()&fs.ModeSocket != 0:
		return Plan{}, &RefusedError{path, "output is a socket; namepipe writes files, devices, FIFOs or stdout (-)"}
	case st.Mode()&(fs.ModeCharDevice|fs.ModeNamedPipe) != 0:
		if atomic {
			return Plan{}, &RefusedError{path, "output is a device or FIFO, which cannot be committed atomically here; give a file"}
		}
		p.Kind = Direct
		return p, nil
	default:
		return Plan{}, &RefusedError{path, fmt.Sprintf("output is not a regular file (%s)", st.Mode().Type())}
	}
	dir := filepath.Dir(final)
	dst, err := os.Stat(dir)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return Plan{}, fmt.Errorf("%s: output directory %s does not exist", path, dir)
	case err != nil:
		return Plan{}, fmt.Errorf("%s: output directory: %w", path, err)
	case !dst.IsDir():
		return Plan{}, fmt.Errorf("%s: %s is not a directory", path, dir)
	}
	return p, nil
}

// followLinks returns the path a chain of symlinks ends at, which need
// not exist (a dangling link names the file to create).
func followLinks(path string) (string, error) {
	p := path
	for hops := 0; ; hops++ {
		st, err := os.Lstat(p)
		if err != nil || st.Mode()&fs.ModeSymlink == 0 {
			return p, nil
		}
		if hops == 40 {
			return "", &RefusedError{path, "too many levels of symbolic links"}
		}
		dest, err := os.Readlink(p)
		if err != nil {
			return "", fmt.Errorf("%s: reading the link: %w", path, err)
		}
		if !filepath.IsAbs(dest) {
			dest = filepath.Join(filepath.Dir(p), dest)
		}
		p = dest
	}
}

// File is an output under construction (see the package comment).
type File struct {
	plan      Plan
	protect   []string
	tmpName   string
	f         TempFile
	err       error // sticky write error
	done      bool  // committed or aborted
	leftovers []string
}

// Create resolves path and opens it for writing: the temporary file, the
// device or FIFO, or standard output.
func Create(path string, o Options) (*File, error) {
	plan, err := Resolve(path, o.Atomic)
	if err != nil {
		return nil, err
	}
	switch plan.Kind {
	case Stdout:
		return &File{plan: plan, f: stdoutFile{}}, nil
	case Direct:
		f, err := os.OpenFile(plan.Final, os.O_WRONLY, 0)
		if err != nil {
			return nil, fmt.Errorf("%s: opening output: %w", path, err)
		}
		return &File{plan: plan, f: f}, nil
	}
	if err := checkProtected(plan.Final, o.Protect); err != nil {
		return nil, err
	}
	out := &File{plan: plan, protect: o.Protect}
	out.leftovers = removeLeftovers(plan.Final)
	create := o.CreateTemp
	if create == nil {
		create = func(dir, pattern string) (TempFile, error) { return os.CreateTemp(dir, pattern) }
	}
	dir := filepath.Dir(plan.Final)
	f, err := create(dir, TempPattern(tempPrefix(plan.Final)))
	if err != nil {
		if os.IsPermission(err) || errors.Is(err, syscall.EROFS) {
			return nil, fmt.Errorf("%s: cannot write to output directory %s: %w", path, dir, err)
		}
		return nil, fmt.Errorf("%s: creating output: %w", path, err)
	}
	out.f, out.tmpName = f, f.Name()
	perm := o.Perm
	if perm == 0 {
		perm = 0o644
	}
	if err := f.Chmod(perm); err != nil {
		out.Abort()
		return nil, fmt.Errorf("%s: setting permissions: %w", path, err)
	}
	return out, nil
}

// tempPrefix is the start of the temporary files' names of final.
func tempPrefix(final string) string { return "." + filepath.Base(final) + ".tmp-" }

// removeLeftovers removes the temporary files of final whose process is
// gone and returns their paths.
func removeLeftovers(final string) []string {
	return RemoveLeftovers(filepath.Dir(final), tempPrefix(final))
}

// RemoveLeftovers removes the entries of dir named prefix+"<pid>-…"
// (files, or directories with what they hold) whose process is gone, and
// returns their paths. One whose process still runs, or whose name
// carries no process ID, is left alone. Temporary names made with
// TempPattern(prefix) are found this way.
func RemoveLeftovers(dir, prefix string) []string {
	ents, err := os.ReadDir(dir)
	if err != nil {
		return nil
	}
	var removed []string
	for _, e := range ents {
		rest, ok := strings.CutPrefix(e.Name(), prefix)
		if !ok || !(e.Type().IsRegular() || e.IsDir()) {
			continue
		}
		pidText, _, ok := strings.Cut(rest, "-")
		pid, err := strconv.Atoi(pidText)
		if !ok || err != nil || pid <= 0 || Alive(pid) {
			continue
		}
		p := filepath.Join(dir, e.Name())
		if os.RemoveAll(p) == nil {
			removed = append(removed, p)
		}
	}
	return removed
}

// TempPattern is the os.CreateTemp / os.MkdirTemp pattern of a temporary
// name starting with prefix that carries this process's ID, so that
// RemoveLeftovers(dir, prefix) can tell when it is left over.
func TempPattern(prefix string) string {
	return prefix + strconv.Itoa(os.Getpid()) + "-*"
}

// Alive reports whether process pid exists (a process of another user
// counts as alive).
func Alive(pid int) bool {
	if pid == os.Getpid() {
		return true
	}
	err := syscall.Kill(pid, 0)
	return err == nil || errors.Is(err, syscall.EPERM)
}

// checkProtected fails when path is, or would replace, one of protect.
func checkProtected(path string, protect []string) error {
	abs, _ := filepath.Abs(path)
	pst, perr := os.Stat(path)
	for _, p := range protect {
		if p == "" || p == "-" {
			continue
		}
		if a, _ := filepath.Abs(p); a == abs {
			return fmt.Errorf("%s: refusing to overwrite the input file", path)
		}
		if perr != nil {
			continue
		}
		if st, err := os.Stat(p); err == nil && os.SameFile(st, pst) {
			return fmt.Errorf("%s: refusing to overwrite the input file %s (same file)", path, p)
		}
	}
	return nil
}

// Kind says how the output is written.
func (o *File) Kind() Kind { return o.plan.Kind }

// Path is the output path as given.
func (o *File) Path() string { return o.plan.Path }

// Leftovers lists the temporary files of earlier runs of the same output
// that Create removed (their process was gone).
func (o *File) Leftovers() []string { return o.leftovers }

// Write writes to the output, naming it in errors and keeping the first
// error.
func (o *File) Write(p []byte) (int, error) {
	if o.err != nil {
		return 0, o.err
	}
	if o.done {
		return 0, fmt.Errorf("%s: output already committed or aborted", o.plan.Path)
	}
	n, err := o.f.Write(p)
	if err != nil {
		o.err = wrapWriteErr(o.plan.Path, err)
		return n, o.err
	}
	return n, nil
}

func wrapWriteErr(path string, err error) error {
	if errors.Is(err, syscall.ENOSPC) {
		return fmt.Errorf("%s: disk full while writing output: %w", path, err)
	}
	if errors.Is(err, syscall.EDQUOT) {
		return fmt.Errorf("%s: disk quota exceeded while writing output: %w", path, err)
	}
	return fmt.Errorf("%s: writing output: %w", path, err)
}

// Commit makes the output final: for a file, syncs the temporary file,
// renames it over the path (the link's target for a symlink) and syncs
// the directory; for a device or FIFO, closes it.
func (o *File) Commit() error {
	if o.done {
		return fmt.Errorf("%s: output already committed or aborted", o.plan.Path)
	}
	if o.err != nil {
		o.Abort()
		return o.err
	}
	switch o.plan.Kind {
	case Stdout:
		o.done = true
		return nil
	case Direct:
		o.done = true
		if err := o.f.Close(); err != nil {
			return wrapWriteErr(o.plan.Path, err)
		}
		return nil
	}
	if err := o.f.Sync(); err != nil {
		o.Abort()
		return wrapWriteErr(o.plan.Path, err)
	}
	if err := o.f.Close(); err != nil {
		o.f = nil
		o.Abort()
		return wrapWriteErr(o.plan.Path, err)
	}
	o.f = nil
	if err := checkProtected(o.plan.Final, o.protect); err != nil {
		o.Abort()
		return err
	}
	if err := os.Rename(o.tmpName, o.plan.Final); err != nil {
		o.Abort()
		return fmt.Errorf("%s: moving output into place: %w", o.plan.Path, err)
	}
	o.done = true
	if d, err := os.Open(filepath.Dir(o.plan.Final)); err == nil {
		err = d.Sync()
		d.Close()
		if err != nil && !errors.Is(err, syscall.EINVAL) {
			return fmt.Errorf("%s: syncing output directory: %w", o.plan.Path, err)
		}
	}
	return nil
}

// Abort removes the temporary file (a no-op after Commit). A device or
// FIFO keeps what was written to it; standard output too.
func (o *File) Abort() error {
	if o.done {
		return nil
	}
	o.done = true
	switch o.plan.Kind {
	case Stdout:
		return nil
	case Direct:
		return o.f.Close()
	}
	if o.f != nil {
		o.f.Close()
		o.f = nil
	}
	if err := os.Remove(o.tmpName); err != nil && !os.IsNotExist(err) {
		return fmt.Errorf("%s: removing temporary output %s: %w", o.plan.Path, o.tmpName, err)
	}
	return nil
}

// WriteFile writes data to path as Create decides, committing it whole.
func WriteFile(path string, data []byte, o Options) (*File, error) {
	f, err := Create(path, o)
	if err != nil {
		return nil, err
	}
	if _, err := f.Write(data); err != nil {
		f.Abort()
		return f, err
	}
	return f, f.Commit()
}

// stdoutFile writes to standard output (looked up at each write, so that
// tests may replace os.Stdout).
type stdoutFile struct{}

func (stdoutFile) Write(p []byte) (int, error) { return os.Stdout.Write(p) }
func (stdoutFile) Name() string                { return "stdout" }
func (stdoutFile) Chmod(os.FileMode) error     { return nil }
func (stdoutFile) Sync() error                 { return nil }
func (stdoutFile) Close() error                { return nil }
