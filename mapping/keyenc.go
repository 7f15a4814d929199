package mapping

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/namepipe/namepipe/nameapi"
)

// keyEnc writes the canonical binary form of a request that Request.Key
// hashes. Every field of every type is written, in declaration order,
// whether empty or not: strings and slices are length-prefixed, pointers
// and slices carry a presence marker, so two different inputs never share
// an encoding. BenchmarkKeyEncoding compares it with JSON encoding.
// TestKeyEncodingCoversEveryField fails when a field is added to one of
// the nameapi input types and not here.
type keyEnc struct {
	b []byte
}

var keyEncPool = sync.Pool{New: func() any { return &keyEnc{b: make([]byte, 0, 512)} }}

func (e *keyEnc) uvarint(n uint64) { e.b = binary.AppendUvarint(e.b, n) }

func (e *keyEnc) str(s string) {
	e.uvarint(uint64(len(s)))
	e.b = append(e.b, s...)
}

// present writes whether a pointer or slice is nil.
func (e *keyEnc) present(ok bool) bool {
	if ok {
		e.b = append(e.b, 1)
	} else {
		e.b = append(e.b, 0)
	}
	return ok
}

func (e *keyEnc) strs(s []string) {
	if e.present(s != nil) {
		e.uvarint(uint64(len(s)))
		for _, x := range s {
			e.str(x)
		}
	}
}

func (e *keyEnc) i32(n int32) { e.b = binary.AppendVarint(e.b, int64(n)) }

func (e *keyEnc) i32p(p *int32) {
	if e.present(p != nil) {
		e.i32(*p)
	}
}

func (e *keyEnc) context(c *nameapi.Context) {
	if !e.present(c != nil) {
		return
	}
	e.str(c.Priority)
	e.str(c.Place)
	e.str(c.Language)
	e.strs(c.WritingSystems)
	e.str(c.TextCase)
	// nil and empty properties are sent alike (as []).
	e.uvarint(uint64(len(c.Properties)))
	for _, p := range c.Properties {
		e.str(p.Name)
		e.str(p.Value)
	}
}

// namePerson writes the context and the name part of the person (see
// Request.namePerson), its name texts normalised as norm says.
func (e *keyEnc) namePerson(r *Request, withGender bool, norm nameNorm) {
	e.context(r.Context)
	np := r.namePersonValue(withGender)
	e.person(&np, norm)
}

// nameNorm says how name texts are normalised in a key.
type nameNorm int

const (
	nameAsIs     nameNorm = iota
	nameCollapse          // blank runs collapsed, trimmed
	nameFold              // also lower-cased
)

func (e *keyEnc) person(p *nameapi.InputPerson, norm nameNorm) {
	if !e.present(p != nil) {
		return
	}
	e.str(p.Type)
	if e.present(p.PersonName != nil) {
		nf := p.PersonName.NameFields
		if e.present(nf != nil) {
			e.uvarint(uint64(len(nf)))
			for _, f := range nf {
				e.nameText(f.String, norm)
				e.str(f.FieldType)
			}
		}
	}
	e.str(p.Gender)
	e.str(p.MaritalStatus)
	e.strs(p.Nationalities)
	e.strs(p.NativeLanguages)
	e.str(p.Religion)
	e.str(p.CorrespondenceLanguage)
	if e.present(p.EmailAddresses != nil) {
		e.uvarint(uint64(len(p.EmailAddresses)))
		for _, a := range p.EmailAddresses {
			e.str(a.Type)
			e.str(a.EmailAddress)
		}
	}
	if e.present(p.TelNumbers != nil) {
		e.uvarint(uint64(len(p.TelNumbers)))
		for _, t := range p.TelNumbers {
			e.str(t.Type)
			e.str(t.FullNumber)
		}
	}
	if e.present(p.Addresses != nil) {
		e.uvarint(uint64(len(p.Addresses)))
		for i := range p.Addresses {
			e.addressRelation(&p.Addresses[i])
		}
	}
	if a := p.Age; e.present(a != nil) {
		e.str(a.Type)
		e.i32(a.Year)
		e.i32(a.Month)
		e.i32(a.Day)
		if yr := a.YearRange; e.present(yr != nil) {
			e.i32p(yr.StartIncluding)
			e.i32p(yr.EndIncluding)
		}
	}
}

