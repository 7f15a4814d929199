package nameapi

import (
	"bytes"
	"context"
	"encoding/xml"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"time"
)

// ClassifyEmailDomain classifies the domain of an email address with the
// SOAP operation classify of /soap/v4.0/email/emaildomaintypeclassifier
// (the public service offers it over SOAP only). The three faults become a
// *Error with SOAPFault set; only InternalServerErrorWebServiceException is
// retryable.
func (c *Client) ClassifyEmailDomain(ctx context.Context, emailAddress string) (*EmailDomainTypeClassifierResult, error) {
	e := EndpointEmailDomainTypeClassifier
	op := e.SOAPName()
	env := SOAPEnvelope{Body: SOAPBody{Classify: &SOAPClassify{EmailAddress: emailAddress}}}
	resp, err := c.soapCall(ctx, op, e.SOAPPath, &env)
	if err != nil {
		return nil, err
	}
	if resp.Body.ClassifyResponse == nil {
		return nil, &Error{Op: op, HTTPStatus: http.StatusOK, Err: errors.New("decoding response: no classifyResponse in the SOAP body")}
	}
	return &EmailDomainTypeClassifierResult{
		DomainType: strings.TrimSpace(resp.Body.ClassifyResponse.Return.EmailDomainType),
	}, nil
}

// PingSOAP calls the ping operation of /soap/v4.0/system/pinger and returns
// nil when the service answered "pong".
func (c *Client) PingSOAP(ctx context.Context) error {
	op := EndpointSOAPPinger.SOAPName()
	env := SOAPEnvelope{Body: SOAPBody{Ping: &SOAPPing{}}}
	resp, err := c.soapCall(ctx, op, EndpointSOAPPinger.SOAPPath, &env)
	if err != nil {
		return err
	}
	if resp.Body.PingResponse == nil {
		return &Error{Op: op, HTTPStatus: http.StatusOK, Err: errors.New("decoding response: no pingResponse in the SOAP body")}
	}
	if got := strings.TrimSpace(resp.Body.PingResponse.Return); got != "pong" {
		return &Error{Op: op, HTTPStatus: http.StatusOK, Err: fmt.Errorf("unexpected answer %q, want pong", c.redact(got))}
	}
	return nil
}

// soapURL is the address of a SOAP service; the API key travels as the
// apiKey query parameter, as on REST (omitted when empty).
func (c *Client) soapURL(path string) *url.URL {
	u := *c.soapBase
	u.Path = c.soapBase.Path + path
	if c.apiKey != "" {
		u.RawQuery = url.Values{"apiKey": {c.apiKey}}.Encode()
	} else {
		u.RawQuery = ""
	}
	return &u
}

// soapCall posts a SOAP 1.1 envelope (document/literal, empty SOAPAction)
// and decodes the answer. A SOAP fault, a non-200 status or an answer that
// is not a SOAP envelope is a *Error.
func (c *Client) soapCall(ctx context.Context, op, path string, env *SOAPEnvelope) (*SOAPEnvelope, error) {
	payload, err := xml.Marshal(env)
	if err != nil {
		return nil, &Error{Op: op, Err: fmt.Errorf("encoding SOAP request: %w", c.redactErr(err))}
	}
	payload = append([]byte(xml.Header), payload...)
	hdr := http.Header{}
	hdr.Set("Content-Type", SOAPContentType)
	hdr.Set("Accept", "text/xml")
	hdr[SOAPActionHeaderName] = []string{`""`}
	u := c.soapURL(path)
	status, respHdr, body, err := c.roundTrip(ctx, op, http.MethodPost, u, hdr, bytes.NewReader(payload))
	if err != nil {
		return nil, err
	}
	var resp SOAPEnvelope
	decErr := xml.Unmarshal(body, &resp)
	if decErr == nil && resp.Body.Fault != nil {
		e := c.soapFaultError(op, status, resp.Body.Fault)
		// A 503 or 429 fault says when to come back, as REST answers do.
		e.RetryAfter = parseRetryAfter(respHdr.Get("Retry-After"), time.Now())
		return nil, e
	}
	if status != http.StatusOK {
		return nil, c.statusError(op, status, respHdr, body)
	}
	if decErr != nil {
		return nil, &Error{Op: op, HTTPStatus: status, Err: fmt.Errorf("decoding SOAP response: %w", c.redactErr(decErr))}
	}
	return &resp, nil
}

// soapFaultError maps a SOAP fault to a *Error. The three classify faults
// set SOAPFault (and a Fault with the matching cause and blame); another
// fault is judged by its HTTP status.
func (c *Client) soapFaultError(op string, status int, f *SOAPFault) *Error {
	name := ""
	msg := strings.TrimSpace(f.FaultString)
	if f.Detail != nil {
		name = f.Detail.Exception.XMLName.Local
		if m := strings.TrimSpace(f.Detail.Exception.Message); m != "" {
			msg = m
		}
	}
	known := map[string][2]string{
		SOAPFaultAccessDenied:        {FaultAccessDenied, BlameClient},
		SOAPFaultInvalidInput:        {FaultBadRequest, BlameClient},
		SOAPFaultInternalServerError: {FaultInternalServerError, BlameServer},
	}
	if _, ok := known[name]; !ok {
		// No detail element: look for a known name in the code or text.
		name = ""
		for k := range known {
			if strings.Contains(f.FaultCode, k) || strings.Contains(f.FaultString, k) {
				name = k
			}
		}
	}
	e := &Error{Op: op, HTTPStatus: status}
	if status == http.StatusOK {
		// A fault is never a success, whatever the status line said.
		e.HTTPStatus = http.StatusInternalServerError
	}
	if name == "" {
		e.Fault = &Fault{FaultCause: strings.TrimSpace(f.FaultCode), Message: msg}
		c.redactFault(e.Fault)
		return e
	}
	e.SOAPFault = name
	e.Fault = &Fault{FaultCause: known[name][0], Blame: known[name][1], Message: msg}
	c.redactFault(e.Fault)
	return e
}
