package nameapi

// The service's enumerations, with the exact strings of the wire format.

// Discriminator values of the JSON property "type".
const (
	TypeNaturalInputPerson = "NaturalInputPerson"
	TypeLegalInputPerson   = "LegalInputPerson"

	TypeBirthDate      = "BirthDate"
	TypeBirthYear      = "BirthYear"
	TypeBirthYearMonth = "BirthYearMonth"
	TypeBirthYearRange = "BirthYearRange"
	TypeNullAgeInfo    = "NullAgeInfo"

	TypeStructuredAddress   = "StructuredAddress"
	TypeSingleStringAddress = "SingleStringAddress"
	TypeMultiLineAddress    = "MultiLineAddress"

	TypeStructuredStreetInfo   = "StructuredStreetInfo"
	TypeSingleStringStreetInfo = "SingleStringStreetInfo"

	TypeStructuredPlaceInfo = "StructuredPlaceInfo"

	TypeUseForAllAddressRelation     = "UseForAllAddressRelation"
	TypeSpecificUsageAddressRelation = "SpecificUsageAddressRelation"

	TypeEmailAddressImpl = "EmailAddressImpl"
	TypeSimpleTelNumber  = "SimpleTelNumber"
)

// Name field types (NameField.FieldType), grouped by culture as in the service.
const (
	// common
	FieldFullname  = "FULLNAME"
	FieldGivenname = "GIVENNAME"
	FieldSurname   = "SURNAME"
	// American
	FieldMiddlename = "MIDDLENAME"
	FieldNamePrefix = "NAMEPREFIX"
	FieldNameSuffix = "NAMESUFFIX"
	// Arabic
	FieldIsm    = "ISM"
	FieldKunya  = "KUNYA"
	FieldNasab  = "NASAB"
	FieldLaqab  = "LAQAB"
	FieldNisbah = "NISBAH"
	// legal
	FieldLegalName = "LEGAL_NAME"
	FieldLegalForm = "LEGAL_FORM"
	// other
	FieldAdditionalName = "ADDITIONAL_NAME"
	FieldMaidenSurname  = "MAIDEN_SURNAME"
	FieldNickname       = "NICKNAME"
	FieldSalutation     = "SALUTATION"
	FieldTitle          = "TITLE"
	FieldQualifier      = "QUALIFIER"
)

// FieldTypes lists every known name field type.
var FieldTypes = []string{
	FieldFullname, FieldGivenname, FieldSurname,
	FieldMiddlename, FieldNamePrefix, FieldNameSuffix,
	FieldIsm, FieldKunya, FieldNasab, FieldLaqab, FieldNisbah,
	FieldLegalName, FieldLegalForm,
	FieldAdditionalName, FieldMaidenSurname, FieldNickname, FieldSalutation, FieldTitle, FieldQualifier,
}

// Context.Priority and Context.TextCase values.
const (
	PriorityRealtime = "REALTIME"
	PriorityLow      = "LOW"

	TextCaseTitle = "TITLE_CASE"
	TextCaseUpper = "UPPER_CASE"
	TextCaseLower = "LOWER_CASE"
)

// Input gender (StoragePersonGender) and marital status values.
const (
	StorageGenderMale    = "MALE"
	StorageGenderFemale  = "FEMALE"
	StorageGenderUnknown = "UNKNOWN"
)

// MaritalStatuses lists the marital status enumeration.
var MaritalStatuses = []string{"UNKNOWN", "SINGLE", "ENGAGED", "MARRIED", "SEPARATED", "DIVORCED", "WIDOWED"}

// AddressUsages lists the address usage enumeration.
var AddressUsages = []string{"DOMICILE", "CORRESPONDENCE", "INVOICE", "DELIVERY", "OTHER"}

// Computed gender (GenderizerResult.Gender) values.
const (
	GenderMale           = "MALE"
	GenderFemale         = "FEMALE"
	GenderNeutral        = "NEUTRAL"
	GenderUnknown        = "UNKNOWN"
	GenderIndeterminable = "INDETERMINABLE"
	GenderConflict       = "CONFLICT"
)

// ParsedPerson.PersonType and ParsedPerson.PersonRole values.
const (
	PersonTypeNatural  = "NATURAL"
	PersonTypeMultiple = "MULTIPLE"
	PersonTypeFamily   = "FAMILY"
	PersonTypeLegal    = "LEGAL"

	RoleGroup    = "GROUP"
	RolePrimary  = "PRIMARY"
	RoleReceiver = "RECEIVER"
	RoleResident = "RESIDENT"
	RoleContact  = "CONTACT"
	RoleOwner    = "OWNER"
	RoleMember   = "MEMBER"
)

