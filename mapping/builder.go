package mapping

import (
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
	blk := &b.blk
	blk.req, blk.person, blk.ctx, blk.name, blk.np = Request{}, nameapi.InputPerson{}, nameapi.Context{}, nameapi.InputPersonName{}, nameapi.InputPerson{}
	return b.p.build(rec, blk)
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
