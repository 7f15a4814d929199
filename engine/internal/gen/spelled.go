package main

import "github.com/namepipe/namepipe/engine/text"

// addSpelledOut adds to each language's names (merged: language → name →
// votes) the spelling of every name with the German umlauts and ø written
// out as ASCII writes them ("Jürgen" → "juergen", "Jörg" → "joerg",
// "Søren" → "soeren": text.Fold, the engine's one table of them), with the
// votes of every spelling that gives it, unless it is a name of its own in
// that language. Lists and forms that cannot hold an umlaut write German
// and Scandinavian names so; the folded spelling ("jurgen") is already
// added beside it. It does the same for the names known without a sex
// (generic).
func addSpelledOut(merged map[string]map[string]votes, generic map[string]bool) {
	for _, m := range merged {
		spelled := map[string]votes{}
		for n, v := range m {
			s := text.Fold(n)
			if s == n || s == text.Strip(n) {
				continue
			}
			if _, own := m[s]; own {
				continue
			}
			a := spelled[s]
			a.m += v.m
			a.f += v.f
			spelled[s] = a
		}
		for s, v := range spelled {
			m[s] = v
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
