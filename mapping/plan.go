package mapping

import (
	"fmt"
	"maps"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/namepipe/namepipe/config"
	"github.com/namepipe/namepipe/nameapi"
	"github.com/namepipe/namepipe/record"
)

// Plan is a Config bound to an input schema: every column resolved, the
// result columns fixed. It is read-only after NewPlan and safe for
// concurrent use.
type Plan struct {
	cfg    *Config
	in     record.Schema
	prefix string
	ops    []Op
	opDesc []operation // the table entry of each op
	opCfg  map[Op]OperationConfig
	cols   []ResultField // emitted result fields, in output order
	colOp  []int         // index in ops of each column's operation
	out    record.Schema

	typeCol    colRef
	legalVals  []string // lower-case; "*" = any non-empty value
	natVals    []string
	defLegal   bool
	fixedLegal bool

	names       []nameCol
	emails      []colRef
	phones      []colRef
	birthDate   colRef
	layouts     []string
	partial     []partialLayout // the layouts' partial forms (datepartial.go)
	birthYear   colRef
	ageRange    colRef
	yearStart   colRef
	yearEnd     colRef
	addresses   []addrCols
	gender      colRef
	genderMap   map[string]string
	marital     colRef
	maritalMap  map[string]string
	nationality colRef
	nativeLang  colRef
	corrLang    colRef
	religion    colRef
	placeCol    colRef
	langCol     colRef
	opEmail     map[Op]colRef
	// opParts: the parts of a request each op reads (see partsOf);
	// emailOps: the ops with an email column, in plan order.
	opParts  map[Op]parts
	emailOps []opCol
	// reads: the indexes of the mapped columns (see check).
	reads []int

	baseCtx *nameapi.Context
	maxLen  int
	// written, when output.onExisting: replace found result columns in the
	// input: the final output's columns, each an index into the work
	// record (OutputSchema); nil writes the work record as it is.
	written       []int
	writtenSchema record.Schema
	replaced      []string
	// skipInvalid: a row with an unusable value is not sent at all.
	skipInvalid bool
	secret      string // only to redact error texts; never printed
}

// colRef is a resolved input column; idx < 0 means not mapped.
type colRef struct {
	idx  int
	name string
	key  string // config key, for messages
	typ  record.Type
}

func (c colRef) ok() bool { return c.idx >= 0 }

var noCol = colRef{idx: -1}

type nameCol struct {
	colRef
	fieldType string
	role      nameRole
}

// nameRole marks the columns of person.fullName and person.givenName /
// person.surname when both are mapped: the full name then stands in for
// parts a row lacks (buildName).
type nameRole uint8

const (
	nameOther nameRole = iota
	nameFull           // person.fullName beside name parts
	namePart           // person.givenName or person.surname beside person.fullName
)

type addrCols struct {
	str, street, house, pobox, postal, locality, region, country colRef
	lines                                                        []colRef
	usage                                                        string
}

// column kinds: which record types a mapped column may have.
var (
	textTypes    = []record.Type{record.String, record.Bytes}
	codeTypes    = []record.Type{record.String, record.Bytes, record.Int32, record.Int64, record.Decimal}
	dateTypes    = []record.Type{record.String, record.Bytes, record.Date, record.Timestamp}
	numberTypes  = []record.Type{record.String, record.Bytes, record.Int32, record.Int64, record.Decimal, record.Float, record.Double}
	typeColTypes = []record.Type{record.String, record.Bytes, record.Bool, record.Int32, record.Int64}
)

// PlanOption adjusts a Plan made by NewPlan.
type PlanOption func(*Plan)

// Redacting makes the plan remove secret (the API key of a remote
// service) from the error texts it writes into the error column. A secret
// shorter than 4 bytes is ignored: removing it would garble the texts.
func Redacting(secret string) PlanOption {
	return func(p *Plan) {
		if len(secret) >= 4 {
			p.secret = secret
		}
	}
}

