package dedupe

import (
	"math"
	"testing"
)

// TestNearRows counts a word's near spellings from the deletion keys of
// word counts: a letter changed, left out, added, or two swapped (which
// counts twice), never the word itself or a word two edits away.
func TestNearRows(t *testing.T) {
	var feats []Features
	add := func(w string, n int) {
		for range n {
			feats = append(feats, Features{Tokens: []string{w, "x" + w[:1]}})
		}
	}
	add("maria", 5)
	add("marla", 2)  // a letter changed
	add("mara", 1)   // one left out
	add("marias", 1) // one added
	add("amria", 1)  // two swapped: two shared deletions
	add("mariko", 3) // two edits away
	add("peter", 4)
	counts := countWords(nil, feats)
	for _, c := range []struct {
		w    string
		want float64
	}{
		{"maria", 2 + 1 + 1 + 2},
		{"marla", 5 + 1},
		{"peter", 0},
		{"mariko", 0},
		{"nobody", 0},
	} {
		if got := nearRows(counts, c.w); got != c.want {
			t.Errorf("nearRows(%q) = %v, want %v", c.w, got, c.want)
		}
	}
	// Counting in parts gives the same counts.
	parts := addCounts(countWords(nil, feats[:4]), countWords(nil, feats[4:]))
	if got := nearRows(parts, "maria"); got != 6 {
		t.Errorf("nearRows of counts added in parts = %v, want 6", got)
	}
}

// TestTypoWordShare: a word misspelt on one side weighs by the near
// spellings of its common spelling, counted larger by the typo's row and
// word (two rows, two words: 2 bits), and never rarer than the names
// spelt alike: a typo of a word with many near spellings (Anna: Anne,
// Hanna) weighs less than Anna agreeing, one of a word with few (Walter)
// as much.
func TestTypoWordShare(t *testing.T) {
	var feats []Features
	add := func(g, s string, n int) {
		for range n {
			feats = append(feats, Features{Tokens: []string{g, s}, Given: []string{g}, Surname: []string{s}})
		}
	}
	add("walter", "smith", 40)
	add("anna", "smith", 40)
	add("anne", "brown", 30)
	add("hanna", "brown", 20)
	add("walten", "brown", 1)
	add("annq", "brown", 1)
	add("peter", "jones", 100)
	s := newNameShares(countWords(nil, feats), float64(len(feats)))
	row := func(g, s string) *Features {
		return &Features{Tokens: []string{g, s}, Given: []string{g}, Surname: []string{s}}
	}
	equalWalter := s.logU(row("walter", "smith"), row("walter", "smith"), NameEqual)
	typoWalter := s.logU(row("walten", "smith"), row("walter", "smith"), NameSimilar)
	equalAnna := s.logU(row("anna", "smith"), row("anna", "smith"), NameEqual)
	typoAnna := s.logU(row("annq", "smith"), row("anna", "smith"), NameSimilar)
	if typoWalter != equalWalter {
		t.Errorf("a typo of walter: logU %v, want walter's %v (the floor)", typoWalter, equalWalter)
	}
	// anna's near spellings: anne 30, hanna 20, annq 1 (51 rows against
	// anna's 39 others), 2 bits more for the typo's row and word.
	want := equalAnna + float32(math.Log2(51.0/39)+2)
	if math.Abs(float64(typoAnna-want)) > 1e-4 {
		t.Errorf("a typo of anna: logU %v, want %v", typoAnna, want)
	}
	if swapped := s.logU(row("walter", "smith"), row("walten", "smith"), NameSimilar); swapped != typoWalter {
		t.Errorf("logU depends on the order of the rows: %v and %v", typoWalter, swapped)
	}
}

// TestHashSkip holds hashSkip to hashKey of the word with its byte left
// out, made as a string, for every byte and for none.
func TestHashSkip(t *testing.T) {
	for _, w := range []string{"", "a", "jo", "maria", "müller", "vanderberg"} {
		if got, want := hashSkip(RuleNameTokens, w, -1), hashKey(RuleNameTokens, w); got != want {
			t.Errorf("hashSkip(%q, -1) = %x, want %x", w, got, want)
		}
		for i := range len(w) {
			if got, want := hashSkip(254, w, i), hashKey(254, w[:i]+w[i+1:]); got != want {
				t.Errorf("hashSkip(%q, %d) = %x, want %x", w, i, got, want)
			}
		}
	}
}

// hashWords are name words of common lengths for BenchmarkHashSkip.
var hashWords = []string{"anna", "maria", "schmidt", "johnson", "vanderberg", "lee", "müller", "katharina"}

// BenchmarkHashSkip hashes name words as the word counts do: each word
// whole (wordKey) and with each of its bytes left out (nearKey).
func BenchmarkHashSkip(b *testing.B) {
	var sink uint64
	for b.Loop() {
		for _, w := range hashWords {
			sink += wordKey(w)
			for i := range len(w) {
				sink += nearKey(w, i)
			}
		}
	}
	_ = sink
}

// BenchmarkHashKey hashes block-key texts whole.
func BenchmarkHashKey(b *testing.B) {
	var sink uint64
	for b.Loop() {
		for _, w := range hashWords {
			sink += hashKey(RuleNameTokens, w)
		}
	}
	_ = sink
}
