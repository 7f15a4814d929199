package dedupe

import (
	"slices"
	"strings"

	"github.com/namepipe/namepipe/engine/text"
	"github.com/namepipe/namepipe/nameapi"
)

// Features is one row reduced to what dedupe compares. It is built once
// per row (Extract) and holds no reference to the row itself.
type Features struct {
	// Row is the 0-based position of the row in its file.
	Row int32
	// Ref marks a row of the reference file (linking mode).
	Ref bool
	// Names are the row's name fields, as the person matcher takes them.
	Names []nameapi.NameField
	// Given and Surname are folded name words: a best guess of the roles
	// from the fields (or from "Surname, Given" and word order in a full
	// name). Tokens is every name word, titles dropped.
	Given, Surname []string
	Tokens         []string
	// Emails are lower-cased addresses; Phones the last phoneDigits digits
	// of each number.
	Emails, Phones []string
	// Birth is the birth date as YYYYMMDD; a month or day of 0 is unknown;
	// 0 is no birth date.
	Birth int32
	// Addr holds hashes of the folded words of the addresses, sorted and
	// distinct (4 bytes a word instead of the text).
	Addr []uint32
	// Extra are the values of the run's extra comparisons' columns
	// (dedupe.compare; "" where a row has none), Block the folded values
	// of its dedupe.blockOn columns (RuleColumns' keys).
	Extra, Block []string
	// order sorts rows by name inside a capped block of a non-name rule.
	order uint64
	// nameHash identifies the name fields (type and text), for the
	// matcher's memo.
	nameHash uint64
}

// phoneDigits is how many trailing digits of a phone number are compared
// (the national number without the country code).
const phoneDigits = 9

// titles are the words dropped from a name before blocking, and
// particles the words that join the next word as part of the surname:
// the engine's one table of each (engine/lists: salutations, titles and
// qualifiers; particles), folded as dedupe folds words.
var titles, particles = func() (t, p map[string]bool) {
	l := text.Lists()
	t, p = map[string]bool{}, map[string]bool{}
	for _, m := range []map[string]bool{l.Titles, keysOf(l.Salutations), keysOf(l.Qualifiers)} {
		for k := range m {
			t[fold(k)] = true
		}
	}
	for k := range l.Particles {
		p[fold(k)] = true
	}
	return t, p
}()

func keysOf[V any](m map[string]V) map[string]bool {
	out := make(map[string]bool, len(m))
	for k := range m {
		out[k] = true
	}
	return out
}

// Extract reduces a mapped person to its Features. p may be nil (a row the
// mapping could not use at all).
func Extract(row int32, p *nameapi.InputPerson) Features {
	f := Features{Row: row}
	if p == nil {
		return f
	}
	if p.PersonName != nil {
		// Copies: the features outlive the row and its request.
		f.Names = make([]nameapi.NameField, len(p.PersonName.NameFields))
		for i, nf := range p.PersonName.NameFields {
			f.Names[i] = nameapi.NameField{String: strings.Clone(nf.String), FieldType: nf.FieldType}
		}
		f.nameWords(f.Names)
		for _, nf := range f.Names {
			f.nameHash = hashKey(Rule(len(nf.FieldType)), nf.FieldType+"\x00"+nf.String+"\x00") ^ f.nameHash*31
		}
	}
	for _, e := range p.EmailAddresses {
		if s := strings.ToLower(strings.TrimSpace(e.EmailAddress)); strings.Contains(s, "@") {
			f.Emails = append(f.Emails, strings.Clone(s))
		}
	}
	if len(f.Tokens) == 0 {
		f.nameFromEmail()
	} else if len(f.Given) == 0 || len(f.Surname) == 0 {
		f.namePartFromEmail()
	}
	for _, t := range p.TelNumbers {
		if d := digits(t.FullNumber); len(d) >= 6 {
			f.Phones = append(f.Phones, d[max(0, len(d)-phoneDigits):])
		}
	}
	if a := p.Age; a != nil {
		switch a.Type {
		case nameapi.TypeBirthDate, nameapi.TypeBirthYear, nameapi.TypeBirthYearMonth:
			if a.Year > 0 {
				f.Birth = a.Year*10000 + a.Month*100 + a.Day
			}
		}
	}
	for _, rel := range p.Addresses {
		f.Addr = appendAddress(f.Addr, rel.Address)
	}
	slices.Sort(f.Addr)
	f.Addr = slices.Compact(f.Addr)
	f.order = orderKey(f.Tokens)
	return f
}