// NewPlan binds cfg to the input schema. Every mapped column must exist
// with a usable type, and no output column may clash with an input column;
// otherwise the error (config.Errors) names the column, the config key and
// its line, and lists the available columns. Nothing is read.
func NewPlan(cfg *Config, in record.Schema, opts ...PlanOption) (*Plan, error) {
	if cfg == nil {
		return nil, fmt.Errorf("mapping: nil config")
	}
	p := &Plan{
		cfg: cfg, in: in, prefix: cfg.Output.ColumnPrefix(),
		opCfg: map[Op]OperationConfig{}, opEmail: map[Op]colRef{},
		typeCol: noCol, birthDate: noCol, birthYear: noCol, ageRange: noCol, yearStart: noCol, yearEnd: noCol,
		gender: noCol, marital: noCol, nationality: noCol, nativeLang: noCol, corrLang: noCol, religion: noCol,
		placeCol: noCol, langCol: noCol, maxLen: cfg.Run.MaxValueBytes,
		skipInvalid: cfg.Run.InvalidValues == config.InvalidSkip,
	}
	if p.maxLen <= 0 {
		p.maxLen = config.DefaultMaxValueBytes
	}
	pr := cfg.doc.Problems()
	res := func(key, name string, allowed []record.Type, what string) colRef {
		if name == "" {
			return noCol
		}
		i := in.Index(name)
		if i < 0 {
			avail := in.Names()
			sug := ""
			if s := config.Closest(name, avail); s != "" {
				sug = fmt.Sprintf(" (did you mean %q?)", clipValue(s))
			}
			pr.Add(key, "column %q is not in the input%s; available columns: %s", clipValue(name), sug, listColumns(avail))
			return noCol
		}
		t := in.Fields[i].Type
		if !slices.Contains(allowed, t) {
			pr.Add(key, "column %q has type %s, which %s cannot use (needs %s)", name, t, key, what)
			return noCol
		}
		return colRef{idx: i, name: name, key: key, typ: t}
	}

	pc := &cfg.Person
	// person type
	if pc.Type.Column != "" {
		p.typeCol = res("person.type.column", pc.Type.Column, typeColTypes, "text, a boolean or an integer")
		for _, v := range pc.Type.Legal {
			p.legalVals = append(p.legalVals, strings.ToLower(strings.TrimSpace(v)))
		}
		for _, v := range pc.Type.Natural {
			p.natVals = append(p.natVals, strings.ToLower(strings.TrimSpace(v)))
		}
		p.defLegal = pc.Type.Default == "legal"
	} else {
		p.fixedLegal = pc.Type.Fixed == "legal"
	}
	// names, in a stable order
	addName := func(key, col, ft string, role nameRole) {
		if c := res(key, col, textTypes, "text"); c.ok() {
			p.names = append(p.names, nameCol{colRef: c, fieldType: ft, role: role})
		}
	}
	full, part := nameOther, nameOther
	if pc.FullName != "" && (pc.GivenName != "" || pc.Surname != "") {
		full, part = nameFull, namePart
	}
	addName("person.fullName", pc.FullName, nameapi.FieldFullname, full)
	addName("person.givenName", pc.GivenName, nameapi.FieldGivenname, part)
	addName("person.surname", pc.Surname, nameapi.FieldSurname, part)
	addName("person.legalName", pc.LegalName, nameapi.FieldLegalName, nameOther)
	for i, nf := range pc.Names {
		addName(fmt.Sprintf("person.names[%d].column", i), nf.Column, nf.FieldType, nameOther)
	}
	listKey := func(base string, list StringList, i int) string {
		if len(list) == 1 && cfg.has(base) && !cfg.has(base+"[0]") {
			return base
		}
		return fmt.Sprintf("%s[%d]", base, i)
	}
	for i, e := range pc.Email {
		if c := res(listKey("person.email", pc.Email, i), e, textTypes, "text"); c.ok() {
			p.emails = append(p.emails, c)
		}
	}
	for i, e := range pc.Phone {
		if c := res(listKey("person.phone", pc.Phone, i), e, codeTypes, "text or an integer"); c.ok() {
			p.phones = append(p.phones, c)
		}
	}
	if d := pc.BirthDate; d != nil {
		key := "person.birthDate"
		if cfg.has(key + ".column") {
			key += ".column"
		}
		p.birthDate = res(key, d.Column, dateTypes, "text, a date or a timestamp")
		p.layouts = d.AllLayouts()
		p.partial = partialLayouts(p.layouts)
	}
	p.birthYear = res("person.birthYear", pc.BirthYear, numberTypes, "text or a number")
	if a := pc.AgeRange; a != nil {
		key := "person.ageRange"
		if cfg.has(key + ".column") {
			key += ".column"
		}
		p.ageRange = res(key, a.Column, textTypes, "text such as 1980-1990")
		p.yearStart = res("person.ageRange.yearStart", a.YearStart, numberTypes, "text or a number")
		p.yearEnd = res("person.ageRange.yearEnd", a.YearEnd, numberTypes, "text or a number")
	}
	for i, a := range cfg.addressList() {
		key := addressKey(pc, i)
		ac := addrCols{
			str:      res(key+".string", a.String, textTypes, "text"),
			street:   res(key+".street", a.Street, textTypes, "text"),
			house:    res(key+".houseNumber", a.HouseNumber, codeTypes, "text or an integer"),
			pobox:    res(key+".pobox", a.Pobox, codeTypes, "text or an integer"),
			postal:   res(key+".postalCode", a.PostalCode, codeTypes, "text or an integer"),
			locality: res(key+".locality", a.Locality, textTypes, "text"),
			region:   res(key+".region", a.Region, textTypes, "text"),
			country:  res(key+".country", a.Country, textTypes, "text"),
			usage:    strings.ToUpper(strings.TrimSpace(a.Usage)),
		}
		for j, l := range a.Lines {
			ac.lines = append(ac.lines, res(fmt.Sprintf("%s.lines[%d]", key, j), l, textTypes, "text"))
		}
		p.addresses = append(p.addresses, ac)
	}
	if g := pc.Gender; g != nil {
		p.gender = res(valueMapKey(cfg, "person.gender"), g.Column, textTypes, "text")
		p.genderMap = buildValueMap(builtinGender, g.Values)
	}
	if m := pc.MaritalStatus; m != nil {
		p.marital = res(valueMapKey(cfg, "person.maritalStatus"), m.Column, textTypes, "text")
		p.maritalMap = buildValueMap(builtinMarital, m.Values)
	}
	p.nationality = res("person.nationality", pc.Nationality, textTypes, "text")
	p.nativeLang = res("person.nativeLanguage", pc.NativeLanguage, textTypes, "text")
	p.corrLang = res("person.correspondenceLanguage", pc.CorrespondenceLanguage, textTypes, "text")
	p.religion = res("person.religion", pc.Religion, textTypes, "text")
	p.placeCol = res("context.placeColumn", cfg.Context.PlaceColumn, textTypes, "text")
	p.langCol = res("context.languageColumn", cfg.Context.LanguageColumn, textTypes, "text")

	// operations and result columns
	for i, oc := range cfg.Operations {
		d := lookup(oc.Op)
		p.ops = append(p.ops, oc.Op)
		p.opDesc = append(p.opDesc, d)
		p.opCfg[oc.Op] = oc
		if d.input() == EmailInput {
			if oc.Column != "" {
				p.opEmail[oc.Op] = res(fmt.Sprintf("operations[%d].column", i), oc.Column, textTypes, "text")
			} else if len(p.emails) > 0 {
				p.opEmail[oc.Op] = p.emails[0]
			} else {
				p.opEmail[oc.Op] = noCol
			}
		}
		for _, f := range d.fields() {
			if len(oc.Fields) == 0 || slices.Contains(oc.Fields, f.Name) {
				p.cols = append(p.cols, f)
				p.colOp = append(p.colOp, i)
			}
		}
	}
	for _, c := range p.mapped() {
		if c.ok() {
			p.reads = append(p.reads, c.idx)
		}
	}
	slices.Sort(p.reads)
	p.reads = slices.Compact(p.reads)
	p.opParts = make(map[Op]parts, len(p.ops))
	for _, op := range p.ops {
		p.opParts[op] = partsOf(lookup(op).input())
		if c, ok := p.opEmail[op]; ok {
			p.emailOps = append(p.emailOps, opCol{op, c})
		}
	}
	p.out = record.Schema{Fields: slices.Clone(in.Fields)}
	var clashes []string
	for _, name := range p.resultNames() {
		if in.Index(name) >= 0 {
			clashes = append(clashes, name)
		}
		p.out.Fields = append(p.out.Fields, record.Field{Name: name, Nullable: true})
	}
	for i, f := range p.cols {
		p.out.Fields[len(in.Fields)+i].Type = f.Type
	}
	p.out.Fields[len(p.out.Fields)-1].Type = record.String
	if len(clashes) > 0 && cfg.Output.OnExisting != config.ExistingReplace {
		pr.Add("output.onExisting", "result column(s) %s already exist in the input (is it the output of an earlier run?); to enrich it again and write the new results into those columns, add `onExisting: replace` under output:, or set output.prefix to a prefix no input column starts with, such as %q",
			clipList(clashes, 5), freePrefix(in, p.prefix))
	}
	if len(clashes) > 0 && cfg.Output.OnExisting == config.ExistingReplace {
		p.replaceExisting(in)
	}
	p.baseCtx = baseContext(&cfg.Context)
	for _, o := range opts {
		o(p)
	}
	if err := pr.Err(); err != nil {
		return nil, err
	}
	return p, nil
}

