package server

import (
	"context"
	"encoding/xml"
	"errors"
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/namepipe/namepipe/nameapi"
)

func soapEnvelope(body string) string {
	return `<?xml version="1.0" encoding="UTF-8"?><S:Envelope xmlns:S="http://schemas.xmlsoap.org/soap/envelope/"><S:Header/><S:Body>` +
		body + `</S:Body></S:Envelope>`
}

const classifyBody = `<ns2:classify xmlns:ns2="http://nameapi.org/soap/v4.0/email/emaildomaintypeclassifier"><context><priority>REALTIME</priority></context><emailAddress>john@gmail.com</emailAddress></ns2:classify>`

func postSOAP(t *testing.T, url, envelope string) (response, *nameapi.SOAPEnvelope) {
	t.Helper()
	req, err := http.NewRequest("POST", url, strings.NewReader(envelope))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", nameapi.SOAPContentType)
	req.Header.Set(nameapi.SOAPActionHeaderName, `""`)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	r := response{status: resp.StatusCode, header: resp.Header, body: string(b)}
	if ct := r.header.Get("Content-Type"); ct != nameapi.SOAPContentType {
		t.Errorf("Content-Type = %q", ct)
	}
	var env nameapi.SOAPEnvelope
	if err := xml.Unmarshal(b, &env); err != nil {
		t.Fatalf("answer is not a SOAP envelope: %v: %s", err, b)
	}
	return r, &env
}

func TestSOAPOperations(t *testing.T) {
	t.Parallel()
	fake := newFake()
	_, ts := startServer(t, fake, Options{})
	classifier := ts.URL + nameapi.SOAPClassifierPath
	tests := []struct {
		name, url, envelope string
		check               func(*nameapi.SOAPEnvelope) bool
	}{
		{"classify", classifier, soapEnvelope(classifyBody), func(e *nameapi.SOAPEnvelope) bool {
			return e.Body.ClassifyResponse != nil && e.Body.ClassifyResponse.Return.EmailDomainType == nameapi.DomainFreemail
		}},
		{"classify, other namespace, no prefix", classifier,
			soapEnvelope(`<classify xmlns="urn:somebody-else"><emailAddress> john@gmail.com </emailAddress></classify>`),
			func(e *nameapi.SOAPEnvelope) bool { return e.Body.ClassifyResponse != nil }},
		{"classify in a SOAP 1.2 envelope", classifier,
			`<env:Envelope xmlns:env="http://www.w3.org/2003/05/soap-envelope"><env:Body>` + classifyBody + `</env:Body></env:Envelope>`,
			func(e *nameapi.SOAPEnvelope) bool { return e.Body.ClassifyResponse != nil }},
		{"ping", ts.URL + nameapi.SOAPPingerPath,
			soapEnvelope(`<p:ping xmlns:p="http://nameapi.org/soap/v4.0/system/pinger"/>`),
			func(e *nameapi.SOAPEnvelope) bool {
				return e.Body.PingResponse != nil && e.Body.PingResponse.Return == "pong"
			}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r, env := postSOAP(t, tc.url, tc.envelope)
			if r.status != 200 || !tc.check(env) {
				t.Errorf("status %d, answer %s", r.status, r.body)
			}
		})
	}
	if fake.lastEmail != "john@gmail.com" {
		t.Errorf("classify got %q", fake.lastEmail)
	}
	// The answer element is in the service namespace, its children unqualified.
	r, _ := postSOAP(t, classifier, soapEnvelope(classifyBody))
	if !strings.Contains(r.body, `<ns2:classifyResponse xmlns:ns2="`+nameapi.SOAPClassifierNS+`"><return><emailDomainType>FREEMAIL</emailDomainType></return>`) {
		t.Errorf("answer shape: %s", r.body)
	}
}

