package main

// The sex of Chinese given names written in toneless pinyin ("Xiaoming",
// "Li Na"): ngender's counts of the Han characters in men's and women's
// given names (ngender-charfreq.csv), each character's counts moved to its
// commonest reading (pinyin-pro) and summed per syllable; the engine
// judges a name by naive Bayes over its syllables (dict.PinyinModel).

import (
	_ "embed"
	"encoding/json"
	"fmt"
	"log/slog"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/namepipe/namepipe/engine/dict"
)

// charFreq is ngender's ngender/charfreq.csv, byte for byte as the
// repository ramwin/ngender holds it at commit
// 38064303bfa8d782ee4998c7023a8957248191bf (a fork of observerss/ngender,
// MIT; see NOTICE): a header line "char,male,female", then a Han character
// (the fork adds two whole names, 胜男 and 招弟, which are skipped here),
// how many men's and how many women's given names hold it.
//
//go:embed ngender-charfreq.csv
var charFreq string

// charCount is one row of charFreq.
type charCount struct {
	char string
	m, f int
}

// parseCharFreq reads charFreq strictly: every line after the header is
// CHAR,MALE,FEMALE with non-negative integer counts; a malformed line is an
// error naming it. Rows of more than one character are returned too; the
// caller decides what to do with them.
func parseCharFreq(text string) ([]charCount, error) {
	var out []charCount
	i := 0
	for ln := range strings.Lines(text) {
		i++
		ln = strings.TrimRight(ln, "\r\n")
		if i == 1 {
			if ln != "char,male,female" {
				return nil, fmt.Errorf("ngender-charfreq.csv:1: want header char,male,female, got %q", ln)
			}
			continue
		}
		p := strings.Split(ln, ",")
		if len(p) != 3 || p[0] == "" {
			return nil, fmt.Errorf("ngender-charfreq.csv:%d: want CHAR,MALE,FEMALE, got %q", i, ln)
		}
		m, err1 := strconv.Atoi(p[1])
		f, err2 := strconv.Atoi(p[2])
		if err1 != nil || err2 != nil || m < 0 || f < 0 {
			return nil, fmt.Errorf("ngender-charfreq.csv:%d: bad counts in %q", i, ln)
		}
		out = append(out, charCount{p[0], m, f})
	}
	if len(out) < 9000 {
		return nil, fmt.Errorf("ngender-charfreq.csv: %d rows, want 9000 or more", len(out))
	}
	return out, nil
}

// readingsScript prints, for each character given on standard input (one
// a line), its commonest toneless reading by pinyin-pro, with ü written u
// (吕 lü → lu), as people write it in Latin letters.
const readingsScript = `
const ppm = await import(process.argv[1]); const pp = ppm.pinyin ? ppm : ppm.default;
const chunks = []; for await (const c of process.stdin) chunks.push(c);
const out = {};
for (const ch of Buffer.concat(chunks).toString('utf8').split('\n')) {
  if (!ch) continue;
  out[ch] = pp.pinyin(ch, {toneType: 'none'}).replace(/ü/g, 'u').replace(/v/g, 'u').toLowerCase();
}
process.stdout.write(JSON.stringify(out));
`

// charReadings returns the commonest reading of each character.
func charReadings(dir string, chars []string) (map[string]string, error) {
	cmd := exec.Command("node", "--input-type=module", "-e", readingsScript, "file://"+filepath.Join(dir, "dist", "index.js"))
	cmd.Stdin = strings.NewReader(strings.Join(chars, "\n"))
	cmd.Stderr = os.Stderr
	b, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("node reading characters: %w", err)
	}
	var out map[string]string
	if err := json.Unmarshal(b, &out); err != nil {
		return nil, fmt.Errorf("decode character readings: %w", err)
	}
	return out, nil
}

// pinyinSexCounts sums ngender's counts per syllable: each character's
// counts go to its commonest reading. Characters without a Latin reading
// and the fork's whole-name rows are left out.
func pinyinSexCounts(pinyinDir string) (map[string]dict.SexCount, error) {
	rows, err := parseCharFreq(charFreq)
	if err != nil {
		return nil, err
	}
	rows = slices.DeleteFunc(rows, func(r charCount) bool { return len([]rune(r.char)) != 1 })
	chars := make([]string, len(rows))
	for i, r := range rows {
		chars[i] = r.char
	}
	read, err := charReadings(pinyinDir, chars)
	if err != nil {
		return nil, err
	}
	out := map[string]dict.SexCount{}
	skipped := 0
	for _, r := range rows {
		s := read[r.char]
		if !isLowerASCII(s) {
			skipped++
			continue
		}
		c := out[s]
		c.Male += r.m
		c.Female += r.f
		out[s] = c
	}
	slog.Info("ngender characters by syllable", "characters", len(rows), "syllables", len(out), "no reading", skipped)
	return out, nil
}

func isLowerASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < 'a' || s[i] > 'z' {
			return false
		}
	}
	return s != ""
}