func valueMapKey(cfg *Config, base string) string {
	if cfg.has(base + ".column") {
		return base + ".column"
	}
	return base
}

func (p *Plan) resultNames() []string {
	out := make([]string, 0, len(p.cols)+1)
	for _, f := range p.cols {
		out = append(out, p.prefix+f.Name)
	}
	return append(out, p.prefix+ErrorColumn)
}

// freePrefix suggests a prefix that makes no result column clash.
func freePrefix(in record.Schema, cur string) string {
	for _, cand := range []string{"np_", "np2_", "enriched_", "namepipe_", "np3_"} {
		if cand == cur {
			continue
		}
		clash := false
		for _, n := range in.Names() {
			if strings.HasPrefix(n, cand) {
				clash = true
				break
			}
		}
		if !clash {
			return cand
		}
	}
	return cur + "x_"
}

// Bounds of the messages about columns: a wrong file (no line breaks, a
// binary) can have a header of millions of columns, each of any length.
const (
	// maxListedColumns columns are listed; the rest are counted.
	maxListedColumns = 20
	// maxValueInMessage bytes of a user value are quoted in a message.
	maxValueInMessage = 200
)

// listColumns renders the first maxListedColumns names, each clipped,
// and counts the others.
func listColumns(names []string) string {
	shown := names[:min(len(names), maxListedColumns)]
	parts := make([]string, len(shown))
	for i, n := range shown {
		parts[i] = clipValue(n)
	}
	s := strings.Join(parts, ", ")
	if more := len(names) - len(shown); more > 0 {
		s += fmt.Sprintf(" … and %d more", more)
	}
	return s
}

