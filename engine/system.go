package engine

import (
	"context"
	"fmt"

	"github.com/namepipe/namepipe/nameapi"
)

// opThrower names the exception thrower in its errors. It stays
// "system/exceptionthrower" although the REST path is
// development/exceptionthrower: changing it would change the text of
// answers that clients may match on.
const opThrower = "system/exceptionthrower"

// Ping answers the ping service: nil ("pong") unless ctx is done.
func (e *Engine) Ping(ctx context.Context) error {
	if err := ctx.Err(); err != nil {
		return fmt.Errorf("engine ping: %w", err)
	}
	return nil
}

// ThrowException implements the exception thrower: with probability
// chance/100 it returns the requested error, a *nameapi.Error of the
// matching kind with the details of the fault the service sends (the
// server adds the HTTP status, fault cause and blame of the kind):
//
//   - InvalidInput: KindInvalidInput, retrySameLocation NO;
//   - AccessDeniedNoSuchAccount: KindAccessDenied, applicationErrorCode
//     1201, retrySameLocation and retryOtherLocations NO;
//   - InternalServerError: KindInternal, no retrySameLocation.
//
// The two disabled types (AccessDeniedRequestLimitExceeded,
// AccessDeniedTooManyConcurrentRequests), unknown types and a chance
// outside 0..100 give an invalid-input error. Chance 0 returns nil (the
// service answers "OK").
func (e *Engine) ThrowException(ctx context.Context, exceptionType string, chance int) error {
	if err := ctx.Err(); err != nil {
		return fmt.Errorf("engine exception thrower: %w", err)
	}
	switch exceptionType {
	case nameapi.ExceptionInvalidInput, nameapi.ExceptionAccessDeniedNoSuchAccount, nameapi.ExceptionInternalServerError:
	case nameapi.ExceptionAccessDeniedRequestLimitExceeded, nameapi.ExceptionAccessDeniedTooManyConcurrentRequests:
		return nameapi.NewInputError(opThrower, "exceptionType %s is disabled", exceptionType)
	case "":
		return nameapi.NewInputError(opThrower, "exceptionType is missing")
	default:
		return nameapi.NewInputError(opThrower, "unknown exceptionType %q (want %s, %s or %s)", exceptionType,
			nameapi.ExceptionInvalidInput, nameapi.ExceptionAccessDeniedNoSuchAccount, nameapi.ExceptionInternalServerError)
	}
	if chance < 0 || chance > 100 {
		return nameapi.NewInputError(opThrower, "exceptionChance %d outside 0..100", chance)
	}
	if chance == 0 {
		return nil
	}
	e.mu.Lock()
	roll := e.rnd.IntN(100)
	incident := e.rnd.Uint64()
	e.mu.Unlock()
	if roll >= chance {
		return nil
	}
	return thrownError(exceptionType, fmt.Sprintf("%016x", incident))
}

// thrownError builds the error the exception thrower was asked for.
func thrownError(exceptionType, incident string) *nameapi.Error {
	no := &nameapi.RetryInfo{RetryType: nameapi.RetryNo}
	f := &nameapi.Fault{IncidentID: incident}
	var kind nameapi.Kind
	switch exceptionType {
	case nameapi.ExceptionInvalidInput:
		kind = nameapi.KindInvalidInput
		f.Message = "Invalid input, thrown on request by the exception thrower."
		f.RetrySameLocation = no
	case nameapi.ExceptionAccessDeniedNoSuchAccount:
		kind = nameapi.KindAccessDenied
		f.Message = "No such account, thrown on request by the exception thrower."
		f.ApplicationErrorCode = "1201"
		f.RetrySameLocation = no
		f.RetryOtherLocations = &nameapi.RetryInfo{RetryType: nameapi.RetryNo}
	default: // InternalServerError
		kind = nameapi.KindInternal
		f.Message = "Internal server error, thrown on request by the exception thrower."
	}
	return &nameapi.Error{Op: opThrower, Kind: kind, Fault: f}
}
