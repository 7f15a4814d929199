package writers

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"syscall"
)

// FileOptions are the options every file writer shares.
type FileOptions struct {
	// Perm is the output file's permission bits; 0 means 0644. Use 0600
	// for output that only its owner may read. The umask does not apply.
	Perm os.FileMode
	// Protect lists files that must never be overwritten, typically the
	// run's input: creating an output that is the same file (same path,
	// or same inode through a link) fails.
	Protect []string
}

// tempFile is the part of *os.File the writers use (replaceable in tests).
type tempFile interface {
	io.Writer
	Name() string
	Chmod(os.FileMode) error
	Sync() error
	Close() error
}

// createTemp creates the temporary file; tests replace it to inject
// faults such as a full disk.
var createTemp = func(dir, pattern string) (tempFile, error) {
	return os.CreateTemp(dir, pattern)
}

// target is an output under construction: a temporary file beside the
// final path, renamed over it by commit. For "-" it is standard output.
type target struct {
	path    string // final path, for messages
	tmpName string
	f       tempFile
	w       io.Writer // what the format writes to: f, or os.Stdout
	stdout  bool
	err     error // sticky write error
	done    bool  // committed or aborted
}

// createTarget validates the output path and creates the temporary file.
func createTarget(path string, fo FileOptions) (*target, error) {
	if path == "-" {
		t := &target{path: "stdout", f: os.Stdout, stdout: true}
		t.w = &errWriter{t: t}
		return t, nil
	}
	if path == "" {
		return nil, errors.New("no output file given")
	}
	dir := filepath.Dir(path)
	st, err := os.Stat(dir)
	switch {
	case os.IsNotExist(err):
		return nil, fmt.Errorf("%s: output directory %s does not exist", path, dir)
	case err != nil:
		return nil, fmt.Errorf("%s: output directory: %w", path, err)
	case !st.IsDir():
		return nil, fmt.Errorf("%s: %s is not a directory", path, dir)
	}
	if st, err := os.Stat(path); err == nil && st.IsDir() {
		return nil, fmt.Errorf("%s: output is a directory", path)
	}
	if err := checkProtected(path, fo.Protect); err != nil {
		return nil, err
	}
	f, err := createTemp(dir, "."+filepath.Base(path)+".tmp-*")
	if err != nil {
		if os.IsPermission(err) || errors.Is(err, syscall.EROFS) {
			return nil, fmt.Errorf("%s: cannot write to output directory %s: %w", path, dir, err)
		}
		return nil, fmt.Errorf("%s: creating output: %w", path, err)
	}
	t := &target{path: path, tmpName: f.Name(), f: f}
	t.w = &errWriter{t: t}
	perm := fo.Perm
	if perm == 0 {
		perm = 0o644
	}
	if err := f.Chmod(perm); err != nil {
		t.abort()
		return nil, fmt.Errorf("%s: setting permissions: %w", path, err)
	}
	return t, nil
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

// errWriter writes to the temporary file, naming the output in errors
// and keeping the first error.
type errWriter struct{ t *target }

func (e *errWriter) Write(p []byte) (int, error) {
	if e.t.err != nil {
		return 0, e.t.err
	}
	if e.t.done {
		return 0, fmt.Errorf("%s: output already committed or aborted", e.t.path)
	}
	n, err := e.t.f.Write(p)
	if err != nil {
		e.t.err = wrapWriteErr(e.t.path, err)
		return n, e.t.err
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

// commit syncs the temporary file and renames it to the final path, then
// syncs the directory so that the rename survives a crash.
func (t *target) commit(protect []string) error {
	if t.done {
		return fmt.Errorf("%s: output already committed or aborted", t.path)
	}
	if t.err != nil {
		t.abort()
		return t.err
	}
	if t.stdout {
		t.done = true
		return nil
	}
	if err := t.f.Sync(); err != nil {
		t.abort()
		return wrapWriteErr(t.path, err)
	}
	if err := t.f.Close(); err != nil {
		t.f = nil
		t.abort()
		return wrapWriteErr(t.path, err)
	}
	t.f = nil
	if err := checkProtected(t.path, protect); err != nil {
		t.abort()
		return err
	}
	if err := os.Rename(t.tmpName, t.path); err != nil {
		t.abort()
		return fmt.Errorf("%s: moving output into place: %w", t.path, err)
	}
	t.done = true
	if d, err := os.Open(filepath.Dir(t.path)); err == nil {
		err = d.Sync()
		d.Close()
		if err != nil && !errors.Is(err, syscall.EINVAL) {
			return fmt.Errorf("%s: syncing output directory: %w", t.path, err)
		}
	}
	return nil
}

// abort removes the temporary file; a no-op after commit.
func (t *target) abort() error {
	if t.done {
		return nil
	}
	t.done = true
	if t.stdout {
		return nil
	}
	if t.f != nil {
		t.f.Close()
		t.f = nil
	}
	if err := os.Remove(t.tmpName); err != nil && !os.IsNotExist(err) {
		return fmt.Errorf("%s: removing temporary output %s: %w", t.path, t.tmpName, err)
	}
	return nil
}
