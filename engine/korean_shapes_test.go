package engine

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/namepipe/namepipe/engine/dict"
	"github.com/namepipe/namepipe/nameapi"
)

// koreanCommonSurnames are ten of the commonest Korean surnames in their
// customary Latin spellings.
var koreanCommonSurnames = []string{"Kim", "Lee", "Park", "Choi", "Jung", "Kang", "Cho", "Yoon", "Jang", "Lim"}

// TestKoreanNameShapes writes every listed Korean given name of two
// syllables with a clear sex (dict.KoreanGivenNames, romanized syllable by
// syllable) with ten common Korean surnames in the shapes romanized lists
// use: surname first or last, the given name as two words or one, in
// title case and in capitals. Per shape it counts the readings whose
// surname and given names are right and the genders right and wrong,
// holds them to floors (shares of all names), and holds every name to the
// same reading and gender in both cases.
//
// A syllable of one vowel letter ("Kim A Reum", "Geon U Park") is a
// syllable, not an initial (parse koreanVowelWord, genderize koreanParts).
// Where both orders fit ("Jung Chae Eun": 정채 은 as well as 정 채은), the
// commoner surname decides (parse koreanSplitOrderPrior); "Jeong Yun Yoon"
// (정윤 윤) is read 정 윤윤 so.
//
// The list grew with WGND's Korean names (older generations' names, 현숙,
// 철순): 470 names before, 570 after. On the 469 of the 470 that still
// have a clear sex the shapes measured (parts right, gender right, wrong;
// before → after): Surname A B 4552/4467/16 (of 4700) → 4650/4486/3 (of
// 4690), A B Surname 4700/4530/0 → 4683/4495/0, Surname AB 4626/4487/27
// → 4616/4477/27, AB Surname 4700/4540/30 → 4690/4530/30. The floors are
// set on the 570: the older names' syllables lean less to one sex.
//
// A listed given name of two syllables after a Chinese or Korean surname
// reads surname first (parse listedCJKGiven): Surname AB went from
// 5602/5233/55 to 5684/5279/63 of 5700, what AB Surname gives
// (5698/5290/60); its floor of wrong genders from 0.010 to 0.0115.
func TestKoreanNameShapes(t *testing.T) {
	t.Parallel()
	e := realEngine(t)
	d, err := dict.Default()
	if err != nil {
		t.Fatal(err)
	}
	type name struct {
		a, b string
		male bool
	}
	var names []name
	for syl, male := range d.KoreanGivenNames() {
		names = append(names, name{syl[0], syl[1], male})
	}
	slices.SortFunc(names, func(x, y name) int { return strings.Compare(x.a+"-"+x.b, y.a+"-"+y.b) })
	title := func(s string) string { return strings.ToUpper(s[:1]) + s[1:] }
	ctx := context.Background()
	// read returns the surname and the given names (GIVENNAME and
	// MIDDLENAME terms, joined) of the best reading, and the gender.
	read := func(in string) (surname, given, gender string) {
		r, err := e.ParsePersonName(ctx, fullname(in))
		if err != nil {
			t.Fatal(err)
		}
		var sur, giv []string
		for _, tm := range r.Matches[0].ParsedPerson.OutputPersonName.Terms {
			switch tm.TermType {
			case nameapi.TermSurname:
				sur = append(sur, tm.String)
			case nameapi.TermGivenname, nameapi.TermMiddlename:
				giv = append(giv, tm.String)
			}
		}
		g, err := e.GenderizePerson(ctx, fullname(in))
		if err != nil {
			t.Fatal(err)
		}
		return strings.Join(sur, " "), strings.Join(giv, ""), g.Gender
	}
	for _, sh := range []struct {
		label string
		write func(surname, a, b string) string
		// Floors, as shares of all names: readings right and genders
		// right at least, genders wrong at most.
		parts, right, wrong float64
	}{
		{"Surname A B", func(s, a, b string) string { return s + " " + title(a) + " " + title(b) }, 0.99, 0.92, 0.005},
		{"A B Surname", func(s, a, b string) string { return title(a) + " " + title(b) + " " + s }, 0.99, 0.92, 0.004},
		{"Surname AB", func(s, a, b string) string { return s + " " + title(a+b) }, 0.98, 0.91, 0.0115},
		{"AB Surname", func(s, a, b string) string { return title(a+b) + " " + s }, 0.99, 0.92, 0.011},
	} {
		var parts, right, wrong, total, caseDiffers int
		for _, nm := range names {
			for _, s := range koreanCommonSurnames {
				in := sh.write(s, nm.a, nm.b)
				total++
				sur, giv, g := read(in)
				usur, ugiv, ug := read(strings.ToUpper(in))
				if !strings.EqualFold(sur, usur) || !strings.EqualFold(giv, ugiv) || g != ug {
					caseDiffers++
				}
				if strings.EqualFold(sur, s) && strings.EqualFold(giv, nm.a+nm.b) {
					parts++
				}
				switch {
				case g == nameapi.GenderMale && nm.male, g == nameapi.GenderFemale && !nm.male:
					right++
				case g == nameapi.GenderMale, g == nameapi.GenderFemale:
					wrong++
				}
			}
		}
		t.Logf("%-12s %d names: parts right %d, gender right %d, wrong %d; capitals change %d", sh.label, total, parts, right, wrong, caseDiffers)
		f := float64(total)
		if float64(parts) < sh.parts*f || float64(right) < sh.right*f || float64(wrong) > sh.wrong*f {
			t.Errorf("%s: parts right %d, gender right %d, wrong %d of %d: past the floors %.2f / %.2f / %.3f",
				sh.label, parts, right, wrong, total, sh.parts, sh.right, sh.wrong)
		}
		if caseDiffers > 0 {
			t.Errorf("%s: capitals change the reading or gender of %d names", sh.label, caseDiffers)
		}
	}
}