// Term.TermType values.
const (
	TermGivenname         = "GIVENNAME"
	TermSurname           = "SURNAME"
	TermMiddlename        = "MIDDLENAME"
	TermNickname          = "NICKNAME"
	TermGivennameInitial  = "GIVENNAMEINITIAL"
	TermMiddlenameInitial = "MIDDLENAMEINITIAL"
	TermSurnameInitial    = "SURNAMEINITIAL"
	TermQualifier         = "QUALIFIER"
	TermTitle             = "TITLE"
	TermSalutation        = "SALUTATION"
	TermSuffix            = "SUFFIX"
	TermProfession        = "PROFESSION"
	// TermNameAtBirthIndicator is the word that introduces a birth name
	// ("née", "geb.", "born"); TermSurnameAtBirth is that birth name.
	// The interface's enumeration does not list them; the real service
	// answers them for birth names.
	TermNameAtBirthIndicator = "NAMEATBIRTHINDICATOR"
	TermSurnameAtBirth       = "SURNAMEATBIRTH"
	TermBusinessSector       = "BUSINESSSECTOR"
	TermBusinessIndicator    = "BUSINESSINDICATOR"
	TermBusinessLegalForm    = "BUSINESSLEGALFORM"
	TermBusinessName         = "BUSINESSNAME"
)

// ParserDispute.DisputeType values.
const (
	DisputeGender             = "GENDER"
	DisputeSpelling           = "SPELLING"
	DisputeTransposition      = "TRANSPOSITION"
	DisputeTermInterpretation = "TERM_INTERPRETATION"
	DisputeDuplicateContent   = "DUPLICATE_CONTENT"
	DisputeSyntax             = "SYNTAX"
)

// DisposableEmailAddressDetectorResult.Disposable values.
const (
	DisposableYes     = "YES"
	DisposableNo      = "NO"
	DisposableUnknown = "UNKNOWN"
)

// EmailNameParserResult.ResultType and NameFromEmailAddress.NameType values.
const (
	EmailResultFunctional = "FUNCTIONAL"
	EmailResultInitials   = "INITIALS"
	EmailResultPersonName = "PERSON_NAME"
	EmailResultPseudonym  = "PSEUDONYM"
	EmailResultNotAName   = "NOT_A_NAME"
	EmailResultUnknown    = "UNKNOWN"

	EmailNameTypeName    = "NAME"
	EmailNameTypeInitial = "INITIAL"
)

// Matcher enumeration values.
const (
	MatchEqual             = "EQUAL"
	MatchMatching          = "MATCHING"
	MatchSimilar           = "SIMILAR"
	MatchRelation          = "RELATION"
	MatchDifferent         = "DIFFERENT"
	MatchPartial           = "PARTIAL"
	MatchNoSimilarityFound = "NO_SIMILARITY_FOUND"
	MatchPossiblyEqual     = "POSSIBLY_EQUAL"
	MatchPossiblyDifferent = "POSSIBLY_DIFFERENT"
	MatchNotApplicable     = "NOT_APPLICABLE"

	CompositionFull          = "FULL"
	CompositionPartial       = "PARTIAL"
	CompositionIntersection  = "INTERSECTION"
	CompositionNotApplicable = "NOT_APPLICABLE"
)

// DetectedRisk.DataItem values.
const (
	DataItemName    = "NAME"
	DataItemAddress = "ADDRESS"
	DataItemAge     = "AGE"
	DataItemEmail   = "EMAIL"
	DataItemTel     = "TEL"
)

// Risk types: fake risks and disguise risks. OTHER exists in both; a bare
// OTHER is read as the fake one.
const (
	RiskRandomTyping     = "RANDOM_TYPING"
	RiskPlaceholder      = "PLACEHOLDER"
	RiskFictional        = "FICTIONAL"
	RiskFamous           = "FAMOUS"
	RiskHumorous         = "HUMOROUS"
	RiskInvalid          = "INVALID"
	RiskStringSimilarity = "STRING_SIMILARITY"
	RiskOther            = "OTHER"

	RiskPadding       = "PADDING"
	RiskStutterTyping = "STUTTER_TYPING"
	RiskSpacedTyping  = "SPACED_TYPING"

	RiskCategoryFake     = "FakeRiskType"
	RiskCategoryDisguise = "DisguiseRiskType"
)

// Email domain types returned by the SOAP classify operation.
const (
	DomainFreemail     = "FREEMAIL"
	DomainOrganization = "ORGANIZATION"
	DomainISP          = "ISP"
	DomainDisposable   = "DISPOSABLE"
	DomainUnknown      = "UNKNOWN"
)
