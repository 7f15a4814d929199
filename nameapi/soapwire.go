package nameapi

import "encoding/xml"

// SOAP wire format shared by the Client and the server package.
//
// The interface document fixes the service paths, document/literal binding,
// the empty SOAP action, the operation name `classify` with the elements
// `classify` and `classifyResponse`, and the three fault names; it does not
// show the fields inside those elements nor the namespaces. namepipe uses
// the namespaces and fields below, and both its client and its server
// accept elements in any namespace, so that a peer using other namespaces
// still interoperates.

// SOAP 1.1 envelope namespace and the service namespaces used by namepipe.
const (
	SOAPEnvNS            = "http://schemas.xmlsoap.org/soap/envelope/"
	SOAPClassifierNS     = "http://nameapi.org/soap/v4.0/email/emaildomaintypeclassifier"
	SOAPPingerNS         = "http://nameapi.org/soap/v4.0/system/pinger"
	SOAPClassifierPath   = "/soap/v4.0/email/emaildomaintypeclassifier"
	SOAPPingerPath       = "/soap/v4.0/system/pinger"
	SOAPContentType      = "text/xml; charset=utf-8"
	SOAPDefaultBase      = "https://api.nameapi.org"
	RESTDefaultBase      = "https://api.nameapi.org/rest/v5.3"
	RESTVersionSegment   = "/rest/v5.3"
	SOAPActionHeaderName = "SOAPAction"
)

// SOAPEnvelope is a SOAP 1.1 envelope whose body holds one element.
type SOAPEnvelope struct {
	XMLName xml.Name  `xml:"http://schemas.xmlsoap.org/soap/envelope/ Envelope"`
	Header  *struct{} `xml:"http://schemas.xmlsoap.org/soap/envelope/ Header,omitempty"`
	Body    SOAPBody
}

// SOAPBody is the body of a SOAP envelope: exactly one of its fields is set.
type SOAPBody struct {
	XMLName          xml.Name              `xml:"http://schemas.xmlsoap.org/soap/envelope/ Body"`
	Classify         *SOAPClassify         `xml:"classify,omitempty"`
	ClassifyResponse *SOAPClassifyResponse `xml:"classifyResponse,omitempty"`
	Ping             *SOAPPing             `xml:"ping,omitempty"`
	PingResponse     *SOAPPingResponse     `xml:"pingResponse,omitempty"`
	Fault            *SOAPFault            `xml:"http://schemas.xmlsoap.org/soap/envelope/ Fault,omitempty"`
}

// SOAPClassify is the input of the classify operation.
type SOAPClassify struct {
	XMLName      xml.Name     `xml:"classify"`
	Context      *SOAPContext `xml:"context,omitempty"`
	EmailAddress string       `xml:"emailAddress"`
}

// SOAPContext is the optional caller context of a SOAP request.
type SOAPContext struct {
	Priority string `xml:"priority,omitempty"`
	Place    string `xml:"place,omitempty"`
	Language string `xml:"language,omitempty"`
}

// SOAPClassifyResponse is the output of the classify operation.
type SOAPClassifyResponse struct {
	XMLName xml.Name           `xml:"classifyResponse"`
	Return  SOAPClassifyReturn `xml:"return"`
}

// SOAPClassifyReturn holds the classification.
type SOAPClassifyReturn struct {
	// EmailDomainType is one of the Domain* constants.
	EmailDomainType string `xml:"emailDomainType"`
}

// SOAPPing is the input of the pinger's ping operation.
type SOAPPing struct {
	XMLName xml.Name `xml:"ping"`
}

// SOAPPingResponse is the output of the ping operation; Return is "pong".
type SOAPPingResponse struct {
	XMLName xml.Name `xml:"pingResponse"`
	Return  string   `xml:"return"`
}

// SOAPFault is a SOAP 1.1 fault. Detail names the service's exception in
// its single child element (for example InvalidInputWebServiceException).
type SOAPFault struct {
	XMLName     xml.Name         `xml:"http://schemas.xmlsoap.org/soap/envelope/ Fault"`
	FaultCode   string           `xml:"faultcode"`
	FaultString string           `xml:"faultstring"`
	Detail      *SOAPFaultDetail `xml:"detail,omitempty"`
}

// SOAPFaultDetail carries the fault's exception element.
type SOAPFaultDetail struct {
	Exception SOAPFaultException `xml:",any"`
}

// SOAPFaultException is the exception element inside a fault's detail; its
// element name is the fault name, its message the server's explanation.
type SOAPFaultException struct {
	XMLName xml.Name
	Message string `xml:"message"`
}

// soapPrefix is the prefix under which a service namespace is declared on
// the body's element when an envelope is marshalled.
const soapPrefix = "ns"

