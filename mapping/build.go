package mapping

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"github.com/namepipe/namepipe/nameapi"
	"github.com/namepipe/namepipe/record"
)

// Request is what one row asks of the service: the mapped person, the
// request context and the email address of each email operation.
type Request struct {
	// Row is the record's Index.
	Row int64
	// Person is the full InputPerson mapped from the row (risk detection
	// gets all of it; the name operations get only the name-related part).
	Person *nameapi.InputPerson
	// Context is the request context (run-wide, with per-row place and
	// language); nil when the config sets none.
	Context *nameapi.Context
	// Emails is the email address each email operation uses ("" = none).
	Emails OpEmails
	// np, when set (a Builder's request), is re-used for the name part of
	// the person that the name operations' payloads send; wp likewise for
	// the payload of an operation on the person.
	np *nameapi.InputPerson
	wp *nameapi.InputWithPerson
}

// OpEmails holds the email address each email operation of the row uses,
// in plan order.
type OpEmails []OpEmail

// OpEmail is the email address one operation uses.
type OpEmail struct {
	Op      Op
	Address string
}

// Of returns the address op uses: "" for none, or for an operation that
// takes no email address.
func (e OpEmails) Of(op Op) string {
	for _, x := range e {
		if x.Op == op {
			return x.Address
		}
	}
	return ""
}

// RowError is a problem with one row's input, found by Build. The row is
// kept; its error column says what is wrong.
type RowError struct {
	Row    int64  // 1-based data row number (Record.Index + 1)
	Line   int64  // line or row in the source, 0 when unknown
	Column string // input column
	Msg    string
}

// Error implements error: `row 17 (line 18), column "dob": day out of range`.
func (e *RowError) Error() string {
	loc := "row " + strconv.FormatInt(e.Row, 10)
	if e.Line > 0 && e.Line != e.Row {
		loc += " (line " + strconv.FormatInt(e.Line, 10) + ")"
	}
	return fmt.Sprintf("%s, column %q: %s", loc, e.Column, e.Msg)
}

// InvalidInput reports true: a row error is invalid input, never retried.
func (e *RowError) InvalidInput() bool { return true }

// RowErrors appends to dst the row errors in err (a Build error, or one
// joined with others) and returns it.
func RowErrors(dst []*RowError, err error) []*RowError {
	switch e := err.(type) {
	case *RowError:
		dst = append(dst, e)
	case interface{ Unwrap() []error }:
		for _, x := range e.Unwrap() {
			dst = RowErrors(dst, x)
		}
	case interface{ Unwrap() error }:
		dst = RowErrors(dst, e.Unwrap())
	}
	return dst
}

type rowCtx struct {
	p    *Plan
	rec  *record.Record
	errs []error
	age  nameapi.AgeInfo // the row's birth date (see birthDate)
	// Set by check, for fill: the row's type and age, and that its
	// errors are noted (fill reads the cells again without noting them).
	checked           bool
	legal, legalKnown bool
	ageInfo           *nameapi.AgeInfo
}

// birthDate returns the row's birth date, held in r: it lives as long as
// the request's block, without an allocation of its own.
func (r *rowCtx) birthDate(year, month, day int) *nameapi.AgeInfo {
	r.age = nameapi.AgeInfo{Type: nameapi.TypeBirthDate, Year: int32(year), Month: int32(month), Day: int32(day)}
	return &r.age
}

// partialBirth returns a birth date known to its year and month (month
// 0: to its year alone), held in r as birthDate's.
func (r *rowCtx) partialBirth(year, month int) *nameapi.AgeInfo {
	r.age = nameapi.AgeInfo{Type: nameapi.TypeBirthYearMonth, Year: int32(year), Month: int32(month)}
	if month == 0 {
		r.age = nameapi.AgeInfo{Type: nameapi.TypeBirthYear, Year: int32(year)}
	}
	return &r.age
}

