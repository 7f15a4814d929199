package nameapi

import (
	"bytes"
	"encoding/json"
	"fmt"
)

// ---------------------------------------------------------------------------
// 2.1 Request envelopes

// InputWithEmail is the request body of POST /email/emailnameparser.
type InputWithEmail struct {
	Context      *Context `json:"context,omitempty"`
	EmailAddress string   `json:"emailAddress"`
}

// InputWithPerson is the request body of the parser, genderizer and risk detector.
type InputWithPerson struct {
	Context     *Context     `json:"context,omitempty"`
	InputPerson *InputPerson `json:"inputPerson"`
}

// InputWithTwoPeople is the request body of the person matcher.
type InputWithTwoPeople struct {
	Context      *Context     `json:"context,omitempty"`
	InputPerson1 *InputPerson `json:"inputPerson1,omitempty"`
	InputPerson2 *InputPerson `json:"inputPerson2,omitempty"`
}

// PersonNameFormatterInput is the request body of the name formatter.
type PersonNameFormatterInput struct {
	Context     *Context             `json:"context,omitempty"`
	InputPerson *InputPerson         `json:"inputPerson,omitempty"`
	Properties  *FormatterProperties `json:"properties,omitempty"`
}

// ---------------------------------------------------------------------------
// 2.2 Context

// Context describes the caller's environment.
type Context struct {
	Priority       string            `json:"priority,omitempty"`
	Place          string            `json:"place,omitempty"`
	Language       string            `json:"language,omitempty"`
	WritingSystems []string          `json:"writingSystems,omitempty"`
	TextCase       string            `json:"textCase,omitempty"`
	Properties     []ContextProperty `json:"properties"`
}

// MarshalJSON writes the context with "properties" always present, as an
// empty array when there are none (the form the service expects).
func (c Context) MarshalJSON() ([]byte, error) {
	type plain Context
	if c.Properties == nil {
		c.Properties = []ContextProperty{}
	}
	return json.Marshal(plain(c))
}

// ContextProperty is a named argument for the server.
type ContextProperty struct {
	Name  string `json:"name"`
	Value string `json:"value"`
}

// ---------------------------------------------------------------------------
// 2.3 InputPerson

// InputPerson is a natural or a legal person, told apart by Type
// (TypeNaturalInputPerson or TypeLegalInputPerson). The natural-only fields
// (Gender, MaritalStatus, Nationalities, NativeLanguages, Religion) are
// ignored for legal persons.
//
// Nationalities and NativeLanguages distinguish nil (unknown: the field is
// absent) from an empty list (none).
type InputPerson struct {
	Type                   string            `json:"type"`
	PersonName             *InputPersonName  `json:"personName,omitempty"`
	Gender                 string            `json:"gender,omitempty"`
	MaritalStatus          string            `json:"maritalStatus,omitempty"`
	Nationalities          []string          `json:"nationalities,omitzero"`
	NativeLanguages        []string          `json:"nativeLanguages,omitzero"`
	Religion               string            `json:"religion,omitempty"`
	CorrespondenceLanguage string            `json:"correspondenceLanguage,omitempty"`
	EmailAddresses         []EmailAddress    `json:"emailAddresses,omitempty"`
	TelNumbers             []TelNumber       `json:"telNumbers,omitempty"`
	Addresses              []AddressRelation `json:"addresses,omitempty"`
	Age                    *AgeInfo          `json:"age,omitempty"`
}

// UnmarshalJSON decodes an InputPerson and also accepts the older field
// name "ageInfo" for the age.
func (p *InputPerson) UnmarshalJSON(data []byte) error {
	type plain InputPerson
	var aux struct {
		plain
		AgeInfo *AgeInfo `json:"ageInfo"`
	}
	if err := json.Unmarshal(data, &aux); err != nil {
		return err
	}
	*p = InputPerson(aux.plain)
	if p.Age == nil && aux.AgeInfo != nil {
		p.Age = aux.AgeInfo
	}
	return nil
}

// IsLegal reports whether the person is a legal person.
func (p *InputPerson) IsLegal() bool { return p != nil && p.Type == TypeLegalInputPerson }

// NewNaturalPerson returns a natural person with the given name fields.
func NewNaturalPerson(fields ...NameField) *InputPerson {
	p := &InputPerson{Type: TypeNaturalInputPerson}
	if len(fields) > 0 {
		p.PersonName = &InputPersonName{NameFields: fields}
	}
	return p
}

// NewLegalPerson returns a legal person with the given name fields.
func NewLegalPerson(fields ...NameField) *InputPerson {
	p := NewNaturalPerson(fields...)
	p.Type = TypeLegalInputPerson
	return p
}

