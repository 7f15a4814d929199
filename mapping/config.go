package mapping

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"time"

	"github.com/namepipe/namepipe/nameapi"
	"github.com/namepipe/namepipe/record"
	"gopkg.in/yaml.v3"
)

// Op names one operation of the service that a run performs.
type Op string

// The operations a config can list under "operations".
const (
	OpParse      Op = "parse"      // PersonNameParser
	OpGenderize  Op = "genderize"  // PersonGenderizer
	OpRisk       Op = "risk"       // RiskDetector
	OpDisposable Op = "disposable" // DisposableEmailDetector (first email column unless the op names one)
	OpEmailName  Op = "emailname"  // EmailNameParser
	OpFormat     Op = "format"     // PersonNameFormatter
	OpClassify   Op = "classify"   // EmailDomainClassifier
)

// AllOps lists every operation in canonical order.
var AllOps = []Op{OpParse, OpGenderize, OpRisk, OpDisposable, OpEmailName, OpFormat, OpClassify}

// Engine kinds.
const (
	EngineLocal   = "local"
	EngineNameAPI = "nameapi"
)

// File formats of input and output.
const (
	FormatCSV     = "csv"
	FormatParquet = "parquet"
	FormatJSONL   = "jsonl"
)

// Escape modes of output.escapeFormulas.
const (
	EscapeResults = "results"
	EscapeAll     = "all"
	EscapeNone    = "none"
)

// Policies of run.invalidValues.
const (
	// InvalidOmit leaves an unusable value (an impossible date, text in a
	// numeric column, an over-long cell) out of the request, still enriches
	// the row with the rest of its data, and reports the value in the error
	// column.
	InvalidOmit = "omit"
	// InvalidSkip sends nothing for a row with an unusable value; the row
	// is written with the error column filled.
	InvalidSkip = "skip"
)

// Defaults applied when a key is absent.
const (
	DefaultPrefix                 = "np_"
	DefaultConcurrency            = 4
	DefaultRetries                = 3
	DefaultTimeout                = 10 * time.Second
	DefaultMaxConsecutiveFailures = 50
	DefaultMaxValueBytes          = 64 << 10
	DefaultDateLayout             = time.DateOnly
)

// Config is the whole YAML config of a run. Load or Parse it; the zero
// value is not valid. See the package documentation for every key.
type Config struct {
	Input      InputConfig       `yaml:"input"`
	Output     OutputConfig      `yaml:"output"`
	Engine     EngineConfig      `yaml:"engine"`
	Run        RunConfig         `yaml:"run"`
	Person     PersonConfig      `yaml:"person"`
	Context    ContextConfig     `yaml:"context"`
	Operations []OperationConfig `yaml:"operations"`

	file  string
	lines map[string]int
}

// InputConfig is the "input" section: the file to read.
type InputConfig struct {
	// Path of the input file; "-" is stdin. Relative paths are relative to
	// the working directory.
	Path string `yaml:"path"`
	// Format is csv, parquet or jsonl; when empty it follows the extension
	// (after Load it is always set).
	Format string `yaml:"format"`
	// Delimiter of CSV input: one character such as "," ";" "|" or "\t";
	// empty means sniff it from the header line.
	Delimiter string `yaml:"delimiter"`
	// Header says whether CSV input has a header line (default true).
	Header *bool `yaml:"header"`
	// Columns names the columns of CSV input without a header line.
	Columns []string `yaml:"columns"`
	// OnMalformed says what happens to a malformed CSV row (a stray
	// quote, a quote never closed, a wrong number of fields): keep (the
	// default: the row is kept with its text in its columns and flagged
	// in the error column), reject (the row goes to the rejects file, not
	// to the output) or fail (the run stops at the first quoting error).
	OnMalformed string `yaml:"onMalformed"`
	// Rejects is the CSV file rejected rows are written to (onMalformed:
	// reject); default OUTPUT.rejects.csv.
	Rejects string `yaml:"rejects"`
}

// Values of input.onMalformed.
const (
	MalformedKeep   = "keep"
	MalformedReject = "reject"
	MalformedFail   = "fail"
)

// RejectsPath returns where rejected rows go: input.rejects, or
// OUTPUT.rejects.csv; "" when output is standard output and no path is set.
func (c *Config) RejectsPath() string {
	if c.Input.Rejects != "" {
		return c.Input.Rejects
	}
	if c.Output.Path == "" || c.Output.Path == "-" {
		return ""
	}
	return c.Output.Path + ".rejects.csv"
}

