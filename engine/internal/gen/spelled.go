package main

import (
	"maps"
	"math"
	"slices"

	"github.com/namepipe/namepipe/engine/text"
)

// addSpelledOut adds to each language's names (merged: language → name →
// votes) the spelling of every name with the German umlauts and ø written
// out as ASCII writes them ("Jürgen" → "juergen", "Jörg" → "joerg",
// "Søren" → "soeren": text.Fold, the engine's one table of them), unless
// it is a name of its own in that language. Lists and forms that cannot
// hold an umlaut write German and Scandinavian names so; the folded
// spelling ("jurgen") is already added beside it.
//
// The written-out spelling answers as the name with its diacritics does
// (dict.GenderVotes): with the votes of the folded spelling where that is
// better backed and leans the same way (within 0.3), else with the
// name's own, in every language that lists the one taken. It does the same
// for the names known without a sex (generic).
func addSpelledOut(merged map[string]map[string]votes, generic map[string]bool) {
	tots := sumVotes(merged)
	share := func(v votes) float64 { return float64(v.m) / float64(max(v.m+v.f, 1)) }
	src := map[string][]string{} // written-out spelling → the names it stands for
	for _, n := range slices.Sorted(maps.Keys(tots)) {
		s := text.Fold(n)
		if s == n || s == text.Strip(n) {
			continue
		}
		from := n
		f, t := tots[text.Strip(n)], tots[n]
		if f.m+f.f > t.m+t.f && math.Abs(share(f)-share(t)) < 0.3 {
			from = text.Strip(n)
		}
		if !slices.Contains(src[s], from) {
			src[s] = append(src[s], from)
		}
	}
	for _, m := range merged {
		for s, froms := range src {
			if _, own := m[s]; own {
				continue
			}
			var a votes
			for _, from := range froms {
				if v, ok := m[from]; ok {
					a.m += v.m
					a.f += v.f
				}
			}
			if a.m+a.f > 0 {
				m[s] = a
			}
		}
	}
	var add []string
	for n := range generic {
		if s := text.Fold(n); s != n && s != text.Strip(n) {
			add = append(add, s)
		}
	}
	for _, s := range add {
		generic[s] = true
	}
}
