package pipeline

import (
	"errors"
	"fmt"
)

// Reason says why a run stopped before the end of its input.
type Reason string

// Reasons of a RunError.
const (
	// ReasonServiceDown: MaxConsecutiveFailures calls in a row failed.
	ReasonServiceDown Reason = "service down"
	// ReasonAccessDenied: the service refused the caller (wrong API key,
	// exhausted quota); no further call can succeed.
	ReasonAccessDenied Reason = "access denied"
	// ReasonInterrupted: the context was cancelled (Ctrl-C, SIGTERM).
	ReasonInterrupted Reason = "interrupted"
	// ReasonInput: the reader failed.
	ReasonInput Reason = "input error"
	// ReasonOutput: the writer failed.
	ReasonOutput Reason = "output error"
)

// RunError is the error of a run that stopped early. Every row read before
// the stop was handed to the writer (rows whose calls could not be made
// carry an error); the rows after it were not read. Rerunning the same
// command resumes: with a persistent cache, the results already obtained
// are not paid for again.
type RunError struct {
	Reason Reason
	// RowsRead and RowsWritten count the rows read and handed to the writer.
	RowsRead, RowsWritten int64
	// Err is the cause: the last service error, the context's error, or the
	// reader's or writer's error.
	Err error
}

// Error implements error. It counts the rows read; whether the rows
// handed to the writer reached the output is the caller's to say (a file
// output is discarded, standard output is not).
func (e *RunError) Error() string {
	switch e.Reason {
	case ReasonServiceDown:
		return fmt.Sprintf("the service appears down (stopped after %d rows read; rerun to resume): last error: %v",
			e.RowsRead, e.Err)
	case ReasonAccessDenied:
		return fmt.Sprintf("the service denied access: check the API key (engine.apiKeyEnv) and the account's quota (stopped after %d rows read; rerun to resume): %v",
			e.RowsRead, e.Err)
	case ReasonInterrupted:
		return fmt.Sprintf("interrupted after %d rows read; rerun to resume: %v", e.RowsRead, e.Err)
	default:
		return fmt.Sprintf("%s after %d rows read: %v", e.Reason, e.RowsRead, e.Err)
	}
}

// Unwrap returns the cause.
func (e *RunError) Unwrap() error { return e.Err }

// ErrStopped is wrapped by the error of an operation that was not sent, or
// whose retries were abandoned, because the run was stopping.
var ErrStopped = errors.New("run stopped")

// exhaustedError is a retryable error that failed on every attempt.
type exhaustedError struct {
	attempts int
	err      error
}

func (e *exhaustedError) Error() string {
	return fmt.Sprintf("gave up after %d attempts: %v", e.attempts, e.err)
}

func (e *exhaustedError) Unwrap() error { return e.err }

// stoppedError is the outcome of an operation not completed because the run
// was stopping.
type stoppedError struct {
	reason Reason
	last   error // the last error of an abandoned retry, or nil
}

func (e *stoppedError) Error() string {
	if e.last != nil {
		return fmt.Sprintf("%v (%s); retry abandoned after: %v", ErrStopped, e.reason, e.last)
	}
	return fmt.Sprintf("not sent: %v (%s)", ErrStopped, e.reason)
}

func (e *stoppedError) Unwrap() []error {
	if e.last != nil {
		return []error{ErrStopped, e.last}
	}
	return []error{ErrStopped}
}
