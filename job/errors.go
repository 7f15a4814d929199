package job

import (
	"errors"
	"fmt"

	"github.com/namepipe/namepipe/outfile"
	"github.com/namepipe/namepipe/pipeline"
)

// Kind says what went wrong with a job, for a command's exit code.
type Kind int

// The kinds of job errors.
const (
	// Failed: the run failed (service, output, internal error).
	Failed Kind = iota
	// Usage: the config or the command line is wrong; nothing was read.
	Usage
	// Input: the input cannot be opened or read.
	Input
	// Interrupted: the job was cancelled; nothing was committed.
	Interrupted
)

// Error is a job's error with its kind.
type Error struct {
	Kind Kind
	Err  error
}

func (e *Error) Error() string { return e.Err.Error() }
func (e *Error) Unwrap() error { return e.Err }

// errorf returns an *Error of kind k.
func errorf(k Kind, format string, args ...any) error {
	return &Error{Kind: k, Err: fmt.Errorf(format, args...)}
}

// wrap returns err as an *Error of kind k (nil stays nil).
func wrap(k Kind, err error) error {
	if err == nil {
		return nil
	}
	return &Error{Kind: k, Err: err}
}

// KindOf returns the kind of err: Usage for an output path outfile
// refused, an *Error's own, a pipeline.RunError's
// reason, else Failed.
func KindOf(err error) Kind {
	var refused *outfile.RefusedError
	if errors.As(err, &refused) {
		return Usage // a path that cannot be an output
	}
	var je *Error
	if errors.As(err, &je) {
		return je.Kind
	}
	var re *pipeline.RunError
	if errors.As(err, &re) {
		switch re.Reason {
		case pipeline.ReasonInterrupted:
			return Interrupted
		case pipeline.ReasonInput:
			return Input
		}
	}
	return Failed
}
