package dedupe

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// osaDistance is the optimal string alignment distance by the full
// dynamic programme: the reference the fast paths of withinEdits and
// compareEmail are held to.
func osaDistance(a, b string) int {
	d := make([][]int, len(a)+1)
	for i := range d {
		d[i] = make([]int, len(b)+1)
		d[i][0] = i
	}
	for j := range d[0] {
		d[0][j] = j
	}
	for i := 1; i <= len(a); i++ {
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			d[i][j] = min(d[i-1][j]+1, d[i][j-1]+1, d[i-1][j-1]+cost)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				d[i][j] = min(d[i][j], d[i-2][j-2]+1)
			}
		}
	}
	return d[len(a)][len(b)]
}

// randomWord draws a short string over a small alphabet (so that
// neighbours within an edit or two are common), with dots, a + and
// digits for the email helpers.
func randomWord(r *rand.Rand, alphabet string) string {
	n := r.IntN(9)
	var b strings.Builder
	for range n {
		b.WriteByte(alphabet[r.IntN(len(alphabet))])
	}
	return b.String()
}

// mutate applies up to two random edits to s.
func mutate(r *rand.Rand, s, alphabet string) string {
	b := []byte(s)
	for range r.IntN(3) {
		switch op := r.IntN(4); {
		case op == 0 && len(b) > 0:
			b[r.IntN(len(b))] = alphabet[r.IntN(len(alphabet))]
		case op == 1:
			i := r.IntN(len(b) + 1)
			b = append(b[:i], append([]byte{alphabet[r.IntN(len(alphabet))]}, b[i:]...)...)
		case op == 2 && len(b) > 0:
			i := r.IntN(len(b))
			b = append(b[:i], b[i+1:]...)
		case op == 3 && len(b) > 1:
			i := r.IntN(len(b) - 1)
			b[i], b[i+1] = b[i+1], b[i]
		}
	}
	return string(b)
}

func TestWithinEditsAgainstFullDP(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(1, 2))
	const alphabet = "abc12"
	near := 0
	for range 200_000 {
		a := randomWord(r, alphabet)
		b := mutate(r, a, alphabet)
		if r.IntN(4) == 0 {
			b = randomWord(r, alphabet)
		}
		d := osaDistance(a, b)
		if d == 1 {
			near++
		}
		for k := 0; k <= 2; k++ {
			if got, want := withinEdits(a, b, k), d <= k; got != want {
				t.Fatalf("withinEdits(%q, %q, %d) = %v, OSA distance %d", a, b, k, got, d)
			}
		}
	}
	if near < 10_000 {
		t.Fatalf("only %d pairs one edit apart: the test draws too few neighbours", near)
	}
}

func TestEmailHelpersAgainstPlainForms(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(3, 4))
	const alphabet = "ab.+19"
	same := [2]int{}
	for range 200_000 {
		a := randomWord(r, alphabet)
		b := mutate(r, a, alphabet)
		na := normLocal(a)
		want := na == normLocal(b) && len(na) >= 3
		if got := sameNormLocal(a, b); got != want {
			t.Fatalf("sameNormLocal(%q, %q) = %v, want %v", a, b, got, want)
		}
		wantD := digits(a) == digits(b)
		if got := sameDigits(a, b); got != wantD {
			t.Fatalf("sameDigits(%q, %q) = %v, want %v", a, b, got, wantD)
		}
		if want {
			same[0]++
		}
		if wantD {
			same[1]++
		}
	}
	if same[0] < 1000 || same[1] < 1000 {
		t.Fatalf("too few agreeing draws (%v): the test cannot fail", same)
	}
}

// compareEmailPlain is compareEmail as written before its fast paths
// (BenchmarkCompareEmail's base): the local parts built by normLocal and
// digits, the edit distance first.
func compareEmailPlain(a, b string) Level {
	if a == b {
		return Equal
	}
	la, _, _ := strings.Cut(a, "@")
	lb, _, _ := strings.Cut(b, "@")
	if na := normLocal(la); na == normLocal(lb) && len(na) >= 3 {
		return Close
	}
	if withinEditsPlain(a, b, 2) && digits(la) == digits(lb) {
		return Close
	}
	return Different
}

