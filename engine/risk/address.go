package risk

import (
	"strings"

	"github.com/namepipe/namepipe/engine/text"
	"github.com/namepipe/namepipe/nameapi"
)

func addressRisks(p *nameapi.InputPerson, rs *riskSet) {
	l := text.Lists()
	var buf [192]byte
	for _, rel := range p.Addresses {
		a := rel.Address
		if a == nil {
			continue
		}
		// b is text.FoldSpace of the address parts joined with " | ",
		// written in one pass.
		b, pending, n := buf[:0], false, 0
		part := func(x, sep, y string) {
			if n > 0 {
				b, pending = text.AppendFoldSpace(b, pending, " | ")
			}
			n++
			b, pending = text.AppendFoldSpace(b, pending, x)
			if sep != "" {
				b, pending = text.AppendFoldSpace(b, pending, sep)
				b, pending = text.AppendFoldSpace(b, pending, y)
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
			if t, ok := l.AddrWords[string(w)]; ok {
				rs.add(nameapi.DataItemAddress, t, 0.85, "The address contains %q, a placeholder or fictional name.", string(w))
				found = true
			}
			if !found && len(w) >= 4 {
				if why := randomTyping(string(w), l); why != "" && why != "no vowels" {
					rs.add(nameapi.DataItemAddress, nameapi.RiskRandomTyping, 0.6, "The address word %q looks like random typing (%s).", string(w), why)
				}
			}
		}
		if pl := a.PlaceInfo; pl != nil {
			if pc := strings.TrimSpace(pl.PostalCode); pc != "" && strings.Trim(pc, "0") == "" || pc == "12345" || pc == "99999" {
				rs.add(nameapi.DataItemAddress, nameapi.RiskPlaceholder, 0.6, "The postal code %q is a placeholder.", pc)
			}
		}
	}
}

// addrPhraseRisks adds a risk for each placeholder or fictional address
// phrase in text at word boundaries (see containsPhrase), in list order,
// and reports whether there was one.
func addrPhraseRisks(addr []byte, l *text.WordLists, rs *riskSet) bool {
	// A phrase starts at the start of a word: look there for the phrases
	// with that first byte.
	var hit [text.MaxAddrPhrases / 64]uint64
	found := false
	for s := 0; s < len(addr); s++ {
		if s > 0 && addr[s-1] != ' ' && addr[s-1] != '|' {
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
			rs.add(nameapi.DataItemAddress, ph.Type, 0.85, "The address contains %q, a placeholder or fictional address.", ph.Text)
		}
	}
	return true
}
