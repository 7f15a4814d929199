package nameapi

import (
	"net/url"
	"regexp"
	"strings"
)

// apiKeyParam matches an apiKey query parameter and its value.
var apiKeyParam = regexp.MustCompile(`(?i)(apiKey=)[^&\s"'#<>]*`)

// keyForms returns the spellings under which key may appear in text: as
// is, query-escaped and path-escaped.
func keyForms(key string) []string {
	if key == "" {
		return nil
	}
	forms := []string{key}
	for _, f := range []string{url.QueryEscape(key), url.PathEscape(key)} {
		dup := false
		for _, g := range forms {
			if g == f {
				dup = true
			}
		}
		if !dup {
			forms = append(forms, f)
		}
	}
	return forms
}

// redactQueryString replaces the value of every apiKey parameter in s.
func redactQueryString(s string) string {
	return apiKeyParam.ReplaceAllString(s, "${1}"+RedactedKey)
}

// redact removes the API key from s: every apiKey parameter's value and
// every occurrence of the key itself.
func (c *Client) redact(s string) string {
	s = redactQueryString(s)
	for _, f := range c.keyForms {
		s = strings.ReplaceAll(s, f, RedactedKey)
	}
	return s
}

// redactedError is an error whose text was cleaned of the API key. It
// unwraps to the first error of the original chain whose own text is free
// of the key (for *url.Error that is the network error inside), so that
// errors.Is and errors.As still find context, net and io errors.
type redactedError struct {
	msg   string
	cause error
}

func (r *redactedError) Error() string { return r.msg }
func (r *redactedError) Unwrap() error { return r.cause }

// redactErr returns err unchanged when its text is free of the key, else a
// redactedError.
func (c *Client) redactErr(err error) error {
	if err == nil {
		return nil
	}
	msg := err.Error()
	clean := c.redact(msg)
	if clean == msg {
		return err
	}
	var cause error
	for u := unwrapOne(err); u != nil; u = unwrapOne(u) {
		if c.redact(u.Error()) == u.Error() {
			cause = u
			break
		}
	}
	return &redactedError{msg: clean, cause: cause}
}

// unwrapOne follows a single-error Unwrap, or the first of a joined error.
func unwrapOne(err error) error {
	switch x := err.(type) {
	case interface{ Unwrap() error }:
		return x.Unwrap()
	case interface{ Unwrap() []error }:
		if errs := x.Unwrap(); len(errs) > 0 {
			return errs[0]
		}
	}
	return nil
}

// redactFault removes the API key from every text field of a server fault
// (a server may echo the key, as in "No such account: >>>key<<<").
func (c *Client) redactFault(f *Fault) {
	f.FaultCause = c.redact(f.FaultCause)
	f.Blame = c.redact(f.Blame)
	f.Message = c.redact(f.Message)
	f.ApplicationErrorCode = c.redact(f.ApplicationErrorCode)
	f.IncidentID = c.redact(f.IncidentID)
	f.HTTPStatusMeaning = c.redact(f.HTTPStatusMeaning)
}