func (r *rowCtx) fail(c colRef, format string, args ...any) {
	if r.checked {
		return // check noted it
	}
	r.errs = append(r.errs, &RowError{Row: r.rec.Index + 1, Line: r.rec.Line, Column: c.name, Msg: fmt.Sprintf(format, args...)})
}

// raw returns the cell of c, or nil when unmapped or missing (ragged row).
func (r *rowCtx) raw(c colRef) record.Value {
	if !c.ok() || c.idx >= len(r.rec.Values) {
		return nil
	}
	return r.rec.Values[c.idx]
}

// text returns the cell of c as text ("" when empty or only blanks).
func (r *rowCtx) text(c colRef) string {
	s := r.untrimmed(c)
	if strings.TrimSpace(s) == "" {
		return ""
	}
	return s
}

// trimmed is strings.TrimSpace(r.text(c)), trimming once.
func (r *rowCtx) trimmed(c colRef) string {
	return strings.TrimSpace(r.untrimmed(c))
}

// untrimmed returns the cell of c as text, as it is; "" for an over-long
// value (noted as the row's error).
func (r *rowCtx) untrimmed(c colRef) string {
	// The common cases first, small enough to be inlined into the callers
	// (a Build asks for some twenty cells; BenchmarkBuildFor).
	if c.idx < 0 || c.idx >= len(r.rec.Values) {
		return ""
	}
	if s, ok := r.rec.Values[c.idx].(string); ok && len(s) <= r.p.maxLen {
		return s
	}
	return r.formatted(c)
}

// formatted is untrimmed of a cell that is not text or is over-long.
func (r *rowCtx) formatted(c colRef) string {
	v := r.raw(c)
	if v == nil {
		return ""
	}
	s := record.Format(v, c.typ)
	if len(s) > r.p.maxLen {
		r.fail(c, "value is %d bytes long, more than run.maxValueBytes (%d); not sent", len(s), r.p.maxLen)
		return ""
	}
	return s
}

// Build turns a row into a Request. An error (a *RowError, or several
// joined) names the row and the column: an impossible date, non-numeric
// text in a numeric field, an over-long value. The pipeline keeps the row
// and puts the error in the error column.
//
// Under run.invalidValues "omit" (the default) Build returns the Request
// together with the error: the unusable values were left out of it and
// the rest of the row is still enriched. Under "skip" it returns a nil
// Request with the error, and nothing of the row is sent.
func (p *Plan) Build(rec *record.Record) (*Request, error) {
	return p.build(rec, &requestBlock{}, allParts)
}

// parts is a set of the parts of a request that build fills.
type parts uint8

const (
	// partName: the person's type, name and the culture hints the name
	// operations send (gender, nationalities, languages).
	partName parts = 1 << iota
	// partContact: email addresses, phones, age, addresses, marital
	// status and religion: the rest of the person.
	partContact
	// partOpEmails: the address of each email operation.
	partOpEmails
	// partContext: the request context.
	partContext

	allParts = partName | partContact | partOpEmails | partContext
)

// opCol is an operation and the column it reads.
type opCol struct {
	op  Op
	col colRef
}

// partsOf returns the parts of a request that the operations with input
// in read.
func partsOf(in Input) parts {
	switch in {
	case NameInput:
		return partName | partContext
	case EmailInput:
		return partOpEmails | partContext
	}
	return allParts
}

// build is Build into blk, whose slices it re-uses (see Builder), filling
// only the parts of the request in need (the rest is left zero): check,
// then fill.
func (p *Plan) build(rec *record.Record, blk *requestBlock, need parts) (*Request, error) {
	if rec == nil {
		return nil, errors.New("mapping: nil record")
	}
	p.check(&blk.rc, rec)
	return p.fill(blk, need)
}