// ---------------------------------------------------------------------------
// 2.4 Names

// InputPersonName holds the name fields of a person.
type InputPersonName struct {
	NameFields []NameField `json:"nameFields"`
}

// NameField is one input field of a name.
type NameField struct {
	String    string `json:"string"`
	FieldType string `json:"fieldType"`
}

// Field returns a NameField of the given type.
func Field(fieldType, s string) NameField { return NameField{String: s, FieldType: fieldType} }

// ---------------------------------------------------------------------------
// 2.5 Age

// AgeInfo is birth date or age information, told apart by Type. For
// TypeBirthYearRange the range is in YearRange.
type AgeInfo struct {
	Type      string     `json:"type"`
	Year      int32      `json:"year,omitempty"`
	Month     int32      `json:"month,omitempty"`
	Day       int32      `json:"day,omitempty"`
	YearRange *YearRange `json:"yearRange,omitempty"`
}

// YearRange is an inclusive range of years; either end may be unknown.
type YearRange struct {
	StartIncluding *int32 `json:"startIncluding,omitempty"`
	EndIncluding   *int32 `json:"endIncluding,omitempty"`
}

// NewBirthDate returns a BirthDate age info.
func NewBirthDate(year, month, day int) *AgeInfo {
	return &AgeInfo{Type: TypeBirthDate, Year: int32(year), Month: int32(month), Day: int32(day)}
}

// NewBirthYear returns a BirthYear age info.
func NewBirthYear(year int) *AgeInfo { return &AgeInfo{Type: TypeBirthYear, Year: int32(year)} }

// NewBirthYearMonth returns a BirthYearMonth age info.
func NewBirthYearMonth(year, month int) *AgeInfo {
	return &AgeInfo{Type: TypeBirthYearMonth, Year: int32(year), Month: int32(month)}
}

// NewBirthYearRange returns a BirthYearRange age info; a zero bound means unknown.
func NewBirthYearRange(startIncl, endIncl int) *AgeInfo {
	r := &YearRange{}
	if startIncl != 0 {
		v := int32(startIncl)
		r.StartIncluding = &v
	}
	if endIncl != 0 {
		v := int32(endIncl)
		r.EndIncluding = &v
	}
	return &AgeInfo{Type: TypeBirthYearRange, YearRange: r}
}

// Empty reports whether the age info carries no data.
func (a *AgeInfo) Empty() bool {
	if a == nil || a.Type == TypeNullAgeInfo {
		return true
	}
	return a.Year == 0 && a.Month == 0 && a.Day == 0 &&
		(a.YearRange == nil || (a.YearRange.StartIncluding == nil && a.YearRange.EndIncluding == nil))
}

// ---------------------------------------------------------------------------
// 2.6 Addresses and contact data

// AddressRelation links an address to its purposes, told apart by Type:
// TypeUseForAllAddressRelation or TypeSpecificUsageAddressRelation (Usage set).
type AddressRelation struct {
	Type          string        `json:"type"`
	Address       *InputAddress `json:"address"`
	Usage         string        `json:"usage,omitempty"`
	UsageForAll   *bool         `json:"usageForAll,omitempty"`
	SpecificUsage []string      `json:"specificUsage,omitempty"`
}

// InputAddress is an address, told apart by Type: TypeStructuredAddress
// (StreetInfo, Pobox, PlaceInfo), TypeSingleStringAddress (String) or
// TypeMultiLineAddress (AddressLines).
type InputAddress struct {
	Type         string      `json:"type"`
	StreetInfo   *StreetInfo `json:"streetInfo,omitempty"`
	Pobox        string      `json:"pobox,omitempty"`
	PlaceInfo    *PlaceInfo  `json:"placeInfo,omitempty"`
	String       string      `json:"string,omitempty"`
	AddressLines []string    `json:"addressLines,omitempty"`
}

// StreetInfo is street data, told apart by Type: TypeStructuredStreetInfo or
// TypeSingleStringStreetInfo (String).
type StreetInfo struct {
	Type                string   `json:"type"`
	StreetName          string   `json:"streetName,omitempty"`
	HouseNumber         string   `json:"houseNumber,omitempty"`
	Building            string   `json:"building,omitempty"`
	Staircase           string   `json:"staircase,omitempty"`
	Floor               string   `json:"floor,omitempty"`
	Apartment           string   `json:"apartment,omitempty"`
	String              string   `json:"string,omitempty"`
	StreetNameAndNumber string   `json:"streetNameAndNumber,omitempty"`
	AsString            string   `json:"asString,omitempty"`
	AddressLine2        string   `json:"addressLine2,omitempty"`
	AsLines             []string `json:"asLines,omitempty"`
}