// HasHeader reports whether CSV input starts with a header line.
func (c InputConfig) HasHeader() bool { return c.Header == nil || *c.Header }

// OutputConfig is the "output" section: the file to write.
type OutputConfig struct {
	// Path of the output file; "-" is stdout. Must differ from the input.
	Path string `yaml:"path"`
	// Format is csv, parquet or jsonl; when empty it follows the extension.
	Format string `yaml:"format"`
	// Delimiter of CSV output (default ",").
	Delimiter string `yaml:"delimiter"`
	// Prefix of every result column name (default "np_"; "" is allowed
	// when no result column clashes with an input column).
	Prefix *string `yaml:"prefix"`
	// EscapeFormulas says which CSV cells are protected against
	// spreadsheet formula injection: results (default), all or none.
	EscapeFormulas string `yaml:"escapeFormulas"`
}

// ColumnPrefix returns the prefix of result columns.
func (c OutputConfig) ColumnPrefix() string {
	if c.Prefix == nil {
		return DefaultPrefix
	}
	return *c.Prefix
}

// EngineConfig is the "engine" section: which backend answers.
type EngineConfig struct {
	// Kind is local (the embedded offline engine, default) or nameapi (a
	// remote service speaking the NameAPI REST interface).
	Kind string `yaml:"kind"`
	// BaseURL of the remote service, such as https://api.nameapi.org/rest/v5.3/.
	BaseURL string `yaml:"baseURL"`
	// APIKeyEnv is the NAME of the environment variable holding the API
	// key. The key itself is never stored in the config.
	APIKeyEnv string `yaml:"apiKeyEnv"`
	// Timeout of one request (default 10s), such as "5s" or "1m".
	Timeout time.Duration `yaml:"timeout"`
}

// APIKey reads the API key from the environment variable named by
// APIKeyEnv. It returns "" and no error for the local engine without an
// apiKeyEnv. The error never contains the key.
func (e *EngineConfig) APIKey() (string, error) {
	if e.APIKeyEnv == "" {
		if e.Kind == EngineNameAPI {
			return "", errors.New("engine.apiKeyEnv is not set")
		}
		return "", nil
	}
	v, ok := os.LookupEnv(e.APIKeyEnv)
	if !ok || strings.TrimSpace(v) == "" {
		return "", fmt.Errorf("environment variable %s (engine.apiKeyEnv) is not set or empty", e.APIKeyEnv)
	}
	return strings.TrimSpace(v), nil
}

// RunConfig is the "run" section: how hard to drive the engine.
type RunConfig struct {
	// Concurrency is the number of requests in flight (default 4).
	Concurrency int `yaml:"concurrency"`
	// Rate limits requests per second; 0 (default) means unlimited.
	Rate float64 `yaml:"rate"`
	// Burst is the limiter's bucket size (default: rate rounded up, at least 1).
	Burst int `yaml:"burst"`
	// Retries is the number of retries of a retryable failure (default 3).
	Retries int `yaml:"retries"`
	// MaxConsecutiveFailures stops the run after that many failed requests
	// in a row (default 50; 0 disables the stop).
	MaxConsecutiveFailures int `yaml:"maxConsecutiveFailures"`
	// Cache is the path of a persistent result cache; empty = no cache.
	Cache string `yaml:"cache"`
	// MaxValueBytes is the longest cell value sent to the service (default
	// 65536); a longer value makes a row error and is not sent.
	MaxValueBytes int `yaml:"maxValueBytes"`
	// InvalidValues is what happens to a row with an unusable value:
	// InvalidOmit (default) or InvalidSkip.
	InvalidValues string `yaml:"invalidValues"`
}

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
	// Type is natural (default), legal, or a per-row rule.
	Type PersonTypeConfig `yaml:"type"`
	// FullName is a column with the complete name (FULLNAME).
	FullName string `yaml:"fullName"`
	// GivenName is a column with given names (GIVENNAME).
	GivenName string `yaml:"givenName"`
	// Surname is a column with surnames (SURNAME).
	Surname string `yaml:"surname"`
	// LegalName is a column with an organisation's name (LEGAL_NAME).
	LegalName string `yaml:"legalName"`
	// Names lists further name fields: a column and a field type each.
	Names []NameFieldConfig `yaml:"names"`
	// Email is one or more email address columns.
	Email StringList `yaml:"email"`
	// Phone is one or more phone number columns.
	Phone StringList `yaml:"phone"`
	// BirthDate is a birth date column and its layouts.
	BirthDate *DateConfig `yaml:"birthDate"`
	// BirthYear is a column with a four-digit birth year.
	BirthYear string `yaml:"birthYear"`
	// AgeRange is a range of birth years.
	AgeRange *AgeRangeConfig `yaml:"ageRange"`
	// Address is one address; Addresses several.
	Address   *AddressConfig  `yaml:"address"`
	Addresses []AddressConfig `yaml:"addresses"`
	// Gender is a gender column with an optional value map.
	Gender *ValueMapConfig `yaml:"gender"`
	// MaritalStatus is a marital status column with an optional value map.
	MaritalStatus *ValueMapConfig `yaml:"maritalStatus"`
	// Nationality is a column of nationality codes (several separated by , or ;).
	Nationality string `yaml:"nationality"`
	// NativeLanguage is a column of language codes (several separated by , or ;).
	NativeLanguage string `yaml:"nativeLanguage"`
	// CorrespondenceLanguage is a column with a language code.
	CorrespondenceLanguage string `yaml:"correspondenceLanguage"`
	// Religion is a column with a religion code.
	Religion string `yaml:"religion"`
}

