package nameapi

import (
	"errors"
	"fmt"
	"net/http"
	"strings"
	"time"
)

// Fault causes of the service's error bodies.
const (
	FaultBadRequest          = "BadRequest"
	FaultAccessDenied        = "AccessDenied"
	FaultInternalServerError = "InternalServerError"
	FaultTooManyRequests     = "TooManyRequests"

	BlameClient = "CLIENT"
	BlameServer = "SERVER"

	RetryNo    = "NO"
	RetryLater = "LATER"
	RetryNow   = "NOW"
)

// Fault is the JSON body of a non-200 REST answer. Only FaultCause, Blame
// and Message are always present.
type Fault struct {
	FaultCause           string     `json:"faultCause"`
	Blame                string     `json:"blame"`
	Message              string     `json:"message"`
	ApplicationErrorCode string     `json:"applicationErrorCode,omitempty"`
	IncidentID           string     `json:"incidentId,omitempty"`
	RetrySameLocation    *RetryInfo `json:"retrySameLocation,omitempty"`
	RetryOtherLocations  *RetryInfo `json:"retryOtherLocations,omitempty"`
	HTTPStatusCode       int        `json:"httpStatusCode,omitempty"`
	HTTPStatusMeaning    string     `json:"httpStatusMeaning,omitempty"`
}

// RetryInfo says whether and when a request may be retried.
type RetryInfo struct {
	RetryType      string `json:"retryType"`
	RetryInSeconds *int   `json:"retryInSeconds,omitempty"`
}

// Kind is what went wrong, whatever the transport. A backend that answers
// in-process (the offline engine) reports it without an HTTP status; a
// server maps it to a status and fault (package server).
type Kind uint8

// The kinds of error a backend reports.
const (
	KindUnknown      Kind = iota // no kind given (see HTTPStatus, Fault)
	KindInvalidInput             // the input cannot be accepted: HTTP 400 BadRequest
	KindAccessDenied             // the caller is refused: HTTP 401 AccessDenied
	KindInternal                 // the backend failed: HTTP 500 InternalServerError
)

// String returns the kind in words ("invalid input").
func (k Kind) String() string {
	switch k {
	case KindInvalidInput:
		return "invalid input"
	case KindAccessDenied:
		return "access denied"
	case KindInternal:
		return "internal error"
	}
	return "unknown"
}

// Error is the error of every failed operation, from the remote service or
// from a local backend. It says whether a retry can help (Retryable).
type Error struct {
	// Op is the operation or endpoint, such as "parser/personnameparser".
	Op string
	// Kind is what went wrong, as a local backend reports it (without
	// HTTPStatus); KindUnknown for errors that came over the wire.
	Kind Kind
	// HTTPStatus is the HTTP status code, 0 when no answer arrived.
	HTTPStatus int
	// Fault is the server's fault body, when it sent one.
	Fault *Fault
	// SOAPFault is the name of a SOAP fault, such as
	// "InvalidInputWebServiceException", when the error came from SOAP.
	SOAPFault string
	// RetryAfter is the server's Retry-After, or zero.
	RetryAfter time.Duration
	// Timeout is true when the request timed out.
	Timeout bool
	// Network is true for connection failures (refused, reset, closed early).
	Network bool
	// Err is the underlying cause, already redacted of secrets.
	Err error
}

// Error implements error. It never contains the API key.
func (e *Error) Error() string {
	var b strings.Builder
	b.WriteString("nameapi")
	if e.Op != "" {
		b.WriteString(" ")
		b.WriteString(e.Op)
	}
	switch {
	case e.HTTPStatus != 0:
		fmt.Fprintf(&b, ": HTTP %d", e.HTTPStatus)
		if e.SOAPFault != "" {
			fmt.Fprintf(&b, " SOAP fault %s", e.SOAPFault)
		}
	case e.SOAPFault != "":
		fmt.Fprintf(&b, ": SOAP fault %s", e.SOAPFault)
	case e.Kind != KindUnknown:
		fmt.Fprintf(&b, ": %s", e.Kind)
	case e.Timeout:
		b.WriteString(": timeout")
	case e.Network:
		b.WriteString(": network error")
	}
	if e.Fault != nil {
		if e.Fault.FaultCause != "" {
			fmt.Fprintf(&b, " %s", e.Fault.FaultCause)
		}
		if e.Fault.Message != "" {
			fmt.Fprintf(&b, ": %s", e.Fault.Message)
		}
	}
	if e.Err != nil {
		fmt.Fprintf(&b, ": %v", e.Err)
	}
	return b.String()
}

