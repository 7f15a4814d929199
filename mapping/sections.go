package mapping

import (
	"gopkg.in/yaml.v3"
)

// The sections of a config file that this package owns. The doc comment
// of every field of a section is its entry in the key reference of
// configs/README.md (go generate ./config); a "Type:" and a "Default:"
// line fill those columns.

// StringList is a list of strings that may be written as a single value.
type StringList []string

// UnmarshalYAML accepts "x" as well as [x, y].
func (l *StringList) UnmarshalYAML(n *yaml.Node) error {
	if n.Kind == yaml.ScalarNode {
		*l = StringList{n.Value}
		return nil
	}
	var s []string
	if err := n.Decode(&s); err != nil {
		return err
	}
	*l = s
	return nil
}

// PersonConfig is the "person" section: which columns make the InputPerson.
type PersonConfig struct {
	// Natural or legal person for every row, or per row from a column (the `person.type.*` keys).
	// Type: `natural` | `legal` | mapping
	// Default: `natural`
	Type PersonTypeConfig `yaml:"type"`
	// Complete name (field type FULLNAME). Beside `givenName`/`surname` it is their fallback: a row that lacks the given name or the surname sends its full name instead (and the parts when it has no full name); a row with both parts sends the parts only.
	// Type: col
	FullName string `yaml:"fullName"`
	// Given name(s) (GIVENNAME).
	// Type: col
	GivenName string `yaml:"givenName"`
	// Surname(s) (SURNAME).
	// Type: col
	Surname string `yaml:"surname"`
	// Organisation name (LEGAL_NAME); legal persons only.
	// Type: col
	LegalName string `yaml:"legalName"`
	// Further name fields of any type: FULLNAME, GIVENNAME, SURNAME, MIDDLENAME, NAMEPREFIX, NAMESUFFIX, ISM, KUNYA, NASAB, LAQAB, NISBAH, LEGAL_NAME, LEGAL_FORM, ADDITIONAL_NAME, MAIDEN_SURNAME, NICKNAME, SALUTATION, TITLE, QUALIFIER.
	// Type: list of `{column: col, fieldType: T}`
	Names []NameFieldConfig `yaml:"names"`
	// Email address column(s); the first is the default input of the email operations.
	// Type: col or list of cols
	Email StringList `yaml:"email"`
	// Phone number column(s). Sent as written (`+49…` is kept).
	// Type: col or list of cols
	Phone StringList `yaml:"phone"`
	// Birth date. Text is parsed with the Go layout(s) tried in order; Date/Timestamp columns need none. A partial date in a layout's form less the day (`1856-03` for `2006-01-02`, `03.1856` for `02.01.2006`) or a four-digit year alone (`1856`) is a birth year and month, or a birth year (dedupe compares it as a partial agreement with a date of that month or year). An impossible date (31 Feb) or text in no layout is a row error naming row and column.
	// Type: col, or `{column, layout, layouts}`
	BirthDate *DateConfig `yaml:"birthDate"`
	// Four-digit birth year (text or a number); non-numeric text is a row error.
	// Type: col
	BirthYear string `yaml:"birthYear"`
	// Birth-year range: one column like `1980-1990` (`1980-`, `-1990`, `1980` also work), or two year columns.
	// Type: col, or `{yearStart: col, yearEnd: col}`
	AgeRange *AgeRangeConfig `yaml:"ageRange"`
	// One address, as one of: structured columns (`street` … `country`), the whole address in one cell (`string`), or address lines (`lines`); plus an optional `usage`.
	// Type: mapping
	Address *AddressConfig `yaml:"address"`
	// Several addresses, each like `person.address`.
	// Type: list of the above
	Addresses []AddressConfig `yaml:"addresses"`
	// Stored gender. Built-in map (case-insensitive): m/male/man/mann/herr/mr/h → MALE, f/female/woman/w/frau/mrs/ms/miss → FEMALE, u/unknown → UNKNOWN; `values` adds to or overrides it; other values are left out. Natural persons only.
	// Type: col, or `{column, values: {cell: MALE|FEMALE|UNKNOWN}}`
	Gender *ValueMapConfig `yaml:"gender"`
	// UNKNOWN, SINGLE, ENGAGED, MARRIED, SEPARATED, DIVORCED, WIDOWED (cells matched case-insensitively).
	// Type: col, or `{column, values}`
	MaritalStatus *ValueMapConfig `yaml:"maritalStatus"`
	// Nationality codes, several separated by `,` `;` `/` or space; sent upper-case.
	// Type: col
	Nationality string `yaml:"nationality"`
	// Native language codes, several allowed; sent lower-case.
	// Type: col
	NativeLanguage string `yaml:"nativeLanguage"`
	// Language of correspondence (ISO 639).
	// Type: col
	CorrespondenceLanguage string `yaml:"correspondenceLanguage"`
	// Religion code.
	// Type: col
	Religion string `yaml:"religion"`
}

