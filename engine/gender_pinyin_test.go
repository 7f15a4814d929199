package engine

import (
	"context"
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
	ctx := context.Background()
	gender := func(in *nameapi.InputWithPerson) string {
		g, err := e.GenderizePerson(ctx, in)
		if err != nil {
			t.Fatal(err)
		}
		return g.Gender
	}
	full := func(s string) *nameapi.InputWithPerson { return fullname(s) }
	// floor: at least right, at most wrong and at most differ (answers
	// unlike the two fields'). "Lin Jiaqi" is read given name first (Lin, a
	// given name, surname Jiaqi, no surname), one name in 54.
	type floor struct{ right, wrong, differ int }
	sharedSurnames := []string{"Wang", "Yang", "Sun"}
	for _, s := range sharedSurnames {
		if !d.IsCJKSurname(s) || !d.IsKoreanSurname(s) {
			t.Fatalf("%s: want a Chinese surname that is also a Korean one", s)
		}
	}
	floorAll, floorTwo := floor{30, 2, 0}, floor{21, 3, 1}
	shapes := []struct {
		name string
		// twoOnly: only given names of two syllables. "Chen Fang" is
		// two surnames as well as surname and given name, and the parser
		// reads two such words given name first.
		twoOnly bool
		input   func(given []string, surname string) *nameapi.InputWithPerson
		floor   floor
	}{
		{"two fields", false, func(g []string, s string) *nameapi.InputWithPerson {
			return &nameapi.InputWithPerson{InputPerson: nameapi.NewNaturalPerson(
				nameapi.Field(nameapi.FieldGivenname, joined(g, "")), nameapi.Field(nameapi.FieldSurname, s))}
		}, floorAll},
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
	var want [2]string // per sex
	want[0], want[1] = nameapi.GenderFemale, nameapi.GenderMale
	ref := make([]string, len(names))
	for _, sh := range shapes {
		right, wrong, differ, n2 := 0, 0, 0, 0
		for i, n := range names {
			if sh.twoOnly && len(n.syl) != 2 {
				continue
			}
			n2++
			s := pinyinTestSurnames[i%len(pinyinTestSurnames)]
			g := gender(sh.input(n.syl, s))
			if sh.name == shapes[0].name {
				ref[i] = g
			} else if g != ref[i] {
				differ++
				if differ > sh.floor.differ {
					t.Errorf("%s: %v %s: %s, two fields %s", sh.name, n.syl, s, g, ref[i])
				}
			}
			w := want[0]
			if n.male {
				w = want[1]
			}
			switch g {
			case w:
				right++
			case nameapi.GenderMale, nameapi.GenderFemale:
				wrong++
			}
		}
		t.Logf("%-16s %d names: right %d, wrong %d, unclassified %d; differ from two fields %d", sh.name, n2, right, wrong, n2-right-wrong, differ)
		if right < sh.floor.right || wrong > sh.floor.wrong || differ > sh.floor.differ {
			t.Errorf("%s: right %d, wrong %d, unlike two fields %d of %d: want at least %d right, at most %d wrong and %d unlike", sh.name, right, wrong, differ, n2, sh.floor.right, sh.floor.wrong, sh.floor.differ)
		}
	}
}
