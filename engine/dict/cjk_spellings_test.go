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