// check starts r on rec and reads every cell that Build reads, in Build's
// order, noting the row's errors (values over run.maxValueBytes, dates,
// years and year ranges: the rules live in the readers of cells and in
// age): the errors of Build are check's. It decides the row's type and
// age for fill, and fills nothing.
//
// Most rows take a short cut: a text cell within run.maxValueBytes reads
// without a note (untrimmed's first case), so when every mapped cell is
// one, or empty, only the age can fail, and the row's type waits for fill
// (BenchmarkCheck). Without it the 200k-row parse run cost 2-4 % more CPU
// than with Valid, the rules' cheap second statement it replaced (3
// pairs, load 32); with it 1-4 % less (4 pairs, load 29).
func (p *Plan) check(r *rowCtx, rec *record.Record) {
	*r = rowCtx{p: p, rec: rec, errs: r.errs[:0]}
	if p.plainText(rec) {
		r.ageInfo = p.age(r)
		r.checked = true
		return
	}
	r.legal, r.legalKnown = p.rowIsLegal(r), true
	for _, n := range p.names {
		r.untrimmed(n.colRef)
	}
	for _, c := range p.emails {
		r.untrimmed(c)
	}
	for _, c := range p.phones {
		r.untrimmed(c)
	}
	r.ageInfo = p.age(r)
	for _, a := range p.addresses {
		switch {
		case a.str.ok():
			r.untrimmed(a.str)
		case len(a.lines) > 0:
			for _, c := range a.lines {
				r.untrimmed(c)
			}
		default:
			for _, c := range [...]colRef{a.street, a.house, a.pobox, a.postal, a.locality, a.region, a.country} {
				r.untrimmed(c)
			}
		}
	}
	if !r.legal {
		for _, c := range [...]colRef{p.gender, p.marital, p.nationality, p.nativeLang, p.religion} {
			r.untrimmed(c)
		}
	}
	r.untrimmed(p.corrLang)
	if p.baseCtx != nil {
		r.untrimmed(p.placeCol)
		r.untrimmed(p.langCol)
	}
	for _, x := range p.emailOps {
		r.untrimmed(x.col)
	}
	r.checked = true
}

// plainText reports whether every mapped cell of rec is missing, nil or
// text within run.maxValueBytes.
func (p *Plan) plainText(rec *record.Record) bool {
	for _, c := range p.reads {
		if c >= len(rec.Values) {
			continue
		}
		switch v := rec.Values[c].(type) {
		case nil:
		case string:
			if len(v) > p.maxLen {
				return false
			}
		default:
			return false
		}
	}
	return true
}

// err returns the row's error that check noted, joined.
func (r *rowCtx) err() error {
	if len(r.errs) == 0 {
		return nil
	}
	return errors.Join(r.errs...)
}

// fill fills the parts of blk's request in need from the row that check
// read into blk.rc, and returns it with check's error (nil under
// run.invalidValues "skip" when there is one).
func (p *Plan) fill(blk *requestBlock, need parts) (*Request, error) {
	r := &blk.rc
	req := &blk.req
	req.Row = r.rec.Index
	if need&(partName|partContact) != 0 {
		req.Person = p.buildPerson(r, blk, need)
	}
	if blk.reuse {
		req.np, req.wp = &blk.np, &blk.wp
	}
	if need&partContext != 0 && p.rowContext(r, &blk.ctx) {
		req.Context = &blk.ctx
	}
	req.Emails = blk.emails[:0]
	if need&partOpEmails != 0 {
		for _, x := range p.emailOps {
			req.Emails = append(req.Emails, OpEmail{Op: x.op, Address: r.trimmed(x.col)})
		}
	}
	if err := r.err(); err != nil {
		if p.skipInvalid {
			return nil, err
		}
		return req, err
	}
	return req, nil
}

