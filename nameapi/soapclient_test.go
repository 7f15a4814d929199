package nameapi

import (
	"bytes"
	"context"
	"encoding/xml"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"reflect"
	"strings"
	"testing"
)

// xmlElements lists the start elements of doc as "{namespace}local".
func xmlElements(t *testing.T, doc []byte) []string {
	t.Helper()
	d := xml.NewDecoder(bytes.NewReader(doc))
	var out []string
	for {
		tok, err := d.Token()
		if errors.Is(err, io.EOF) {
			return out
		}
		if err != nil {
			t.Fatalf("not well-formed XML: %v\n%s", err, doc)
		}
		if se, ok := tok.(xml.StartElement); ok {
			out = append(out, "{"+se.Name.Space+"}"+se.Name.Local)
		}
	}
}

// soapServer records one SOAP request and answers with status and body.
func soapServer(t *testing.T, status int, body string) (*httptest.Server, *recorded) {
	t.Helper()
	var rec recorded
	srv := handlerServer(t, func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		rec = recorded{r.Method, r.URL.Path, r.URL.RawQuery, r.Header.Clone(), b}
		w.Header().Set("Content-Type", SOAPContentType)
		w.WriteHeader(status)
		_, _ = io.WriteString(w, body)
	})
	return srv, &rec
}

func marshalEnvelope(t *testing.T, b SOAPBody) string {
	t.Helper()
	out, err := xml.Marshal(SOAPEnvelope{Body: b})
	if err != nil {
		t.Fatal(err)
	}
	return xml.Header + string(out)
}

func newSOAPTestClient(t *testing.T, srvURL string) *Client {
	t.Helper()
	c, err := NewClient(ClientConfig{BaseURL: "http://rest.invalid/rest/v5.3", SOAPBaseURL: srvURL, APIKey: testKey})
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func TestSOAPClassifyRequestShape(t *testing.T) {
	t.Parallel()
	resp := marshalEnvelope(t, SOAPBody{ClassifyResponse: &SOAPClassifyResponse{Return: SOAPClassifyReturn{EmailDomainType: DomainFreemail}}})
	srv, rec := soapServer(t, http.StatusOK, resp)
	c := newSOAPTestClient(t, srv.URL)
	got, err := c.ClassifyEmailDomain(context.Background(), "petra<&>@gmail.com")
	if err != nil {
		t.Fatal(err)
	}
	if got.DomainType != DomainFreemail {
		t.Errorf("domain type = %q", got.DomainType)
	}
	if rec.Method != http.MethodPost || rec.Path != SOAPClassifierPath || rec.RawQuery != "apiKey=k3y-S3CR3T%2B4711%2Fzz" {
		t.Errorf("request = %s %s?%s", rec.Method, rec.Path, rec.RawQuery)
	}
	if v, ok := rec.Header["Soapaction"]; !ok || len(v) != 1 || v[0] != `""` {
		t.Errorf("SOAPAction header = %q (present %v), want \"\"", v, ok)
	}
	if ct := rec.Header.Get("Content-Type"); ct != "text/xml; charset=utf-8" {
		t.Errorf("Content-Type = %q", ct)
	}
	if !bytes.HasPrefix(rec.Body, []byte("<?xml")) {
		t.Errorf("no XML declaration: %s", rec.Body)
	}
	want := []string{
		"{" + SOAPEnvNS + "}Envelope",
		"{" + SOAPEnvNS + "}Body",
		"{" + SOAPClassifierNS + "}classify",
		"{}emailAddress",
	}
	if got := xmlElements(t, rec.Body); !reflect.DeepEqual(got, want) {
		t.Errorf("elements = %v\nwant       %v\n%s", got, want, rec.Body)
	}
	var env SOAPEnvelope
	if err := xml.Unmarshal(rec.Body, &env); err != nil || env.Body.Classify == nil || env.Body.Classify.EmailAddress != "petra<&>@gmail.com" {
		t.Errorf("server-side decoding: %v %+v", err, env.Body.Classify)
	}
}

func TestSOAPClassifyResponses(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, body, want string
	}{
		{name: "own marshalling", want: DomainDisposable,
			body: marshalEnvelope(t, SOAPBody{ClassifyResponse: &SOAPClassifyResponse{Return: SOAPClassifyReturn{EmailDomainType: DomainDisposable}}})},
		{name: "unknown value kept", want: "CORPORATE_FREEMAIL",
			body: marshalEnvelope(t, SOAPBody{ClassifyResponse: &SOAPClassifyResponse{Return: SOAPClassifyReturn{EmailDomainType: "CORPORATE_FREEMAIL"}}})},
		{name: "JAX-WS prefixes and a header", want: DomainOrganization,
			body: `<?xml version="1.0" ?><S:Envelope xmlns:S="http://schemas.xmlsoap.org/soap/envelope/"><S:Header/><S:Body>` +
				`<ns2:classifyResponse xmlns:ns2="http://other.example/ns"><return><emailDomainType> ORGANIZATION </emailDomainType><extra>1</extra></return></ns2:classifyResponse></S:Body></S:Envelope>`},
		{name: "default namespaces", want: DomainISP,
			body: `<Envelope xmlns="http://schemas.xmlsoap.org/soap/envelope/"><Body><classifyResponse xmlns="` + SOAPClassifierNS +
				`"><return><emailDomainType>ISP</emailDomainType></return></classifyResponse></Body></Envelope>`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			srv, _ := soapServer(t, http.StatusOK, tt.body)
			got, err := newSOAPTestClient(t, srv.URL).ClassifyEmailDomain(context.Background(), "x@y.z")
			if err != nil {
				t.Fatal(err)
			}
			if got.DomainType != tt.want {
				t.Errorf("domain type = %q, want %q", got.DomainType, tt.want)
			}
		})
	}
}

