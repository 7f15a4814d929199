package readers

import (
	"bytes"
	"math/rand/v2"
	"slices"
	"testing"
)

// TestSplitPlain holds splitPlain, which looks at eight bytes at a time,
// to a split byte by byte: lines of every length up to 40 over bytes
// that differ from the delimiter or the quote in one bit (or only in the
// top bit, where a carry between bytes would show), for each delimiter;
// a line holding a quote anywhere is left to parse.
func TestSplitPlain(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(1, 2))
	for _, d := range []byte{',', ';', '\t', '|'} {
		alphabet := []byte{d, '"', 'a', 0, 0xFF, d | 0x80, d ^ 1, '"' | 0x80, '"' ^ 1, 0x80, 0x7F, 0x01}
		for n := range 41 {
			for range 200 {
				line := make([]byte, n)
				for i := range line {
					line[i] = alphabet[rng.IntN(len(alphabet))]
				}
				if rng.IntN(2) == 0 {
					// Most lines of a file have no quote.
					line = bytes.ReplaceAll(line, []byte{'"'}, []byte{'b'})
				}
				s := &scanner{delim: []byte{d}, buf: line, fields: []span{{start: 7, quoted: true}}}
				ok := s.splitPlain(len(line))
				if want := bytes.IndexByte(line, '"') < 0; ok != want {
					t.Fatalf("delimiter %q, line %q: splitPlain = %v, want %v", d, line, ok, want)
				}
				if !ok {
					if len(s.fields) != 1 {
						t.Fatalf("delimiter %q, line %q: fields changed to %v", d, line, s.fields)
					}
					continue
				}
				want := []span{{start: 7, quoted: true}}
				start := 0
				for i, c := range line {
					if c == d {
						want = append(want, span{start: start, end: i})
						start = i + 1
					}
				}
				want = append(want, span{start: start, end: len(line)})
				if !slices.Equal(s.fields, want) {
					t.Fatalf("delimiter %q, line %q: fields %v, want %v", d, line, s.fields, want)
				}
			}
		}
	}
}
