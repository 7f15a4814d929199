package server

import (
	"fmt"
	"strings"

	"github.com/namepipe/namepipe/nameapi"
)

// wsdlService describes one SOAP service for the WSDL generator.
type wsdlService struct {
	name      string // service and port type base name
	ns        string
	operation string
	// types is the schema body: element and type definitions.
	types  string
	faults []string
}

const wsdlExceptionType = `<xsd:complexType name="webServiceException"><xsd:sequence>` +
	`<xsd:element name="message" type="xsd:string" minOccurs="0"/>` +
	`</xsd:sequence></xsd:complexType>`

// ClassifierWSDL returns the WSDL 1.1 document of the email domain type
// classifier SOAP service (operation classify, document/literal, empty
// SOAP action) whose address is location.
func ClassifierWSDL(location string) string {
	return wsdlService{
		name:      "EmailDomainTypeClassifier",
		ns:        nameapi.SOAPClassifierNS,
		operation: "classify",
		types: `<xsd:element name="classify" type="tns:classify"/>` +
			`<xsd:element name="classifyResponse" type="tns:classifyResponse"/>` +
			`<xsd:complexType name="classify"><xsd:sequence>` +
			`<xsd:element name="context" type="tns:context" minOccurs="0"/>` +
			`<xsd:element name="emailAddress" type="xsd:string" minOccurs="0"/>` +
			`</xsd:sequence></xsd:complexType>` +
			`<xsd:complexType name="context"><xsd:sequence>` +
			`<xsd:element name="priority" type="xsd:string" minOccurs="0"/>` +
			`<xsd:element name="place" type="xsd:string" minOccurs="0"/>` +
			`<xsd:element name="language" type="xsd:string" minOccurs="0"/>` +
			`</xsd:sequence></xsd:complexType>` +
			`<xsd:complexType name="classifyResponse"><xsd:sequence>` +
			`<xsd:element name="return" type="tns:emailDomainTypeResult" minOccurs="0"/>` +
			`</xsd:sequence></xsd:complexType>` +
			`<xsd:complexType name="emailDomainTypeResult"><xsd:sequence>` +
			`<xsd:element name="emailDomainType" type="xsd:string" minOccurs="0">` +
			`<xsd:annotation><xsd:documentation>FREEMAIL, ORGANIZATION, ISP, DISPOSABLE or UNKNOWN</xsd:documentation></xsd:annotation>` +
			`</xsd:element>` +
			`</xsd:sequence></xsd:complexType>`,
		faults: []string{nameapi.SOAPFaultAccessDenied, nameapi.SOAPFaultInvalidInput, nameapi.SOAPFaultInternalServerError},
	}.document(location)
}

// PingerWSDL returns the WSDL 1.1 document of the pinger SOAP service
// (operation ping, answer "pong") whose address is location.
func PingerWSDL(location string) string {
	return wsdlService{
		name:      "Pinger",
		ns:        nameapi.SOAPPingerNS,
		operation: "ping",
		types: `<xsd:element name="ping" type="tns:ping"/>` +
			`<xsd:element name="pingResponse" type="tns:pingResponse"/>` +
			`<xsd:complexType name="ping"><xsd:sequence/></xsd:complexType>` +
			`<xsd:complexType name="pingResponse"><xsd:sequence>` +
			`<xsd:element name="return" type="xsd:string" minOccurs="0"/>` +
			`</xsd:sequence></xsd:complexType>`,
		faults: []string{nameapi.SOAPFaultAccessDenied, nameapi.SOAPFaultInternalServerError},
	}.document(location)
}

func (w wsdlService) document(location string) string {
	var b strings.Builder
	p := func(format string, args ...any) { fmt.Fprintf(&b, format, args...); b.WriteByte('\n') }
	op := w.operation
	p(`<?xml version="1.0" encoding="UTF-8"?>`)
	p(`<definitions xmlns="http://schemas.xmlsoap.org/wsdl/" xmlns:soap="http://schemas.xmlsoap.org/wsdl/soap/" xmlns:xsd="http://www.w3.org/2001/XMLSchema" xmlns:tns="%s" targetNamespace="%s" name="%sService">`, w.ns, w.ns, w.name)
	p(`<types>`)
	p(`<xsd:schema targetNamespace="%s" elementFormDefault="unqualified">`, w.ns)
	p(`%s`, w.types)
	for _, f := range w.faults {
		p(`<xsd:element name="%s" type="tns:webServiceException"/>`, f)
	}
	p(`%s`, wsdlExceptionType)
	p(`</xsd:schema>`)
	p(`</types>`)
	p(`<message name="%s"><part name="parameters" element="tns:%s"/></message>`, op, op)
	p(`<message name="%sResponse"><part name="parameters" element="tns:%sResponse"/></message>`, op, op)
	for _, f := range w.faults {
		p(`<message name="%s"><part name="fault" element="tns:%s"/></message>`, f, f)
	}
	p(`<portType name="%s">`, w.name)
	p(`<operation name="%s"><input message="tns:%s"/><output message="tns:%sResponse"/>`, op, op, op)
	for _, f := range w.faults {
		p(`<fault name="%s" message="tns:%s"/>`, f, f)
	}
	p(`</operation>`)
	p(`</portType>`)
	p(`<binding name="%sPortBinding" type="tns:%s">`, w.name, w.name)
	p(`<soap:binding transport="http://schemas.xmlsoap.org/soap/http" style="document"/>`)
	p(`<operation name="%s"><soap:operation soapAction=""/>`, op)
	p(`<input><soap:body use="literal"/></input><output><soap:body use="literal"/></output>`)
	for _, f := range w.faults {
		p(`<fault name="%s"><soap:fault name="%s" use="literal"/></fault>`, f, f)
	}
	p(`</operation>`)
	p(`</binding>`)
	p(`<service name="%sService">`, w.name)
	p(`<port name="%sPort" binding="tns:%sPortBinding"><soap:address location="%s"/></port>`, w.name, w.name, xmlEscape(location))
	p(`</service>`)
	p(`</definitions>`)
	return b.String()
}
