package mapping

import (
	"errors"
	"strings"
	"time"

	"github.com/namepipe/namepipe/nameapi"
	"github.com/namepipe/namepipe/record"
)

// Builder builds the requests of one goroutine's rows into memory that it
// re-uses, so that a steady stream of rows allocates (almost) nothing for
// their requests. Each Build overwrites the previous request: use it, and
// the payloads made from it, before the next Build, from one goroutine at
// a time. Plan.Build gives requests that live on their own.
type Builder struct {
	p   *Plan
	blk requestBlock

	// For Valid: the mapped columns.
	cols []colRef
}

// NewBuilder returns a Builder of p's requests.
func (p *Plan) NewBuilder() *Builder {
	b := &Builder{p: p}
	for _, c := range p.mapped() {
		if c.ok() {
			b.cols = append(b.cols, c)
		}
	}
	b.blk.reuse = true
	b.blk.saddrs = make([]structuredAddr, len(p.addresses))
	return b
}

// Build is Plan.Build into the builder's memory: the request and the
// error are the same; the request is valid until the next Build.
func (b *Builder) Build(rec *record.Record) (*Request, error) {
	return b.build(rec, allParts)
}

// BuildFor is Build of only the parts of the request that the operations
// ops read, for a row that Valid vouched for: the request gives ops the
// payloads, keys and Applies that Build's would (TestBuildForSameAsBuild),
// and nothing else of it may be used. An operation that reads the name
// leaves out the contact data and addresses, an email operation all of
// the person. Like Build, it is valid until the next Build.
func (b *Builder) BuildFor(rec *record.Record, ops []Op) (*Request, error) {
	var need parts
	for _, op := range ops {
		pp, ok := b.p.opParts[op]
		if !ok {
			pp = allParts // not the plan's: build everything
		}
		need |= pp
	}
	return b.build(rec, need)
}

// build zeroes the parts of the block that the request will use and
// builds it.
func (b *Builder) build(rec *record.Record, need parts) (*Request, error) {
	blk := &b.blk
	blk.req = Request{}
	if need&(partName|partContact) != 0 {
		blk.person, blk.name, blk.np, blk.wp = nameapi.InputPerson{}, nameapi.InputPersonName{}, nameapi.InputPerson{}, nameapi.InputWithPerson{}
	}
	if need&partContext != 0 {
		blk.ctx = nameapi.Context{}
	}
	return b.p.build(rec, blk, need)
}

// Valid reports that Build would give rec a request and no error, without
// building it: every mapped cell is text no longer than run.maxValueBytes,
// and the birth date, if any, is a date in the configured layouts. It
// answers false when it cannot tell so cheaply: cells of other types, the
// birth year, age range and year range columns (Build then says). It
// allocates nothing.
func (b *Builder) Valid(rec *record.Record) bool {
	p := b.p
	if p.birthYear.ok() || p.ageRange.ok() || p.yearStart.ok() || p.yearEnd.ok() {
		return false
	}
	for _, c := range b.cols {
		if c.idx >= len(rec.Values) {
			continue // a missing cell is empty
		}
		switch v := rec.Values[c.idx].(type) {
		case nil:
		case string:
			if len(v) > p.maxLen {
				return false
			}
		case time.Time:
			if c != p.birthDate {
				return false
			}
			if y := v.UTC().Year(); y < 1000 || y > 9999 {
				return false
			}
		default:
			return false
		}
	}
	if c := p.birthDate; c.ok() && c.idx < len(rec.Values) {
		if s, ok := rec.Values[c.idx].(string); ok {
			return b.goodDate(strings.TrimSpace(s))
		}
	}
	return true
}

// goodDate reports whether parseBirthDate takes s without an error.
func (b *Builder) goodDate(s string) bool {
	if s == "" {
		return true
	}
	for _, l := range b.p.layouts {
		if l == time.DateOnly {
			if y, _, _, ok := isoDate(s); ok {
				return y >= 1000 && y <= 9999
			}
		}
		t, err := time.Parse(l, s)
		if err == nil {
			if t.Year() < 1000 || t.Year() > 9999 {
				return false
			}
			return true
		}
		var pe *time.ParseError
		if errors.As(err, &pe) && strings.Contains(pe.Message, "out of range") {
			return false
		}
	}
	return false
}

// requestBlock holds a row's request, person, context and room for the
// email addresses of three operations, allocated together. A Builder's
// block also keeps the backing arrays of the person's lists from row to
// row.
type requestBlock struct {
	req    Request
	person nameapi.InputPerson
	ctx    nameapi.Context
	emails [3]OpEmail
	rc     rowCtx

	// Re-used by a Builder (reuse set); a new block starts them empty.
	reuse  bool
	name   nameapi.InputPersonName
	np     nameapi.InputPerson
	wp     nameapi.InputWithPerson
	fields []nameapi.NameField
	mails  []nameapi.EmailAddress
	tels   []nameapi.TelNumber
	addrs  []nameapi.AddressRelation
	saddrs []structuredAddr // one per configured address
}

// structured returns the slot of configured address i, or nil (a new
// address each time) outside a Builder.
func (b *requestBlock) structured(i int) *structuredAddr {
	if i < len(b.saddrs) {
		return &b.saddrs[i]
	}
	return nil
}

// structuredAddr holds the parts of a structured address, allocated
// together (one allocation per address instead of three).
type structuredAddr struct {
	addr   nameapi.InputAddress
	place  nameapi.PlaceInfo
	street nameapi.StreetInfo
}

// isoDate returns the year, month and day of s when it is a valid date
// written as YYYY-MM-DD with ASCII digits, which time.Parse(time.DateOnly,
// s) takes without an error; ok false says nothing (time.Parse then
// decides). It is the common case of Valid and of Build's birth date, at
// a fraction of time.Parse's cost (BenchmarkValid, BenchmarkBuild).
func isoDate(s string) (year, month, day int, ok bool) {
	if len(s) != 10 || s[4] != '-' || s[7] != '-' {
		return 0, 0, 0, false
	}
	n := func(from, to int) int {
		v := 0
		for i := from; i < to; i++ {
			c := s[i]
			if c < '0' || c > '9' {
				return -1
			}
			v = v*10 + int(c-'0')
		}
		return v
	}
	y, m, d := n(0, 4), n(5, 7), n(8, 10)
	if y < 0 || m < 1 || m > 12 || d < 1 {
		return 0, 0, 0, false
	}
	days := [13]int{0, 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31}[m]
	if m == 2 && y%4 == 0 && (y%100 != 0 || y%400 == 0) {
		days = 29
	}
	if d > days {
		return 0, 0, 0, false
	}
	return y, m, d, true
}
