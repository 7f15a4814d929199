package mapping

import (
	"fmt"
	"io"
	"maps"
	"os"
	"regexp"
	"slices"
	"strings"
	"time"

	"github.com/namepipe/namepipe/config"
	"github.com/namepipe/namepipe/nameapi"
)

// DefaultDateLayout is the layout of person.birthDate when none is given.
const DefaultDateLayout = time.DateOnly

// Config is the whole YAML config of a run: the run-level settings of
// package config (input, output, engine, run) and the sections this
// package owns. Load or Parse it; the zero value is not valid. See the
// package documentation for every key.
type Config struct {
	config.Settings `yaml:",inline"`
	Person          PersonConfig      `yaml:"person"`
	Context         ContextConfig     `yaml:"context"`
	Operations      []OperationConfig `yaml:"operations"`

	doc *config.Doc
}

// File returns the name of the config file.
func (c *Config) File() string { return c.doc.File() }

// Line returns the line of a dotted config key such as "person.fullName",
// or of its nearest present parent, or 0 when the key is absent.
func (c *Config) Line(key string) int { return c.doc.Line(key) }

// Load reads and statically validates a YAML config file (strict: unknown
// keys are errors); errors name the file and line.
func Load(path string) (*Config, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("read config: %w", err)
	}
	defer f.Close()
	// One byte over the limit is enough for Decode to refuse the file.
	data, err := io.ReadAll(io.LimitReader(f, config.MaxConfigBytes+1))
	if err != nil {
		return nil, fmt.Errorf("read config: %w", err)
	}
	return Parse(data, path)
}

// Parse is Load on bytes; name is used in errors. Every problem found is
// reported at once, as config.Errors.
func Parse(data []byte, name string) (*Config, error) {
	cfg := &Config{}
	d, err := config.Decode(data, name, cfg)
	if err != nil {
		return nil, err
	}
	cfg.doc = d
	cfg.Settings.ApplyDefaults(d)
	cfg.applyDefaults()
	p := d.Problems()
	cfg.Settings.Check(d, p)
	cfg.checkPerson(p)
	cfg.checkContext(p)
	cfg.checkOperations(p)
	if err := p.Err(); err != nil {
		return nil, err
	}
	return cfg, nil
}

func (c *Config) has(key string) bool { return c.doc.Has(key) }

