package server

import (
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"

	"github.com/namepipe/namepipe/nameapi"
)

// soapRequest is a SOAP request envelope, read by local names only so that
// any namespace (and SOAP 1.1 or 1.2) is accepted.
type soapRequest struct {
	XMLName xml.Name
	Body    *struct {
		Classify *nameapi.SOAPClassify `xml:"classify"`
		Ping     *nameapi.SOAPPing     `xml:"ping"`
		Other    []struct {
			XMLName xml.Name
		} `xml:",any"`
	} `xml:"Body"`
}

// soapClassifyResult and soapPong are the results of the SOAP operations.
type soapClassifyResult struct{ domainType string }
type soapPong struct{}

// readSOAP reads and checks a SOAP request envelope.
func readSOAP(r *http.Request) (*soapRequest, error) {
	data, err := readBody(r)
	if err != nil {
		return nil, err
	}
	var env soapRequest
	dec := xml.NewDecoder(bytes.NewReader(data))
	dec.Strict = true
	if err := dec.Decode(&env); err != nil {
		if errors.Is(err, io.EOF) {
			return nil, invalid("The request body is empty: a SOAP envelope is required.")
		}
		return nil, invalid("Malformed SOAP request: %v.", err)
	}
	if env.XMLName.Local != "Envelope" {
		return nil, invalid("Malformed SOAP request: the root element is %s, not Envelope.", env.XMLName.Local)
	}
	if env.Body == nil {
		return nil, invalid("Malformed SOAP request: the envelope has no Body.")
	}
	return &env, nil
}

func (s *Server) soapClassify(r *http.Request) (any, error) {
	env, err := readSOAP(r)
	if err != nil {
		return nil, err
	}
	c := env.Body.Classify
	if c == nil {
		return nil, invalid("This service offers the operation classify; the request body holds %s.", soapOperation(env))
	}
	res, err := s.svc.ClassifyEmailDomain(r.Context(), strings.TrimSpace(c.EmailAddress))
	if err != nil {
		return nil, err
	}
	if res == nil {
		return nil, errNoResult
	}
	return soapClassifyResult{domainType: res.DomainType}, nil
}

func (s *Server) soapPing(r *http.Request) (any, error) {
	env, err := readSOAP(r)
	if err != nil {
		return nil, err
	}
	if env.Body.Ping == nil {
		return nil, invalid("This service offers the operation ping; the request body holds %s.", soapOperation(env))
	}
	if err := s.svc.Ping(r.Context()); err != nil {
		return nil, err
	}
	return soapPong{}, nil
}

// soapOperation names the operation element of a request, for messages.
func soapOperation(env *soapRequest) string {
	switch {
	case env.Body.Classify != nil:
		return "classify"
	case env.Body.Ping != nil:
		return "ping"
	case len(env.Body.Other) > 0:
		return env.Body.Other[0].XMLName.Local
	}
	return "no operation"
}

// soapNS is the service namespace of a SOAP path.
func soapNS(path string) string {
	if strings.HasPrefix(path, nameapi.SOAPPingerPath) {
		return nameapi.SOAPPingerNS
	}
	return nameapi.SOAPClassifierNS
}

const soapOpen = `<?xml version="1.0" encoding="UTF-8"?>` + "\n" +
	`<soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body>`
const soapClose = `</soap:Body></soap:Envelope>` + "\n"

func xmlEscape(s string) string {
	var b strings.Builder
	_ = xml.EscapeText(&b, []byte(s))
	return b.String()
}

// writeSOAP writes the answer of a successful SOAP operation, with the
// operation's element in the service namespace and its children
// unqualified (document/literal, elementFormDefault unqualified).
func (s *Server) writeSOAP(w http.ResponseWriter, res any, drop bool) {
	var b strings.Builder
	b.WriteString(soapOpen)
	switch v := res.(type) {
	case soapClassifyResult:
		fmt.Fprintf(&b, `<ns2:classifyResponse xmlns:ns2="%s"><return><emailDomainType>%s</emailDomainType></return></ns2:classifyResponse>`,
			nameapi.SOAPClassifierNS, xmlEscape(v.domainType))
	case soapPong:
		fmt.Fprintf(&b, `<ns2:pingResponse xmlns:ns2="%s"><return>pong</return></ns2:pingResponse>`, nameapi.SOAPPingerNS)
	default:
		panic(fmt.Sprintf("server: unexpected SOAP result %T", res))
	}
	b.WriteString(soapClose)
	writeBody(w, http.StatusOK, nameapi.SOAPContentType, []byte(b.String()), drop)
}

// writeSOAPFault writes a SOAP 1.1 fault whose detail holds the service's
// exception element. The status is 500 as SOAP 1.1 asks, except for the
// transport-level 404, 405, 413, 429 and 503, which keep their status (and
// Retry-After).
func writeSOAPFault(w http.ResponseWriter, path string, a answer) {
	name := a.soapFault
	if name == "" {
		name = soapFaultFor(a.status, a.fault.FaultCause)
	}
	code := "soap:Client"
	if name == nameapi.SOAPFaultInternalServerError {
		code = "soap:Server"
	}
	status := http.StatusInternalServerError
	switch a.status {
	case http.StatusNotFound, http.StatusMethodNotAllowed, http.StatusRequestEntityTooLarge, http.StatusUnsupportedMediaType,
		http.StatusServiceUnavailable, http.StatusTooManyRequests:
		status = a.status
		if a.retryAfter > 0 {
			w.Header().Set("Retry-After", strconv.Itoa(retryAfterSeconds(a.retryAfter)))
		}
	}
	msg := xmlEscape(a.fault.Message)
	var b strings.Builder
	b.WriteString(soapOpen)
	fmt.Fprintf(&b, `<soap:Fault><faultcode>%s</faultcode><faultstring>%s</faultstring><detail><ns2:%s xmlns:ns2="%s"><message>%s</message></ns2:%s></detail></soap:Fault>`,
		code, msg, name, soapNS(path), msg, name)
	b.WriteString(soapClose)
	writeBody(w, status, nameapi.SOAPContentType, []byte(b.String()), false)
}

// serveWSDL answers GET ?wsdl with the service's WSDL 1.1 document, the
// one package nameapi describes (nameapi.ClassifierWSDL, nameapi.PingerWSDL)
// with the address the request came to.
func (s *Server) serveWSDL(w http.ResponseWriter, r *http.Request, rt *route) {
	if _, ok := r.URL.Query()["wsdl"]; !ok && !strings.EqualFold(r.URL.RawQuery, "wsdl") {
		w.Header().Set("Allow", rt.allow)
		writeSOAPFault(w, r.URL.Path, faultAnswer(badRequest("A SOAP service takes POST; GET "+r.URL.Path+"?wsdl gives its description.")))
		return
	}
	scheme := "http"
	if r.TLS != nil {
		scheme = "https"
	}
	location := scheme + "://" + r.Host + r.URL.Path
	var doc string
	if strings.HasPrefix(r.URL.Path, nameapi.SOAPPingerPath) {
		doc = nameapi.PingerWSDL(location)
	} else {
		doc = nameapi.ClassifierWSDL(location)
	}
	writeBody(w, http.StatusOK, nameapi.SOAPContentType, []byte(doc), false)
}
