package nameapi

import "context"

// The operations of the service, one small interface each, so that a
// consumer can ask for exactly what it uses. Every backend of namepipe (the
// remote Client, the offline engine) implements Service; the server package
// serves any Service over the REST and SOAP paths.

// Pinger checks the round trip through the whole service stack.
type Pinger interface {
	// Ping returns nil when the service answered "pong".
	Ping(ctx context.Context) error
}

// PersonNameParser parses a person's raw name into its parts.
type PersonNameParser interface {
	ParsePersonName(ctx context.Context, in *InputWithPerson) (*PersonNameParserResult, error)
}

// PersonGenderizer detects a person's gender.
type PersonGenderizer interface {
	GenderizePerson(ctx context.Context, in *InputWithPerson) (*GenderizerResult, error)
}

// RiskDetector tells whether person data looks fake or disguised.
type RiskDetector interface {
	DetectRisk(ctx context.Context, in *InputWithPerson) (*RiskDetectorResult, error)
}

// DisposableEmailDetector tells whether an email address is a disposable one.
type DisposableEmailDetector interface {
	DetectDisposableEmail(ctx context.Context, emailAddress string) (*DisposableEmailAddressDetectorResult, error)
}

// EmailNameParser extracts a person's name from an email address.
type EmailNameParser interface {
	ParseEmailName(ctx context.Context, in *InputWithEmail) (*EmailNameParserResult, error)
}

// PersonNameFormatter formats a person's name (letter case and name order).
type PersonNameFormatter interface {
	FormatPersonName(ctx context.Context, in *PersonNameFormatterInput) (*FormatterResult, error)
}

// PersonMatcher compares two people.
type PersonMatcher interface {
	MatchPersons(ctx context.Context, in *InputWithTwoPeople) (*PersonMatcherResult, error)
}

// EmailDomainClassifier classifies the domain of an email address (SOAP classify).
type EmailDomainClassifier interface {
	ClassifyEmailDomain(ctx context.Context, emailAddress string) (*EmailDomainTypeClassifierResult, error)
}

// ExceptionThrower makes the service raise an error on request, so that
// clients can test their error handling. exceptionType is one of the
// Exception* constants; chance is 0..100 (100 = always). It returns nil
// when the service did not throw.
type ExceptionThrower interface {
	ThrowException(ctx context.Context, exceptionType string, chance int) error
}

// Exception thrower exception types.
const (
	ExceptionInvalidInput                          = "InvalidInput"
	ExceptionAccessDeniedNoSuchAccount             = "AccessDeniedNoSuchAccount"
	ExceptionInternalServerError                   = "InternalServerError"
	ExceptionAccessDeniedRequestLimitExceeded      = "AccessDeniedRequestLimitExceeded"
	ExceptionAccessDeniedTooManyConcurrentRequests = "AccessDeniedTooManyConcurrentRequests"
)

// InProcess is implemented by a Service that computes its answers in the
// calling goroutine, without I/O (the embedded engine): a call cannot hang
// on a network, and calling costs less than queueing it. The pipeline
// checks for it to run such a service on its local path (no per-call
// timeout, whole batches of rows per worker). A remote client must not
// implement it.
type InProcess interface {
	// InProcess marks the service; it does nothing.
	InProcess()
}

// Service is every operation of the service. The pipeline, the server and
// the CLI depend on it (or on the single-operation interfaces above), never
// on a concrete backend.
type Service interface {
	Pinger
	PersonNameParser
	PersonGenderizer
	RiskDetector
	DisposableEmailDetector
	EmailNameParser
	PersonNameFormatter
	PersonMatcher
	EmailDomainClassifier
	ExceptionThrower
}
