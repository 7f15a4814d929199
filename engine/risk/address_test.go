package risk

import (
	"slices"
	"strings"
	"testing"

	"github.com/namepipe/namepipe/engine/text"
)

// TestAddrPhraseRisks checks the phrase search against containsPhrase over
// every list phrase, and that the risks come in list order.
func TestAddrPhraseRisks(t *testing.T) {
	t.Parallel()
	l := text.Lists()
	for _, text := range []string{
		"123 main street | | 62701 springfield", "sesame street 1", "x123 main st", "musterstrasse 1 | 12345 musterstadt",
		"221b baker street | london", "baker street 221b", "hauptstrasse 12 | | | | | 10115 berlin | |", "", "|", "a|123 main st|b",
	} {
		var rs riskSet
		got := addrPhraseRisks([]byte(text), l, &rs)
		// One risk per type, in the order of the type's first phrase.
		var want []string
		for _, ph := range l.AddrPhrases {
			if containsPhrase(text, ph.Text) && !slices.Contains(want, ph.Type) {
				want = append(want, ph.Type)
			}
		}
		var types []string
		for _, r := range rs.risks() {
			types = append(types, string(r.RiskType))
		}
		if got != (len(want) > 0) || !slices.Equal(types, want) {
			t.Errorf("%q: found %v with types %v, want types %v", text, got, types, want)
		}
	}
}

// containsPhrase reports whether phrase occurs in text at word boundaries.
func containsPhrase(addr, phrase string) bool {
	for i := 0; ; {
		j := strings.Index(addr[i:], phrase)
		if j < 0 {
			return false
		}
		s, e := i+j, i+j+len(phrase)
		if (s == 0 || addr[s-1] == ' ' || addr[s-1] == '|') && (e == len(addr) || addr[e] == ' ' || addr[e] == '|') {
			return true
		}
		i = s + 1
	}
}