// clipValue shortens s to about maxValueInMessage bytes, on a rune
// boundary, marking the cut with "…".
func clipValue(s string) string {
	if len(s) <= maxValueInMessage {
		return s
	}
	cut := maxValueInMessage
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return s[:cut] + "…"
}

func baseContext(c *ContextConfig) *nameapi.Context {
	x := &nameapi.Context{
		Priority: c.Priority, Place: c.Place, Language: c.Language, TextCase: c.TextCase,
		WritingSystems: slices.Clone(c.WritingSystems),
	}
	for _, k := range slices.Sorted(maps.Keys(c.Properties)) {
		x.Properties = append(x.Properties, nameapi.ContextProperty{Name: k, Value: c.Properties[k]})
	}
	if x.Priority == "" && x.Place == "" && x.Language == "" && x.TextCase == "" && len(x.WritingSystems) == 0 &&
		len(x.Properties) == 0 && c.PlaceColumn == "" && c.LanguageColumn == "" {
		return nil
	}
	return x
}

// Config returns the plan's config.
func (p *Plan) Config() *Config { return p.cfg }

// Ops returns the operations to run, in config order.
func (p *Plan) Ops() []Op { return slices.Clone(p.ops) }

// OutputSchema returns the input fields unchanged, then the result fields
// (nullable; string, double or bool), then the error column (last).
func (p *Plan) OutputSchema() record.Schema {
	return record.Schema{Fields: slices.Clone(p.out.Fields)}
}

// ResultColumns returns the number of appended columns (result fields and
// the error column).
func (p *Plan) ResultColumns() int { return len(p.cols) + 1 }

// ResultColumnsOf returns the indexes, within the appended columns, of
// op's result fields (for summaries).
func (p *Plan) ResultColumnsOf(op Op) []int {
	var out []int
	for i, f := range p.cols {
		if f.Op == op {
			out = append(out, i)
		}
	}
	return out
}

// Column returns the full name (with prefix) of a result field of op, and
// whether the plan emits it; for example Column(OpGenderize, "gender").
func (p *Plan) Column(op Op, field string) (string, bool) {
	for _, f := range p.cols {
		if f.Op == op && f.Name == field {
			return p.prefix + f.Name, true
		}
	}
	return "", false
}

// ErrorColumnName returns the full name of the error column.
func (p *Plan) ErrorColumnName() string { return p.prefix + ErrorColumn }

var builtinGender = map[string]string{
	"m": "MALE", "male": "MALE", "man": "MALE", "mann": "MALE", "männlich": "MALE", "maennlich": "MALE",
	"herr": "MALE", "mr": "MALE", "mr.": "MALE", "h": "MALE", "homme": "MALE", "masculin": "MALE", "hombre": "MALE",
	"f": "FEMALE", "female": "FEMALE", "woman": "FEMALE", "w": "FEMALE", "frau": "FEMALE", "weiblich": "FEMALE",
	"mrs": "FEMALE", "mrs.": "FEMALE", "ms": "FEMALE", "ms.": "FEMALE", "miss": "FEMALE", "femme": "FEMALE",
	"féminin": "FEMALE", "mujer": "FEMALE",
	"u": "UNKNOWN", "unknown": "UNKNOWN",
}

var builtinMarital = func() map[string]string {
	m := map[string]string{}
	for _, s := range nameapi.MaritalStatuses {
		m[strings.ToLower(s)] = s
	}
	return m
}()

func buildValueMap(builtin, user map[string]string) map[string]string {
	m := make(map[string]string, len(builtin)+len(user))
	for k, v := range builtin {
		m[k] = v
	}
	for k, v := range user {
		m[strings.ToLower(strings.TrimSpace(k))] = strings.ToUpper(strings.TrimSpace(v))
	}
	return m
}
