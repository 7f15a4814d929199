package dedupe

import (
	"context"
	"strings"
	"testing"
)

// TestSameNameBlockOwnsNothing: every block the compare step leaves
// unread because its rows share one uncapped name_tokens block owns
// none of its pairs (owns, on the rows' stored keys), uncapped and with
// the copies' name block capped; and the trick skips something.
func TestSameNameBlockOwnsNothing(t *testing.T) {
	t.Parallel()
	// 16 rows of one name in one name block, over 10 rows (capped
	// below); 8 of them share their other fields
	copies := strings.Repeat("Zygmunt Quarles,zq@example.net,+48 22 555 0199,1931-11-29,Ulica Zlota 44,Gdansk\n", 8) +
		"Zygmunt Quarels,zq@example.net,,,,\n" // the same email, another spelling
	others := strings.Repeat("Zygmunt Quarles,,+48 22 555 0200,1931-11-30,Ulica Zlota 46,Gdansk\n", 8)
	for _, tc := range []struct {
		name, config string
		wantSkips    bool // the copies' blocks of the later rules are skipped
	}{
		{"uncapped", testConfig, true},
		{"capped", strings.Replace(testConfig, "dedupe: {names: local}", "dedupe: {names: local, maxBlockSize: 10, window: 3}", 1), false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			ctx := context.Background()
			cfg := parseConfig(t, tc.config)
			rd, plan := openCSV(t, cfg, people+copies+moreRows(300)+others)
			s, dir := testFeatStore(t)
			x := &extracted{store: s, keys: newKeySorter(dir, keyEntryCodec, 1<<20)}
			defer x.keys.Close()
			if _, _, err := extractAll(ctx, rd, plan, false, 0, 2, x, nil); err != nil {
				t.Fatal(err)
			}
			if err := s.flush(); err != nil {
				t.Fatal(err)
			}
			if err := x.keys.Finish(); err != nil {
				t.Fatal(err)
			}
			copyRow := int32(strings.Count(people, "\n") - 1) // the first copy
			o := Options{Settings: cfg.Dedupe, Workers: 2}
			if _, err := groupSizes(ctx, o, x); err != nil {
				t.Fatal(err)
			}
			keysOf := func(row int32) []blockKey {
				rec, err := s.read(row, nil)
				if err != nil {
					t.Fatal(err)
				}
				k, err := decodeKeys(rec, nil)
				if err != nil {
					t.Fatal(err)
				}
				return k
			}
			skipped, copiesSkipped := 0, 0
			var group []keyEntry
			check := func() {
				if len(group) < 2 || group[0].rule == RuleNameTokens || len(group) > cfg.Dedupe.MaxBlockSize ||
					!sameNameBlock(x, group) {
					return
				}
				skipped++
				for i := range group {
					for k := i + 1; k < len(group); k++ {
						if owns(keysOf(group[i].row), keysOf(group[k].row), blockKey{h: group[i].h, rule: group[i].rule}) {
							t.Fatalf("a %s block of %d rows is skipped, but it owns rows %d and %d", group[i].rule, len(group), group[i].row, group[k].row)
						}
					}
				}
				if x.nameBlock[group[0].row] == x.nameBlock[copyRow] {
					copiesSkipped++
					if group[0].rule == RuleEmail {
						t.Fatal("the copies' email block, which holds another spelling, is skipped")
					}
				}
			}
			err := x.keys.Each(ctx, func(e keyEntry) error {
				if len(group) > 0 && (e.rule != group[0].rule || e.h != group[0].h) {
					check()
					group = group[:0]
				}
				group = append(group, e)
				return nil
			})
			if err != nil {
				t.Fatal(err)
			}
			check()
			// the copies' phone, birth date, address and name_place
			// blocks are theirs alone
			if tc.wantSkips && copiesSkipped == 0 {
				t.Fatalf("%d blocks skipped, none of the copies': the case tests little", skipped)
			}
			if !tc.wantSkips && copiesSkipped > 0 {
				t.Fatalf("%d blocks of the copies skipped, whose name block is capped", copiesSkipped)
			}
		})
	}
}
