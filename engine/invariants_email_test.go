package engine

import (
	"context"
	"strings"
	"testing"

	"github.com/namepipe/namepipe/engine/internal/corpus"
	"github.com/namepipe/namepipe/nameapi"
)

// TestInvariantEmailRunTogether: a given name and a surname run together
// in lower case without a separator ("danielameyer@") split back into
// the name. Names of one ASCII word each, given first; the property is a
// share, not a law: a split is a guess from the name lists, and a word
// the lists do not hold on either side leaves it open.
func TestInvariantEmailRunTogether(t *testing.T) {
	holdInvariant(t, invariant{
		op: "emailparser", name: "givensurname@ splits back into the name",
		// A little over today's share (0.26 % of 25,588 names, all Latin
		// script): Russian names the lists hold in Cyrillic only
		// ("Fyodor Kozlov"), or a listed name inside a longer one.
		floor: 0.005,
		check: func(e *Engine, n *corpus.Name) (bool, string) {
			if n.Middle != "" || !asciiWord(n.Given) || !asciiWord(n.Surname) || len(n.Given) < 3 || len(n.Surname) < 3 {
				return false, ""
			}
			g, s := strings.ToLower(n.Given), strings.ToLower(n.Surname)
			r, err := e.ParseEmailName(context.Background(), &nameapi.InputWithEmail{EmailAddress: g + s + "@example.com"})
			if err != nil {
				return true, err.Error()
			}
			if got, want := emSummary(r), nameapi.EmailResultPersonName+" "+g+"|"+s; got != want {
				return true, got
			}
			return true, ""
		},
	})
}
