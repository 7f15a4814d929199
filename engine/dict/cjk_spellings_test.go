package dict

import (
	"slices"
	"strings"
	"testing"
)

func TestKoreanSurnameSpellings(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name, data string
		want       []string
		err        string
	}{
		{"comments, blanks and spaces", "# comment\n\n김\tKim, Gim\r\n  이\tLee,Yi,\n", []string{"Kim", "Gim", "Lee", "Yi"}, ""},
		{"no tab", "# c\n김\tKim\n박 Park\n", nil, `ko-surnames.txt:3: want Hangul TAB spellings, got "박 Park"`},
		{"empty", "", nil, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := KoreanSurnameSpellings([]byte(tc.data))
			if tc.err != "" {
				if err == nil || err.Error() != tc.err {
					t.Fatalf("error %v, want %q", err, tc.err)
				}
				return
			}
			if err != nil || !slices.Equal(got, tc.want) {
				t.Fatalf("got %q, %v; want %q", got, err, tc.want)
			}
		})
	}
}

// TestKoreanSurnamesMarked: every spelling of the shipped file is a CJK
// surname of the dictionary (what markCJKSurnames reads is what the
// parser returns).
func TestKoreanSurnamesMarked(t *testing.T) {
	t.Parallel()
	data, err := files.ReadFile("data/ko-surnames.txt")
	if err != nil {
		t.Fatal(err)
	}
	sp, err := KoreanSurnameSpellings(data)
	if err != nil {
		t.Fatal(err)
	}
	if len(sp) < 20 || !slices.Contains(sp, "Kim") || !slices.Contains(sp, "Park") {
		t.Fatalf("spellings %q", sp)
	}
	d, err := Default()
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range sp {
		if !d.IsCJKSurname(s) || !d.IsCJKSurname(strings.ToUpper(s)) {
			t.Errorf("%q is not a CJK surname", s)
		}
	}
}

// TestKoreanSurnameRank: the place of a Korean surname's spellings in
// data/ko-surnames.txt, commonest first; a spelling of two surnames keeps
// the first; a word that is no Korean surname has none.
func TestKoreanSurnameRank(t *testing.T) {
	t.Parallel()
	d, err := Default()
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		s    string
		want int
	}{
		{"Kim", 1}, {"GIM", 1}, {"Lee", 2}, {"Rhee", 2}, {"Jung", 5}, {"Jang", 9},
		{"Won", 41}, {"Eun", 68},
		{"Jin", 38}, {"Chun", 20}, // on two lines each (진 twice; 전 and 천): the first
		{"Smith", 0}, {"", 0}, {"Guo", 0},
	} {
		if got := d.KoreanSurnameRank(c.s); got != c.want {
			t.Errorf("KoreanSurnameRank(%q) = %d, want %d", c.s, got, c.want)
		}
	}
}
