package nameapi

import (
	_ "embed"
	"encoding/xml"
	"strings"
)

// The two WSDL documents, with {{NS}} and {{ADDRESS}} filled in per request.
var (
	//go:embed wsdl/classifier.wsdl
	classifierWSDL string
	//go:embed wsdl/pinger.wsdl
	pingerWSDL string
)

// xmlAttr escapes s for use inside a double-quoted XML attribute.
func xmlAttr(s string) string {
	var b strings.Builder
	_ = xml.EscapeText(&b, []byte(s))
	return strings.ReplaceAll(b.String(), `"`, "&#34;")
}

// ClassifierWSDL returns the WSDL 1.1 description of the email domain type
// classifier SOAP service (document/literal, empty SOAP action, operation
// classify and its three faults), with address as the service's location,
// for example "http://127.0.0.1:8080/soap/v4.0/email/emaildomaintypeclassifier".
// It matches the wire shape of soapwire.go: elements in SOAPClassifierNS,
// their children unqualified.
func ClassifierWSDL(address string) string {
	return strings.ReplaceAll(strings.ReplaceAll(classifierWSDL, "{{ADDRESS}}", xmlAttr(address)), "{{NS}}", SOAPClassifierNS)
}

// PingerWSDL returns the WSDL 1.1 description of the pinger SOAP service
// (operation ping answering "pong", with the access-denied and
// internal-server-error faults), with address as its location.
func PingerWSDL(address string) string {
	return strings.ReplaceAll(strings.ReplaceAll(pingerWSDL, "{{ADDRESS}}", xmlAttr(address)), "{{NS}}", SOAPPingerNS)
}