func TestSOAPFaults(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name     string
		opts     Options
		svcErr   error
		panics   bool
		path     string
		query    string
		envelope string
		status   int
		fault    string
		code     string
	}{
		{"missing key", Options{APIKeys: []string{"k1"}}, nil, false, nameapi.SOAPClassifierPath, "", soapEnvelope(classifyBody), 500, nameapi.SOAPFaultAccessDenied, "soap:Client"},
		{"wrong key", Options{APIKeys: []string{"k1"}}, nil, false, nameapi.SOAPPingerPath, "?apiKey=k2", soapEnvelope(`<ping/>`), 500, nameapi.SOAPFaultAccessDenied, "soap:Client"},
		{"right key", Options{APIKeys: []string{"k1"}}, nil, false, nameapi.SOAPPingerPath, "?apiKey=k1", soapEnvelope(`<ping/>`), 200, "", ""},
		{"malformed XML", Options{}, nil, false, nameapi.SOAPClassifierPath, "", `<S:Envelope><S:Body>`, 500, nameapi.SOAPFaultInvalidInput, "soap:Client"},
		{"empty body", Options{}, nil, false, nameapi.SOAPClassifierPath, "", ``, 500, nameapi.SOAPFaultInvalidInput, "soap:Client"},
		{"not an envelope", Options{}, nil, false, nameapi.SOAPClassifierPath, "", classifyBody, 500, nameapi.SOAPFaultInvalidInput, "soap:Client"},
		{"no body", Options{}, nil, false, nameapi.SOAPClassifierPath, "", `<Envelope/>`, 500, nameapi.SOAPFaultInvalidInput, "soap:Client"},
		{"wrong operation", Options{}, nil, false, nameapi.SOAPClassifierPath, "", soapEnvelope(`<ping/>`), 500, nameapi.SOAPFaultInvalidInput, "soap:Client"},
		{"unknown operation", Options{}, nil, false, nameapi.SOAPPingerPath, "", soapEnvelope(`<launch/>`), 500, nameapi.SOAPFaultInvalidInput, "soap:Client"},
		{"too large", Options{MaxBodyBytes: 100}, nil, false, nameapi.SOAPClassifierPath, "", soapEnvelope(classifyBody), 413, nameapi.SOAPFaultInvalidInput, "soap:Client"},
		{"unknown SOAP service", Options{}, nil, false, "/soap/v4.0/parser/personnameparser", "", soapEnvelope(`<parse/>`), 404, nameapi.SOAPFaultInvalidInput, "soap:Client"},
		{"service invalid input", Options{}, nameapi.NewInvalidInputError("classify", "not an email address"), false, nameapi.SOAPClassifierPath, "", soapEnvelope(classifyBody), 500, nameapi.SOAPFaultInvalidInput, "soap:Client"},
		{"service failure", Options{}, errors.New("disk on fire"), false, nameapi.SOAPClassifierPath, "", soapEnvelope(classifyBody), 500, nameapi.SOAPFaultInternalServerError, "soap:Server"},
		{"service panic", Options{}, nil, true, nameapi.SOAPPingerPath, "", soapEnvelope(`<ping/>`), 500, nameapi.SOAPFaultInternalServerError, "soap:Server"},
		{"injected 503", Options{ErrorRate: 1, ErrorStatus: 503}, nil, false, nameapi.SOAPClassifierPath, "", soapEnvelope(classifyBody), 503, nameapi.SOAPFaultInternalServerError, "soap:Server"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			fake := newFake()
			fake.err = tc.svcErr
			if tc.panics {
				fake.hook = func(context.Context, string) { panic("soap boom") }
			}
			_, ts := startServer(t, fake, tc.opts)
			r, env := postSOAP(t, ts.URL+tc.path+tc.query, tc.envelope)
			if r.status != tc.status {
				t.Fatalf("status %d, want %d: %s", r.status, tc.status, r.body)
			}
			if tc.fault == "" {
				if env.Body.Fault != nil {
					t.Errorf("unexpected fault: %s", r.body)
				}
				return
			}
			f := env.Body.Fault
			if f == nil || f.Detail == nil {
				t.Fatalf("no fault with detail: %s", r.body)
			}
			if f.Detail.Exception.XMLName.Local != tc.fault || f.FaultCode != tc.code || f.FaultString == "" || f.Detail.Exception.Message == "" {
				t.Errorf("fault %+v, want %s %s", f, tc.fault, tc.code)
			}
			if strings.Contains(r.body, "disk on fire") || strings.Contains(r.body, "soap boom") {
				t.Errorf("internal error leaked: %s", r.body)
			}
			if tc.status == 503 && r.header.Get("Retry-After") == "" {
				t.Error("injected 503 without Retry-After")
			}
		})
	}
}

func TestWSDL(t *testing.T) {
	t.Parallel()
	fake := newFake()
	_, ts := startServer(t, fake, Options{APIKeys: []string{"k"}, ErrorRate: 1})
	for _, tc := range []struct{ path, op string }{
		{nameapi.SOAPClassifierPath, "classify"},
		{nameapi.SOAPPingerPath, "ping"},
	} {
		for _, q := range []string{"?wsdl", "?WSDL"} {
			r := do(t, "GET", ts.URL+tc.path+q, "")
			if r.status != 200 || r.header.Get("Content-Type") != nameapi.SOAPContentType {
				t.Fatalf("%s%s: %d %s", tc.path, q, r.status, r.header.Get("Content-Type"))
			}
			// Well-formed XML with the operation, its messages, the
			// document/literal binding and this server's address.
			dec := xml.NewDecoder(strings.NewReader(r.body))
			for {
				if _, err := dec.Token(); err == io.EOF {
					break
				} else if err != nil {
					t.Fatalf("%s: WSDL is not well-formed XML: %v", tc.path, err)
				}
			}
			for _, want := range []string{
				`<operation name="` + tc.op + `">`,
				`element="tns:` + tc.op + `Response"`,
				`style="document"`, `soapAction=""`, `use="literal"`,
				`location="` + ts.URL + tc.path + `"`,
				nameapi.SOAPFaultAccessDenied,
			} {
				if !strings.Contains(r.body, want) {
					t.Errorf("%s WSDL lacks %s", tc.path, want)
				}
			}
		}
	}
	if !strings.Contains(nameapi.ClassifierWSDL("http://x"), nameapi.SOAPFaultInvalidInput) {
		t.Error("classifier WSDL lacks the invalid-input fault")
	}
	// GET without ?wsdl is refused.
	if r := do(t, "GET", ts.URL+nameapi.SOAPPingerPath, ""); r.status == 200 {
		t.Error("GET without ?wsdl answered 200")
	}
	if fake.callCount() != 0 {
		t.Error("WSDL requests called the service")
	}
}