// PlaceInfo is locality data (TypeStructuredPlaceInfo).
type PlaceInfo struct {
	Type                  string   `json:"type"`
	Locality              string   `json:"locality,omitempty"`
	PostalCode            string   `json:"postalCode,omitempty"`
	Neighborhood          string   `json:"neighborhood,omitempty"`
	Region                string   `json:"region,omitempty"`
	Country               string   `json:"country,omitempty"`
	LocalityAndPostalCode string   `json:"localityAndPostalCode,omitempty"`
	AsString              string   `json:"asString,omitempty"`
	AsLines               []string `json:"asLines,omitempty"`
}

// TelNumber is a phone, fax or other number (TypeSimpleTelNumber).
type TelNumber struct {
	Type       string `json:"type"`
	FullNumber string `json:"fullNumber"`
}

// EmailAddress is an email address (TypeEmailAddressImpl).
type EmailAddress struct {
	Type         string `json:"type"`
	EmailAddress string `json:"emailAddress"`
}

// NewEmailAddress returns an EmailAddressImpl.
func NewEmailAddress(addr string) EmailAddress {
	return EmailAddress{Type: TypeEmailAddressImpl, EmailAddress: addr}
}

// NewTelNumber returns a SimpleTelNumber.
func NewTelNumber(n string) TelNumber { return TelNumber{Type: TypeSimpleTelNumber, FullNumber: n} }

// ---------------------------------------------------------------------------
// 2.7 Formatter

// FormatterProperties are the formatter options (reserved by the service).
type FormatterProperties struct {
	Dummy bool `json:"dummy,omitempty"`
}

// FormatterResult is the result of the name formatter.
type FormatterResult struct {
	Formatted string `json:"formatted"`
	Unknown   bool   `json:"unknown"`
}

// ---------------------------------------------------------------------------
// 2.8 Email results

// DisposableEmailAddressDetectorResult is the result of the disposable email detector.
type DisposableEmailAddressDetectorResult struct {
	Disposable string `json:"disposable"`
}

// EmailNameParserResult is the result of the email name parser.
type EmailNameParserResult struct {
	ResultType  string                 `json:"resultType"`
	NameMatches []EmailNameParserMatch `json:"nameMatches"`
}

// EmailNameParserMatch is one way of reading a name from an email address.
type EmailNameParserMatch struct {
	GivenNames []NameFromEmailAddress `json:"givenNames"`
	Surnames   []NameFromEmailAddress `json:"surnames"`
	Confidence float64                `json:"confidence"`
}

// NameFromEmailAddress is a name extracted from an email address.
type NameFromEmailAddress struct {
	Name     string `json:"name"`
	NameType string `json:"nameType"`
}

// EmailDomainTypeClassifierResult is the result of the SOAP classify operation.
type EmailDomainTypeClassifierResult struct {
	// DomainType is one of the Domain* constants (unknown values are kept).
	DomainType string `json:"domainType"`
}

// ---------------------------------------------------------------------------
// 2.9 Genderizer

// GenderizerResult is the result of the genderizer, and the gender of a parsed person.
type GenderizerResult struct {
	Gender         string   `json:"gender"`
	MaleProportion *float64 `json:"maleProportion,omitempty"`
	Confidence     float64  `json:"confidence"`
}

// ---------------------------------------------------------------------------
// 2.10 Parser

// PersonNameParserResult is the result of the person name parser.
type PersonNameParserResult struct {
	Matches []ParsedPersonMatch `json:"matches"`
}

// Best returns the first (best) match, or nil when there is none.
func (r *PersonNameParserResult) Best() *ParsedPersonMatch {
	if r == nil || len(r.Matches) == 0 {
		return nil
	}
	return &r.Matches[0]
}

// ParsedPersonMatch is one possible parsing.
type ParsedPersonMatch struct {
	ParsedPerson   *ParsedPerson   `json:"parsedPerson"`
	ParserDisputes []ParserDispute `json:"parserDisputes"`
	Likeliness     float64         `json:"likeliness"`
	Confidence     float64         `json:"confidence"`
}

// ParserDispute is a consistency problem found while parsing.
type ParserDispute struct {
	DisputeType string `json:"disputeType"`
	Message     string `json:"message"`
}

