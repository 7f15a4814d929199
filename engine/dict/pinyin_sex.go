package dict

// The sex of Chinese given names written in toneless pinyin, from the
// syllable counts of data/zh-pinyin-sex.txt (ngender's character counts in
// men's and women's given names, summed per syllable by
// engine/internal/gen): naive Bayes over the name's syllables.

import (
	"fmt"
	"strconv"
	"strings"
)

// pinyinModel is the model of the embedded data/zh-pinyin-sex.txt, read
// on first use (a few hundred lines). The file is part of the build: a
// broken one is a programming error (TestPinyinModel).
var pinyinModel = embedded("zh-pinyin-sex.txt", func(b []byte) (*PinyinModel, error) {
	counts, err := parsePinyinSex(b)
	if err != nil {
		return nil, err
	}
	return NewPinyinModel(counts)
})

// PinyinMaleShare is PinyinModel.MaleShare over the embedded syllable
// counts: the probability that a Chinese given name written in toneless
// pinyin ("Xiaoming", "Li Na", "Hui-Min") is a man's, when it is one or two
// known syllables.
func (d *Dict) PinyinMaleShare(words []string) (float64, bool) {
	return pinyinModel().MaleShare(words)
}

// SexCount is how often a syllable stands in men's and in women's given
// names.
type SexCount struct{ Male, Female int }

// PinyinModel judges the sex of a Chinese given name of one or two
// syllables written in toneless pinyin. It is read-only after
// NewPinyinModel and safe for concurrent use.
type PinyinModel struct {
	shares map[string]sexShare // per syllable common enough to judge by
	maxLen int                 // the longest syllable, in bytes
}

// sexShare is a syllable's share among the syllables of men's and of
// women's given names.
type sexShare struct{ m, f float64 }

// pinyinMinCount is the fewest name characters a syllable must stand for
// to be judged by: rarer readings ("nou", "zen") say little and make
// words of other languages read as pinyin.
const pinyinMinCount = 50

// NewPinyinModel returns the model of the syllable counts. Each syllable's
// share among the men's and among the women's syllables is smoothed by
// half a count. The prior is even: the counts come from one population
// (hotel registrations) whose share of men is not a list's.
func NewPinyinModel(counts map[string]SexCount) (*PinyinModel, error) {
	var tm, tf float64
	for s, c := range counts {
		if s == "" || strings.Trim(s, "abcdefghijklmnopqrstuvwxyz") != "" {
			return nil, fmt.Errorf("pinyin model: syllable %q is not lower-case ASCII", s)
		}
		tm += float64(c.Male)
		tf += float64(c.Female)
	}
	if tm == 0 || tf == 0 {
		return nil, fmt.Errorf("pinyin model: no counts of one sex")
	}
	m := &PinyinModel{shares: make(map[string]sexShare, len(counts))}
	for s, c := range counts {
		if c.Male+c.Female < pinyinMinCount {
			continue
		}
		m.shares[s] = sexShare{(float64(c.Male) + 0.5) / tm, (float64(c.Female) + 0.5) / tf}
		m.maxLen = max(m.maxLen, len(s))
	}
	return m, nil
}

// parsePinyinSex reads data/zh-pinyin-sex.txt: "#" comment lines, then
// syllable TAB men's count TAB women's count.
func parsePinyinSex(data []byte) (map[string]SexCount, error) {
	return parseSexCounts("zh-pinyin-sex.txt", data)
}

// parseSexCounts reads a data file of sex counts (file names it in
// errors): "#" comment lines and blank lines, then key TAB men's count TAB
// women's count.
func parseSexCounts(file string, data []byte) (map[string]SexCount, error) {
	out := map[string]SexCount{}
	i := 0
	for ln := range strings.Lines(string(data)) {
		i++
		ln = strings.TrimRight(ln, "\r\n")
		if ln == "" || ln[0] == '#' {
			continue
		}
		p := strings.Split(ln, "\t")
		if len(p) != 3 {
			return nil, fmt.Errorf("%s:%d: want key TAB male TAB female, got %q", file, i, ln)
		}
		m, err1 := strconv.Atoi(p[1])
		f, err2 := strconv.Atoi(p[2])
		if err1 != nil || err2 != nil || m < 0 || f < 0 {
			return nil, fmt.Errorf("%s:%d: bad counts in %q", file, i, ln)
		}
		out[p[0]] = SexCount{m, f}
	}
	return out, nil
}

// pinyinMaxSyllables is the most syllables a given name is judged with.
const pinyinMaxSyllables = 2

// MaleShare returns the probability that the given name in words (one or
// more words, any case, hyphens and apostrophes between syllables: "Xiao
// Ming", "Xiaoming", "xiao-ming", "Xi'an") is a man's, and true, when
// the words are one or two known syllables. The name's likelihood for
// each sex is the product of its syllables' shares (naive Bayes, even
// prior); a run-together word that splits in several ways ("xian": xian
// or xi-an) sums the likelihoods of its splits, so that the likeliest
// split weighs most.
func (m *PinyinModel) MaleShare(words []string) (float64, bool) {
	// The likelihoods of the splits of the words so far, by syllables used.
	var acc [pinyinMaxSyllables + 1]sexShare
	acc[0] = sexShare{1, 1}
	parts := 0
	for _, w := range words {
		for part := range strings.FieldsFuncSeq(w, func(r rune) bool { return r == '-' || r == '\'' || r == '’' || r == ' ' }) {
			parts++
			if len(part) > pinyinMaxSyllables*m.maxLen {
				return 0, false
			}
			var buf [2 * 8]byte
			b := buf[:0]
			for i := 0; i < len(part); i++ {
				c := part[i]
				switch {
				case 'a' <= c && c <= 'z':
				case 'A' <= c && c <= 'Z':
					c += 'a' - 'A'
				default:
					return 0, false
				}
				b = append(b, c)
			}
			var next [pinyinMaxSyllables + 1]sexShare
			for n, a := range acc {
				if a.m == 0 && a.f == 0 {
					continue
				}
				m.splits(b, n, a, &next)
			}
			acc = next
			if acc == ([pinyinMaxSyllables + 1]sexShare{}) {
				return 0, false
			}
		}
	}
	if parts == 0 {
		return 0, false
	}
	var pm, pf float64
	for _, a := range acc[1:] {
		pm += a.m
		pf += a.f
	}
	return pm / (pm + pf), true
}

// splits adds to out[n'] the likelihoods of a (the words before, split
// into n syllables) times each split of the lower-case word b into known
// syllables, n' syllables in all (at most pinyinMaxSyllables).
func (m *PinyinModel) splits(b []byte, n int, a sexShare, out *[pinyinMaxSyllables + 1]sexShare) {
	if len(b) == 0 {
		if n > 0 {
			out[n].m += a.m
			out[n].f += a.f
		}
		return
	}
	if n == pinyinMaxSyllables {
		return
	}
	for k := 1; k <= min(len(b), m.maxLen); k++ {
		sh, ok := m.shares[string(b[:k])]
		if !ok {
			continue
		}
		m.splits(b[k:], n+1, sexShare{a.m * sh.m, a.f * sh.f}, out)
	}
}
