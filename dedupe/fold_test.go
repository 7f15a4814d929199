package dedupe

import (
	"math/rand/v2"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"
	"unsafe"

	"github.com/namepipe/namepipe/engine/text"
)

// TestFoldASCII holds fold's ASCII path to text.FoldPlain: every ASCII
// byte alone and in random ASCII strings, and text with other letters.
func TestFoldASCII(t *testing.T) {
	t.Parallel()
	var in []string
	for c := range utf8.RuneSelf {
		in = append(in, string(rune(c)), "Ab"+string(rune(c))+"Z")
	}
	r := rand.New(rand.NewPCG(8, 9))
	for range 2000 {
		b := make([]byte, r.IntN(20))
		for i := range b {
			b[i] = byte(r.IntN(utf8.RuneSelf))
		}
		in = append(in, string(b))
	}
	in = append(in, "Müller", "ØSTERGÅRD", "José María", "")
	for _, s := range in {
		if got, want := fold(s), text.FoldPlain(s); got != want {
			t.Errorf("fold(%q) = %q, FoldPlain %q", s, got, want)
		}
	}
}

// wordsPlain is words as it was written first (a copy of every word,
// unicode's tables for every letter): the oracle of TestWordsAsPlain.
func wordsPlain(s string) []string {
	s = text.FoldPlain(s)
	var out []string
	start := -1
	var cur []byte
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		switch {
		case unicode.IsLetter(r) || unicode.IsDigit(r):
			if start < 0 {
				start = i
				cur = cur[:0]
			}
			cur = append(cur, s[i:i+n]...)
		case r == '\'' || r == '’' || r == '.' && start >= 0 && i+1 < len(s) && s[i+1] != ' ':
		default:
			if start >= 0 {
				out = append(out, string(cur))
				start = -1
			}
		}
		i += n
	}
	if start >= 0 {
		out = append(out, string(cur))
	}
	return out
}

// TestWordsAsPlain compares words with wordsPlain on random text of
// letters (ASCII and not), digits, joiners, spaces, punctuation and
// invalid bytes, and checks that no word shares memory with the input
// (the readers' cells may be re-used).
func TestWordsAsPlain(t *testing.T) {
	t.Parallel()
	parts := []string{"a", "B", "z", "7", "é", "Ø", "ß", "'", "’", ".", " ", "-", ",", "\xff", "J.R.", "O'", "mc", "Ä", "ı", "Σ", "ǅ"}
	r := rand.New(rand.NewPCG(10, 11))
	for range 20000 {
		var b strings.Builder
		for range r.IntN(12) {
			b.WriteString(parts[r.IntN(len(parts))])
		}
		s := b.String()
		got, want := words(s), wordsPlain(s)
		if strings.Join(got, "|") != strings.Join(want, "|") || len(got) != len(want) {
			t.Fatalf("words(%q) = %q, want %q", s, got, want)
		}
	}
	in := []byte("anna maria")
	ws := words(unsafe.String(&in[0], len(in))) // a cell aliasing a buffer
	for i := range in {
		in[i] = 'x'
	}
	if strings.Join(ws, " ") != "anna maria" {
		t.Errorf("words of a re-used buffer changed with it: %q", ws)
	}
}

// BenchmarkWords splits names and addresses as extract does, with words
// and with wordsPlain (the way before the ASCII paths), and reports ns
// per text.
func BenchmarkWords(b *testing.B) {
	in := []string{"Anna Maria Schmidt", "Dr. Hans-Peter Müller", "12 Baker Street", "Flat 3, 221B Baker St.", "O'Neill", "josé maría garcía", "Kurfürstendamm 21", "10115 Berlin", "SMITH, JOHN", "Mohd. Razak bin Ali"}
	for _, fn := range []struct {
		name string
		f    func(string) []string
	}{{"words", words}, {"plain", wordsPlain}} {
		b.Run(fn.name, func(b *testing.B) {
			n := 0
			for b.Loop() {
				for _, s := range in {
					n += len(fn.f(s))
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(in)), "ns/text")
		})
	}
}