// buildPerson fills blk's person with the parts in need.
func (p *Plan) buildPerson(r *rowCtx, blk *requestBlock, need parts) *nameapi.InputPerson {
	if !r.legalKnown {
		r.legal, r.legalKnown = p.rowIsLegal(r), true
	}
	legal := r.legal
	person := &blk.person
	person.Type = nameapi.TypeNaturalInputPerson
	if legal {
		person.Type = nameapi.TypeLegalInputPerson
	}
	if need&partName != 0 {
		p.buildName(r, blk, legal)
	}
	if need&partContact != 0 {
		p.buildContact(r, blk)
	}
	// In Build's order of old, which the order of a row's errors follows.
	if !legal {
		if need&partName != 0 {
			if s := strings.ToLower(r.trimmed(p.gender)); s != "" {
				person.Gender = p.genderMap[s]
			}
		}
		if need&partContact != 0 {
			if s := strings.ToLower(r.trimmed(p.marital)); s != "" {
				person.MaritalStatus = p.maritalMap[s]
			}
		}
		if need&partName != 0 {
			person.Nationalities = splitCodes(r.text(p.nationality), strings.ToUpper)
			person.NativeLanguages = splitCodes(r.text(p.nativeLang), strings.ToLower)
		}
		if need&partContact != 0 {
			person.Religion = r.trimmed(p.religion)
		}
	}
	if need&partName != 0 {
		person.CorrespondenceLanguage = strings.ToLower(r.trimmed(p.corrLang))
	}
	return person
}

// buildName fills the person's name and the hints the name operations send.
func (p *Plan) buildName(r *rowCtx, blk *requestBlock, legal bool) {
	person := &blk.person
	fields := blk.fields[:0]
	hasLegalField := false
	// With person.fullName beside the parts, a row that lacks a part and
	// has a full name sends the full name alone; any other row its parts.
	lacksPart, hasFull := false, false
	for _, n := range p.names {
		switch n.role {
		case namePart:
			lacksPart = lacksPart || r.text(n.colRef) == ""
		case nameFull:
			hasFull = r.text(n.colRef) != ""
		}
	}
	useFull := lacksPart && hasFull
	for _, n := range p.names {
		if n.role == nameFull && !useFull || n.role == namePart && useFull {
			continue
		}
		s := r.text(n.colRef)
		if s == "" {
			continue
		}
		if legal && slices.Contains(naturalOnlyFields, n.fieldType) || !legal && slices.Contains(legalOnlyFields, n.fieldType) {
			continue
		}
		if slices.Contains(legalOnlyFields, n.fieldType) {
			hasLegalField = true
		}
		fields = append(fields, nameapi.Field(n.fieldType, s))
	}
	if legal && hasLegalField {
		// The full name of a legal row is the contact person, not the organisation.
		fields = slices.DeleteFunc(fields, func(f nameapi.NameField) bool { return f.FieldType == nameapi.FieldFullname })
	}
	blk.fields = fields
	if len(fields) > 0 {
		blk.name = nameapi.InputPersonName{NameFields: fields}
		person.PersonName = &blk.name
	}
}

// buildContact fills the person's contact data, age and addresses.
func (p *Plan) buildContact(r *rowCtx, blk *requestBlock) {
	person := &blk.person
	mails := blk.mails[:0]
	for _, c := range p.emails {
		if s := r.trimmed(c); s != "" {
			mails = append(mails, nameapi.NewEmailAddress(s))
		}
	}
	if blk.mails = mails; len(mails) > 0 {
		person.EmailAddresses = mails
	}
	tels := blk.tels[:0]
	for _, c := range p.phones {
		if s := r.trimmed(c); s != "" {
			tels = append(tels, nameapi.NewTelNumber(s))
		}
	}
	if blk.tels = tels; len(tels) > 0 {
		person.TelNumbers = tels
	}
	person.Age = r.ageInfo
	addrs := blk.addrs[:0]
	for i, a := range p.addresses {
		if rel, ok := p.address(r, a, blk.structured(i)); ok {
			addrs = append(addrs, rel)
		}
	}
	if blk.addrs = addrs; len(addrs) > 0 {
		person.Addresses = addrs
	}
}