// PersonTypeConfig decides natural or legal person: Fixed for every row,
// or per row from Column.
type PersonTypeConfig struct {
	// Fixed is "natural" or "legal" when written as a single value.
	Fixed string `yaml:"-"`
	// Column that decides per row.
	// Type: col
	Column string `yaml:"column"`
	// Cell values (case-insensitive, trimmed) meaning a legal person; `"*"` = any non-empty value.
	// Type: list
	Legal []string `yaml:"legal"`
	// Cell values (case-insensitive, trimmed) meaning a natural person; `"*"` = any non-empty value.
	// Type: list
	Natural []string `yaml:"natural"`
	// Type of rows whose value is in neither list.
	// Type: `natural` | `legal`
	// Default: `natural`
	Default string `yaml:"default"`
}

// UnmarshalYAML accepts "natural", "legal" or a mapping.
func (t *PersonTypeConfig) UnmarshalYAML(n *yaml.Node) error {
	if n.Kind == yaml.ScalarNode {
		*t = PersonTypeConfig{Fixed: n.Value}
		return nil
	}
	type plain PersonTypeConfig
	return n.Decode((*plain)(t))
}

// NameFieldConfig maps a column to a name field type.
type NameFieldConfig struct {
	// Column is the input column.
	Column string `yaml:"column"`
	// FieldType is one of nameapi.FieldTypes (any letter case).
	FieldType string `yaml:"fieldType"`
}

// DateConfig is a date column with Go layouts (default 2006-01-02).
type DateConfig struct {
	// Column with the birth date.
	// Type: col
	Column string `yaml:"column"`
	// Go layout of text dates, written with Go's reference date: `2006-01-02` for YYYY-MM-DD, `02.01.2006` for DD.MM.YYYY, `01/02/2006` for US MM/DD/YYYY; or a list of layouts tried in order (`["01/02/2006", "2006-01-02"]`). `validate` and `run` check the layouts against a sample of the column and warn when they fit fewer than 98 % of its values or when day and month cannot be told apart.
	// Type: Go date layout, or a list of them
	// Default: `2006-01-02`
	Layout Layouts `yaml:"layout"`
	// Further layouts, tried in order after `layout`.
	// Type: list of Go date layouts
	Layouts []string `yaml:"layouts"`
}

// UnmarshalYAML accepts a column name or a mapping.
func (d *DateConfig) UnmarshalYAML(n *yaml.Node) error {
	if n.Kind == yaml.ScalarNode {
		*d = DateConfig{Column: n.Value}
		return nil
	}
	type plain DateConfig
	return n.Decode((*plain)(d))
}

// Layouts are date layouts written as one string or as a list.
type Layouts []string

// UnmarshalYAML accepts one layout or a list of them.
func (l *Layouts) UnmarshalYAML(n *yaml.Node) error {
	if n.Kind == yaml.ScalarNode {
		*l = Layouts{n.Value}
		return nil
	}
	var list []string
	if err := n.Decode(&list); err != nil {
		return err
	}
	*l = list
	return nil
}

// AllLayouts returns the layouts to try, in order.
func (d *DateConfig) AllLayouts() []string {
	var out []string
	for _, l := range d.Layout {
		if l != "" {
			out = append(out, l)
		}
	}
	out = append(out, d.Layouts...)
	if len(out) == 0 {
		out = []string{DefaultDateLayout}
	}
	return out
}

// AgeRangeConfig is a birth-year range: one column like "1980-1990", or
// two columns with the first and last year.
type AgeRangeConfig struct {
	// Column with a range of birth years such as `1980-1990`.
	// Type: col
	Column string `yaml:"column"`
	// Column with the first birth year of the range.
	// Type: col
	YearStart string `yaml:"yearStart"`
	// Column with the last birth year of the range.
	// Type: col
	YearEnd string `yaml:"yearEnd"`
}

