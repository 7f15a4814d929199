package dedupe

import (
	"math"
	"testing"
)

// A surname's particles add no rarity to a name's chance agreement, and
// a given name against its initial counts at the initial's share, in
// either row.
func TestNameShareParticlesAndInitials(t *testing.T) {
	var feats []Features
	add := func(given []string, surname []string, n int) {
		for range n {
			toks := append(append([]string(nil), given...), surname...)
			feats = append(feats, Features{Tokens: toks, Given: toks[:len(given)], Surname: toks[len(given):]})
		}
	}
	add([]string{"sanne"}, []string{"van", "den", "berg"}, 20)
	add([]string{"nate"}, []string{"berg"}, 20)
	add([]string{"noah"}, []string{"smith"}, 30)
	add([]string{"anna"}, []string{"van", "dijk"}, 30)
	s := newNameShares(countWords(nil, feats), float64(len(feats)))
	row := func(given []string, surname ...string) *Features {
		toks := append(append([]string(nil), given...), surname...)
		return &Features{Tokens: toks, Given: toks[:len(given)], Surname: toks[len(given):]}
	}
	rows := math.Log2(float64(len(feats) - 1))
	share := func(n float64) float64 { return math.Log2(n-1) - rows }
	for _, tt := range []struct {
		name string
		a, b *Features
		l    Level
		want float64 // logU before the name groups' correction (none fitted here)
	}{
		{"particles left out", row([]string{"sanne"}, "van", "den", "berg"), row([]string{"sanne"}, "van", "den", "berg"), NameEqual,
			share(20) + share(40)},
		{"given name against its initial", row([]string{"nate"}, "berg"), row([]string{"n"}, "berg"), NameMatching,
			share(50) + share(40)}, // rows with a given name of n: nate and noah
		{"initial against a given name", row([]string{"n"}, "berg"), row([]string{"nate"}, "berg"), NameMatching,
			share(50) + share(40)},
	} {
		t.Run(tt.name, func(t *testing.T) {
			got := float64(s.logU(tt.a, tt.b, tt.l))
			if math.Abs(got-tt.want) > 1e-4 {
				t.Errorf("logU %v, want %v", got, tt.want)
			}
		})
	}
}
