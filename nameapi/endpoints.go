package nameapi

import (
	"context"
	"net/http"
	"strings"
)

// REST endpoint paths, relative to the REST base URL (which ends in the
// version segment, such as /rest/v5.3).
const (
	PathPing                      = "/system/ping"
	PathPersonNameParser          = "/parser/personnameparser"
	PathPersonGenderizer          = "/genderizer/persongenderizer"
	PathPersonMatcher             = "/matcher/personmatcher"
	PathPersonNameFormatter       = "/formatter/personnameformatter"
	PathEmailNameParser           = "/email/emailnameparser"
	PathDisposableEmailDetector   = "/email/disposableemailaddressdetector"
	PathRiskDetector              = "/riskdetector/person"
	PathEmailDomainTypeClassifier = "/email/emaildomaintypeclassifier"
	PathExceptionThrower          = "/development/exceptionthrower"
)

// Wire is the wire identity of one endpoint of the service: where it
// lives and how its input travels. The Client, the server package and the
// offline engine read paths and names from here (docs/protocol.md
// describes the interface).
type Wire struct {
	// Path is the REST path, relative to the REST base (which ends in the
	// version segment, such as /rest/v5.3).
	Path string
	// Method is the HTTP method of the REST call: POST sends the input as
	// a JSON body, GET sends it in the query parameter Query.
	Method string
	// Query names the query parameter of a GET endpoint that carries the
	// input ("emailAddress"); empty for POST endpoints.
	Query string
	// EnvelopeParam is set when the interface requires the query parameter
	// envelope=false on the call (on a GET endpoint) or on its POST form.
	EnvelopeParam bool
	// SOAPPath is the path of the SOAP service offering the operation,
	// relative to the host; empty when there is none.
	SOAPPath string
}

// Name is the endpoint's name in errors and logs: its REST path without
// the leading slash, such as "parser/personnameparser".
func (w *Wire) Name() string { return strings.TrimPrefix(w.Path, "/") }

// SOAPName is the name of the SOAP call in errors and logs: "soap/" and
// the SOAP path after the version segment, such as "soap/system/pinger".
func (w *Wire) SOAPName() string {
	return "soap/" + strings.TrimPrefix(w.SOAPPath, soapVersionPrefix)
}

// soapVersionPrefix starts every SOAP path.
const soapVersionPrefix = "/soap/v4.0/"

// Endpoint is one operation of the service: its wire identity and its
// typed call on a Service. In is its input (a pointer to a request type,
// or the email address as a string for the GET endpoints) and Out its
// result type.
type Endpoint[In, Out any] struct {
	Wire
	// Call performs the operation on svc.
	Call func(svc Service, ctx context.Context, in In) (*Out, error)
}

// The endpoints of the service. Ping and the exception thrower have no
// typed result and are plain Wires.
var (
	EndpointPing = &Wire{Path: PathPing, Method: http.MethodGet}

	EndpointPersonNameParser = &Endpoint[*InputWithPerson, PersonNameParserResult]{
		Wire: Wire{Path: PathPersonNameParser, Method: http.MethodPost},
		Call: Service.ParsePersonName,
	}
	EndpointPersonGenderizer = &Endpoint[*InputWithPerson, GenderizerResult]{
		Wire: Wire{Path: PathPersonGenderizer, Method: http.MethodPost},
		Call: Service.GenderizePerson,
	}
	EndpointRiskDetector = &Endpoint[*InputWithPerson, RiskDetectorResult]{
		Wire: Wire{Path: PathRiskDetector, Method: http.MethodPost},
		Call: Service.DetectRisk,
	}
	EndpointPersonMatcher = &Endpoint[*InputWithTwoPeople, PersonMatcherResult]{
		Wire: Wire{Path: PathPersonMatcher, Method: http.MethodPost},
		Call: Service.MatchPersons,
	}
	EndpointPersonNameFormatter = &Endpoint[*PersonNameFormatterInput, FormatterResult]{
		Wire: Wire{Path: PathPersonNameFormatter, Method: http.MethodPost},
		Call: Service.FormatPersonName,
	}
	// EndpointEmailNameParser is the POST form; a GET form with the
	// emailAddress query parameter (and no context) exists too.
	EndpointEmailNameParser = &Endpoint[*InputWithEmail, EmailNameParserResult]{
		Wire: Wire{Path: PathEmailNameParser, Method: http.MethodPost, Query: "emailAddress", EnvelopeParam: true},
		Call: Service.ParseEmailName,
	}
	EndpointDisposableEmailDetector = &Endpoint[string, DisposableEmailAddressDetectorResult]{
		Wire: Wire{Path: PathDisposableEmailDetector, Method: http.MethodGet, Query: "emailAddress"},
		Call: Service.DetectDisposableEmail,
	}
	// EndpointEmailDomainTypeClassifier is offered by the public service
	// over SOAP only; namepipe's server also answers it over REST.
	EndpointEmailDomainTypeClassifier = &Endpoint[string, EmailDomainTypeClassifierResult]{
		Wire: Wire{Path: PathEmailDomainTypeClassifier, Method: http.MethodGet, Query: "emailAddress", SOAPPath: SOAPClassifierPath},
		Call: Service.ClassifyEmailDomain,
	}

	EndpointExceptionThrower = &Wire{Path: PathExceptionThrower, Method: http.MethodGet, EnvelopeParam: true}
	// EndpointSOAPPinger is the SOAP ping service; it has no REST path.
	EndpointSOAPPinger = &Wire{SOAPPath: SOAPPingerPath}
)