func (e *keyEnc) addressRelation(r *nameapi.AddressRelation) {
	e.str(r.Type)
	if a := r.Address; e.present(a != nil) {
		e.str(a.Type)
		if s := a.StreetInfo; e.present(s != nil) {
			e.str(s.Type)
			e.str(s.StreetName)
			e.str(s.HouseNumber)
			e.str(s.Building)
			e.str(s.Staircase)
			e.str(s.Floor)
			e.str(s.Apartment)
			e.str(s.String)
			e.str(s.StreetNameAndNumber)
			e.str(s.AsString)
			e.str(s.AddressLine2)
			e.strs(s.AsLines)
		}
		e.str(a.Pobox)
		if pl := a.PlaceInfo; e.present(pl != nil) {
			e.str(pl.Type)
			e.str(pl.Locality)
			e.str(pl.PostalCode)
			e.str(pl.Neighborhood)
			e.str(pl.Region)
			e.str(pl.Country)
			e.str(pl.LocalityAndPostalCode)
			e.str(pl.AsString)
			e.strs(pl.AsLines)
		}
		e.str(a.String)
		e.strs(a.AddressLines)
	}
	e.str(r.Usage)
	if e.present(r.UsageForAll != nil) {
		if *r.UsageForAll {
			e.b = append(e.b, 1)
		} else {
			e.b = append(e.b, 0)
		}
	}
	e.strs(r.SpecificUsage)
}

// nameText writes a name text normalised as norm says: blank runs
// collapsed to one space and trimmed (as strings.Fields splits), and for
// nameFold lower-cased (as strings.ToLower).
func (e *keyEnc) nameText(s string, norm nameNorm) {
	if norm == nameAsIs {
		e.str(s)
		return
	}
	// Write a placeholder length, the text, then patch the length: the
	// normalised text is never longer than s, except when lower-casing
	// non-ASCII text changes its byte length.
	start := len(e.b)
	ascii := true
	words := 0
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if asciiSpace[c] {
				i++
				continue
			}
		} else if r, size := utf8.DecodeRuneInString(s[i:]); unicode.IsSpace(r) {
			i += size
			continue
		}
		// A word: up to the next blank.
		j := i
		for j < len(s) {
			c := s[j]
			if c < utf8.RuneSelf {
				if asciiSpace[c] {
					break
				}
				j++
				continue
			}
			r, size := utf8.DecodeRuneInString(s[j:])
			if unicode.IsSpace(r) {
				break
			}
			ascii = false
			j += size
		}
		if words > 0 {
			e.b = append(e.b, ' ')
		}
		e.b = append(e.b, s[i:j]...)
		words++
		i = j
	}
	text := e.b[start:]
	if norm == nameFold {
		if ascii {
			for i, c := range text {
				if 'A' <= c && c <= 'Z' {
					text[i] = c + 'a' - 'A'
				}
			}
		} else {
			lower := strings.ToLower(string(text))
			e.b = append(e.b[:start], lower...)
			text = e.b[start:]
		}
	}
	// Move the text behind its length prefix.
	n := len(text)
	var pre [binary.MaxVarintLen64]byte
	k := binary.PutUvarint(pre[:], uint64(n))
	e.b = append(e.b, pre[:k]...)
	copy(e.b[start+k:], e.b[start:start+n])
	copy(e.b[start:], pre[:k])
}

var asciiSpace = [256]bool{'\t': true, '\n': true, '\v': true, '\f': true, '\r': true, ' ': true}

// keyVersion changes when the normalisation of a key changes, so that a
// persistent cache never mixes keys of two schemes.
const keyVersion = "k2"

// Key is a normalised, deterministic key of op's input for de-duplication
// and caching: the same input gives the same key, different inputs give
// different keys. It is "<op>:k2:<sha256 hex>" and holds no personal data.
// Each operation's Key (operations.go) says what it normalises.
func (r *Request) Key(op Op) string {
	e := r.encodeKey(op)
	sum := sha256.Sum256(e.b)
	if cap(e.b) <= 64<<10 {
		keyEncPool.Put(e)
	}
	var hx [2 * sha256.Size]byte
	hex.Encode(hx[:], sum[:])
	var k strings.Builder
	k.Grow(len(op) + len(keyVersion) + 2 + len(hx))
	k.WriteString(string(op))
	k.WriteByte(':')
	k.WriteString(keyVersion)
	k.WriteByte(':')
	k.Write(hx[:])
	return k.String()
}

// encodeKey writes the canonical encoding of op's input into a pooled
// encoder; the caller returns it to keyEncPool. An unknown operation
// encodes as null.
func (r *Request) encodeKey(op Op) *keyEnc {
	e := keyEncPool.Get().(*keyEnc)
	e.b = e.b[:0]
	if d := lookup(op); d != nil {
		d.encodeKey(e, r)
	} else {
		e.b = append(e.b, "null"...)
	}
	return e
}