func (p *Plan) rowIsLegal(r *rowCtx) bool {
	if !p.typeCol.ok() {
		return p.fixedLegal
	}
	v := strings.ToLower(r.trimmed(p.typeCol))
	switch {
	case v != "" && slices.Contains(p.legalVals, v):
		return true
	case v != "" && slices.Contains(p.natVals, v):
		return false
	case v != "" && slices.Contains(p.legalVals, "*"):
		return true
	case v != "" && slices.Contains(p.natVals, "*"):
		return false
	}
	return p.defLegal
}

func splitCodes(s string, norm func(string) string) []string {
	if strings.TrimSpace(s) == "" {
		return nil
	}
	var out []string
	for _, part := range strings.FieldsFunc(s, func(r rune) bool { return r == ',' || r == ';' || r == '/' || r == '|' || unicode.IsSpace(r) }) {
		if c := norm(part); c != "" && !slices.Contains(out, c) {
			out = append(out, c)
		}
	}
	return out
}

// rowContext fills c with the run's context and the row's place and
// language; false when the config sets no context (c is left alone).
func (p *Plan) rowContext(r *rowCtx, c *nameapi.Context) bool {
	if p.baseCtx == nil {
		return false
	}
	*c = *p.baseCtx
	if s := r.trimmed(p.placeCol); s != "" {
		c.Place = s
	}
	c.Place = PlaceCode(c.Place) // "Italy", "ITA", "it": IT
	if s := r.trimmed(p.langCol); s != "" {
		c.Language = strings.ToLower(s)
	}
	return true
}

// hasName reports whether the person has a non-empty name field.
func (r *Request) hasName() bool {
	return r != nil && r.Person != nil && r.Person.PersonName != nil && len(r.Person.PersonName.NameFields) > 0
}

// Applies reports whether op has input in this row (no email → the email
// operations do not apply; no name → parse, genderize and format do not
// apply). An operation that does not apply is skipped; its columns stay empty.
func (r *Request) Applies(op Op) bool {
	return r.applies(lookup(op))
}

// applies is Applies for a table entry (false for nil).
func (r *Request) applies(d operation) bool {
	if r == nil || d == nil {
		return false
	}
	switch d.input() {
	case NameInput:
		return r.hasName()
	case PersonInput:
		pp := r.Person
		return pp != nil && (r.hasName() || len(pp.EmailAddresses) > 0 || len(pp.TelNumbers) > 0 || len(pp.Addresses) > 0 || !pp.Age.Empty())
	case EmailInput:
		return r.Emails.Of(d.name()) != ""
	}
	return false
}

// namePerson returns the part of the person the name operations need: type,
// name, and the culture hints (nationalities, languages), plus the stored
// gender when withGender (the parser reports a GENDER dispute when it
// contradicts the name). Contact data, addresses and age are left out (less
// data sent, better de-duplication).
func (r *Request) namePerson(withGender bool) *nameapi.InputPerson {
	if r.np != nil {
		// A Builder's request, used by one goroutine: one payload at a time.
		*r.np = r.namePersonValue(withGender)
		return r.np
	}
	np := r.namePersonValue(withGender)
	return &np
}

// withPerson returns the payload of an operation on person p with the
// request's context: in a Builder's request the block's, re-used like np.
func (r *Request) withPerson(p *nameapi.InputPerson) *nameapi.InputWithPerson {
	if r.wp != nil {
		*r.wp = nameapi.InputWithPerson{Context: r.Context, InputPerson: p}
		return r.wp
	}
	return &nameapi.InputWithPerson{Context: r.Context, InputPerson: p}
}

// namePersonValue is namePerson by value (no allocation for a key).
func (r *Request) namePersonValue(withGender bool) nameapi.InputPerson {
	pp := r.Person
	np := nameapi.InputPerson{
		Type: pp.Type, PersonName: pp.PersonName, Gender: pp.Gender,
		Nationalities: pp.Nationalities, NativeLanguages: pp.NativeLanguages,
		CorrespondenceLanguage: pp.CorrespondenceLanguage,
	}
	if !withGender {
		np.Gender = ""
	}
	return np
}
