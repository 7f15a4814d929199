package main

import (
	"slices"
	"testing"
)

func TestUnsexDrawnFromGeneric(t *testing.T) {
	many := func(prefix string, n int) []string {
		out := make([]string, n)
		for i := range out {
			out[i] = prefix + string(rune('a'+i%26)) + string(rune('a'+i/26))
		}
		return out
	}
	pool := many("g", 40)
	for _, c := range []struct {
		name        string
		male        []string
		female      []string
		wantChanged []string
		wantMale    int
	}{
		{"women's names drawn from the pool", many("m", 30), pool[:25], []string{"zz", "zz_Latn"}, 30},
		{"both drawn", pool[:30], pool[10:35], []string{"zz", "zz_Latn"}, 0},
		{"own names", many("m", 30), many("f", 30), nil, 30},
		{"short list is no evidence", many("m", 30), pool[:10], nil, 30},
		{"mostly own names", many("m", 30), slices.Concat(pool[:15], many("f", 10)), nil, 30},
	} {
		t.Run(c.name, func(t *testing.T) {
			loc := map[string]fakerLocale{
				"yy_Latn": {Generic: pool},
				"zz_Latn": {Male: c.male, Female: c.female},
				"zz":      {Male: c.male, Female: c.female},
			}
			got := unsexDrawnFromGeneric(loc)
			if !slices.Equal(got, c.wantChanged) {
				t.Fatalf("changed %v, want %v", got, c.wantChanged)
			}
			for _, k := range []string{"zz", "zz_Latn"} {
				if n := len(loc[k].Male); n != c.wantMale {
					t.Errorf("%s: %d men's names, want %d", k, n, c.wantMale)
				}
				if c.wantChanged != nil && len(loc[k].Female) != 0 {
					t.Errorf("%s: women's names kept: %v", k, loc[k].Female)
				}
			}
		})
	}
}
