package engine

import (
	"strings"
	"testing"

	"github.com/namepipe/namepipe/engine/internal/corpus"
	"github.com/namepipe/namepipe/nameapi"
)

// peopleOf is the people of a parse as one string ("GIVENNAME=Anna|
// SURNAME=Meyer + GIVENNAME=Paul|SURNAME=Meyer"), or the one person's
// terms.
func peopleOf(r *nameapi.PersonNameParserResult) string {
	if r == nil || len(r.Matches) == 0 || r.Matches[0].ParsedPerson == nil {
		return ""
	}
	pp := r.Matches[0].ParsedPerson
	if len(pp.People) == 0 {
		return termsString(pp)
	}
	ps := make([]string, len(pp.People))
	for i := range pp.People {
		ps[i] = termsString(&pp.People[i])
	}
	return strings.Join(ps, " + ")
}

// TestInvariantCoupleFields: a couple written in one field ("Anna & Paul
// Meyer") parses like the same couple in a given-name field ("Anna &
// Paul") and a surname field ("Meyer"), as CRMs export them. Each
// given-first name of the corpus with one given name is paired with the
// one before it of the same culture.
func TestInvariantCoupleFields(t *testing.T) {
	partner := map[corpus.Name]string{} // by value: under -short the corpus is a fresh sample per call
	last := map[string]string{}
	names := invariantCorpus(t)
	for i := range names {
		n := &names[i]
		if n.Order != corpus.GivenFirst || n.Middle != "" || !n.HasParts() || strings.ContainsAny(n.Given, " &") || !wholeParts(n) {
			continue
		}
		if p := last[n.Culture]; p != "" && p != n.Given {
			partner[*n] = p
		}
		last[n.Culture] = n.Given
	}
	holdInvariant(t, invariant{
		op: "parse", name: "couple in one field = couple in split fields",
		// No violation today over 60,520 names of ten scripts; the floor
		// is the agreement of shapes (99 %).
		floor: 0.01,
		check: func(e *Engine, n *corpus.Name) (bool, string) {
			p, ok := partner[*n]
			if !ok {
				return false, ""
			}
			couple := n.Given + " & " + p
			one := peopleOf(parseOf(e, fullPerson(couple+" "+n.Surname)))
			split := peopleOf(parseOf(e, nameapi.NewNaturalPerson(
				nameapi.Field(nameapi.FieldGivenname, couple), nameapi.Field(nameapi.FieldSurname, n.Surname))))
			if one != split {
				return true, "one field " + one + " vs fields " + split
			}
			if !strings.Contains(split, " + ") {
				return true, "not two people: " + split
			}
			return true, ""
		},
	})
}