// ParsedPerson is a parsed person, or a group of People.
type ParsedPerson struct {
	PersonType          string            `json:"personType"`
	PersonRole          string            `json:"personRole"`
	MailingPersonRoles  []string          `json:"mailingPersonRoles,omitempty"`
	Gender              *GenderizerResult `json:"gender,omitempty"`
	AddressingGivenName string            `json:"addressingGivenName,omitempty"`
	AddressingSurname   string            `json:"addressingSurname,omitempty"`
	OutputPersonName    *OutputPersonName `json:"outputPersonName,omitempty"`
	People              []ParsedPerson    `json:"people,omitempty"`
}

// OutputPersonName holds the extracted name terms.
type OutputPersonName struct {
	Terms []Term `json:"terms"`
}

// Term is one extracted name term.
type Term struct {
	String   string `json:"string"`
	TermType string `json:"termType"`
}

// First returns the text of the first term of the given type, or "".
func (n *OutputPersonName) First(termType string) string {
	if n == nil {
		return ""
	}
	for _, t := range n.Terms {
		if t.TermType == termType {
			return t.String
		}
	}
	return ""
}

// ---------------------------------------------------------------------------
// 2.11 Matcher

// PersonMatcherResult is the result of the person matcher.
type PersonMatcherResult struct {
	MatchType               string                  `json:"matchType"`
	PersonMatchComposition  string                  `json:"personMatchComposition"`
	Points                  float64                 `json:"points"`
	Confidence              float64                 `json:"confidence"`
	PersonNameMatcherResult PersonNameMatcherResult `json:"personNameMatcherResult"`
	GenderMatcherResult     GenderMatcherResult     `json:"genderMatcherResult"`
	AgeMatcherResult        AgeMatcherResult        `json:"ageMatcherResult"`
}

// PersonNameMatcherResult is the name comparison of the matcher.
type PersonNameMatcherResult struct {
	MatchType string `json:"matchType"`
}

// GenderMatcherResult is the gender comparison of the matcher.
type GenderMatcherResult struct {
	MatchType  string   `json:"matchType"`
	Confidence float64  `json:"confidence"`
	Warnings   []string `json:"warnings,omitempty"`
}

// AgeMatcherResult is the age comparison of the matcher.
type AgeMatcherResult struct {
	MatchType string `json:"matchType"`
}

// ---------------------------------------------------------------------------
// 2.12 Risk detector

// RiskDetectorResult is the result of the risk detector.
type RiskDetectorResult struct {
	Score float64        `json:"score"`
	Risks []DetectedRisk `json:"risks"`
}

// DetectedRisk is one risk found in the input.
type DetectedRisk struct {
	DataItem  string   `json:"dataItem"`
	RiskType  RiskType `json:"riskType"`
	RiskScore float64  `json:"riskScore"`
	Reason    string   `json:"reason"`
}

// RiskType is the kind of a detected risk, such as RiskPlaceholder. It
// marshals as a plain string (the v5.3 form) and unmarshals from the plain
// string, the v5.0 two-element array ["FakeRiskType","PLACEHOLDER"], or an
// object with a value under "value", "riskType" or "name".
type RiskType string

// Category returns RiskCategoryDisguise for disguise risks and
// RiskCategoryFake for every other value (a bare OTHER counts as fake).
func (t RiskType) Category() string {
	switch t {
	case RiskPadding, RiskStutterTyping, RiskSpacedTyping:
		return RiskCategoryDisguise
	}
	return RiskCategoryFake
}

// UnmarshalJSON accepts the string, array and object forms.
func (t *RiskType) UnmarshalJSON(data []byte) error {
	data = bytes.TrimSpace(data)
	if len(data) == 0 || string(data) == "null" {
		*t = ""
		return nil
	}
	switch data[0] {
	case '"':
		var s string
		if err := json.Unmarshal(data, &s); err != nil {
			return err
		}
		*t = RiskType(s)
		return nil
	case '[':
		var parts []string
		if err := json.Unmarshal(data, &parts); err != nil {
			return fmt.Errorf("riskType array: %w", err)
		}
		if len(parts) == 0 {
			*t = ""
			return nil
		}
		*t = RiskType(parts[len(parts)-1])
		return nil
	case '{':
		var m map[string]any
		if err := json.Unmarshal(data, &m); err != nil {
			return fmt.Errorf("riskType object: %w", err)
		}
		for _, k := range []string{"value", "riskType", "name", "type"} {
			if s, ok := m[k].(string); ok && s != "" && s != RiskCategoryFake && s != RiskCategoryDisguise {
				*t = RiskType(s)
				return nil
			}
		}
		return fmt.Errorf("riskType object without a value: %s", data)
	}
	return fmt.Errorf("riskType: unexpected JSON %s", data)
}
