package engine

import (
	"context"
	"strings"
	"testing"

	"github.com/namepipe/namepipe/engine/dict"
	"github.com/namepipe/namepipe/nameapi"
)

// koreanAlsoSurnames are Chinese surnames in Latin letters that are also
// customary spellings of Korean surnames (TestGenderPinyinBehindKoreanSurname
// checks that the data says so): after them the genderizer keeps the
// Korean model outside a Chinese context, unless the Korean model cannot
// read the given name.
var koreanAlsoSurnames = []string{"Wang", "Yang", "Kang", "Lee", "Chang", "Jung", "Ahn"}

// TestGenderPinyinBehindKoreanSurname genderizes Chinese given names in
// pinyin that neither the lists nor the Korean syllable model know
// (common mainland names, written for this test, not from the benchmark)
// after surnames that are also Korean ones, in every shape lists write
// them: two fields, given name first or last, "Surname, Given", in
// capitals. The pinyin model answers them (genderize pinyinBehindKorean);
// on main they were UNKNOWN. Korean names after the same surnames keep
// the Korean model's answer.
func TestGenderPinyinBehindKoreanSurname(t *testing.T) {
	t.Parallel()
	e := realEngine(t)
	d, err := dict.Default()
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range koreanAlsoSurnames {
		if !d.IsCJKSurname(s) || !d.IsKoreanSurname(s) {
			t.Fatalf("%s: want a surname that is a Chinese and a Korean spelling", s)
		}
	}
	cases := []struct {
		given  string
		korean bool // a Korean name: the Korean model's answer
		want   string
	}{
		{"Zhiqiang", false, nameapi.GenderMale},
		{"Haitao", false, nameapi.GenderMale},
		{"Zhigang", false, nameapi.GenderMale},
		{"Yongqiang", false, nameapi.GenderMale},
		{"Dongsheng", false, nameapi.GenderMale},
		{"Cuiping", false, nameapi.GenderFemale},
		{"Shufen", false, nameapi.GenderFemale},
		{"Huifang", false, nameapi.GenderFemale},
		{"Cuifang", false, nameapi.GenderFemale},
		// The model unsure: NEUTRAL, no longer UNKNOWN.
		{"Chunlin", false, nameapi.GenderNeutral},
		// Korean names: the Korean model's answers, as on main.
		{"Jihoon", true, nameapi.GenderMale},
		{"Seoyeon", true, nameapi.GenderFemale},
		{"Minjun", true, nameapi.GenderMale},
		{"Younghee", true, nameapi.GenderFemale},
	}
	gender := func(in *nameapi.InputWithPerson) string { return genderOf(t, e, in) }
	shapes := []nameShape{shapeTwoFields, shapeGivenSurname, shapeSurnameGiven, shapeSurnameComma, shapeUpper, shapeUpperFirst, shapeUpperSurname}
	for _, c := range cases {
		if _, _, listed := d.GenderVotes(c.given, ""); !c.korean && listed {
			t.Errorf("%s: the lists know it; want a name only the pinyin model reads", c.given)
		}
		if got := d.KoreanReadable([]string{c.given}); got != c.korean {
			t.Errorf("%s: KoreanReadable %v, want %v", c.given, got, c.korean)
		}
		for _, s := range koreanAlsoSurnames {
			for _, sh := range shapes {
				if got := gender(sh.input(c.given, s)); got != c.want {
					t.Errorf("%s: %s %s: %s, want %s", sh.name, c.given, s, got, c.want)
				}
			}
		}
		// In a Chinese context the pinyin model reads every such name.
		in := fullname(c.given + " " + koreanAlsoSurnames[0])
		in.Context = &nameapi.Context{Place: "CN"}
		if g := gender(in); !c.korean && g != c.want {
			t.Errorf("%s %s in CN: %s, want %s", c.given, koreanAlsoSurnames[0], g, c.want)
		}
	}
}

