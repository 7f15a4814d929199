package server

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"net/http"
	"strconv"
	"time"

	"github.com/namepipe/namepipe/nameapi"
)

// newFault returns a fault with the status code and meaning filled in.
func newFault(status int, cause, blame, msg string, retry string) *nameapi.Fault {
	f := &nameapi.Fault{
		FaultCause:        cause,
		Blame:             blame,
		Message:           msg,
		HTTPStatusCode:    status,
		HTTPStatusMeaning: http.StatusText(status),
	}
	if retry != "" {
		f.RetrySameLocation = &nameapi.RetryInfo{RetryType: retry}
	}
	return f
}

// badRequest is the fault of input the server cannot accept.
func badRequest(msg string) *nameapi.Fault {
	return newFault(http.StatusBadRequest, nameapi.FaultBadRequest, nameapi.BlameClient, msg, nameapi.RetryNo)
}

// answer is an error answer: status, fault and optional Retry-After.
type answer struct {
	status     int
	fault      *nameapi.Fault
	retryAfter time.Duration
	// soapFault is the SOAP exception name for SOAP answers.
	soapFault string
}

func faultAnswer(f *nameapi.Fault) answer {
	return answer{status: f.HTTPStatusCode, fault: f, soapFault: soapFaultFor(f.HTTPStatusCode, f.FaultCause)}
}

// retryAfterSeconds is d rounded up to whole seconds, at least 1.
func retryAfterSeconds(d time.Duration) int {
	s := int((d + time.Second - 1) / time.Second)
	return max(s, 1)
}

// incidentID returns a random identifier that ties an answer to its log.
func incidentID() string {
	var b [8]byte
	_, _ = rand.Read(b[:])
	return hex.EncodeToString(b[:])
}

// errorAnswer turns an error of the service into an answer; internal
// errors get a generic message and an incident id, logged with the error.
func (s *Server) errorAnswer(r *http.Request, op string, err error) answer {
	var e *nameapi.Error
	if errors.As(err, &e) {
		return s.nameapiErrorAnswer(r, op, e)
	}
	if errors.Is(err, context.DeadlineExceeded) {
		f := newFault(http.StatusServiceUnavailable, nameapi.FaultInternalServerError, nameapi.BlameServer,
			"The request took too long to process.", nameapi.RetryLater)
		secs := retryAfterSeconds(s.opts.RetryAfter)
		f.RetrySameLocation.RetryInSeconds = &secs
		a := faultAnswer(f)
		a.retryAfter = time.Duration(secs) * time.Second
		return a
	}
	if errors.Is(err, context.Canceled) {
		// The client went away; the answer is not read.
		f := newFault(http.StatusServiceUnavailable, nameapi.FaultInternalServerError, nameapi.BlameServer,
			"The request was cancelled.", nameapi.RetryNow)
		return faultAnswer(f)
	}
	return s.internalError(r, op, err)
}

// internalError logs err under a fresh incident id and answers 500.
func (s *Server) internalError(r *http.Request, op string, err error) answer {
	id := incidentID()
	s.log.Error("internal server error", "op", op, "path", r.URL.Path, "incidentId", id, "err", err)
	f := newFault(http.StatusInternalServerError, nameapi.FaultInternalServerError, nameapi.BlameServer,
		"Internal server error (incident "+id+").", "")
	f.IncidentID = id
	return answer{status: http.StatusInternalServerError, fault: f, soapFault: nameapi.SOAPFaultInternalServerError}
}