func TestSOAPFaults(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name      string
		status    int
		body      string
		soapFault string
		cause     string
		retryable bool
		invalid   bool
	}{
		{name: "access denied", status: 500, body: marshalEnvelope(t, SOAPBody{Fault: NewSOAPFault(SOAPFaultAccessDenied, "no such account")}),
			soapFault: SOAPFaultAccessDenied, cause: FaultAccessDenied},
		{name: "invalid input", status: 500, body: marshalEnvelope(t, SOAPBody{Fault: NewSOAPFault(SOAPFaultInvalidInput, "not an email address")}),
			soapFault: SOAPFaultInvalidInput, cause: FaultBadRequest, invalid: true},
		{name: "internal server error", status: 500, body: marshalEnvelope(t, SOAPBody{Fault: NewSOAPFault(SOAPFaultInternalServerError, "oops")}),
			soapFault: SOAPFaultInternalServerError, cause: FaultInternalServerError, retryable: true},
		{name: "fault sent with 200", status: 200, body: marshalEnvelope(t, SOAPBody{Fault: NewSOAPFault(SOAPFaultInvalidInput, "bad")}),
			soapFault: SOAPFaultInvalidInput, cause: FaultBadRequest, invalid: true},
		{name: "name only in faultstring", status: 500,
			body:      `<soap:Envelope xmlns:soap="` + SOAPEnvNS + `"><soap:Body><soap:Fault><faultcode>soap:Server</faultcode><faultstring>AccessDeniedWebServiceException: quota</faultstring></soap:Fault></soap:Body></soap:Envelope>`,
			soapFault: SOAPFaultAccessDenied, cause: FaultAccessDenied},
		{name: "unknown fault judged by status", status: 500,
			body:  `<soap:Envelope xmlns:soap="` + SOAPEnvNS + `"><soap:Body><soap:Fault><faultcode>soap:Server</faultcode><faultstring>NullPointerException</faultstring></soap:Fault></soap:Body></soap:Envelope>`,
			cause: "soap:Server", retryable: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			srv, _ := soapServer(t, tt.status, tt.body)
			_, err := newSOAPTestClient(t, srv.URL).ClassifyEmailDomain(context.Background(), "x@y.z")
			var e *Error
			if !asError(err, &e) {
				t.Fatalf("err = %v, want *Error", err)
			}
			if e.SOAPFault != tt.soapFault || e.Fault == nil || e.Fault.FaultCause != tt.cause || e.Fault.Message == "" {
				t.Errorf("err = %+v fault %+v", e, e.Fault)
			}
			if e.Retryable() != tt.retryable || e.InvalidInput() != tt.invalid {
				t.Errorf("Retryable = %v, InvalidInput = %v; want %v, %v", e.Retryable(), e.InvalidInput(), tt.retryable, tt.invalid)
			}
			if tt.soapFault != "" && !strings.Contains(err.Error(), tt.soapFault) {
				t.Errorf("message lacks the fault name: %v", err)
			}
			keyFree(t, "SOAP fault", err.Error())
		})
	}
}