// withinEditsPlain is withinEdits without its one-edit shortcut.
func withinEditsPlain(a, b string, k int) bool {
	for len(a) > 0 && len(b) > 0 && a[0] == b[0] {
		a, b = a[1:], b[1:]
	}
	for len(a) > 0 && len(b) > 0 && a[len(a)-1] == b[len(b)-1] {
		a, b = a[:len(a)-1], b[:len(b)-1]
	}
	if len(a)-len(b) > k || len(b)-len(a) > k {
		return false
	}
	if len(a) == 0 || len(b) == 0 {
		return max(len(a), len(b)) <= k
	}
	return withinEditsDP(a, b, k)
}

// BenchmarkCompareEmail compares the email, phone and birth date
// comparisons of compared pairs (namesakes' addresses differing in their
// digits, typos, other providers) before and after the fast paths; the
// test above holds both to one answer.
func BenchmarkCompareEmail(b *testing.B) {
	emails := [][2]string{
		{"john.smith7@gmail.com", "john.smith82@gmail.com"},
		{"juergen.hoffmann135@web.de", "juergen.hoffmann315@web.de"},
		{"isabella.cooper@gmail.com", "isabela.cooper@gmail.com"},
		{"noah.watson@gmail.com", "noah.watson@web.de"},
		{"mtorres596@hotmail.es", "mtorres511@icloud.com"},
		{"rossi1997316@libero.it", "giovanni.rossi227@libero.it"},
	}
	phones := [][2]string{{"301234567", "301234568"}, {"301234567", "409876543"}, {"158857095", "158857059"}}
	births := [][2]int32{{19800312, 19800321}, {19800312, 19750101}, {19571018, 19871011}}
	for _, c := range []struct {
		name  string
		email func(a, b string) Level
		edit1 func(a, b string, k int) bool
	}{{"plain", compareEmailPlain, withinEditsPlain}, {"fast", compareEmail, withinEdits}} {
		b.Run(c.name, func(b *testing.B) {
			n := 0
			for b.Loop() {
				for _, e := range emails {
					n += int(c.email(e[0], e[1]))
				}
				for _, p := range phones {
					if c.edit1(p[0], p[1], 1) {
						n++
					}
				}
				for _, d := range births {
					sa, sb := itoa8(d[0]), itoa8(d[1])
					if c.edit1(string(sa[:]), string(sb[:]), 1) {
						n++
					}
				}
			}
			if n == 0 {
				b.Fatal("no levels")
			}
		})
	}
}

// sameWordsPlain is sameWords as written before (BenchmarkSameWords'
// base): both lists cloned on the heap to be sorted.
func sameWordsPlain(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	if slices.Equal(a, b) {
		return true
	}
	x, y := slices.Clone(a), slices.Clone(b)
	slices.Sort(x)
	slices.Sort(y)
	return slices.Equal(x, y)
}

// namePairs are compared names: swapped, namesakes, typos, a longer one.
var namePairs = [][2][]string{
	{{"othman", "mohammed"}, {"mohammed", "othman"}},
	{{"james", "williams"}, {"james", "wiliams"}},
	{{"carmen", "jose", "sanchez"}, {"sanchez", "carmen", "jose"}},
	{{"jose", "martinez"}, {"jose", "maria", "martinez"}},
	{{"giovanni", "rossi"}, {"giuseppe", "bianchi"}},
}

func BenchmarkSameWords(b *testing.B) {
	for _, c := range []struct {
		name string
		f    func(a, b []string) bool
	}{{"plain", sameWordsPlain}, {"stack", sameWords}} {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			n := 0
			for b.Loop() {
				for _, p := range namePairs {
					if c.f(p[0], p[1]) {
						n++
					}
				}
			}
			if n == 0 {
				b.Fatal("no equal names")
			}
		})
	}
}

// TestNameComparisonsDoNotAllocate: names of up to eight words are
// compared without a heap allocation (compareNamesLocal and sameWords
// run for most compared pairs).
func TestNameComparisonsDoNotAllocate(t *testing.T) {
	for _, p := range namePairs {
		a, b := &Features{Tokens: p[0]}, &Features{Tokens: p[1]}
		if n := testing.AllocsPerRun(100, func() { compareNamesLocal(a, b); sameWords(p[0], p[1]) }); n != 0 {
			t.Errorf("%v / %v: %.1f allocations per comparison", p[0], p[1], n)
		}
		if got, want := sameWords(p[0], p[1]), sameWordsPlain(p[0], p[1]); got != want {
			t.Errorf("sameWords(%v, %v) = %v, want %v", p[0], p[1], got, want)
		}
	}
}