// UnmarshalYAML accepts a column name or a mapping.
func (a *AgeRangeConfig) UnmarshalYAML(n *yaml.Node) error {
	if n.Kind == yaml.ScalarNode {
		*a = AgeRangeConfig{Column: n.Value}
		return nil
	}
	type plain AgeRangeConfig
	return n.Decode((*plain)(a))
}

// AddressConfig is a structured address (street … country columns), a
// single-string address column, or address line columns.
type AddressConfig struct {
	// The whole address in one cell; line breaks become spaces.
	// Type: col
	String string `yaml:"string"`
	// Address lines, one column each.
	// Type: col or list of cols
	Lines StringList `yaml:"lines"`
	// Street; without `houseNumber` the street column is sent as one string.
	// Type: col
	Street string `yaml:"street"`
	// House number; needs `street`.
	// Type: col
	HouseNumber string `yaml:"houseNumber"`
	// Post office box.
	// Type: col
	Pobox string `yaml:"pobox"`
	// Postal code.
	// Type: col
	PostalCode string `yaml:"postalCode"`
	// Town or city.
	// Type: col
	Locality string `yaml:"locality"`
	// Region, state or province.
	// Type: col
	Region string `yaml:"region"`
	// Country.
	// Type: col
	Country string `yaml:"country"`
	// What the address is for.
	// Type: `DOMICILE` | `CORRESPONDENCE` | `INVOICE` | `DELIVERY` | `OTHER`
	// Default: every purpose
	Usage string `yaml:"usage"`
}

// ValueMapConfig is a column whose values are mapped onto an enumeration.
type ValueMapConfig struct {
	// Column of the value.
	// Type: col
	Column string `yaml:"column"`
	// Cell values (case-insensitive, trimmed) mapped to enumeration values; unmapped values fall back to the built-in map, and values still unknown are left out of the request.
	// Type: mapping cell → value
	Values map[string]string `yaml:"values"`
}

// UnmarshalYAML accepts a column name or a mapping.
func (v *ValueMapConfig) UnmarshalYAML(n *yaml.Node) error {
	if n.Kind == yaml.ScalarNode {
		*v = ValueMapConfig{Column: n.Value}
		return nil
	}
	type plain ValueMapConfig
	return n.Decode((*plain)(v))
}

// ContextConfig is the "context" section: the request context for the
// whole run, optionally per row from columns.
type ContextConfig struct {
	// Whether someone waits for the answer.
	// Type: `REALTIME` | `LOW`
	Priority string `yaml:"priority"`
	// Place the request is made for, such as `DE`.
	// Type: ISO 3166 alpha-2, upper case
	Place string `yaml:"place"`
	// Language for locale-sensitive work.
	// Type: ISO 639, lower case
	Language string `yaml:"language"`
	// Letter case the data is written in.
	// Type: `TITLE_CASE` | `UPPER_CASE` | `LOWER_CASE`
	TextCase string `yaml:"textCase"`
	// ISO 15924 scripts, optionally with a language: `Latn`, `Arab:ar`.
	// Type: list
	WritingSystems []string `yaml:"writingSystems"`
	// Server properties (sent sorted by name).
	// Type: mapping name → value
	Properties map[string]string `yaml:"properties"`
	// Place per row (a two-letter value is upper-cased); empty cells fall back to `place`.
	// Type: col
	PlaceColumn string `yaml:"placeColumn"`
	// Language per row; empty cells fall back to `language`.
	// Type: col
	LanguageColumn string `yaml:"languageColumn"`
}

// OperationConfig is one entry of "operations": an operation name, or a
// mapping with the operation, the result fields to emit and, for the
// email operations, the email column.
type OperationConfig struct {
	Op Op `yaml:"op"`
	// Fields selects result columns by name without prefix (default all).
	Fields []string `yaml:"fields"`
	// Column is the email column of disposable, emailname and classify
	// (default: the first person.email column).
	Column string `yaml:"column"`
}

// UnmarshalYAML accepts "parse" or a mapping.
func (o *OperationConfig) UnmarshalYAML(n *yaml.Node) error {
	if n.Kind == yaml.ScalarNode {
		*o = OperationConfig{Op: Op(n.Value)}
		return nil
	}
	type plain OperationConfig
	return n.Decode((*plain)(o))
}
