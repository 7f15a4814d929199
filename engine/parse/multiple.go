package parse

import (
	"math"
	"slices"

	"github.com/namepipe/namepipe/engine/lexicon"

	"github.com/namepipe/namepipe/engine/text"
	"github.com/namepipe/namepipe/nameapi"
)

// parseMultiple parses several people in one field ("Peter and Maria
// Meyer", "Mr. & Mrs. J. Smith", "John Smith and Jane Doe"). People
// without a surname share the surname of the last person that has one.
func (e *Parser) parseMultiple(c *nameapi.Context, p *nameapi.InputPerson, segs [][]text.Token, fl text.TokFlags) nameapi.ParsedPersonMatch {
	segs = pairSalutations(segs)
	var candBuf [3]candidate
	cands := candBuf[:0]
	if len(segs) > len(candBuf) {
		cands = make([]candidate, 0, len(segs))
	}
	cands = cands[:len(segs)]
	for i, s := range segs {
		if i < len(segs)-1 {
			if cd, ok := e.givenNamesOnly(s, segs[i+1:]); ok {
				cands[i] = cd
				continue
			}
		}
		var one [2]candidate
		cands[i] = e.parseSegment(one[:0], s, true)[0]
	}
	// "Mr. and Mrs. John Smith", "Dr. and Mrs. Robert Brown": by
	// convention the given name is the husband's.
	if len(cands) == 2 && onlySalutations(cands[0].terms) {
		if g0, g1 := salutationGenderOfTerms(cands[0].terms), salutationGenderOfTerms(cands[1].terms); g0 != nameapi.GenderFemale && g1 == nameapi.GenderFemale {
			var keep []nameTerm
			for _, t := range cands[1].terms {
				switch t.typ {
				case nameapi.TermGivenname, nameapi.TermMiddlename, nameapi.TermGivennameInitial, nameapi.TermMiddlenameInitial:
					cands[0].terms = append(cands[0].terms, t)
				default:
					keep = append(keep, t)
				}
			}
			cands[1].terms = keep
		}
	}
	shared := ""
	sharedPos := 0
	for i := len(cands) - 1; i >= 0; i-- {
		for _, t := range cands[i].terms {
			if t.typ == nameapi.TermSurname {
				shared, sharedPos = t.text, t.pos
				break
			}
		}
		if shared != "" {
			break
		}
	}
	gb := newGroupBlock(len(cands))
	group := &gb.pp
	var disputes []nameapi.ParserDispute
	like, conf := 1.0, 1.0
	// The people's genders: one common gender, or mixed.
	gender, seen, mixed := "", false, false
	allSame := true
	for i := range cands {
		// A person who borrows the shared surname takes no gender from
		// it: it was written for the last person ("Jānis un Anna
		// Bērziņa").
		borrow := shared != "" && firstOf(cands[i].terms, nameapi.TermSurname) == ""
		pp, d := e.naturalPerson(c, nil, cands[i].terms)
		if borrow {
			cands[i].terms = append(cands[i].terms, nameTerm{shared, nameapi.TermSurname, sharedPos})
			g := pp.Gender
			if g != nil && g.Gender != nameapi.GenderUnknown && firstOf(cands[i].terms, nameapi.TermSalutation) == "" {
				// The gender stays g, and without a salutation (and
				// without p) the gender with the surname has no
				// dispute: it need not be computed.
				pp, d = e.naturalPersonTerms(cands[i].terms), nil
				pp.Gender = g
			} else {
				pp, d = e.naturalPerson(c, nil, cands[i].terms)
				if g != nil && g.Gender != nameapi.GenderUnknown {
					pp.Gender = g
				}
			}
		}
		disputes = append(disputes, cands[i].disputes...)
		disputes = append(disputes, d...)
		group.People = append(group.People, *pp)
		like = math.Min(like, cands[i].likeliness)
		conf = math.Min(conf, cands[i].confidence)
		if g := pp.Gender; g != nil {
			mixed = mixed || seen && g.Gender != gender
			gender, seen = g.Gender, true
		}
		if pp.AddressingSurname != group.People[0].AddressingSurname {
			allSame = false
		}
	}
	if allSame {
		group.AddressingSurname = group.People[0].AddressingSurname
	}
	if seen && !mixed {
		gb.gender = nameapi.GenderizerResult{Gender: gender, Confidence: round3(conf)}
	} else {
		gb.gender = nameapi.GenderizerResult{Gender: nameapi.GenderIndeterminable, Confidence: round3(conf)}
	}
	group.Gender = &gb.gender
	disputes = append(disputes, syntaxDisputes(fl, nil)...)
	if disputes == nil {
		disputes = []nameapi.ParserDispute{}
	}
	_ = p
	return nameapi.ParsedPersonMatch{
		ParsedPerson:   group,
		ParserDisputes: disputes,
		Likeliness:     round3(math.Max(0.6, like*0.95)),
		Confidence:     round3(conf * 0.9),
	}
}