// PersonTypeConfig decides natural or legal person: Fixed for every row,
// or per row from Column.
type PersonTypeConfig struct {
	// Fixed is "natural" or "legal" when written as a single value.
	Fixed string `yaml:"-"`
	// Column decides per row.
	Column string `yaml:"column"`
	// Legal and Natural list the column values (case-insensitive) that mean
	// each type; "*" means any non-empty value.
	Legal   []string `yaml:"legal"`
	Natural []string `yaml:"natural"`
	// Default is the type of a row whose value is in neither list
	// (default natural).
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
	Column    string `yaml:"column"`
	FieldType string `yaml:"fieldType"`
}

// DateConfig is a date column with Go layouts (default 2006-01-02).
type DateConfig struct {
	Column  string   `yaml:"column"`
	Layout  string   `yaml:"layout"`
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

// AllLayouts returns the layouts to try, in order.
func (d *DateConfig) AllLayouts() []string {
	var out []string
	if d.Layout != "" {
		out = append(out, d.Layout)
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
	Column    string `yaml:"column"`
	YearStart string `yaml:"yearStart"`
	YearEnd   string `yaml:"yearEnd"`
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
	String      string     `yaml:"string"`
	Lines       StringList `yaml:"lines"`
	Street      string     `yaml:"street"`
	HouseNumber string     `yaml:"houseNumber"`
	Pobox       string     `yaml:"pobox"`
	PostalCode  string     `yaml:"postalCode"`
	Locality    string     `yaml:"locality"`
	Region      string     `yaml:"region"`
	Country     string     `yaml:"country"`
	// Usage is DOMICILE, CORRESPONDENCE, INVOICE, DELIVERY or OTHER; empty
	// means the address serves every purpose.
	Usage string `yaml:"usage"`
}

// ValueMapConfig is a column whose values are mapped onto an enumeration.
type ValueMapConfig struct {
	Column string `yaml:"column"`
	// Values maps cell values (case-insensitive, trimmed) to enumeration
	// values; unmapped values fall back to the built-in map, and values
	// still unknown are left out of the request.
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
	Priority       string            `yaml:"priority"`
	Place          string            `yaml:"place"`
	Language       string            `yaml:"language"`
	TextCase       string            `yaml:"textCase"`
	WritingSystems []string          `yaml:"writingSystems"`
	Properties     map[string]string `yaml:"properties"`
	// PlaceColumn and LanguageColumn take place and language per row
	// (falling back to Place and Language when the cell is empty).
	PlaceColumn    string `yaml:"placeColumn"`
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

// File returns the name of the config file.
func (c *Config) File() string { return c.file }

// Line returns the line of a dotted config key such as "person.fullName",
// or 0 when the key is absent.
func (c *Config) Line(key string) int {
	p := problems{lines: c.lines}
	return p.line(key)
}

// Load reads and statically validates a YAML config file (strict: unknown
// keys are errors); errors name the file and line.
func Load(path string) (*Config, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("read config: %w", err)
	}
	return Parse(data, path)
}

// Parse is Load on bytes; name is used in errors. Every problem found is
// reported at once, as ConfigErrors.
func Parse(data []byte, name string) (*Config, error) {
	var root yaml.Node
	dec := yaml.NewDecoder(bytes.NewReader(data))
	if err := dec.Decode(&root); err != nil {
		if errors.Is(err, io.EOF) {
			return nil, &ConfigError{File: name, Msg: "config is empty"}
		}
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	if len(root.Content) == 0 || (root.Content[0].Kind == yaml.ScalarNode && root.Content[0].Tag == "!!null") {
		return nil, &ConfigError{File: name, Msg: "config is empty"}
	}
	var extra yaml.Node
	if err := dec.Decode(&extra); err == nil {
		return nil, &ConfigError{File: name, Line: extra.Line, Msg: "config holds more than one YAML document"}
	}
	p := &problems{file: name, lines: map[string]int{}}
	p.walk(&root, reflect.TypeFor[Config](), "")
	if err := p.err(); err != nil {
		return nil, err
	}
	cfg := &Config{file: name, lines: p.lines}
	if err := root.Decode(cfg); err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	cfg.applyDefaults()
	cfg.check(p)
	if err := p.err(); err != nil {
		return nil, err
	}
	return cfg, nil
}

func (c *Config) has(key string) bool { _, ok := c.lines[key]; return ok }

func (c *Config) applyDefaults() {
	if c.Engine.Kind == "" {
		c.Engine.Kind = EngineLocal
	}
	if !c.has("engine.timeout") {
		c.Engine.Timeout = DefaultTimeout
	}
	if !c.has("run.concurrency") {
		c.Run.Concurrency = DefaultConcurrency
	}
	if !c.has("run.retries") {
		c.Run.Retries = DefaultRetries
	}
	if !c.has("run.maxConsecutiveFailures") {
		c.Run.MaxConsecutiveFailures = DefaultMaxConsecutiveFailures
	}
	if !c.has("run.maxValueBytes") {
		c.Run.MaxValueBytes = DefaultMaxValueBytes
	}
	if c.Run.InvalidValues == "" {
		c.Run.InvalidValues = InvalidOmit
	}
	if !c.has("run.burst") && c.Run.Rate > 0 {
		c.Run.Burst = max(1, int(c.Run.Rate+0.999999))
	}
	if c.Input.Format == "" {
		c.Input.Format = formatFromPath(c.Input.Path)
	}
	if c.Output.Format == "" {
		c.Output.Format = formatFromPath(c.Output.Path)
	}
	if c.Output.EscapeFormulas == "" {
		c.Output.EscapeFormulas = EscapeResults
	}
	if c.Person.Type.Fixed == "" && c.Person.Type.Column == "" {
		c.Person.Type.Fixed = "natural"
	}
	if c.Person.Type.Column != "" && c.Person.Type.Default == "" {
		c.Person.Type.Default = "natural"
	}
}

// formatFromPath is the config format of path: TSV files are CSV with
// their delimiter given or sniffed.
func formatFromPath(path string) string {
	if f := record.FormatOf(path); f != record.FormatTSV {
		return f
	}
	return FormatCSV
}

var envNameRe = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*$`)

// check validates everything that does not need the input's schema.
func (c *Config) check(p *problems) {
	// input / output
	if c.Input.Path == "" {
		p.add("input.path", "is required")
	}
	if c.Output.Path == "" {
		p.add("output.path", "is required")
	}
	c.checkFormat(p, "input", c.Input.Path, c.Input.Format)
	c.checkFormat(p, "output", c.Output.Path, c.Output.Format)
	c.checkDelimiter(p, "input", c.Input.Format, c.Input.Delimiter)
	c.checkDelimiter(p, "output", c.Output.Format, c.Output.Delimiter)
	if !c.Input.HasHeader() {
		if c.Input.Format != FormatCSV {
			p.add("input.header", "header: false applies only to CSV input")
		}
		if len(c.Input.Columns) == 0 {
			p.add("input.header", "CSV input without a header line needs input.columns (the column names)")
		}
	} else if len(c.Input.Columns) > 0 {
		p.add("input.columns", "input.columns applies only to CSV input with header: false")
	}
	switch c.Input.OnMalformed {
	case "", MalformedKeep, MalformedFail:
		if c.Input.Rejects != "" {
			p.add("input.rejects", "applies only with onMalformed: reject")
		}
	case MalformedReject:
		switch rj := c.RejectsPath(); {
		case rj == "":
			p.add("input.onMalformed", "reject with output to stdout needs input.rejects (the file for the rejected rows)")
		case rj == "-" || samePath(rj, c.Input.Path) || samePath(rj, c.Output.Path):
			p.add("input.rejects", "%q must be a file other than the input and the output", rj)
		}
	default:
		p.add("input.onMalformed", "%q: must be keep, reject or fail", c.Input.OnMalformed)
	}
	if c.Input.OnMalformed != "" && c.Input.Format != FormatCSV {
		p.add("input.onMalformed", "applies only to CSV input (format is %s)", c.Input.Format)
	}
	if c.Input.Path != "" && c.Output.Path != "" && c.Input.Path != "-" && samePath(c.Input.Path, c.Output.Path) {
		p.add("output.path", "is the input file %q: namepipe never overwrites its input; choose another output path", c.Input.Path)
	}
	if pre := c.Output.ColumnPrefix(); pre != "" && !validColumnPrefix(pre) {
		p.add("output.prefix", "%q: use letters, digits, '_' or '.' only", pre)
	}
	if !slices.Contains([]string{EscapeResults, EscapeAll, EscapeNone}, c.Output.EscapeFormulas) {
		p.add("output.escapeFormulas", "%q: must be results, all or none", c.Output.EscapeFormulas)
	}

	// engine
	switch c.Engine.Kind {
	case EngineLocal:
		if c.Engine.BaseURL != "" {
			p.add("engine.baseURL", "is only used with engine.kind: nameapi (kind is local)")
		}
	case EngineNameAPI:
		if c.Engine.BaseURL == "" {
			p.add("engine", "kind nameapi needs engine.baseURL (such as https://api.nameapi.org/rest/v5.3/)")
		} else if !strings.HasPrefix(c.Engine.BaseURL, "http://") && !strings.HasPrefix(c.Engine.BaseURL, "https://") {
			p.add("engine.baseURL", "must start with http:// or https://")
		}
		if c.Engine.APIKeyEnv == "" {
			p.add("engine", "kind nameapi needs engine.apiKeyEnv, the name of the environment variable holding the API key")
		}
	default:
		p.add("engine.kind", "%q: must be local or nameapi", c.Engine.Kind)
	}
	if c.Engine.APIKeyEnv != "" && !envNameRe.MatchString(c.Engine.APIKeyEnv) {
		// Never echo the value: it may be a pasted key.
		p.add("engine.apiKeyEnv", "must be the NAME of an environment variable (letters, digits, '_'), not the key itself")
	}
	if c.Engine.Timeout <= 0 {
		p.add("engine.timeout", "must be positive, such as 10s")
	}

	// run
	if c.Run.Concurrency < 1 {
		p.add("run.concurrency", "must be at least 1, got %d", c.Run.Concurrency)
	}
	if c.Run.Rate < 0 {
		p.add("run.rate", "must be 0 (unlimited) or positive, got %g", c.Run.Rate)
	}
	if c.Run.Rate > 0 && c.Run.Burst < 1 {
		p.add("run.burst", "must be at least 1 when run.rate is set, got %d", c.Run.Burst)
	}
	if c.Run.Rate == 0 && c.has("run.burst") {
		p.add("run.burst", "has no effect without run.rate")
	}
	if c.Run.Retries < 0 {
		p.add("run.retries", "must be 0 or more, got %d", c.Run.Retries)
	}
	if c.Run.MaxConsecutiveFailures < 0 {
		p.add("run.maxConsecutiveFailures", "must be 0 (never stop) or more, got %d", c.Run.MaxConsecutiveFailures)
	}
	if !slices.Contains([]string{InvalidOmit, InvalidSkip}, c.Run.InvalidValues) {
		p.add("run.invalidValues", "%q: must be omit or skip", c.Run.InvalidValues)
	}
	if c.Run.MaxValueBytes < 1 {
		p.add("run.maxValueBytes", "must be at least 1, got %d", c.Run.MaxValueBytes)
	}
	if c.Run.Cache != "" && (samePath(c.Run.Cache, c.Input.Path) || samePath(c.Run.Cache, c.Output.Path)) {
		p.add("run.cache", "must not be the input or output file")
	}

	c.checkPerson(p)
	c.checkContext(p)
	c.checkOperations(p)
}

func validColumnPrefix(s string) bool {
	for _, r := range s {
		if !(r == '_' || r == '.' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z') {
			return false
		}
	}
	return true
}

func samePath(a, b string) bool {
	if a == "" || b == "" || a == "-" || b == "-" {
		return false
	}
	aa, err1 := filepath.Abs(a)
	bb, err2 := filepath.Abs(b)
	if err1 != nil || err2 != nil {
		return filepath.Clean(a) == filepath.Clean(b)
	}
	if aa == bb {
		return true
	}
	sa, err1 := os.Stat(aa)
	sb, err2 := os.Stat(bb)
	return err1 == nil && err2 == nil && os.SameFile(sa, sb)
}

func (c *Config) checkFormat(p *problems, section, path, format string) {
	switch format {
	case FormatCSV, FormatParquet, FormatJSONL:
	case "":
		if path != "" {
			p.add(section+".path", "cannot tell the format from %q; set %s.format to csv, parquet or jsonl", filepath.Ext(path), section)
		}
	default:
		p.add(section+".format", "%q: must be csv, parquet or jsonl", format)
	}
}

func (c *Config) checkDelimiter(p *problems, section, format, d string) {
	if d == "" {
		return
	}
	if format != FormatCSV {
		p.add(section+".delimiter", "applies only to CSV (format is %s)", format)
		return
	}
	r := []rune(d)
	if len(r) != 1 || r[0] == '"' || r[0] == '\r' || r[0] == '\n' || r[0] == 0xFFFD {
		p.add(section+".delimiter", "%q: must be one character other than a quote or line break, such as \",\", \";\", \"|\" or \"\\t\"", d)
	}
}

// checkLayout tests a Go date layout by formatting a reference date and
// parsing it back.
func checkLayout(layout string) error {
	ref := time.Date(1987, time.November, 23, 0, 0, 0, 0, time.UTC)
	s := ref.Format(layout)
	got, err := time.Parse(layout, s)
	if err != nil || got.Year() != ref.Year() || got.Month() != ref.Month() || got.Day() != ref.Day() {
		hint := ""
		if strings.ContainsAny(layout, "YyDdM") && !strings.Contains(layout, "Jan") && !strings.Contains(layout, "Mon") {
			hint = `; layouts use Go's reference date, such as "2006-01-02" for YYYY-MM-DD or "02.01.2006" for DD.MM.YYYY`
		}
		return fmt.Errorf("%q is not a date layout that keeps year, month and day (23 Nov 1987 formats as %q)%s", layout, s, hint)
	}
	return nil
}

