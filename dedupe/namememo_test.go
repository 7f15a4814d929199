package dedupe

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/namepipe/namepipe/nameapi"
)

// memoPeople returns n rows of names from two origin groups (so that the
// name groups are fitted), some with a second given name, a typo'd
// surname or only one name part, and their shares.
func memoPeople(n int, seed uint64) ([]Features, nameShares) {
	r := rand.New(rand.NewPCG(seed, 3))
	feats := make([]Features, n)
	for i := range feats {
		grp := "a"
		if r.IntN(5) == 0 {
			grp = "b"
		}
		var fields []nameapi.NameField
		if r.IntN(20) != 0 {
			g := fmt.Sprintf("%sgiven%d", grp, r.IntN(150))
			if r.IntN(8) == 0 {
				g += fmt.Sprintf(" %smiddle%d", grp, r.IntN(40))
			}
			fields = append(fields, nameapi.NameField{String: g, FieldType: nameapi.FieldGivenname})
		}
		if r.IntN(20) != 0 {
			s := fmt.Sprintf("%ssurname%d", grp, r.IntN(400))
			if r.IntN(10) == 0 {
				s = s[:3] + "x" + s[4:] // a typo
			}
			fields = append(fields, nameapi.NameField{String: s, FieldType: nameapi.FieldSurname})
		}
		feats[i] = Extract(int32(i), &nameapi.InputPerson{PersonName: &nameapi.InputPersonName{NameFields: fields}})
	}
	return feats, newNameShares(countWords(nil, feats), float64(n))
}

// TestNameMemoSameAnswers: the memo answers every pair bit for bit as
// nameShares.logU does, at every level and either way round, while
// pairs recur and more distinct pairs than it has slots pass through.
func TestNameMemoSameAnswers(t *testing.T) {
	t.Parallel()
	feats, shares := memoPeople(20_000, 1)
	if shares.groups == nil {
		t.Fatal("no name groups fitted: the case tests too little")
	}
	memo := newNameMemo(shares)
	r := rand.New(rand.NewPCG(2, 2))
	for range 400_000 {
		// Pairs among 60 rows recur; the others mostly not.
		span := len(feats)
		if r.IntN(2) == 0 {
			span = 60
		}
		a, b := &feats[r.IntN(span)], &feats[r.IntN(span)]
		l := Level(r.IntN(FieldName.Levels()))
		want, got := shares.logU(a, b, l), memo.logU(a, b, l)
		if math.Float32bits(got) != math.Float32bits(want) {
			t.Fatalf("%q and %q at %s: memo %v, logU %v", a.Tokens, b.Tokens, FieldName.LevelName(l), got, want)
		}
	}
	if memo.hits < 50_000 || memo.misses < 4*nameMemoSlots {
		t.Fatalf("%d hits, %d misses: the case tests too little", memo.hits, memo.misses)
	}
}

// BenchmarkNameMemo compares nameMemo with nameShares.logU on pairs as
// the compare step asks them: rows of one surname whose names agree
// (compareNamesLocal below NameRelation), half of them among 60 rows,
// so that pairs recur as in a file's blocks.
func BenchmarkNameMemo(b *testing.B) {
	feats, shares := memoPeople(50_000, 1)
	bySurname := map[string][]int{}
	for i, f := range feats {
		if len(f.Surname) > 0 {
			bySurname[f.Surname[0]] = append(bySurname[f.Surname[0]], i)
		}
	}
	r := rand.New(rand.NewPCG(3, 3))
	type pair struct {
		a, b int
		l    Level
	}
	var pairs []pair
	for len(pairs) < 1<<14 {
		span := len(feats)
		if r.IntN(2) == 0 {
			span = 60
		}
		a := r.IntN(span)
		if len(feats[a].Surname) == 0 {
			continue
		}
		same := bySurname[feats[a].Surname[0]]
		c := same[r.IntN(len(same))]
		if l := compareNamesLocal(&feats[a], &feats[c]); l >= NameEqual && l < NameRelation {
			pairs = append(pairs, pair{a, c, l})
		}
	}
	var sink float32
	for _, c := range []struct {
		name string
		n    nameChance
	}{{"logU", shares}, {"memo", newNameMemo(shares)}} {
		b.Run(c.name, func(b *testing.B) {
			for i := 0; b.Loop(); i++ {
				p := pairs[i%len(pairs)]
				sink += c.n.logU(&feats[p.a], &feats[p.b], p.l)
			}
		})
	}
	_ = sink
}
