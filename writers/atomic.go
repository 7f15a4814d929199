package writers

import (
	"fmt"
	"io"
	"os"

	"github.com/namepipe/namepipe/outfile"
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
	// Atomic refuses an output path that is a device or FIFO (which is
	// otherwise written directly, see outfile).
	Atomic bool
	// Compression of a text output: "gzip" or "zstd" (record.Compression*),
	// done on its own goroutine; "" = none. Create sets it from the
	// path's extension (.gz, .zst) when it is not set.
	Compression string
}

// tempFile is the part of *os.File the writers use (replaceable in tests).
type tempFile = outfile.TempFile

// createTemp creates the temporary file; tests replace it to inject
// faults such as a full disk. nil is os.CreateTemp.
var createTemp func(dir, pattern string) (tempFile, error)

// target is an output under construction, as outfile decides how to
// write its path: a temporary file renamed over it by commit, standard
// output, or a device or FIFO written directly.
type target struct {
	path string // for messages
	out  *outfile.File
	w    io.Writer // what the format writes to: an errWriter, or z
	z    *encoder  // compresses into the errWriter (FileOptions.Compression)
	err  error     // sticky write error
	done bool      // committed or aborted
}

// createTarget validates the output path and opens it.
func createTarget(path string, fo FileOptions) (*target, error) {
	out, err := outfile.Create(path, outfile.Options{Perm: fo.Perm, Protect: fo.Protect, Atomic: fo.Atomic, CreateTemp: createTemp})
	if err != nil {
		return nil, err
	}
	t := &target{path: path, out: out}
	if out.Kind() == outfile.Stdout {
		t.path = "stdout"
	}
	t.w = &errWriter{t: t}
	if fo.Compression != "" {
		z, err := newEncoder(fo.Compression, t.w)
		if err != nil {
			out.Abort()
			return nil, fmt.Errorf("%s: %w", path, err)
		}
		t.z, t.w = z, z
	}
	return t, nil
}

// closeCompressor writes the end of a compressed stream.
func (t *target) closeCompressor() error {
	if t.z == nil {
		return nil
	}
	z := t.z
	t.z = nil
	if err := z.Close(); err != nil {
		if t.err != nil {
			return t.err
		}
		return fmt.Errorf("%s: compressing output: %w", t.path, err)
	}
	return nil
}

// errWriter writes to the output, keeping the first error.
type errWriter struct{ t *target }

func (e *errWriter) Write(p []byte) (int, error) {
	if e.t.err != nil {
		return 0, e.t.err
	}
	n, err := e.t.out.Write(p)
	if err != nil {
		e.t.err = err
	}
	return n, err
}

// commit makes the output final (outfile.File.Commit).
func (t *target) commit(_ []string) error {
	if t.done {
		return fmt.Errorf("%s: output already committed or aborted", t.path)
	}
	t.done = true
	if err := t.closeCompressor(); err != nil {
		t.out.Abort()
		return err
	}
	return t.out.Commit()
}

// abort discards the output; a no-op after commit.
func (t *target) abort() error {
	if t.done {
		return nil
	}
	t.done = true
	if t.z != nil {
		t.z.Close() // stops its goroutine; the output is discarded
		t.z = nil
	}
	return t.out.Abort()
}

// Output is implemented by every writer of this package: how its path is
// written, and the temporary files of killed earlier runs that creating
// it removed.
type Output interface {
	OutputKind() outfile.Kind
	Leftovers() []string
}

func (t *target) OutputKind() outfile.Kind { return t.out.Kind() }
func (t *target) Leftovers() []string      { return t.out.Leftovers() }

func (w *csvWriter) OutputKind() outfile.Kind     { return w.t.OutputKind() }
func (w *csvWriter) Leftovers() []string          { return w.t.Leftovers() }
func (w *jsonlWriter) OutputKind() outfile.Kind   { return w.t.OutputKind() }
func (w *jsonlWriter) Leftovers() []string        { return w.t.Leftovers() }
func (w *parquetWriter) OutputKind() outfile.Kind { return w.t.OutputKind() }
func (w *parquetWriter) Leftovers() []string      { return w.t.Leftovers() }