// groupBlock is the memory of a parsed group, its gender and its people,
// allocated as one object with room for two people (BenchmarkPerson).
type groupBlock struct {
	pp     nameapi.ParsedPerson
	gender nameapi.GenderizerResult
	two    [2]nameapi.ParsedPerson
}

// newGroupBlock returns the block of a MULTIPLE/GROUP person with room for
// n people (and none yet), without gender.
func newGroupBlock(n int) *groupBlock {
	b := &groupBlock{}
	b.pp.PersonType, b.pp.PersonRole = nameapi.PersonTypeMultiple, nameapi.RoleGroup
	b.pp.People = b.two[:0]
	if n > len(b.two) {
		b.pp.People = make([]nameapi.ParsedPerson, 0, n)
	}
	return b
}

func onlySalutations(ts []nameTerm) bool {
	if len(ts) == 0 {
		return false
	}
	for _, t := range ts {
		if t.typ != nameapi.TermSalutation && t.typ != nameapi.TermTitle {
			return false
		}
	}
	return true
}

// salutationGenderOfTerms returns the gender implied by the first salutation in
// ts, or "".
func salutationGenderOfTerms(ts []nameTerm) string {
	l := text.Lists()
	for _, t := range ts {
		if t.typ == nameapi.TermSalutation {
			return l.Salutations[text.NKey(t.text)]
		}
	}
	return ""
}

// pairSalutations gives each person of "Mr. & Mrs. John and Jane Smith"
// their salutation: when the field starts with as many salutations as
// there are names after them, the n-th salutation goes with the n-th name
// ("Mr. John", "Mrs. Jane Smith"). Other shapes are returned as they are.
func pairSalutations(segs [][]text.Token) [][]text.Token {
	l := text.Lists()
	isSal := func(t text.Token) bool {
		_, ok := l.Salutations[t.Key]
		return t.Kind == text.TokWord && (ok || l.Titles[t.Key])
	}
	k := 0
	for k < len(segs) && len(segs[k]) > 0 && all(segs[k], isSal) {
		k++
	}
	if k == 0 || k >= len(segs) {
		return segs
	}
	// The last salutation starts the first name's segment: "Mrs. John".
	n := 0
	for n < len(segs[k]) && isSal(segs[k][n]) {
		n++
	}
	if n == 0 || n == len(segs[k]) {
		return segs
	}
	sals := append(segs[:k:k], segs[k][:n])
	names := append([][]text.Token{segs[k][n:]}, segs[k+1:]...)
	if len(sals) != len(names) {
		return segs
	}
	out := make([][]text.Token, len(names))
	for i := range names {
		out[i] = append(slices.Clone(sals[i]), names[i]...)
	}
	return out
}

func all(ts []text.Token, f func(text.Token) bool) bool {
	for _, t := range ts {
		if !f(t) {
			return false
		}
	}
	return true
}

// givenNamesOnly reads a person of a group who is written with given
// names only, before the person who carries the shared surname ("Maria
// José e João Pedro Silva", "Mr. John" in "Mr. & Mrs. John and Jane
// Smith"): after any salutations and titles, words that are each a
// well-known given name and none a known surname nor repeated by a later
// person (two or more of them without a salutation, since one word alone
// is read as a given name anyway; one after a salutation, since "Doamna
// Ana Dumitru" ends in her surname). ok is false for any other segment.
func (e *Parser) givenNamesOnly(seg []text.Token, later [][]text.Token) (candidate, bool) {
	l := text.Lists()
	var terms []nameTerm
	i := 0
	for ; i < len(seg) && seg[i].Kind == text.TokWord; i++ {
		if _, ok := l.Salutations[seg[i].Key]; ok {
			terms = append(terms, nameTerm{seg[i].Text, nameapi.TermSalutation, seg[i].Pos})
		} else if l.Titles[seg[i].Key] {
			terms = append(terms, nameTerm{seg[i].Text, nameapi.TermTitle, seg[i].Pos})
		} else {
			break
		}
	}
	names := seg[i:]
	if len(terms) == 0 && len(names) < 2 || len(terms) > 0 && len(names) != 1 {
		return candidate{}, false
	}
	// "Ana Dumitru și Vasile Dumitru": a word the later people repeat is
	// the surname.
	lastKey := names[len(names)-1].Key
	for _, s := range later {
		for _, t := range s {
			if t.Key == lastKey {
				return candidate{}, false
			}
		}
	}
	for _, t := range names {
		if t.Kind != text.TokWord || text.IsInitial(t.Text) {
			return candidate{}, false
		}
		g := lexicon.GivenStrength(e.lex, t.Text)
		// After a salutation a name the data knows best as a given name
		// counts even if it is a surname too ("Mr. John").
		if g < 0.5 || lexicon.IsSurname(e.lex, t.Text) && (len(terms) == 0 || g < 1) {
			return candidate{}, false
		}
	}
	for _, t := range names {
		terms = append(terms, nameTerm{t.Text, nameapi.TermGivenname, t.Pos})
	}
	return candidate{terms: terms, likeliness: 0.9, confidence: 0.8}, true
}