// nameapiErrorAnswer answers an error of the service: its HTTP status, or
// for an error a local backend reports by kind (without a status) the
// status of the kind, with the fault filled in to match.
func (s *Server) nameapiErrorAnswer(r *http.Request, op string, e *nameapi.Error) answer {
	status := e.HTTPStatus
	if status == 0 {
		status = statusForKind(e.Kind)
	}
	if e.Fault != nil {
		f := *e.Fault
		if status == 0 {
			status = f.HTTPStatusCode
		}
		if status < 400 || status > 599 {
			status = statusForCause(f.FaultCause)
		}
		if f.FaultCause == "" {
			f.FaultCause = causeForStatus(status)
		}
		if f.Blame == "" {
			f.Blame = blameForStatus(status)
		}
		if f.Message == "" {
			f.Message = http.StatusText(status)
		}
		f.HTTPStatusCode = status
		f.HTTPStatusMeaning = http.StatusText(status)
		a := answer{status: status, fault: &f, retryAfter: e.RetryAfter, soapFault: e.SOAPFault}
		if a.soapFault == "" {
			a.soapFault = soapFaultFor(status, f.FaultCause)
		}
		return a
	}
	switch {
	case status >= 400 && status <= 599:
	case e.SOAPFault == nameapi.SOAPFaultInvalidInput:
		status = http.StatusBadRequest
	case e.SOAPFault == nameapi.SOAPFaultAccessDenied:
		status = http.StatusUnauthorized
	case e.Timeout:
		f := newFault(http.StatusGatewayTimeout, nameapi.FaultInternalServerError, nameapi.BlameServer,
			"The backend did not answer in time.", nameapi.RetryLater)
		return answer{status: f.HTTPStatusCode, fault: f, retryAfter: e.RetryAfter, soapFault: nameapi.SOAPFaultInternalServerError}
	case e.Network:
		f := newFault(http.StatusBadGateway, nameapi.FaultInternalServerError, nameapi.BlameServer,
			"The backend could not be reached.", nameapi.RetryLater)
		return answer{status: f.HTTPStatusCode, fault: f, retryAfter: e.RetryAfter, soapFault: nameapi.SOAPFaultInternalServerError}
	default:
		return s.internalError(r, op, e)
	}
	msg := http.StatusText(status)
	if e.Err != nil {
		msg = e.Err.Error()
	}
	retry := nameapi.RetryNo
	if e.Retryable() {
		retry = nameapi.RetryLater
	}
	f := newFault(status, causeForStatus(status), blameForStatus(status), msg, retry)
	a := answer{status: status, fault: f, retryAfter: e.RetryAfter, soapFault: e.SOAPFault}
	if a.soapFault == "" {
		a.soapFault = soapFaultFor(status, f.FaultCause)
	}
	return a
}

// statusForKind is the HTTP status of an error kind, 0 for KindUnknown.
func statusForKind(k nameapi.Kind) int {
	switch k {
	case nameapi.KindInvalidInput:
		return http.StatusBadRequest
	case nameapi.KindAccessDenied:
		return http.StatusUnauthorized
	case nameapi.KindInternal:
		return http.StatusInternalServerError
	}
	return 0
}

func statusForCause(cause string) int {
	switch cause {
	case nameapi.FaultBadRequest:
		return http.StatusBadRequest
	case nameapi.FaultAccessDenied:
		return http.StatusUnauthorized
	case nameapi.FaultTooManyRequests:
		return http.StatusTooManyRequests
	}
	return http.StatusInternalServerError
}

func causeForStatus(status int) string {
	switch {
	case status == http.StatusUnauthorized || status == http.StatusForbidden:
		return nameapi.FaultAccessDenied
	case status == http.StatusTooManyRequests:
		return nameapi.FaultTooManyRequests
	case status >= 500:
		return nameapi.FaultInternalServerError
	}
	return nameapi.FaultBadRequest
}

func blameForStatus(status int) string {
	if status >= 500 {
		return nameapi.BlameServer
	}
	return nameapi.BlameClient
}

func soapFaultFor(status int, cause string) string {
	switch {
	case cause == nameapi.FaultAccessDenied || status == http.StatusUnauthorized || status == http.StatusForbidden:
		return nameapi.SOAPFaultAccessDenied
	case status >= 400 && status < 500 && status != http.StatusTooManyRequests && status != http.StatusRequestTimeout:
		return nameapi.SOAPFaultInvalidInput
	}
	return nameapi.SOAPFaultInternalServerError
}

// writeFault writes a REST error answer.
func writeFault(w http.ResponseWriter, a answer) {
	h := w.Header()
	if a.retryAfter > 0 {
		h.Set("Retry-After", strconv.Itoa(retryAfterSeconds(a.retryAfter)))
	}
	writeJSON(w, a.status, a.fault)
}
