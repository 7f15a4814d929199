package lexicon

import (
	"math/rand/v2"
	"os"
	"strings"
	"testing"

	"github.com/namepipe/namepipe/engine/dict"
	"github.com/namepipe/namepipe/internal/benchcpu"
)

// TestWordOf checks that WordOf answers as GivenStrength, IsSurname,
// IsCJKSurname and the Lexicon's own IsSurname do, with the embedded data's one lookup and with a Lexicon
// that has no NameWord, on every word of the parser's evaluation names
// and some odd ones.
func TestWordOf(t *testing.T) {
	t.Parallel()
	d, err := dict.Default()
	if err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile("../testdata/names_eval.tsv")
	if err != nil {
		t.Fatal(err)
	}
	words := append(strings.Fields(string(data)), "", ".", "'", "Jean-Pierre", "Min-jun.", "Allen-Jackson", "McDonald-Smith",
		"Grímsson", "O’Brien", "'Peter'", "Müller-", "-Maria", "Guo", "guo.", "KIM", "Lee", " Zhou", "Xiaoyan", "Dongning")
	cjk := 0
	for _, lex := range []Lexicon{d, struct{ Lexicon }{d}} {
		for _, w := range words {
			got := WordOf(lex, w)
			tw := trimMarks(w)
			if want := (Word{GivenStrength(lex, w), IsSurname(lex, w), IsCJKSurname(lex, w), tw != "" && lex.IsSurname(tw)}); got != want {
				t.Errorf("%T: WordOf(%q) = %+v; want %+v", lex, w, got, want)
			}
			if got.CJKSurname {
				cjk++
			}
		}
	}
	if cjk < 2*4 {
		t.Errorf("only %d words are CJK surnames: the test proves little", cjk)
	}
}

// TestPatronymic checks Slavic patronymics in both scripts and cases, and
// words that only end like one.
func TestPatronymic(t *testing.T) {
	t.Parallel()
	d, err := dict.Default()
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		w         string
		pat, male bool
	}{
		{"Nikolayevich", true, true}, {"NIKOLAYEVICH", true, true}, {"Georgievna", true, false},
		{"Petrovych", true, true}, {"Ivanivna", true, false}, {"Николаевич", true, true},
		{"Ивановна", true, false}, {"Ильич", true, true}, {"Ulrich", false, false}, {"Heinrich", false, false},
		{"Schmidt", false, false}, {"Petrova", false, false}, {"Ovich", false, false}, {"Müller", false, false},
		// Belarusian, in both scripts.
		{"Іванавіч", true, true}, {"Георгіеўна", true, false}, {"Мікалаеўна", true, false}, {"Пятровіч", true, true},
		{"Ільінічна", true, false}, {"Ivanavich", true, true}, {"Hieorhijeŭna", true, false}, {"Mikalajeuna", true, false},
		{"Fortuna", false, false}, {"Lukashenka", false, false},
	}
	for _, tt := range tests {
		if pat, male := Patronymic(d, tt.w); pat != tt.pat || male != tt.male {
			t.Errorf("Patronymic(%q) = %v, %v; want %v, %v", tt.w, pat, male, tt.pat, tt.male)
		}
	}
}

// BenchmarkWordOf compares, side by side, the embedded data's one lookup
// of a word for its given-name strength, its surname and its CJK surname
// ("one": dict.Dict's NameWord) with the lookups of a Lexicon without it
// ("more": GivenVotes, IsSurname, then IsCJKSurname), over the words of
// the gender and parse evaluation sets in random order, as the parser
// asks of every word of a name it has not seen.
func BenchmarkWordOf(b *testing.B) {
	benchOneOrMore(b, func(lex Lexicon, w string) { WordOf(lex, w) })
}

// BenchmarkTopLanguage compares, side by side, the embedded data's one
// lookup of a word for the language that backs it most ("one":
// dict.Dict's TopLanguage) with a lookup per language of a Lexicon
// without it ("two"), over the same words as
// BenchmarkWordOf.
func BenchmarkTopLanguage(b *testing.B) {
	benchOneOrMore(b, func(lex Lexicon, w string) { TopLanguage(lex, w) })
}

// benchOneOrMore runs f over the evaluation sets' words with the embedded
// data ("one") and with a Lexicon that has only the interface's methods
// ("two"), reporting CPU time per word.
func benchOneOrMore(b *testing.B, f func(lex Lexicon, w string)) {
	d, err := dict.Default()
	if err != nil {
		b.Fatal(err)
	}
	var words []string
	for _, name := range []string{"names_eval.tsv", "gender-eval.tsv", "names_hard.tsv"} {
		data, err := os.ReadFile("../testdata/" + name)
		if err != nil {
			b.Fatal(err)
		}
		for line := range strings.Lines(string(data)) {
			if !strings.HasPrefix(line, "#") {
				words = append(words, strings.Fields(line)...)
			}
		}
	}
	rand.New(rand.NewPCG(1, 2)).Shuffle(len(words), func(i, j int) { words[i], words[j] = words[j], words[i] })
	for _, bc := range []struct {
		name string
		lex  Lexicon
	}{{"one", d}, {"two", struct{ Lexicon }{d}}} {
		b.Run(bc.name, func(b *testing.B) {
			b.ReportAllocs()
			cpu0, cpuOK := benchcpu.Process()
			i := 0
			for b.Loop() {
				f(bc.lex, words[i])
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
