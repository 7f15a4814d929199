package dict

import (
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
		{"Xhuljela", false, true}, // Albanian: -ela as Daniela, Manuela
		// -eta is also a Montenegrin men's ending (Vladeta, Mirčeta:
		// php-faker's me_ME), but the gap-filling lists stay out of the
		// model (dict.GapSuffix).
		{"Dorjeta", false, true},
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

// TestLatinEndingsInNameOrder holds the ending index to one built the
// plain way: every given name with a sex, sorted by strings.Compare, its
// shares summed in that order (sexedGivenNames gives that order without a
// sort). The float sums must be the same to the last bit.
func TestLatinEndingsInNameOrder(t *testing.T) {
	t.Parallel()
	d := mustDict(t)
	type named struct {
		name string
		sp   span
	}
	var names []named
	for name, sp := range d.givenNames() {
		if sp.n != 0 && latinLetters(name) {
			names = append(names, named{name, sp})
		}
	}
	slices.SortFunc(names, func(a, b named) int { return strings.Compare(a.name, b.name) })
	want := map[string]endingVotes{}
	for _, nm := range names {
		sv := d.modelSexVotes(nm.sp)
		if sv.m+sv.f == 0 {
			continue
		}
		share := sv.m / (sv.m + sv.f)
		r := []rune(nm.name)
		for k := latinEndMin; k <= latinEndMax && k < len(r); k++ {
			e := string(r[len(r)-k:])
			v := want[e]
			v.names++
			v.male += share
			want[e] = v
		}
	}
	got := d.latinEndings()
	if len(got) != len(want) || len(names) < 10_000 {
		t.Fatalf("%d endings, want %d (of %d Latin-script names)", len(got), len(want), len(names))
	}
	for k, v := range want {
		if got[k] != v {
			t.Errorf("ending %q: %+v, want %+v", k, got[k], v)
		}
	}
	t.Logf("%d endings of %d Latin-script names", len(got), len(names))
}

// TestSexedGivenNames: sexedGivenNames yields every given name that has a
// sex once, in strings.Compare's order.
func TestSexedGivenNames(t *testing.T) {
	t.Parallel()
	d := mustDict(t)
	want := map[string]span{}
	for name, sp := range d.givenNames() {
		if sp.n != 0 {
			want[name] = sp
		}
	}
	prev, n := "", 0
	for name, sp := range d.sexedGivenNames {
		if n > 0 && strings.Compare(prev, name) >= 0 {
			t.Fatalf("%q after %q", name, prev)
		}
		if want[name] != sp {
			t.Fatalf("%q: span %+v, want %+v", name, sp, want[name])
		}
		prev = name
		n++
	}
	if n != len(want) {
		t.Errorf("%d names, want %d", n, len(want))
	}
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

// TestLatinRuneMemo: the Latin ending index's memo of latinLetters answers
// as latinLetters does, on every given name with a sex and on odd text.
func TestLatinRuneMemo(t *testing.T) {
	d := mustDict(t)
	memo := new(latinRuneMemo)
	n := 0
	for name := range d.sexedGivenNames {
		if got, want := memo.letters(name), latinLetters(name); got != want {
			t.Errorf("letters(%q) = %v, latinLetters %v", name, got, want)
		}
		n++
	}
	if n < 200000 {
		t.Errorf("%d given names with a sex, want 200,000 or more", n)
	}
	for _, s := range []string{"", "anna", "Anna", "émile", "ß", "ǆ", "ａnna", "an-na", "\xff", "an\xc3", "𝒶", "ʼa", "анна", "zoë"} {
		if got, want := memo.letters(s), latinLetters(s); got != want {
			t.Errorf("letters(%q) = %v, latinLetters %v", s, got, want)
		}
	}
}