// buildPinyinSex writes data/zh-pinyin-sex.txt (syllable TAB men's count
// TAB women's count) and, with testdata set, the held-out names of faker's
// zh_CN locale with their sex (testdata/zh-pinyin-holdout.tsv), after
// logging the model's accuracy on them at the engine's threshold.
func buildPinyinSex(out, testdata string, dirs map[string]string) error {
	counts, err := pinyinSexCounts(dirs[pkgPinyin])
	if err != nil {
		return err
	}
	lines := make([]string, 0, len(counts))
	for s, c := range counts {
		lines = append(lines, fmt.Sprintf("%s\t%d\t%d", s, c.Male, c.Female))
	}
	hdr := "zh-pinyin-sex: Chinese given-name syllables in toneless pinyin TAB men's TAB women's count, " +
		"from ngender's ngender/charfreq.csv (ramwin/ngender@38064303bfa8d782ee4998c7023a8957248191bf, a fork of observerss/ngender, MIT): " +
		"each Han character's counts in men's and women's given names moved to its commonest reading by " + pkgPinyin + " " + verPinyin + " (MIT) and summed. See NOTICE."
	if err := writeText(filepath.Join(out, "zh-pinyin-sex.txt"), hdr, lines); err != nil {
		return err
	}
	held, err := pinyinHoldout(dirs)
	if err != nil {
		return err
	}
	m, err := dict.NewPinyinModel(counts)
	if err != nil {
		return err
	}
	for _, part := range []string{"tune", "test"} {
		for _, t := range []float64{0.5, 0.7, 0.8, 0.85, 0.9, 0.95} {
			right, wrong, none := 0, 0, 0
			for _, h := range held {
				if h.part != part {
					continue
				}
				p, ok := m.MaleShare(strings.Fields(h.syllables))
				switch {
				case !ok || (p < t && p > 1-t):
					none++
				case (p >= t) == (h.sex == "MALE"):
					right++
				default:
					wrong++
				}
			}
			slog.Info("pinyin model on faker zh_CN", "part", part, "threshold", t, "right", right, "wrong", wrong, "unanswered", none)
		}
	}
	if testdata == "" {
		return nil
	}
	rows := make([]string, 0, len(held))
	for _, h := range held {
		rows = append(rows, h.syllables+"\t"+h.sex+"\t"+h.part)
	}
	hdr = "Held-out Chinese given names with their sex: faker " + verFaker + "'s zh_CN men's and women's first names (MIT), " +
		"in toneless pinyin by " + pkgPinyin + " " + verPinyin + " (syllables TAB sex TAB part). The pinyin model (data/zh-pinyin-sex.txt) is not built from them; " +
		"its threshold was chosen on part tune, test reports. Written by engine/internal/gen."
	return writeText(filepath.Join(testdata, "zh-pinyin-holdout.tsv"), hdr, rows)
}

// heldName is one held-out name: its syllables separated by spaces, its
// sex and its part (tune or test, by a hash of the name).
type heldName struct{ syllables, sex, part string }

// holdoutScript prints faker's zh_CN men's and women's first names as
// arrays of toneless syllables.
const holdoutScript = `
const m = await import(process.argv[1]);
const ppm = await import(process.argv[2]); const pp = ppm.pinyin ? ppm : ppm.default;
const py = (s) => pp.pinyin(s, {toneType: 'none', type: 'array'}).map((x) => x.replace(/ü/g, 'u').replace(/v/g, 'u').toLowerCase()).join(' ');
const fn = m.allLocales.zh_CN.person.first_name;
process.stdout.write(JSON.stringify({Male: fn.male.map(py), Female: fn.female.map(py)}));
`

// pinyinHoldout returns faker's zh_CN names with a sex (a name listed for
// both sexes is left out), split in two parts by a hash of the name.
func pinyinHoldout(dirs map[string]string) ([]heldName, error) {
	faker := "file://" + filepath.Join(dirs[pkgFaker], "dist", "index.js")
	pp := "file://" + filepath.Join(dirs[pkgPinyin], "dist", "index.js")
	cmd := exec.Command("node", "--input-type=module", "-e", holdoutScript, faker, pp)
	cmd.Stderr = os.Stderr
	b, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("node romanizing zh_CN names: %w", err)
	}
	var l struct{ Male, Female []string }
	if err := json.Unmarshal(b, &l); err != nil {
		return nil, fmt.Errorf("decode zh_CN names: %w", err)
	}
	both := setOf(l.Male)
	var out []heldName
	add := func(names []string, sex string, other map[string]bool) {
		for _, n := range slices.Compact(slices.Sorted(slices.Values(names))) {
			if other[n] || !isSyllables(n) {
				continue
			}
			part := heldOutPart(n, 2)
			out = append(out, heldName{n, sex, part})
		}
	}
	add(l.Male, "MALE", setOf(l.Female))
	add(l.Female, "FEMALE", both)
	return out, nil
}

// isSyllables reports whether s is lower-case ASCII words separated by
// single spaces.
func isSyllables(s string) bool {
	for w := range strings.SplitSeq(s, " ") {
		if !isLowerASCII(w) {
			return false
		}
	}
	return true
}

// writeText writes a small plain text file: a "# " header line, then the
// sorted lines.
func writeText(path, header string, lines []string) error {
	slices.Sort(lines)
	lines = slices.Compact(lines)
	var sb strings.Builder
	sb.WriteString("# " + header + "\n")
	for _, l := range lines {
		sb.WriteString(l + "\n")
	}
	if err := os.WriteFile(path, []byte(sb.String()), 0o644); err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	slog.Info("wrote", "file", path, "lines", len(lines))
	return nil
}
