package nameapi

import "testing"

// TestErrorKinds checks how an error a local backend reports by kind (no
// HTTP status) classifies and reads.
func TestErrorKinds(t *testing.T) {
	t.Parallel()
	tests := []struct {
		err                        *Error
		invalid, denied, retryable bool
		text                       string
	}{
		{NewInputError("parser/personnameparser", "inputPerson has %s", "no name fields"), true, false, false,
			"nameapi parser/personnameparser: invalid input: inputPerson has no name fields"},
		{&Error{Op: "x", Kind: KindAccessDenied, Fault: &Fault{Message: "No such account", RetrySameLocation: &RetryInfo{RetryType: RetryNo}}}, false, true, false,
			"nameapi x: access denied: No such account"},
		{&Error{Op: "x", Kind: KindInternal, Fault: &Fault{Message: "boom"}}, false, false, true, "nameapi x: internal error: boom"},
		{&Error{Op: "x", Kind: KindInternal, HTTPStatus: 400}, true, false, false, "nameapi x: HTTP 400"}, // a status wins
	}
	for _, tt := range tests {
		e := tt.err
		if e.InvalidInput() != tt.invalid || e.AccessDenied() != tt.denied || e.Retryable() != tt.retryable {
			t.Errorf("%v: InvalidInput %v AccessDenied %v Retryable %v, want %v %v %v", e,
				e.InvalidInput(), e.AccessDenied(), e.Retryable(), tt.invalid, tt.denied, tt.retryable)
		}
		if got := e.Error(); got != tt.text {
			t.Errorf("Error() = %q, want %q", got, tt.text)
		}
	}
}
