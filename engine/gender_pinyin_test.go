package engine

import (
	"strings"
	"testing"

	"github.com/namepipe/namepipe/engine/dict"
	"github.com/namepipe/namepipe/nameapi"
)

// pinyinTestSurnames are common Chinese surnames in pinyin that are no
// Korean or Vietnamese surname's spelling (TestGenderPinyinShapes checks
// that the data says so).
var pinyinTestSurnames = []string{"Zhang", "Chen", "Liu", "Huang", "Zhao", "Zhou", "Xu", "Hu", "Guo", "Lin"}

// TestGenderPinyinShapes genderizes the test half of the held-out Chinese
// given names (testdata/zh-pinyin-holdout.tsv: faker's zh_CN names with
// their sex in toneless pinyin, which the pinyin model is not built from;
// its threshold was chosen on the other half) with a Chinese surname, in
// the shapes lists write them: given name first or last, run together,
// spaced or hyphenated, in capitals, or in two fields. Every shape must
// give the answer of the two fields, and the answers must be right and
// wrong at least and at most as often as measured (30 right, 2 wrong of
// 73; the rest NEUTRAL). Surname first, only the names of two syllables
// are read (see twoOnly). A surname that is also a Korean one (Wang) reads
// as Chinese in a Chinese context.
func TestGenderPinyinShapes(t *testing.T) {
	t.Parallel()
	e := realEngine(t)
	d, err := dict.Default()
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range pinyinTestSurnames {
		if !d.IsCJKSurname(s) || d.IsKoreanSurname(s) {
			t.Fatalf("%s: want a Chinese surname that is not a Korean one", s)
		}
	}
	type held struct {
		syl  []string
		male bool
	}
	var names []held
	for _, r := range readEval(t, "zh-pinyin-holdout.tsv") {
		if len(r) != 3 {
			t.Fatalf("zh-pinyin-holdout.tsv: want 3 columns, got %q", r)
		}
		if r[2] == "test" {
			names = append(names, held{strings.Fields(r[0]), r[1] == nameapi.GenderMale})
		}
	}
	if len(names) < 70 {
		t.Fatalf("zh-pinyin-holdout.tsv: %d test names, want 70 or more", len(names))
	}
	title := func(s string) string { return strings.ToUpper(s[:1]) + s[1:] }
	joined := func(syl []string, sep string) string {
		out := make([]string, len(syl))
		for i, s := range syl {
			out[i] = s
			if i == 0 || sep != "" {
				out[i] = title(s)
			}
		}
		return strings.Join(out, sep)
	}
	gender := func(in *nameapi.InputWithPerson) string { return genderOf(t, e, in) }
	full := func(s string) *nameapi.InputWithPerson { return fullname(s) }
	// floor: at least right, at most wrong and at most differ (answers
	// unlike the two fields'). "Lin Jiaqi" is read given name first (Lin, a
	// given name, surname Jiaqi, no surname), one name in 54.
	sharedSurnames := []string{"Wang", "Yang", "Sun"}
	for _, s := range sharedSurnames {
		if !d.IsCJKSurname(s) || !d.IsKoreanSurname(s) {
			t.Fatalf("%s: want a Chinese surname that is also a Korean one", s)
		}
	}
	floorAll, floorTwo := shapeFloor{30, 2, 0}, shapeFloor{21, 2, 0}
	shapes := []struct {
		name string
		// twoOnly: only given names of two syllables. "Chen Fang" is
		// two surnames as well as surname and given name, and the parser
		// reads two such words given name first.
		twoOnly bool
		input   func(given []string, surname string) *nameapi.InputWithPerson
		floor   shapeFloor
	}{
		{"two fields", false, func(g []string, s string) *nameapi.InputWithPerson { return twoFields(joined(g, ""), s) }, floorAll},
		{"Given Surname", false, func(g []string, s string) *nameapi.InputWithPerson { return full(joined(g, "") + " " + s) }, floorAll},
		{"Surname Given", true, func(g []string, s string) *nameapi.InputWithPerson { return full(s + " " + joined(g, "")) }, floorTwo},
		{"GIVEN SURNAME", false, func(g []string, s string) *nameapi.InputWithPerson {
			return full(strings.ToUpper(joined(g, "") + " " + s))
		}, floorAll},
		{"Gi-Ven Surname", false, func(g []string, s string) *nameapi.InputWithPerson { return full(joined(g, "-") + " " + s) }, floorAll},
		{"Surname, gi-ven", false, func(g []string, s string) *nameapi.InputWithPerson {
			return full(s + ", " + strings.ToLower(joined(g, "-")))
		}, floorAll},
		{"Gi Ven Surname", false, func(g []string, s string) *nameapi.InputWithPerson { return full(joined(g, " ") + " " + s) }, floorAll},
		// Surnames that are also Korean ones read as Chinese in a Chinese
		// context.
		{"Given Wang, CN", false, func(g []string, s string) *nameapi.InputWithPerson {
			in := full(joined(g, "") + " " + sharedSurnames[len(s)%len(sharedSurnames)])
			in.Context = &nameapi.Context{Place: "CN"}
			return in
		}, floorAll},
	}
	ref := make([]string, len(names))
	for _, sh := range shapes {
		var tally shapeTally
		for i, n := range names {
			if sh.twoOnly && len(n.syl) != 2 {
				continue
			}
			s := pinyinTestSurnames[i%len(pinyinTestSurnames)]
			g := gender(sh.input(n.syl, s))
			if sh.name == shapes[0].name {
				ref[i] = g
			}
			if tally.add(g, sexGender(n.male), ref[i]) && tally.differ > sh.floor.differ {
				t.Errorf("%s: %v %s: %s, two fields %s", sh.name, n.syl, s, g, ref[i])
			}
		}
		tally.check(t, sh.name, sh.floor)
	}
}