func TestSOAPBadAnswers(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name      string
		status    int
		body      string
		retryable bool
	}{
		{name: "503 HTML", status: 503, body: "<html><body>maintenance</body></html>", retryable: true},
		{name: "200 not XML", status: 200, body: "pong"},
		{name: "200 without classifyResponse", status: 200, body: marshalEnvelope(t, SOAPBody{PingResponse: &SOAPPingResponse{Return: "pong"}})},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			srv, _ := soapServer(t, tt.status, tt.body)
			_, err := newSOAPTestClient(t, srv.URL).ClassifyEmailDomain(context.Background(), "x@y.z")
			var e *Error
			if !asError(err, &e) || e.Retryable() != tt.retryable || e.HTTPStatus != tt.status {
				t.Fatalf("err = %v (%+v), want status %d retryable %v", err, e, tt.status, tt.retryable)
			}
		})
	}
}

func TestPingSOAP(t *testing.T) {
	t.Parallel()
	srv, rec := soapServer(t, http.StatusOK, marshalEnvelope(t, SOAPBody{PingResponse: &SOAPPingResponse{Return: "pong"}}))
	c := newSOAPTestClient(t, srv.URL)
	if err := c.PingSOAP(context.Background()); err != nil {
		t.Fatal(err)
	}
	if rec.Path != SOAPPingerPath || rec.Header.Get("SOAPAction") != `""` {
		t.Errorf("request = %s %s SOAPAction %q", rec.Method, rec.Path, rec.Header.Get("SOAPAction"))
	}
	want := []string{"{" + SOAPEnvNS + "}Envelope", "{" + SOAPEnvNS + "}Body", "{" + SOAPPingerNS + "}ping"}
	if got := xmlElements(t, rec.Body); !reflect.DeepEqual(got, want) {
		t.Errorf("elements = %v, want %v", got, want)
	}

	srv2, _ := soapServer(t, http.StatusOK, marshalEnvelope(t, SOAPBody{PingResponse: &SOAPPingResponse{Return: "pang"}}))
	if err := newSOAPTestClient(t, srv2.URL).PingSOAP(context.Background()); err == nil {
		t.Error("want an error for pang")
	}
}

// TestSOAPEnvelopeRoundTrip checks that every body kind marshals and
// decodes back to the same value (the server package relies on this).
func TestSOAPEnvelopeRoundTrip(t *testing.T) {
	t.Parallel()
	bodies := []SOAPBody{
		{Classify: &SOAPClassify{Context: &SOAPContext{Priority: PriorityRealtime, Place: "DE"}, EmailAddress: "a@b.c"}},
		{ClassifyResponse: &SOAPClassifyResponse{Return: SOAPClassifyReturn{EmailDomainType: DomainFreemail}}},
		{Ping: &SOAPPing{}},
		{PingResponse: &SOAPPingResponse{Return: "pong"}},
		{Fault: NewSOAPFault(SOAPFaultInternalServerError, "boom & <bust>")},
	}
	for _, b := range bodies {
		doc := marshalEnvelope(t, b)
		var env SOAPEnvelope
		if err := xml.Unmarshal([]byte(doc), &env); err != nil {
			t.Fatalf("%v\n%s", err, doc)
		}
		// XMLName values carry the decoded namespace; compare the payloads.
		got, want := env.Body, b
		got.XMLName = xml.Name{}
		clearNames(&got)
		clearNames(&want)
		if !reflect.DeepEqual(got, want) {
			t.Errorf("round trip of %s\ngot  %+v\nwant %+v", doc, got, want)
		}
	}
}

