package readers

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"sync/atomic"
	"syscall"
	"time"
)

// ErrInputChanged is the error a reader gives, instead of the end of the
// input, when a regular input file changed while it was read: its size,
// modification time or inode (the path now names another file) differ
// from when it was opened. A run stops on it and commits nothing.
var ErrInputChanged = errors.New("the input changed while it was read")

// Input stability as Stats.ChangeCheck reports it.
const (
	CheckUnchanged  = "unchanged (size, modification time and inode the same at the start and end of reading)"
	CheckNotChecked = "not checked (standard input or not a regular file)"
)

// input is an opened file or standard input that counts the bytes read
// from it, for Progress, and checks at the end of reading that a regular
// file did not change.
type input struct {
	name  string // for messages: the path as given, or "stdin"
	path  string // the path opened; "" for stdin
	f     *os.File
	size  int64 // 0 when unknown
	read  atomic.Int64
	stdin bool
	// The regular file's identity when opened (start.ok false: not a
	// regular file, not checked).
	start   fileState
	checked bool // verify has passed at the end of reading
	// r is what Read returns: nil for the file itself, else the file's
	// first bytes sniffed, decoded when compressed (see openText).
	r io.Reader
	// dec decodes a compressed input; compression names it ("" = none).
	dec         *decoder
	compression string
}

// fileState is what tells that a file changed.
type fileState struct {
	ok         bool
	size       int64
	mtime      time.Time
	dev, inode uint64
}

func stateOf(st os.FileInfo) fileState {
	fs := fileState{ok: st.Mode().IsRegular(), size: st.Size(), mtime: st.ModTime()}
	if sys, ok := st.Sys().(*syscall.Stat_t); ok {
		fs.dev, fs.inode = uint64(sys.Dev), sys.Ino
	}
	return fs
}

// verify compares the file with its state when opened: through the open
// file (truncated, appended to or rewritten in place) and through its path
// (replaced by another file). Nil for standard input and non-regular
// files, which cannot be checked.
func (in *input) verify() error {
	if !in.start.ok {
		return nil
	}
	st, err := in.f.Stat()
	if err != nil {
		return fmt.Errorf("%s: checking the input at the end of reading: %w", in.name, err)
	}
	now := stateOf(st)
	var what string
	switch {
	case now.size != in.start.size:
		what = fmt.Sprintf("its size went from %d to %d bytes", in.start.size, now.size)
	case !now.mtime.Equal(in.start.mtime):
		what = fmt.Sprintf("it was modified at %s", now.mtime.Format(time.RFC3339Nano))
	default:
		pst, err := os.Stat(in.path)
		if err != nil {
			what = fmt.Sprintf("its path is gone (%v)", err)
		} else if p := stateOf(pst); p.inode != in.start.inode || p.dev != in.start.dev {
			what = "its path now names another file"
		}
	}
	if what != "" {
		return fmt.Errorf("%s: %w (%s); nothing was written: rerun on a file that stays unchanged, or on a copy", in.name, ErrInputChanged, what)
	}
	in.checked = true
	return nil
}

// changeCheck says what verify found, for Stats.ChangeCheck.
func (in *input) changeCheck() string {
	switch {
	case !in.start.ok:
		return CheckNotChecked
	case in.checked:
		return CheckUnchanged
	}
	return ""
}

// fileReader reads the file of an input, counting the bytes.
type fileReader struct{ in *input }

func (fr fileReader) Read(p []byte) (int, error) {
	n, err := fr.in.f.Read(p)
	fr.in.read.Add(int64(n))
	if err == io.EOF {
		if verr := fr.in.verify(); verr != nil {
			return n, verr
		}
	}
	return n, err
}

// openText opens path ("-" = standard input) to be read as text in
// format: a gzip or Zstandard stream, told by its first bytes, is
// decompressed on its own goroutine; a ZIP, an old Excel file or other
// binary data fails with one line saying what it looks like and what to
// do.
func openText(path, format string) (*input, error) {
	in, err := openInput(path)
	if err != nil {
		return nil, err
	}
	br := peekReader(fileReader{in})
	head, _ := br.Peek(peekSize) // an empty or unreadable file fails later, with its line
	in.r = br
	if kind := compressionOf(head); kind != "" {
		dec, err := newDecoder(in.name, kind, br)
		if err != nil {
			in.Close()
			return nil, err
		}
		in.dec, in.compression = dec, kind
		dbr := peekReader(dec)
		head, _ = dbr.Peek(peekSize)
		in.r = dbr
	}
	if msg := binaryInput(head, format); msg != "" {
		in.Close()
		if in.compression != "" {
			msg = "decompressed (" + in.compression + "), it " + msg
		} else {
			msg = "it " + msg
		}
		return nil, fmt.Errorf("%s: %s", in.name, msg)
	}
	return in, nil
}

// openInput opens path ("-" = standard input), with clear errors for a
// missing file, a directory or a permission problem.
func openInput(path string) (*input, error) {
	if path == "-" {
		in := &input{name: "stdin", f: os.Stdin, stdin: true}
		if st, err := os.Stdin.Stat(); err == nil && st.Mode().IsRegular() {
			in.size = st.Size()
		}
		return in, nil
	}
	if path == "" {
		return nil, fmt.Errorf("no input file given")
	}
	f, err := os.Open(path)
	if err != nil {
		switch {
		case os.IsNotExist(err):
			return nil, fmt.Errorf("%s: input file not found: %w", path, err)
		case os.IsPermission(err):
			return nil, fmt.Errorf("%s: no permission to read the input: %w", path, err)
		}
		return nil, fmt.Errorf("%s: opening input: %w", path, err)
	}
	st, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	if st.IsDir() {
		f.Close()
		return nil, fmt.Errorf("%s: is a directory, not an input file", path)
	}
	in := &input{name: path, path: path, f: f, start: stateOf(st)}
	if st.Mode().IsRegular() {
		in.size = st.Size()
	}
	return in, nil
}

// Read reads from the input; at its end, a regular file that changed
// since it was opened gives an error wrapping ErrInputChanged instead of
// io.EOF.
func (in *input) Read(p []byte) (int, error) {
	if in.r != nil {
		return in.r.Read(p)
	}
	return fileReader{in}.Read(p)
}

// progress reports the bytes consumed so far and the file size (0 if
// unknown): the bytes read from the file less those still buffered,
// unread by the parser (buffered: its own buffer's count), so that the
// position is that of the last row returned, not 1 MiB ahead of it. For a
// compressed input both count compressed bytes, and done includes what
// the decoder read ahead (a few blocks). Called by the goroutine that
// reads.
func (in *input) progress(buffered int) (int64, int64) {
	done := in.read.Load()
	if in.dec == nil {
		done -= int64(buffered)
		if br, ok := in.r.(*bufio.Reader); ok {
			done -= int64(br.Buffered())
		}
	}
	done = max(done, 0)
	if in.size > 0 && done > in.size {
		done = in.size
	}
	return done, in.size
}

// Close closes the file and stops its decoder; standard input is left
// open.
func (in *input) Close() error {
	if in.dec != nil {
		in.dec.Close()
	}
	if in.stdin {
		return nil
	}
	return in.f.Close()
}

var _ io.Reader = (*input)(nil)