// nameFromEmail gives a row without a name the one its email address
// spells, when the local part is two or three words of letters joined by
// dots, underscores or hyphens (anna.schmidt@…, schmidt_anna@…): a full
// name in unknown order, compared like any other name. Without it the
// address is the row's only trace of a name, and the email comparison
// would stand in for the name comparison at an email's weight.
func (f *Features) nameFromEmail() {
	for _, e := range f.Emails {
		local, _, _ := strings.Cut(e, "@")
		parts := nameWordsOf(local)
		if parts == nil {
			continue
		}
		f.Names = []nameapi.NameField{{String: strings.Join(parts, " "), FieldType: nameapi.FieldFullname}}
		f.nameWords(f.Names)
		f.nameHash = hashKey(Rule(len(nameapi.FieldFullname)), nameapi.FieldFullname+"\x00"+f.Names[0].String+"\x00")
		return
	}
}

// namePartFromEmail completes a row that has only a given name or only a
// surname of one word from an email local part that looks like a name of
// two words, one of them that word: Cyrielle with
// philippe.cyrielle@… gains the surname Philippe, Schmidt with
// anna.schmidt@… the given name Anna.
func (f *Features) namePartFromEmail() {
	if len(f.Tokens) != 1 {
		return
	}
	have := f.Tokens[0]
	for _, e := range f.Emails {
		local, _, _ := strings.Cut(e, "@")
		parts := nameWordsOf(local)
		if len(parts) != 2 || parts[0] == parts[1] {
			continue
		}
		var other string
		switch have {
		case parts[0]:
			other = parts[1]
		case parts[1]:
			other = parts[0]
		default:
			continue
		}
		ft := nameapi.FieldSurname
		if len(f.Given) == 0 {
			ft = nameapi.FieldGivenname
		}
		f.Names = append(f.Names, nameapi.NameField{String: other, FieldType: ft})
		f.Given, f.Surname, f.Tokens = nil, nil, nil
		f.nameWords(f.Names)
		f.nameHash = hashKey(Rule(len(ft)), ft+"\x00"+other+"\x00") ^ f.nameHash*31
		return
	}
}

// nameWordsOf returns the words of an email's local part when it looks
// like a name: two or three words of at least two letters (and nothing
// else) joined by dots, underscores or hyphens; else nil.
func nameWordsOf(local string) []string {
	parts := strings.FieldsFunc(local, func(r rune) bool { return r == '.' || r == '_' || r == '-' })
	if len(parts) < 2 || len(parts) > 3 {
		return nil
	}
	for _, w := range parts {
		if len(w) < 2 || strings.TrimLeft(w, "abcdefghijklmnopqrstuvwxyz") != "" {
			return nil
		}
	}
	return parts
}

// Comparable reports whether the row has anything to compare.
func (f *Features) Comparable() bool {
	return len(f.Tokens) > 0 || len(f.Emails) > 0 || len(f.Phones) > 0 || f.Birth != 0 || len(f.Addr) > 0
}