// Unwrap returns the underlying cause.
func (e *Error) Unwrap() error { return e.Err }

// Retryable reports whether the same request may succeed when sent again:
// the server's retrySameLocation when present, else true for timeouts,
// network failures, 429, 5xx and KindInternal, and false for everything
// else (400, 401, 403, invalid input, access denied).
func (e *Error) Retryable() bool {
	if e.Fault != nil && e.Fault.RetrySameLocation != nil && e.Fault.RetrySameLocation.RetryType != "" {
		return e.Fault.RetrySameLocation.RetryType != RetryNo
	}
	if e.SOAPFault != "" {
		return e.SOAPFault == SOAPFaultInternalServerError
	}
	if e.Timeout || e.Network {
		return true
	}
	if e.HTTPStatus == 0 && e.Kind != KindUnknown {
		return e.Kind == KindInternal
	}
	return e.HTTPStatus == http.StatusTooManyRequests || e.HTTPStatus >= 500
}

// InvalidInput reports whether the error is the service's invalid-input error.
func (e *Error) InvalidInput() bool {
	return e.HTTPStatus == http.StatusBadRequest || e.Kind == KindInvalidInput ||
		(e.Fault != nil && e.Fault.FaultCause == FaultBadRequest) ||
		e.SOAPFault == SOAPFaultInvalidInput
}

// AccessDenied reports whether the service refused the caller: HTTP 401 or
// 403, an AccessDenied fault (unknown key, exceeded quota or concurrency
// limit), or the SOAP access-denied fault. No request of the same caller
// can succeed until that changes.
func (e *Error) AccessDenied() bool {
	return e.HTTPStatus == http.StatusUnauthorized || e.HTTPStatus == http.StatusForbidden || e.Kind == KindAccessDenied ||
		(e.Fault != nil && e.Fault.FaultCause == FaultAccessDenied) ||
		e.SOAPFault == SOAPFaultAccessDenied
}

// SOAP fault names of the classify operation.
const (
	SOAPFaultAccessDenied        = "AccessDeniedWebServiceException"
	SOAPFaultInvalidInput        = "InvalidInputWebServiceException"
	SOAPFaultInternalServerError = "InternalServerErrorWebServiceException"
)

// NewInvalidInputError returns the invalid-input error (HTTP 400, blame
// CLIENT, not retryable) that a backend gives for input it cannot accept.
func NewInvalidInputError(op, format string, args ...any) *Error {
	msg := fmt.Sprintf(format, args...)
	return &Error{
		Op:         op,
		HTTPStatus: http.StatusBadRequest,
		Fault: &Fault{
			FaultCause:        FaultBadRequest,
			Blame:             BlameClient,
			Message:           msg,
			RetrySameLocation: &RetryInfo{RetryType: RetryNo},
			HTTPStatusCode:    http.StatusBadRequest,
			HTTPStatusMeaning: http.StatusText(http.StatusBadRequest),
		},
	}
}

// NewInputError returns the invalid-input error of a backend that answers
// in-process: KindInvalidInput, not retryable, with msg (fmt.Sprintf of
// format and args) as its fault message and no HTTP status. A server
// answers it with HTTP 400 BadRequest.
func NewInputError(op, format string, args ...any) *Error {
	return &Error{
		Op:   op,
		Kind: KindInvalidInput,
		Fault: &Fault{
			Message:           fmt.Sprintf(format, args...),
			RetrySameLocation: &RetryInfo{RetryType: RetryNo},
		},
	}
}

// IsRetryable reports whether err (or an error it wraps) says a retry can
// help. Context cancellation is never retryable; an unknown error is not.
func IsRetryable(err error) bool {
	if err == nil {
		return false
	}
	var e *Error
	if errors.As(err, &e) {
		return e.Retryable()
	}
	var r interface{ Retryable() bool }
	if errors.As(err, &r) {
		return r.Retryable()
	}
	return false
}