// clearNames zeroes the XMLName fields that decoding fills in, except the
// fault exception's (which must keep its name and namespace).
func clearNames(b *SOAPBody) {
	if b.Classify != nil {
		c := *b.Classify
		c.XMLName = xml.Name{}
		b.Classify = &c
	}
	if b.ClassifyResponse != nil {
		c := *b.ClassifyResponse
		c.XMLName = xml.Name{}
		b.ClassifyResponse = &c
	}
	if b.Ping != nil {
		b.Ping = &SOAPPing{}
	}
	if b.PingResponse != nil {
		c := *b.PingResponse
		c.XMLName = xml.Name{}
		b.PingResponse = &c
	}
	if b.Fault != nil {
		c := *b.Fault
		c.XMLName = xml.Name{}
		b.Fault = &c
	}
}

func TestWSDL(t *testing.T) {
	t.Parallel()
	addr := "http://127.0.0.1:8080/soap/v4.0/email/emaildomaintypeclassifier?x=1&y=2"
	for name, doc := range map[string]string{
		"classifier": ClassifierWSDL(addr),
		"pinger":     PingerWSDL(addr),
	} {
		t.Run(name, func(t *testing.T) {
			els := xmlElements(t, []byte(doc))
			const wsdlNS = "{http://schemas.xmlsoap.org/wsdl/}"
			if els[0] != wsdlNS+"definitions" {
				t.Errorf("root = %s", els[0])
			}
			for _, want := range []string{wsdlNS + "types", wsdlNS + "portType", wsdlNS + "binding", wsdlNS + "service",
				"{http://schemas.xmlsoap.org/wsdl/soap/}address", "{http://schemas.xmlsoap.org/wsdl/soap/}binding"} {
				if !contains(els, want) {
					t.Errorf("no %s element", want)
				}
			}
			var defs struct {
				TargetNamespace string `xml:"targetNamespace,attr"`
				Service         struct {
					Port struct {
						Address struct {
							Location string `xml:"location,attr"`
						} `xml:"address"`
					} `xml:"port"`
				} `xml:"service"`
				Binding struct {
					Binding struct {
						Style string `xml:"style,attr"`
					} `xml:"binding"`
					Operation []struct {
						Name string `xml:"name,attr"`
						Op   struct {
							SOAPAction *string `xml:"soapAction,attr"`
						} `xml:"operation"`
					} `xml:"operation"`
				} `xml:"binding"`
			}
			if err := xml.Unmarshal([]byte(doc), &defs); err != nil {
				t.Fatal(err)
			}
			if defs.Service.Port.Address.Location != addr {
				t.Errorf("location = %q", defs.Service.Port.Address.Location)
			}
			if defs.Binding.Binding.Style != "document" || len(defs.Binding.Operation) != 1 ||
				defs.Binding.Operation[0].Op.SOAPAction == nil || *defs.Binding.Operation[0].Op.SOAPAction != "" {
				t.Errorf("binding = %+v", defs.Binding)
			}
			wantNS, wantOp := SOAPClassifierNS, "classify"
			if name == "pinger" {
				wantNS, wantOp = SOAPPingerNS, "ping"
			}
			if defs.TargetNamespace != wantNS || defs.Binding.Operation[0].Name != wantOp {
				t.Errorf("targetNamespace %q operation %q", defs.TargetNamespace, defs.Binding.Operation[0].Name)
			}
		})
	}
	doc := ClassifierWSDL(addr)
	for _, f := range []string{SOAPFaultAccessDenied, SOAPFaultInvalidInput, SOAPFaultInternalServerError} {
		if strings.Count(doc, `"`+f+`"`) < 4 {
			t.Errorf("fault %s not declared as element, message, portType and binding fault", f)
		}
	}
	// The pinger can refuse a key or fail too (namepipe serve sends both).
	doc = PingerWSDL(addr)
	for _, f := range []string{SOAPFaultAccessDenied, SOAPFaultInternalServerError} {
		if strings.Count(doc, `"`+f+`"`) < 4 {
			t.Errorf("pinger fault %s not declared as element, message, portType and binding fault", f)
		}
	}
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