func (c *Config) applyDefaults() {
	if c.Person.Type.Fixed == "" && c.Person.Type.Column == "" {
		c.Person.Type.Fixed = "natural"
	}
	if c.Person.Type.Column != "" && c.Person.Type.Default == "" {
		c.Person.Type.Default = "natural"
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

func (c *Config) checkPerson(p *config.Problems) {
	pc := &c.Person
	t := pc.Type
	switch {
	case t.Fixed != "" && t.Fixed != "natural" && t.Fixed != "legal":
		p.Add("person.type", "%q: must be natural, legal or a mapping with column", t.Fixed)
	case t.Fixed == "" && t.Column == "":
		p.Add("person.type", "needs column")
	case t.Column != "":
		if len(t.Legal) == 0 && len(t.Natural) == 0 {
			p.Add("person.type", "needs a legal or natural list of values")
		}
		if t.Default != "natural" && t.Default != "legal" {
			p.Add("person.type.default", "%q: must be natural or legal", t.Default)
		}
		for _, l := range t.Legal {
			for _, n := range t.Natural {
				if strings.EqualFold(strings.TrimSpace(l), strings.TrimSpace(n)) {
					p.Add("person.type", "value %q is listed as both legal and natural", l)
				}
			}
		}
	}
	if t.Fixed != "" && (len(t.Legal) > 0 || len(t.Natural) > 0 || t.Default != "") {
		p.Add("person.type", "legal/natural/default need a column")
	}

	// name fields
	var types []string
	for i, nf := range pc.Names {
		key := fmt.Sprintf("person.names[%d]", i)
		if nf.Column == "" {
			p.Add(key, "needs column")
		}
		ft := strings.ToUpper(strings.TrimSpace(nf.FieldType))
		if !slices.Contains(nameapi.FieldTypes, ft) {
			p.Add(key+".fieldType", "%q: must be one of %s", nf.FieldType, strings.Join(nameapi.FieldTypes, ", "))
			continue
		}
		pc.Names[i].FieldType = ft
		types = append(types, ft)
	}
	// person.fullName beside person.givenName/surname is the parts'
	// fallback (sent only where a part is empty), not a second name.
	fallback := pc.FullName != "" && (pc.GivenName != "" || pc.Surname != "")
	for _, s := range []struct{ col, ft string }{
		{pc.FullName, nameapi.FieldFullname}, {pc.GivenName, nameapi.FieldGivenname},
		{pc.Surname, nameapi.FieldSurname}, {pc.LegalName, nameapi.FieldLegalName},
	} {
		if s.col != "" && !(fallback && s.ft == nameapi.FieldFullname) {
			types = append(types, s.ft)
		}
	}
	if fallback && slices.ContainsFunc(pc.Names, func(nf NameFieldConfig) bool {
		return nf.FieldType == nameapi.FieldFullname || nf.FieldType == nameapi.FieldGivenname || nf.FieldType == nameapi.FieldSurname
	}) {
		types = append(types, nameapi.FieldFullname) // a name part in person.names makes the fallback ambiguous
	}
	if slices.Contains(types, nameapi.FieldFullname) && (slices.Contains(types, nameapi.FieldGivenname) || slices.Contains(types, nameapi.FieldSurname)) {
		p.Add(firstKey(c, "person.fullName", "person.names"), "a FULLNAME column cannot be combined with GIVENNAME/SURNAME columns (the name would be sent twice); map either the full name or its parts")
	}
	if t.Fixed == "legal" {
		for _, ft := range types {
			if slices.Contains(naturalOnlyFields, ft) {
				p.Add(firstKey(c, "person.givenName", "person.surname", "person.names", "person.type"), "name field %s is for natural persons but person.type is legal", ft)
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
				p.Add(k.key, "applies only to natural persons but person.type is legal")
			}
		}
	}
	if t.Fixed == "natural" {
		for _, ft := range types {
			if slices.Contains(legalOnlyFields, ft) {
				p.Add(firstKey(c, "person.legalName", "person.names", "person.type"), "name field %s is for legal persons but person.type is natural (use a per-row type: {column: ..., legal: [...]})", ft)
				break
			}
		}
	}

	if d := pc.BirthDate; d != nil {
		if d.Column == "" {
			p.Add("person.birthDate", "needs column")
		}
		for i, l := range d.AllLayouts() {
			if err := checkLayout(l); err != nil {
				key := "person.birthDate.layout"
				switch n := len(d.Layout); {
				case i >= n:
					key = fmt.Sprintf("person.birthDate.layouts[%d]", i-n)
				case n > 1:
					key = fmt.Sprintf("person.birthDate.layout[%d]", i)
				}
				p.Add(key, "%v", err)
			}
		}
	}
	if a := pc.AgeRange; a != nil {
		if a.Column == "" && a.YearStart == "" && a.YearEnd == "" {
			p.Add("person.ageRange", "needs column, or yearStart and/or yearEnd")
		}
		if a.Column != "" && (a.YearStart != "" || a.YearEnd != "") {
			p.Add("person.ageRange", "use either column (\"1980-1990\") or yearStart/yearEnd, not both")
		}
	}
	addrs := c.addressList()
	for i, a := range addrs {
		key := addressKey(pc, i)
		nStruct := countNonEmpty(a.Street, a.HouseNumber, a.Pobox, a.PostalCode, a.Locality, a.Region, a.Country)
		kinds := boolInt(a.String != "") + boolInt(len(a.Lines) > 0) + boolInt(nStruct > 0)
		switch {
		case kinds == 0:
			p.Add(key, "needs string, lines, or structured columns (street, houseNumber, postalCode, locality, region, country)")
		case kinds > 1:
			p.Add(key, "use one of string, lines or structured columns, not several")
		}
		if a.HouseNumber != "" && a.Street == "" {
			p.Add(key+".houseNumber", "needs street too")
		}
		if a.Usage != "" {
			u := strings.ToUpper(a.Usage)
			if !slices.Contains(nameapi.AddressUsages, u) {
				p.Add(key+".usage", "%q: must be one of %s", a.Usage, strings.Join(nameapi.AddressUsages, ", "))
			}
		}
	}
	checkValueMap(p, "person.gender", pc.Gender, []string{nameapi.StorageGenderMale, nameapi.StorageGenderFemale, nameapi.StorageGenderUnknown})
	checkValueMap(p, "person.maritalStatus", pc.MaritalStatus, nameapi.MaritalStatuses)
	for i, e := range pc.Email {
		if e == "" {
			p.Add(fmt.Sprintf("person.email[%d]", i), "empty column name")
		}
	}
	for i, e := range pc.Phone {
		if e == "" {
			p.Add(fmt.Sprintf("person.phone[%d]", i), "empty column name")
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

func checkValueMap(p *config.Problems, key string, v *ValueMapConfig, allowed []string) {
	if v == nil {
		return
	}
	if v.Column == "" {
		p.Add(key, "needs column")
	}
	for _, k := range slices.Sorted(maps.Keys(v.Values)) {
		t := strings.ToUpper(strings.TrimSpace(v.Values[k]))
		if !slices.Contains(allowed, t) {
			p.Add(key+".values."+k, "%q: must be one of %s", v.Values[k], strings.Join(allowed, ", "))
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

func (c *Config) checkContext(p *config.Problems) {
	x := &c.Context
	if x.Priority != "" && x.Priority != nameapi.PriorityRealtime && x.Priority != nameapi.PriorityLow {
		p.Add("context.priority", "%q: must be REALTIME or LOW", x.Priority)
	}
	if x.Place != "" && !placeRe.MatchString(x.Place) {
		p.Add("context.place", "%q: must be an ISO 3166 two-letter country code in capitals, such as DE", x.Place)
	}
	if x.Language != "" && !languageRe.MatchString(x.Language) {
		p.Add("context.language", "%q: must be an ISO 639 language code in lower case, such as de", x.Language)
	}
	if x.TextCase != "" && !slices.Contains([]string{nameapi.TextCaseTitle, nameapi.TextCaseUpper, nameapi.TextCaseLower}, x.TextCase) {
		p.Add("context.textCase", "%q: must be TITLE_CASE, UPPER_CASE or LOWER_CASE", x.TextCase)
	}
	for i, w := range x.WritingSystems {
		if !writingSystemRe.MatchString(w) {
			p.Add(fmt.Sprintf("context.writingSystems[%d]", i), "%q: must be an ISO 15924 script such as Latn, optionally with :language, such as Latn:de", w)
		}
	}
	for _, k := range slices.Sorted(maps.Keys(x.Properties)) {
		if strings.TrimSpace(k) == "" {
			p.Add("context.properties", "a property needs a name")
		}
	}
}

func (c *Config) checkOperations(p *config.Problems) {
	if len(c.Operations) == 0 {
		p.Add("operations", "list at least one operation (%s)", opNames())
		return
	}
	seen := map[Op]int{}
	pc := &c.Person
	hasName := pc.FullName != "" || pc.GivenName != "" || pc.Surname != "" || pc.LegalName != "" || len(pc.Names) > 0
	// An operation on the whole person (risk) applies to a row with any
	// person data: an email-only list is screened too.
	hasPerson := len(pc.Email) > 0 || len(pc.Phone) > 0 || pc.BirthDate != nil || pc.Address != nil || len(pc.Addresses) > 0
	for i, o := range c.Operations {
		key := fmt.Sprintf("operations[%d]", i)
		op := Op(strings.ToLower(strings.TrimSpace(string(o.Op))))
		c.Operations[i].Op = op
		d := lookup(op)
		if d == nil {
			sug := ""
			if c := config.Closest(string(op), strings.Split(opNames(), ", ")); c != "" {
				sug = fmt.Sprintf(" (did you mean %q?)", c)
			}
			p.Add(key, "unknown operation %q%s: must be one of %s", o.Op, sug, opNames())
			continue
		}
		if j, dup := seen[op]; dup {
			p.Add(key, "operation %s is listed twice (also at line %d)", op, c.Line(fmt.Sprintf("operations[%d]", j)))
			continue
		}
		seen[op] = i
		if d.input() == EmailInput {
			if len(pc.Email) == 0 && o.Column == "" {
				p.Add(key, "%s needs an email column: set person.email (or column: on the operation)", op)
			}
		} else {
			switch {
			case d.input() == PersonInput && !hasName && !hasPerson:
				p.Add(key, "%s needs a column of person data: set person.fullName, person.givenName/surname, person.legalName, person.names, person.email, person.phone, person.birthDate or person.address", op)
			case d.input() != PersonInput && !hasName:
				p.Add(key, "%s needs a name column: set person.fullName, person.givenName/surname, person.legalName or person.names", op)
			}
			if o.Column != "" {
				p.Add(key+".column", "applies only to the email operations (%s)", opNamesOf(EmailInput))
			}
		}
		known := fieldNames(op)
		for j, f := range o.Fields {
			if !slices.Contains(known, f) {
				p.Add(fmt.Sprintf("%s.fields[%d]", key, j), "unknown result field %q of %s: must be one of %s", f, op, strings.Join(known, ", "))
			}
		}
		if c.has(key+".fields") && len(o.Fields) == 0 {
			p.Add(key+".fields", "is empty: list the result fields to emit, or remove the key for all")
		}
	}
}

func opNames() string {
	s := make([]string, len(operations))
	for i, d := range operations {
		s[i] = string(d.name())
	}
	return strings.Join(s, ", ")
}
