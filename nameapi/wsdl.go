package nameapi

import (
	"encoding/xml"
	"strings"
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
// (operation ping answering "pong"), with address as its location.
func PingerWSDL(address string) string {
	return strings.ReplaceAll(strings.ReplaceAll(pingerWSDL, "{{ADDRESS}}", xmlAttr(address)), "{{NS}}", SOAPPingerNS)
}

const classifierWSDL = `<?xml version="1.0" encoding="UTF-8"?>
<definitions name="EmailDomainTypeClassifierService"
    targetNamespace="{{NS}}"
    xmlns="http://schemas.xmlsoap.org/wsdl/"
    xmlns:soap="http://schemas.xmlsoap.org/wsdl/soap/"
    xmlns:tns="{{NS}}"
    xmlns:xs="http://www.w3.org/2001/XMLSchema">
  <types>
    <xs:schema targetNamespace="{{NS}}" elementFormDefault="unqualified" version="1.0">
      <xs:element name="classify" type="tns:classify"/>
      <xs:element name="classifyResponse" type="tns:classifyResponse"/>
      <xs:element name="AccessDeniedWebServiceException" type="tns:WebServiceException"/>
      <xs:element name="InvalidInputWebServiceException" type="tns:WebServiceException"/>
      <xs:element name="InternalServerErrorWebServiceException" type="tns:WebServiceException"/>
      <xs:complexType name="classify">
        <xs:sequence>
          <xs:element name="context" type="tns:context" minOccurs="0"/>
          <xs:element name="emailAddress" type="xs:string"/>
        </xs:sequence>
      </xs:complexType>
      <xs:complexType name="context">
        <xs:sequence>
          <xs:element name="priority" type="xs:string" minOccurs="0"/>
          <xs:element name="place" type="xs:string" minOccurs="0"/>
          <xs:element name="language" type="xs:string" minOccurs="0"/>
        </xs:sequence>
      </xs:complexType>
      <xs:complexType name="classifyResponse">
        <xs:sequence>
          <xs:element name="return" type="tns:emailDomainTypeClassifierResult"/>
        </xs:sequence>
      </xs:complexType>
      <xs:complexType name="emailDomainTypeClassifierResult">
        <xs:sequence>
          <xs:element name="emailDomainType" type="tns:emailDomainType"/>
        </xs:sequence>
      </xs:complexType>
      <xs:simpleType name="emailDomainType">
        <xs:restriction base="xs:string">
          <xs:enumeration value="FREEMAIL"/>
          <xs:enumeration value="ORGANIZATION"/>
          <xs:enumeration value="ISP"/>
          <xs:enumeration value="DISPOSABLE"/>
          <xs:enumeration value="UNKNOWN"/>
        </xs:restriction>
      </xs:simpleType>
      <xs:complexType name="WebServiceException">
        <xs:sequence>
          <xs:element name="message" type="xs:string" minOccurs="0"/>
        </xs:sequence>
      </xs:complexType>
    </xs:schema>
  </types>
  <message name="classify">
    <part name="parameters" element="tns:classify"/>
  </message>
  <message name="classifyResponse">
    <part name="parameters" element="tns:classifyResponse"/>
  </message>
  <message name="AccessDeniedWebServiceException">
    <part name="fault" element="tns:AccessDeniedWebServiceException"/>
  </message>
  <message name="InvalidInputWebServiceException">
    <part name="fault" element="tns:InvalidInputWebServiceException"/>
  </message>
  <message name="InternalServerErrorWebServiceException">
    <part name="fault" element="tns:InternalServerErrorWebServiceException"/>
  </message>
  <portType name="EmailDomainTypeClassifier">
    <operation name="classify">
      <input message="tns:classify"/>
      <output message="tns:classifyResponse"/>
      <fault name="AccessDeniedWebServiceException" message="tns:AccessDeniedWebServiceException"/>
      <fault name="InvalidInputWebServiceException" message="tns:InvalidInputWebServiceException"/>
      <fault name="InternalServerErrorWebServiceException" message="tns:InternalServerErrorWebServiceException"/>
    </operation>
  </portType>
  <binding name="EmailDomainTypeClassifierBinding" type="tns:EmailDomainTypeClassifier">
    <soap:binding style="document" transport="http://schemas.xmlsoap.org/soap/http"/>
    <operation name="classify">
      <soap:operation soapAction=""/>
      <input>
        <soap:body use="literal"/>
      </input>
      <output>
        <soap:body use="literal"/>
      </output>
      <fault name="AccessDeniedWebServiceException">
        <soap:fault name="AccessDeniedWebServiceException" use="literal"/>
      </fault>
      <fault name="InvalidInputWebServiceException">
        <soap:fault name="InvalidInputWebServiceException" use="literal"/>
      </fault>
      <fault name="InternalServerErrorWebServiceException">
        <soap:fault name="InternalServerErrorWebServiceException" use="literal"/>
      </fault>
    </operation>
  </binding>
  <service name="EmailDomainTypeClassifierService">
    <port name="EmailDomainTypeClassifierPort" binding="tns:EmailDomainTypeClassifierBinding">
      <soap:address location="{{ADDRESS}}"/>
    </port>
  </service>
</definitions>
`

const pingerWSDL = `<?xml version="1.0" encoding="UTF-8"?>
<definitions name="PingerService"
    targetNamespace="{{NS}}"
    xmlns="http://schemas.xmlsoap.org/wsdl/"
    xmlns:soap="http://schemas.xmlsoap.org/wsdl/soap/"
    xmlns:tns="{{NS}}"
    xmlns:xs="http://www.w3.org/2001/XMLSchema">
  <types>
    <xs:schema targetNamespace="{{NS}}" elementFormDefault="unqualified" version="1.0">
      <xs:element name="ping" type="tns:ping"/>
      <xs:element name="pingResponse" type="tns:pingResponse"/>
      <xs:complexType name="ping">
        <xs:sequence/>
      </xs:complexType>
      <xs:complexType name="pingResponse">
        <xs:sequence>
          <xs:element name="return" type="xs:string"/>
        </xs:sequence>
      </xs:complexType>
    </xs:schema>
  </types>
  <message name="ping">
    <part name="parameters" element="tns:ping"/>
  </message>
  <message name="pingResponse">
    <part name="parameters" element="tns:pingResponse"/>
  </message>
  <portType name="Pinger">
    <operation name="ping">
      <input message="tns:ping"/>
      <output message="tns:pingResponse"/>
    </operation>
  </portType>
  <binding name="PingerBinding" type="tns:Pinger">
    <soap:binding style="document" transport="http://schemas.xmlsoap.org/soap/http"/>
    <operation name="ping">
      <soap:operation soapAction=""/>
      <input>
        <soap:body use="literal"/>
      </input>
      <output>
        <soap:body use="literal"/>
      </output>
    </operation>
  </binding>
  <service name="PingerService">
    <port name="PingerPort" binding="tns:PingerBinding">
      <soap:address location="{{ADDRESS}}"/>
    </port>
  </service>
</definitions>
`
