package dict

import (
	"math/rand/v2"
	"slices"
	"strings"
	"sync"
	"testing"
	"unicode/utf8"
)

func TestEndingMaleProportion(t *testing.T) {
	t.Parallel()
	d := mustDict(t)
	tests := []struct {
		name string
		male bool
		ok   bool
	}{
		{"Sidorela", false, true}, // Albanian: -ela as Daniela, Manuela
		{"Arjeta", false, true},
		{"Asdf", false, false},  // no ending shared by enough names
		{"Peter", false, false}, // listed: the data answers, not the model
		{"Abc", false, false},   // too short
		{"Иван", false, false},  // not Latin
	}
	for _, tt := range tests {
		p, ok := d.EndingMaleProportion(tt.name)
		if ok != tt.ok || (ok && (p >= 0.5) != tt.male) {
			t.Errorf("EndingMaleProportion(%q) = %.2f, %v; want male=%v ok=%v", tt.name, p, ok, tt.male, tt.ok)
		}
	}
}

// TestEndingModelLeaveOneOut measures the ending model on the listed
// Latin-script names of clear sex, each left out of the votes of its own
// endings: the share it answers and its accuracy there.
func TestEndingModelLeaveOneOut(t *testing.T) {
	t.Parallel()
	d := mustDict(t)
	ends := d.latinEndings()
	var answered, right, total int
	for name, sp := range d.givenNames() {
		if sp.n == 0 || !latinLetters(name) || utf8.RuneCountInString(name) < latinEndMinLen {
			continue
		}
		sv := d.modelSexVotes(sp)
		if sv.m+sv.f == 0 {
			continue
		}
		share := sv.m / (sv.m + sv.f)
		if share > 0.1 && share < 0.9 {
			continue
		}
		total++
		n := utf8.RuneCountInString(name)
		i := len(name)
		var cuts []int
		for k := 1; k <= latinEndMax && k < n; k++ {
			_, size := utf8.DecodeLastRuneInString(name[:i])
			i -= size
			if k >= latinEndMin {
				cuts = append(cuts, i)
			}
		}
		for j := len(cuts) - 1; j >= 0; j-- {
			v := ends[name[cuts[j]:]]
			v.names--
			v.male -= share
			if v.names < latinEndMinNames {
				continue
			}
			p := v.male / float32(v.names)
			if p >= latinEndMinShare || p <= 1-latinEndMinShare {
				answered++
				if (p >= 0.5) == (share >= 0.5) {
					right++
				}
			}
			break
		}
	}
	acc := float64(right) / float64(answered)
	t.Logf("ending model, leave one out: answers %d of %d names (%.1f %%), right %d (%.1f %%)",
		answered, total, 100*float64(answered)/float64(total), right, 100*acc)
	if acc < 0.95 {
		t.Errorf("ending model accuracy %.1f %% under 95 %%", 100*acc)
	}
}

// TestLatinEndingsDeterministic builds the ending index of two loads of
// the data (their tables have different hash seeds, so they list the
// names in different orders): the sums must be the same to the last bit,
// or a share near the threshold would answer differently from run to run.
func TestLatinEndingsDeterministic(t *testing.T) {
	t.Parallel()
	a, err := Load()
	if err != nil {
		t.Fatal(err)
	}
	b, err := Load()
	if err != nil {
		t.Fatal(err)
	}
	ea, eb := a.latinEndings(), b.latinEndings()
	if len(ea) != len(eb) {
		t.Fatalf("%d endings, then %d", len(ea), len(eb))
	}
	diff := 0
	for k, v := range ea {
		if eb[k] != v {
			if diff++; diff <= 3 {
				t.Errorf("ending %q: %+v, then %+v", k, v, eb[k])
			}
		}
	}
	if diff > 0 {
		t.Errorf("%d of %d endings differ between two loads", diff, len(ea))
	}
}

// latinTestNames returns the names the ending index sorts, shuffled.
func latinTestNames(tb testing.TB) []latinName {
	d := mustDict(tb)
	var names []latinName
	for name, sp := range d.givenNames() {
		if sp.n != 0 && latinLetters(name) {
			names = append(names, latinName{name: name, sp: sp, prefix: namePrefix(name)})
		}
	}
	rand.New(rand.NewPCG(3, 4)).Shuffle(len(names), func(i, j int) { names[i], names[j] = names[j], names[i] })
	return names
}

// TestSortLatinNames: the prefix sort orders the names as strings.Compare
// does (the index's float sums depend on that order), also for names
// that differ only past their eighth byte or by length.
func TestSortLatinNames(t *testing.T) {
	t.Parallel()
	names := latinTestNames(t)
	for _, s := range []string{"abcdefgh", "abcdefghb", "abcdefgha", "abcdefg", "ab", "a", "abcdefghij", "zz", "ä", "aä"} {
		names = append(names, latinName{name: s, prefix: namePrefix(s)})
	}
	sortLatinNames(names)
	if !slices.IsSortedFunc(names, func(a, b latinName) int { return strings.Compare(a.name, b.name) }) {
		t.Fatal("sortLatinNames: not in strings.Compare's order")
	}
	if len(names) < 10_000 {
		t.Fatalf("%d Latin-script names, want the data's (10,000+)", len(names))
	}
}

// BenchmarkSortLatinNames compares the ending index's sort by name alone
// with the sort by prefix first (sortLatinNames).
func BenchmarkSortLatinNames(b *testing.B) {
	names := latinTestNames(b)
	work := make([]latinName, len(names))
	b.Run("strings", func(b *testing.B) {
		for b.Loop() {
			copy(work, names)
			slices.SortFunc(work, func(a, b latinName) int { return strings.Compare(a.name, b.name) })
		}
	})
	b.Run("prefix", func(b *testing.B) {
		for b.Loop() {
			copy(work, names)
			sortLatinNames(work)
		}
	})
}

// BenchmarkLatinEndings builds the ending index (once per run, on the
// first unlisted Latin-script name).
func BenchmarkLatinEndings(b *testing.B) {
	d := mustDict(b)
	for b.Loop() {
		d.latinOnce = sync.Once{}
		d.latinEnds = nil
		if len(d.latinEndings()) == 0 {
			b.Fatal("empty ending index")
		}
	}
}