// MarshalXML writes the envelope in the conventional prefixed form
// (soapenv:Envelope, soapenv:Body, soapenv:Fault), with the body element in
// its service namespace (classify and classifyResponse in
// SOAPClassifierNS, ping and pingResponse in SOAPPingerNS) and its child
// elements unqualified, as the WSDL of ClassifierWSDL and PingerWSDL
// declare. The fault's faultcode, faultstring and detail are unqualified as
// SOAP 1.1 requires. Decoding stays namespace-tolerant: it uses the struct
// tags, which accept the body elements in any namespace.
func (env SOAPEnvelope) MarshalXML(e *xml.Encoder, _ xml.StartElement) error {
	envStart := xml.StartElement{
		Name: xml.Name{Local: "soapenv:Envelope"},
		Attr: []xml.Attr{{Name: xml.Name{Local: "xmlns:soapenv"}, Value: SOAPEnvNS}},
	}
	if err := e.EncodeToken(envStart); err != nil {
		return err
	}
	if env.Header != nil {
		h := xml.StartElement{Name: xml.Name{Local: "soapenv:Header"}}
		if err := e.EncodeToken(h); err != nil {
			return err
		}
		if err := e.EncodeToken(h.End()); err != nil {
			return err
		}
	}
	bodyStart := xml.StartElement{Name: xml.Name{Local: "soapenv:Body"}}
	if err := e.EncodeToken(bodyStart); err != nil {
		return err
	}
	b := env.Body
	var err error
	switch {
	case b.Classify != nil:
		err = e.EncodeElement(b.Classify, soapNSStart("classify", SOAPClassifierNS))
	case b.ClassifyResponse != nil:
		err = e.EncodeElement(b.ClassifyResponse, soapNSStart("classifyResponse", SOAPClassifierNS))
	case b.Ping != nil:
		err = e.EncodeElement(b.Ping, soapNSStart("ping", SOAPPingerNS))
	case b.PingResponse != nil:
		err = e.EncodeElement(b.PingResponse, soapNSStart("pingResponse", SOAPPingerNS))
	case b.Fault != nil:
		err = marshalSOAPFault(e, b.Fault)
	}
	if err != nil {
		return err
	}
	if err := e.EncodeToken(bodyStart.End()); err != nil {
		return err
	}
	return e.EncodeToken(envStart.End())
}

// soapNSStart returns the start of element local declared in namespace ns
// under soapPrefix (or unqualified when ns is empty).
func soapNSStart(local, ns string) xml.StartElement {
	if ns == "" {
		return xml.StartElement{Name: xml.Name{Local: local}}
	}
	return xml.StartElement{
		Name: xml.Name{Local: soapPrefix + ":" + local},
		Attr: []xml.Attr{{Name: xml.Name{Local: "xmlns:" + soapPrefix}, Value: ns}},
	}
}

// marshalSOAPFault writes a soapenv:Fault with unqualified children; the
// detail's exception element keeps its namespace (XMLName.Space).
func marshalSOAPFault(e *xml.Encoder, f *SOAPFault) error {
	start := xml.StartElement{Name: xml.Name{Local: "soapenv:Fault"}}
	if err := e.EncodeToken(start); err != nil {
		return err
	}
	if err := e.EncodeElement(f.FaultCode, xml.StartElement{Name: xml.Name{Local: "faultcode"}}); err != nil {
		return err
	}
	if err := e.EncodeElement(f.FaultString, xml.StartElement{Name: xml.Name{Local: "faultstring"}}); err != nil {
		return err
	}
	if f.Detail != nil && f.Detail.Exception.XMLName.Local != "" {
		d := xml.StartElement{Name: xml.Name{Local: "detail"}}
		if err := e.EncodeToken(d); err != nil {
			return err
		}
		ex := f.Detail.Exception
		if err := e.EncodeElement(ex, soapNSStart(ex.XMLName.Local, ex.XMLName.Space)); err != nil {
			return err
		}
		if err := e.EncodeToken(d.End()); err != nil {
			return err
		}
	}
	return e.EncodeToken(start.End())
}

// NewSOAPFault returns the fault envelope body for one of the SOAPFault*
// names (the exception element in SOAPClassifierNS), with faultcode
// soapenv:Client for access-denied and invalid-input faults and
// soapenv:Server otherwise.
func NewSOAPFault(name, message string) *SOAPFault {
	code := "soapenv:Server"
	if name == SOAPFaultAccessDenied || name == SOAPFaultInvalidInput {
		code = "soapenv:Client"
	}
	return &SOAPFault{
		FaultCode:   code,
		FaultString: message,
		Detail: &SOAPFaultDetail{Exception: SOAPFaultException{
			XMLName: xml.Name{Space: SOAPClassifierNS, Local: name},
			Message: message,
		}},
	}
}