// TestParsePinyinSurnameFirst parses the held-out Chinese given names of
// two syllables (testdata/zh-pinyin-holdout.tsv, faker's zh_CN names in
// pinyin) after Chinese surnames, surname first as lists from China write
// them, and given name first: run together ("Chen Anqi"), hyphenated
// ("Chen An-Qi"), the surname in capitals ("CHEN Anqi") and all in
// capitals. The lists know these given names (faker's), and some of the
// surnames are given names too (Chen, Lin, Yang, Lee, Ma): on main their
// given names' strength read them given name first, 5 of 327 run
// together ("Chen Anqi", "Lee Ziyue"), 95 hyphenated ("Li Guo-Ping"), 5
// in capitals; with listedCJKGiven (parse/cjk.go) and the final "ue" of
// pinyin (Ziyue) 0, 3 and 0 ("Yang Xin-Yi": Xin-Yi is also two surnames).
// Wade-Giles-only surnames (Hsu, Tsai: dict markCJKSurnames) are read
// surname first too.
func TestParsePinyinSurnameFirst(t *testing.T) {
	t.Parallel()
	e := realEngine(t)
	ctx := context.Background()
	surnameOf := func(in string) string {
		r, err := e.ParsePersonName(ctx, fullname(in))
		if err != nil {
			t.Fatal(err)
		}
		var s []string
		for _, tm := range r.Matches[0].ParsedPerson.OutputPersonName.Terms {
			if tm.TermType == nameapi.TermSurname {
				s = append(s, tm.String)
			}
		}
		return strings.Join(s, " ")
	}
	// Examples, each held to its reading.
	for _, c := range []struct{ in, surname string }{
		{"Chen Anqi", "Chen"}, {"Anqi Chen", "Chen"}, {"Li Guo-Ping", "Li"}, {"Guo-Ping Li", "Li"},
		{"Yang Xinyi", "Yang"}, {"Lee Xinyu", "Lee"}, {"Lee Ziyue", "Lee"}, {"Ziyue Lee", "Lee"},
		{"Wang Xiaotang", "Wang"}, {"ZHANG Weiming", "ZHANG"}, {"Zhang Weiming", "Zhang"},
		{"Hsu Chih-Ming", "Hsu"}, {"Chih-Ming Hsu", "Hsu"}, {"Tsai Shu-Fen", "Tsai"},
		// Western names keep their order.
		{"Linda Lee", "Lee"}, {"Susan Kim", "Kim"}, {"Anna Chen", "Chen"},
	} {
		if got := surnameOf(c.in); got != c.surname {
			t.Errorf("%s: surname %q, want %q", c.in, got, c.surname)
		}
	}
	surnames := []string{"Zhang", "Chen", "Liu", "Huang", "Zhao", "Zhou", "Xu", "Hu", "Guo", "Lin", "Li", "Wang", "Yang", "Sun", "Kang", "Lee", "Chang", "Song", "Han", "Ma"}
	title := func(s string) string { return strings.ToUpper(s[:1]) + s[1:] }
	shapes := []struct {
		name  string
		write func(a, b, s string) string
		// floor: at most this many readings without the surname
		floor int
	}{
		{"Surname Given", func(a, b, s string) string { return s + " " + title(a+b) }, 0},
		{"Surname Gi-Ven", func(a, b, s string) string { return s + " " + title(a) + "-" + title(b) }, 5},
		{"SURNAME Given", func(a, b, s string) string { return strings.ToUpper(s) + " " + title(a+b) }, 0},
		{"SURNAME GIVEN", func(a, b, s string) string { return strings.ToUpper(s + " " + a + b) }, 0},
		{"Given Surname", func(a, b, s string) string { return title(a+b) + " " + s }, 0},
		{"Gi-Ven Surname", func(a, b, s string) string { return title(a) + "-" + title(b) + " " + s }, 0},
	}
	for _, sh := range shapes {
		n, miss := 0, 0
		for i, r := range readEval(t, "zh-pinyin-holdout.tsv") {
			syl := strings.Fields(r[0])
			if len(syl) != 2 {
				continue
			}
			for k := range 3 {
				s := surnames[(i*3+k)%len(surnames)]
				n++
				if got := surnameOf(sh.write(syl[0], syl[1], s)); !strings.EqualFold(got, s) {
					miss++
					if miss > sh.floor {
						t.Errorf("%s: %s: surname %q, want %q", sh.name, sh.write(syl[0], syl[1], s), got, s)
					}
				}
			}
		}
		t.Logf("%-15s %d names: surname wrong %d", sh.name, n, miss)
		if n < 300 {
			t.Errorf("%s: %d names, want 300 or more", sh.name, n)
		}
	}
}