var naturalOnlyFields = []string{
	nameapi.FieldGivenname, nameapi.FieldSurname, nameapi.FieldMiddlename, nameapi.FieldNamePrefix,
	nameapi.FieldNameSuffix, nameapi.FieldIsm, nameapi.FieldKunya, nameapi.FieldNasab, nameapi.FieldLaqab,
	nameapi.FieldNisbah, nameapi.FieldMaidenSurname, nameapi.FieldNickname, nameapi.FieldSalutation,
	nameapi.FieldTitle, nameapi.FieldQualifier,
}

var legalOnlyFields = []string{nameapi.FieldLegalName, nameapi.FieldLegalForm}

func (c *Config) checkPerson(p *problems) {
	pc := &c.Person
	t := pc.Type
	switch {
	case t.Fixed != "" && t.Fixed != "natural" && t.Fixed != "legal":
		p.add("person.type", "%q: must be natural, legal or a mapping with column", t.Fixed)
	case t.Fixed == "" && t.Column == "":
		p.add("person.type", "needs column")
	case t.Column != "":
		if len(t.Legal) == 0 && len(t.Natural) == 0 {
			p.add("person.type", "needs a legal or natural list of values")
		}
		if t.Default != "natural" && t.Default != "legal" {
			p.add("person.type.default", "%q: must be natural or legal", t.Default)
		}
		for _, l := range t.Legal {
			for _, n := range t.Natural {
				if strings.EqualFold(strings.TrimSpace(l), strings.TrimSpace(n)) {
					p.add("person.type", "value %q is listed as both legal and natural", l)
				}
			}
		}
	}
	if t.Fixed != "" && (len(t.Legal) > 0 || len(t.Natural) > 0 || t.Default != "") {
		p.add("person.type", "legal/natural/default need a column")
	}

	// name fields
	var types []string
	for i, nf := range pc.Names {
		key := fmt.Sprintf("person.names[%d]", i)
		if nf.Column == "" {
			p.add(key, "needs column")
		}
		ft := strings.ToUpper(strings.TrimSpace(nf.FieldType))
		if !slices.Contains(nameapi.FieldTypes, ft) {
			p.add(key+".fieldType", "%q: must be one of %s", nf.FieldType, strings.Join(nameapi.FieldTypes, ", "))
			continue
		}
		pc.Names[i].FieldType = ft
		types = append(types, ft)
	}
	for _, s := range []struct{ col, ft string }{
		{pc.FullName, nameapi.FieldFullname}, {pc.GivenName, nameapi.FieldGivenname},
		{pc.Surname, nameapi.FieldSurname}, {pc.LegalName, nameapi.FieldLegalName},
	} {
		if s.col != "" {
			types = append(types, s.ft)
		}
	}
	if slices.Contains(types, nameapi.FieldFullname) && (slices.Contains(types, nameapi.FieldGivenname) || slices.Contains(types, nameapi.FieldSurname)) {
		p.add(firstKey(c, "person.fullName", "person.names"), "a FULLNAME column cannot be combined with GIVENNAME/SURNAME columns (the name would be sent twice); map either the full name or its parts")
	}
	if t.Fixed == "legal" {
		for _, ft := range types {
			if slices.Contains(naturalOnlyFields, ft) {
				p.add(firstKey(c, "person.givenName", "person.surname", "person.names", "person.type"), "name field %s is for natural persons but person.type is legal", ft)
				break
			}
		}
		for _, k := range []struct {
			key string
			set bool
		}{
			{"person.gender", pc.Gender != nil}, {"person.maritalStatus", pc.MaritalStatus != nil},
			{"person.nationality", pc.Nationality != ""}, {"person.nativeLanguage", pc.NativeLanguage != ""},
			{"person.religion", pc.Religion != ""},
		} {
			if k.set {
				p.add(k.key, "applies only to natural persons but person.type is legal")
			}
		}
	}
	if t.Fixed == "natural" {
		for _, ft := range types {
			if slices.Contains(legalOnlyFields, ft) {
				p.add(firstKey(c, "person.legalName", "person.names", "person.type"), "name field %s is for legal persons but person.type is natural (use a per-row type: {column: ..., legal: [...]})", ft)
				break
			}
		}
	}

	if d := pc.BirthDate; d != nil {
		if d.Column == "" {
			p.add("person.birthDate", "needs column")
		}
		for i, l := range d.AllLayouts() {
			if err := checkLayout(l); err != nil {
				key := "person.birthDate.layout"
				if d.Layout == "" || i > 0 {
					key = fmt.Sprintf("person.birthDate.layouts[%d]", i-boolInt(d.Layout != ""))
				}
				p.add(key, "%v", err)
			}
		}
	}
	if a := pc.AgeRange; a != nil {
		if a.Column == "" && a.YearStart == "" && a.YearEnd == "" {
			p.add("person.ageRange", "needs column, or yearStart and/or yearEnd")
		}
		if a.Column != "" && (a.YearStart != "" || a.YearEnd != "") {
			p.add("person.ageRange", "use either column (\"1980-1990\") or yearStart/yearEnd, not both")
		}
	}
	addrs := c.addressList()
	for i, a := range addrs {
		key := addressKey(pc, i)
		nStruct := countNonEmpty(a.Street, a.HouseNumber, a.Pobox, a.PostalCode, a.Locality, a.Region, a.Country)
		kinds := boolInt(a.String != "") + boolInt(len(a.Lines) > 0) + boolInt(nStruct > 0)
		switch {
		case kinds == 0:
			p.add(key, "needs string, lines, or structured columns (street, houseNumber, postalCode, locality, region, country)")
		case kinds > 1:
			p.add(key, "use one of string, lines or structured columns, not several")
		}
		if a.HouseNumber != "" && a.Street == "" {
			p.add(key+".houseNumber", "needs street too")
		}
		if a.Usage != "" {
			u := strings.ToUpper(a.Usage)
			if !slices.Contains(nameapi.AddressUsages, u) {
				p.add(key+".usage", "%q: must be one of %s", a.Usage, strings.Join(nameapi.AddressUsages, ", "))
			}
		}
	}
	checkValueMap(p, "person.gender", pc.Gender, []string{nameapi.StorageGenderMale, nameapi.StorageGenderFemale, nameapi.StorageGenderUnknown})
	checkValueMap(p, "person.maritalStatus", pc.MaritalStatus, nameapi.MaritalStatuses)
	for i, e := range pc.Email {
		if e == "" {
			p.add(fmt.Sprintf("person.email[%d]", i), "empty column name")
		}
	}
	for i, e := range pc.Phone {
		if e == "" {
			p.add(fmt.Sprintf("person.phone[%d]", i), "empty column name")
		}
	}
}

