package dict

import (
	"maps"
	"math/rand/v2"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/namepipe/namepipe/internal/benchcpu"
)

// BenchmarkNameLookups asks of the data's name keys, in random order, what
// the parser and the genderizer ask of a word they have not seen:
// NameWord (the parser) and GenderVotesIn (the genderizer) over a
// context's country and all data ("country"), or over a country, a
// language and all data ("language"). The keys come capitalised, as
// written ("Müller"), and one in eight joined to another with a hyphen
// ("Ji-hoon", "Allen-Jackson": the Korean and hyphenated lookups). It pays
// for the layout of the data: one table for the given names, surnames and
// surnames' sexes (wordEntry: one entry read per word), a given name's
// per-language stats three bytes each (langStat: a common name's fill a
// cache line or two), a country's languages without trimming or hashing
// (Languages), and the Korean spelling built on the stack (appendKoreanRR):
// no allocation per word.
func BenchmarkNameLookups(b *testing.B) {
	d := mustDict(b)
	keys := make([]string, 0, d.words.n)
	for k := range maps.Keys(maps.Collect(d.words.all())) {
		keys = append(keys, k)
	}
	rnd := rand.New(rand.NewPCG(1, 2))
	rnd.Shuffle(len(keys), func(i, j int) { keys[i], keys[j] = keys[j], keys[i] })
	words := make([]string, 0, 1<<17)
	for i := 0; i < cap(words) && i < len(keys); i++ {
		w := capitalise(keys[i])
		if i%8 == 7 {
			w += "-" + capitalise(keys[rnd.IntN(len(keys))])
		}
		words = append(words, w)
	}
	for _, bc := range []struct {
		name   string
		scopes []string
	}{{"country", []string{"DE", ""}}, {"language", []string{"DE", "de", ""}}} {
		b.Run(bc.name, func(b *testing.B) {
			b.ReportAllocs()
			cpu0, cpuOK := benchcpu.Process()
			i := 0
			for b.Loop() {
				d.NameWord(words[i])
				d.GenderVotesIn(words[i], bc.scopes)
				if i++; i == len(words) {
					i = 0
				}
			}
			if cpu1, _ := benchcpu.Process(); cpuOK {
				b.ReportMetric(float64((cpu1-cpu0).Nanoseconds())/float64(b.N), "cpu-ns/op")
			}
		})
	}
}

// capitalise returns k with its first letter in upper case.
func capitalise(k string) string {
	r, n := utf8.DecodeRuneInString(k)
	return string(unicode.ToUpper(r)) + strings.Clone(k[n:])
}
