package readers

import (
	"fmt"
	"io"
	"os"
	"sync/atomic"
)

// input is an opened file or standard input that counts the bytes read
// from it, for Progress.
type input struct {
	name  string // for messages: the path as given, or "stdin"
	f     *os.File
	size  int64 // 0 when unknown
	read  atomic.Int64
	stdin bool
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
	in := &input{name: path, f: f}
	if st.Mode().IsRegular() {
		in.size = st.Size()
	}
	return in, nil
}

func (in *input) Read(p []byte) (int, error) {
	n, err := in.f.Read(p)
	in.read.Add(int64(n))
	return n, err
}

// progress reports bytes read so far and the file size (0 if unknown).
func (in *input) progress() (int64, int64) {
	done := in.read.Load()
	if in.size > 0 && done > in.size {
		done = in.size
	}
	return done, in.size
}

// Close closes the file; standard input is left open.
func (in *input) Close() error {
	if in.stdin {
		return nil
	}
	return in.f.Close()
}

var _ io.Reader = (*input)(nil)
