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
