package mapping

import (
	"errors"

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
}

// NewBuilder returns a Builder of p's requests.
func (p *Plan) NewBuilder() *Builder {
	b := &Builder{p: p}
	b.blk.reuse = true
	b.blk.saddrs = make([]structuredAddr, len(p.addresses))
	return b
}

// Build is Plan.Build into the builder's memory: the request and the
// error are the same; the request is valid until the next Build.
func (b *Builder) Build(rec *record.Record) (*Request, error) {
	return b.build(rec, allParts)
}

// Check reads rec as Build does and returns Build's error (nil: Build
// would give a request and no error), building nothing. The row is the
// one Fill then fills, until the next Check or Build.
func (b *Builder) Check(rec *record.Record) error {
	if rec == nil {
		return errors.New("mapping: nil record")
	}
	b.p.check(&b.blk.rc, rec)
	return b.blk.rc.err()
}

// Fill returns the request of the row last checked, with only the parts
// that the operations ops read: it gives ops the payloads, keys and
// Applies that Build's request would (TestFillSameAsBuild), and nothing
// else of it may be used. An operation that reads the name leaves out the
// contact data and addresses, an email operation all of the person. The
// error is Check's. Like Build's, the request is valid until the next
// Check or Build.
func (b *Builder) Fill(ops []Op) (*Request, error) {
	var need parts
	for _, op := range ops {
		pp, ok := b.p.opParts[op]
		if !ok {
			pp = allParts // not the plan's: build everything
		}
		need |= pp
	}
	b.clear(need)
	return b.p.fill(&b.blk, need)
}

// build checks rec and fills the parts in need of the block, zeroed.
func (b *Builder) build(rec *record.Record, need parts) (*Request, error) {
	if rec == nil {
		return nil, errors.New("mapping: nil record")
	}
	b.p.check(&b.blk.rc, rec)
	b.clear(need)
	return b.p.fill(&b.blk, need)
}

// clear zeroes the parts of the block that a request of need uses.
func (b *Builder) clear(need parts) {
	blk := &b.blk
	blk.req = Request{}
	if need&(partName|partContact) != 0 {
		blk.person, blk.name, blk.np, blk.wp = nameapi.InputPerson{}, nameapi.InputPersonName{}, nameapi.InputPerson{}, nameapi.InputWithPerson{}
	}
	if need&partContext != 0 {
		blk.ctx = nameapi.Context{}
	}
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
// decides). It is the common case of Build's birth date, at a fraction of
// time.Parse's cost (BenchmarkCheck, BenchmarkBuild).
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