// nameWords fills Given, Surname and Tokens from the name fields.
func (f *Features) nameWords(fields []nameapi.NameField) {
	for _, nf := range fields {
		w := dropTitles(words(nf.String))
		switch nf.FieldType {
		case nameapi.FieldGivenname, nameapi.FieldMiddlename, nameapi.FieldNickname:
			f.Given = append(f.Given, w...)
		case nameapi.FieldSurname, nameapi.FieldMaidenSurname:
			f.Surname = append(f.Surname, w...)
		case nameapi.FieldFullname:
			g, s := splitFull(nf.String, w)
			f.Given = append(f.Given, g...)
			f.Surname = append(f.Surname, s...)
		case nameapi.FieldLegalName:
			f.Surname = append(f.Surname, w...)
		default:
			continue
		}
	}
	// One backing array: Given and Surname are parts of Tokens.
	f.Tokens = append(append(make([]string, 0, len(f.Given)+len(f.Surname)), f.Given...), f.Surname...)
	n := len(f.Given)
	f.Given, f.Surname = f.Tokens[:n:n], f.Tokens[n:]
}

// splitFull splits a full name's words into given names and surname:
// "Watson, Noah" by the comma, otherwise the last word (with particles
// before it) is the surname.
func splitFull(raw string, w []string) (given, surname []string) {
	if len(w) == 0 {
		return nil, nil
	}
	if before, after, ok := strings.Cut(raw, ","); ok {
		s, g := dropTitles(words(before)), dropTitles(words(after))
		if len(s) > 0 && len(g) > 0 {
			return g, s
		}
	}
	if len(w) == 1 {
		return nil, w
	}
	cut := len(w) - 1
	for cut > 1 && particles[w[cut-1]] {
		cut--
	}
	return w[:cut], w[cut:]
}

// dropTitles drops the title words of w but its last word, which is a
// surname more often than a title ("John Major").
func dropTitles(w []string) []string {
	out := w[:0:0]
	for i, x := range w {
		if i == len(w)-1 || !titles[x] {
			out = append(out, x)
		}
	}
	return out
}

// digits returns the ASCII digits of s.
func digits(s string) string {
	b := make([]byte, 0, len(s))
	for i := 0; i < len(s); i++ {
		if c := s[i]; c >= '0' && c <= '9' {
			b = append(b, c)
		}
	}
	return string(b)
}

// postcodeWord marks the hash of a postal code's word in Features.Addr
// (compareAddress compares an address part by part).
const postcodeWord = 1 << 31

// appendAddress appends to dst the hashes of the folded words of an
// address: those of its postal code marked postcodeWord, the others not.
func appendAddress(dst []uint32, a *nameapi.InputAddress) []uint32 {
	for _, w := range addressWords(a) {
		dst = append(dst, uint32(hashKey(0, w))&^postcodeWord)
	}
	if a != nil && a.PlaceInfo != nil {
		for _, w := range words(a.PlaceInfo.PostalCode) {
			dst = append(dst, uint32(hashKey(0, w))|postcodeWord)
		}
	}
	return dst
}

// addressWords returns the folded words of an address but its postal
// code's (appendAddress).
func addressWords(a *nameapi.InputAddress) []string {
	if a == nil {
		return nil
	}
	var parts []string
	parts = append(parts, a.String, a.Pobox)
	parts = append(parts, a.AddressLines...)
	if s := a.StreetInfo; s != nil {
		parts = append(parts, s.StreetName, s.HouseNumber, s.String)
	}
	if p := a.PlaceInfo; p != nil {
		parts = append(parts, p.Locality, p.Region, p.LocalityAndPostalCode, p.AsString)
		parts = append(parts, p.AsLines...)
	}
	var out []string
	for _, p := range parts {
		out = append(out, words(p)...)
	}
	return out
}

// orderKey packs the first letters of the sorted name words into a
// number, so that rows sort by name cheaply.
func orderKey(tokens []string) uint64 {
	s := slices.Clone(tokens)
	slices.Sort(s)
	var k uint64
	n := 0
	for _, t := range s {
		for i := 0; i < len(t) && n < 8; i++ {
			k = k<<8 | uint64(t[i])
			n++
		}
		if n < 8 {
			k <<= 8
			n++
		}
	}
	for ; n < 8; n++ {
		k <<= 8
	}
	return k
}
