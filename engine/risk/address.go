package risk

import (
	"strings"
	"sync"

	"github.com/namepipe/namepipe/engine/text"
	"github.com/namepipe/namepipe/nameapi"
)

func addressRisks(p *nameapi.InputPerson, rs *riskSet) {
	l := text.Lists()
	words := addrWordShapes()
	var buf [192]byte
	for _, rel := range p.Addresses {
		a := rel.Address
		if a == nil {
			continue
		}
		// b is text.FoldSpace of the address parts joined with " | ",
		// written in one pass.
		b, pending, n := buf[:0], false, 0
		fold := func(x string) {
			if x != "" {
				b, pending = text.AppendFoldSpace(b, pending, x)
			}
		}
		part := func(x, sep, y string) {
			if n > 0 {
				// " | ", folded: the bar, a blank before it unless
				// at the start, and one pending after it.
				if len(b) > 0 {
					b = append(b, ' ')
				}
				b, pending = append(b, '|'), true
			}
			n++
			fold(x)
			if sep != "" {
				fold(sep)
				fold(y)
			}
		}
		switch a.Type {
		case nameapi.TypeSingleStringAddress:
			part(a.String, "", "")
		case nameapi.TypeMultiLineAddress:
			for _, s := range a.AddressLines {
				part(s, "", "")
			}
		default:
			if s := a.StreetInfo; s != nil {
				part(s.String, "", "")
				part(s.StreetName, " ", s.HouseNumber)
				part(s.HouseNumber, " ", s.StreetName)
				part(s.StreetNameAndNumber, "", "")
				part(s.AsString, "", "")
			}
			if pl := a.PlaceInfo; pl != nil {
				part(pl.PostalCode, " ", pl.Locality)
				part(pl.LocalityAndPostalCode, "", "")
				part(pl.AsString, "", "")
			}
		}
		if len(b) == 0 {
			continue
		}
		// addr stays on the stack: lookups convert its words without
		// copying, and a risk copies what it keeps.
		addr := b
		found := addrPhraseRisks(addr, l, rs)
		// The words of addr, split at ' ', '|' and '-'.
		for i := 0; i < len(addr); {
			if c := addr[i]; c == ' ' || c == '|' || c == '-' {
				i++
				continue
			}
			j := i + 1
			for j < len(addr) && addr[j] != ' ' && addr[j] != '|' && addr[j] != '-' {
				j++
			}
			w := addr[i:j]
			i = j
			if words.mayHold(w) {
				if t, ok := l.AddrWords[string(w)]; ok {
					rs.add(nameapi.DataItemAddress, t, 0.85, quoted("The address contains ", string(w), ", a placeholder or fictional name."))
					found = true
				}
			}
			if !found && len(w) >= 4 {
				if why := randomTyping(string(w), l); why != "" && why != "no vowels" {
					rs.add(nameapi.DataItemAddress, nameapi.RiskRandomTyping, 0.6, quoted("The address word ", string(w), " looks like random typing (", why, ")."))
				}
			}
		}
		if pl := a.PlaceInfo; pl != nil {
			if pc := strings.TrimSpace(pl.PostalCode); placeholderPostalCode(pc) {
				rs.addCause(nameapi.DataItemAddress, nameapi.RiskPlaceholder, causePostal, 0.6, quoted("The postal code ", pc, " is a placeholder."))
			}
		}
	}
}

// wordShapes says which (first byte, length) pairs the words of a set
// have, so that most other words need no lookup in it: bit n of [c] is
// set when a word starts with c and has n bytes (n < 63), bit 63 when a
// word starting with c is longer.
type wordShapes [256]uint64

// shapesOf returns the wordShapes of the keys of set.
func shapesOf(set map[string]string) *wordShapes {
	var s wordShapes
	for w := range set {
		if w != "" {
			s[w[0]] |= 1 << min(len(w), 63)
		}
	}
	return &s
}

// addrWordShapes returns the shapes of text.Lists().AddrWords.
var addrWordShapes = sync.OnceValue(func() *wordShapes { return shapesOf(text.Lists().AddrWords) })

// mayHold reports whether w may be in the set (false: it is not).
func (s *wordShapes) mayHold(w []byte) bool {
	return len(w) > 0 && s[w[0]]&(1<<min(len(w), 63)) != 0
}

// mayHoldWord is mayHold for a string.
func (s *wordShapes) mayHoldWord(w string) bool {
	return len(w) > 0 && s[w[0]]&(1<<min(len(w), 63)) != 0
}

// addrPhraseRisks adds a risk for each placeholder or fictional address
// phrase in text at word boundaries (see containsPhrase), in list order,
// and reports whether there was one.
func addrPhraseRisks(addr []byte, l *text.WordLists, rs *riskSet) bool {
	// A phrase starts at the start of a word: look there for the phrases
	// with that first byte.
	var hit [text.MaxAddrPhrases / 64]uint64
	found := false
	starts := addrPhraseStarts()
	for s := 0; s+1 < len(addr); s++ {
		if s > 0 && addr[s-1] != ' ' && addr[s-1] != '|' || starts[addr[s]]&(1<<(addr[s+1]&63)) == 0 {
			continue
		}
		for _, i := range l.AddrPhrase1[addr[s]] {
			ph := l.AddrPhrases[i].Text
			if e := s + len(ph); e <= len(addr) && string(addr[s:e]) == ph && (e == len(addr) || addr[e] == ' ' || addr[e] == '|') {
				hit[i/64] |= 1 << (i % 64)
				found = true
			}
		}
	}
	if !found {
		return false
	}
	for i, ph := range l.AddrPhrases {
		if hit[i/64]&(1<<(i%64)) != 0 {
			rs.add(nameapi.DataItemAddress, ph.Type, 0.85, quoted("The address contains ", ph.Text, ", a placeholder or fictional address."))
		}
	}
	return true
}

// addrPhraseStarts returns the first two bytes of the address phrases
// (text.Lists().AddrPhrases), so that most word starts need no look at
// the phrases: bit b&63 of [a] is set when a phrase starts with a, b.
// Every phrase has a blank inside, and so two bytes or more.
var addrPhraseStarts = sync.OnceValue(func() *[256]uint64 {
	var s [256]uint64
	for _, ph := range text.Lists().AddrPhrases {
		if len(ph.Text) < 2 {
			panic("engine/risk: an address phrase of fewer than two bytes")
		}
		s[ph.Text[0]] |= 1 << (ph.Text[1] & 63)
	}
	return &s
})

// placeholderPostalCode reports a postal code of four or more digits that
// repeats one digit ("55555", "0000") or counts up or down ("12345",
// "98765").
func placeholderPostalCode(pc string) bool {
	if len(pc) < 4 {
		return false
	}
	same, up, down := true, true, true
	for i := 0; i < len(pc); i++ {
		c := pc[i]
		if c < '0' || c > '9' {
			return false
		}
		if i == 0 {
			continue
		}
		p := pc[i-1]
		same = same && c == p
		up = up && c == p+1
		down = down && c+1 == p
	}
	return same || up || down
}