func (c *Config) addressList() []AddressConfig {
	var out []AddressConfig
	if c.Person.Address != nil {
		out = append(out, *c.Person.Address)
	}
	return append(out, c.Person.Addresses...)
}

func addressKey(pc *PersonConfig, i int) string {
	if pc.Address != nil {
		if i == 0 {
			return "person.address"
		}
		i--
	}
	return fmt.Sprintf("person.addresses[%d]", i)
}

func checkValueMap(p *problems, key string, v *ValueMapConfig, allowed []string) {
	if v == nil {
		return
	}
	if v.Column == "" {
		p.add(key, "needs column")
	}
	for _, k := range sortedKeys(v.Values) {
		t := strings.ToUpper(strings.TrimSpace(v.Values[k]))
		if !slices.Contains(allowed, t) {
			p.add(key+".values."+k, "%q: must be one of %s", v.Values[k], strings.Join(allowed, ", "))
		}
	}
}

func firstKey(c *Config, keys ...string) string {
	for _, k := range keys {
		if c.has(k) {
			return k
		}
	}
	return keys[0]
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

func countNonEmpty(s ...string) int {
	n := 0
	for _, x := range s {
		if x != "" {
			n++
		}
	}
	return n
}

var (
	placeRe         = regexp.MustCompile(`^[A-Z]{2}$`)
	languageRe      = regexp.MustCompile(`^[a-z]{2,3}$`)
	writingSystemRe = regexp.MustCompile(`^[A-Z][a-z]{3}(:[a-z]{2,3})?$`)
)

func (c *Config) checkContext(p *problems) {
	x := &c.Context
	if x.Priority != "" && x.Priority != nameapi.PriorityRealtime && x.Priority != nameapi.PriorityLow {
		p.add("context.priority", "%q: must be REALTIME or LOW", x.Priority)
	}
	if x.Place != "" && !placeRe.MatchString(x.Place) {
		p.add("context.place", "%q: must be an ISO 3166 two-letter country code in capitals, such as DE", x.Place)
	}
	if x.Language != "" && !languageRe.MatchString(x.Language) {
		p.add("context.language", "%q: must be an ISO 639 language code in lower case, such as de", x.Language)
	}
	if x.TextCase != "" && !slices.Contains([]string{nameapi.TextCaseTitle, nameapi.TextCaseUpper, nameapi.TextCaseLower}, x.TextCase) {
		p.add("context.textCase", "%q: must be TITLE_CASE, UPPER_CASE or LOWER_CASE", x.TextCase)
	}
	for i, w := range x.WritingSystems {
		if !writingSystemRe.MatchString(w) {
			p.add(fmt.Sprintf("context.writingSystems[%d]", i), "%q: must be an ISO 15924 script such as Latn, optionally with :language, such as Latn:de", w)
		}
	}
	for _, k := range sortedKeys(x.Properties) {
		if strings.TrimSpace(k) == "" {
			p.add("context.properties", "a property needs a name")
		}
	}
}

func (c *Config) checkOperations(p *problems) {
	if len(c.Operations) == 0 {
		p.add("operations", "list at least one operation (%s)", opNames())
		return
	}
	seen := map[Op]int{}
	pc := &c.Person
	hasName := pc.FullName != "" || pc.GivenName != "" || pc.Surname != "" || pc.LegalName != "" || len(pc.Names) > 0
	for i, o := range c.Operations {
		key := fmt.Sprintf("operations[%d]", i)
		op := Op(strings.ToLower(strings.TrimSpace(string(o.Op))))
		c.Operations[i].Op = op
		if !slices.Contains(AllOps, op) {
			p.add(key, "unknown operation %q: must be one of %s", o.Op, opNames())
			continue
		}
		if j, dup := seen[op]; dup {
			p.add(key, "operation %s is listed twice (also at line %d)", op, p.line(fmt.Sprintf("operations[%d]", j)))
			continue
		}
		seen[op] = i
		switch op {
		case OpParse, OpGenderize, OpRisk, OpFormat:
			if !hasName {
				p.add(key, "%s needs a name column: set person.fullName, person.givenName/surname, person.legalName or person.names", op)
			}
			if o.Column != "" {
				p.add(key+".column", "applies only to the email operations (disposable, emailname, classify)")
			}
		case OpDisposable, OpEmailName, OpClassify:
			if len(pc.Email) == 0 && o.Column == "" {
				p.add(key, "%s needs an email column: set person.email (or column: on the operation)", op)
			}
		}
		known := fieldNames(op)
		for j, f := range o.Fields {
			if !slices.Contains(known, f) {
				p.add(fmt.Sprintf("%s.fields[%d]", key, j), "unknown result field %q of %s: must be one of %s", f, op, strings.Join(known, ", "))
			}
		}
		if c.has(key+".fields") && len(o.Fields) == 0 {
			p.add(key+".fields", "is empty: list the result fields to emit, or remove the key for all")
		}
	}
}

func opNames() string {
	s := make([]string, len(AllOps))
	for i, o := range AllOps {
		s[i] = string(o)
	}
	return strings.Join(s, ", ")
}
