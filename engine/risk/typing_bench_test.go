package risk

import (
	"os"
	"strings"
	"testing"

	"github.com/namepipe/namepipe/engine/text"
)

// benchWords returns the folded words of the engine's name evaluation set,
// as the name checks see them (mostly ASCII letters).
func benchWords(b *testing.B) []string {
	b.Helper()
	data, err := os.ReadFile("../testdata/names_eval.tsv")
	if err != nil {
		b.Fatal(err)
	}
	var words []string
	for l := range strings.Lines(string(data)) {
		if l = strings.TrimSpace(l); l == "" || strings.HasPrefix(l, "#") {
			continue
		}
		in, _, _ := strings.Cut(l, "\t")
		words = append(words, strings.Fields(text.FoldSpace(in))...)
	}
	return words
}

// BenchmarkRandomTyping measures the random-typing check on name words:
// "dispatch" is randomTyping (the ASCII twin for words of ASCII letters),
// "runes" the general rune path for every word. It is why the ASCII twin
// (randomTypingASCII, longestRowRunASCII) exists: on 2026-11-24, 10,000,000
// words each, alternating runs, CPU seconds (user+sys) per word: dispatch
// 25 ns, runes 37 ns (a third less). A full record has about ten such
// checks (name words, email letters, address words): the twin saves some
// 120 ns of the roughly 12 µs of CPU per record that BenchmarkPipelineFour
// measured the same day, about 1 %; delete it if that stops being worth its
// 50 lines. Its keyboard check is one pass over the word for all rows
// (keyPairs) instead of a filter (text.WordLists.MayRunAlongRow) and then a
// pass per row: 2026-11-24, 8 alternating runs of 10,000,000 words on a
// loaded machine, dispatch 23.8 -> 20.3 ns per word.
func BenchmarkRandomTyping(b *testing.B) {
	words := benchWords(b)
	l := text.Lists()
	for _, bc := range []struct {
		name string
		fn   func(string, *text.WordLists) string
	}{{"dispatch", randomTyping}, {"runes", randomTypingRunes}} {
		b.Run(bc.name, func(b *testing.B) {
			b.ReportAllocs()
			i := 0
			for b.Loop() {
				bc.fn(words[i], l)
				i++
				if i == len(words) {
					i = 0
				}
			}
		})
	}
}
