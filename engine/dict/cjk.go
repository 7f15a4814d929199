package dict

import (
	"fmt"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/namepipe/namepipe/engine/script"
)

// cjkSurnameMax is the longest surname, in characters, looked for at the
// start of an unspaced Chinese, Japanese or Korean name (長谷川, 佐々木).
const cjkSurnameMax = 3

// SplitSurnameFirst splits a Chinese, Japanese or Korean name written
// without a space, surname first ("王小明", "佐藤太郎", "김민준"), into its
// surname and given name. Of the starts of the name that the surname data
// lists, it takes the one after which a listed given name follows, else the
// longest; with none listed, the first character (Chinese, Korean) or, for
// Japanese names of four or more characters, the first two. ok is false
// when s is not a name of those scripts or has fewer than two characters.
func (d *Dict) SplitSurnameFirst(s string) (surname, given string, ok bool) {
	s = strings.TrimSpace(s)
	sc := script.Of(s)
	if !sc.SurnameFirst() || strings.ContainsAny(s, " \u3000") {
		return "", "", false
	}
	n := utf8.RuneCountInString(s)
	if n < 2 {
		return "", "", false
	}
	// Byte offsets after the first 1..cjkSurnameMax characters, leaving at
	// least one character for the given name.
	var cuts []int
	i := 0
	for k := 1; k <= cjkSurnameMax && k < n; k++ {
		_, size := utf8.DecodeRuneInString(s[i:])
		i += size
		cuts = append(cuts, i)
	}
	best, bestGiven := -1, false
	for _, c := range cuts {
		if !d.IsSurname(s[:c]) {
			continue
		}
		g := d.IsGivenName(s[c:])
		switch {
		case g && !bestGiven, g == bestGiven: // a listed given name wins, then the longer surname
			best, bestGiven = c, g
		}
	}
	if best < 0 {
		best = cuts[0]
		if sc == script.Kana && n >= 4 && len(cuts) > 1 {
			best = cuts[1]
		}
	}
	return s[:best], s[best:], true
}

// koreanSpellingPairs are the customary spellings of Korean syllables
// and their Revised Romanization, in which the data lists romanized Korean
// names: "Ji-hoon" → "jihun", "Hyun-woo" → "hyeonu", "Young-hee" →
// "yeonghui". Written for namepipe from the McCune-Reischauer-like
// spellings common in passports; the longer spellings come first.
var koreanSpellingPairs = [...]string{
	"woo", "u", "yoo", "yu", "hyun", "hyeon", "kyung", "gyeong", "young", "yeong",
	"sung", "seong", "jung", "jeong", "chul", "cheol", "hee", "hui", "oo", "u",
	"myung", "myeong", "byung", "byeong", "hyung", "hyeong", "kyoung", "gyeong", "hyuk", "hyeok",
	"shin", "sin", "shik", "sik", "eui", "ui", "kwang", "gwang", "kyu", "gyu", "keun", "geun",
}

// koreanSpellingStarts marks the first bytes of the spellings of
// koreanSpellingPairs.
var koreanSpellingStarts = func() (b [256]bool) {
	for k := 0; k < len(koreanSpellingPairs); k += 2 {
		b[koreanSpellingPairs[k][0]] = true
	}
	return b
}()

// koreanSpellings replaces koreanSpellingPairs in a string.
var koreanSpellings = strings.NewReplacer(koreanSpellingPairs[:]...)

// koreanRR returns a hyphenated romanized Korean given name ("ji-hoon") in
// the Revised Romanization without the hyphen ("jihun"), syllable by
// syllable.
func koreanRR(lower string) string {
	return string(appendKoreanRR(nil, []byte(lower)))
}

// appendKoreanRR appends koreanRR(lower) to dst (the parser looks up every
// hyphenated word this way; a caller's buffer on its stack saves the
// allocations of a split, a replace and a join: BenchmarkNameLookups). It
// replaces as koreanSpellings does: at each byte, the first pair whose
// spelling starts there, else the byte; no spelling holds a hyphen, so
// dropping the hyphens is the same as replacing syllable by syllable.
func appendKoreanRR(dst, lower []byte) []byte {
next:
	for i := 0; i < len(lower); {
		switch c := lower[i]; {
		case c == '-':
			i++
			continue
		case !koreanSpellingStarts[c]:
			dst = append(dst, c)
			i++
			continue
		}
		for k := 0; k < len(koreanSpellingPairs); k += 2 {
			if old := koreanSpellingPairs[k]; len(lower)-i >= len(old) && string(lower[i:i+len(old)]) == old {
				dst = append(dst, koreanSpellingPairs[k+1]...)
				i += len(old)
				continue next
			}
		}
		dst = append(dst, lower[i])
		i++
	}
	return dst
}

// markCJKSurnames marks the Latin spellings of Chinese and Korean
// surnames in words: the toneless pinyin of each Han surname of the data
// (script.LatinKey: 郭 → guo), the Wade-Giles spellings of those that no
// other romanization writes (wadeGilesSurnames: Hsu, Tsai, Hsieh) and
// the customary spellings of
// data/ko-surnames.txt (김 → Kim, Gim). These are kept apart from the
// surname list, where a pinyin syllable would make surnames of the parts
// of given names ("Min-jun"): the parser weighs them only as a whole word
// (IsCJKSurname). cjkShapes gets the shapes of all the spellings it
// marks, koShapes those of the Korean ones (the cheap rejects of
// IsCJKSurname and IsKoreanSurname).
func markCJKSurnames(words *wordBuilder, surnames []string, cjkShapes, koShapes *wordShapes) error {
	var err error
	mark := func(k string, flags uint8) {
		cjkShapes.add(k)
		if k == "" || strings.ContainsRune(k, ' ') || err != nil {
			return
		}
		var e *wordEntry
		if e, err = words.entry(k); err == nil {
			e.flags |= flags
		}
	}
	pinyin := map[string]bool{}
	for _, s := range surnames {
		if script.Of(s) == script.Han {
			k := script.LatinKey(s)
			mark(k, entryCJKSurname)
			pinyin[k] = true
		}
	}
	for _, k := range wadeGilesSurnames(pinyin) {
		mark(k, entryCJKSurname)
	}
	ko, err := files.ReadFile("data/ko-surnames.txt")
	if err != nil {
		return fmt.Errorf("read ko-surnames.txt: %w", err)
	}
	spellings, err := KoreanSurnameSpellings(ko)
	if err != nil {
		return err
	}
	for _, sp := range spellings {
		k := strings.ToLower(sp)
		koShapes.add(k)
		mark(k, entryCJKSurname|entryKoreanSurname)
	}
	return err
}

// KoreanSurnameSpellings reads data/ko-surnames.txt (a Hangul surname,
// a TAB and its customary Latin spellings separated by commas, a line
// each; # comments) and returns the spellings as written, trimmed: the
// one reader of the file, for the dictionary and the data generator
// (engine/internal/gen), which adds them to the surnames.
func KoreanSurnameSpellings(data []byte) ([]string, error) {
	var out []string
	i := 0
	for ln := range strings.Lines(string(data)) {
		i++
		if ln = strings.TrimSpace(ln); ln == "" || ln[0] == '#' {
			continue
		}
		_, spellings, ok := strings.Cut(ln, "\t")
		if !ok {
			return nil, fmt.Errorf("ko-surnames.txt:%d: want Hangul TAB spellings, got %q", i, ln)
		}
		for sp := range strings.SplitSeq(spellings, ",") {
			if sp = strings.TrimSpace(sp); sp != "" {
				out = append(out, sp)
			}
		}
	}
	return out, nil
}

// IsCJKSurname reports whether s is the Latin spelling of a Chinese
// (pinyin) or Korean surname: Guo, Zhou, Kim, Park.
func (d *Dict) IsCJKSurname(s string) bool {
	s = strings.TrimSpace(s)
	if !d.cjkShapes.has(s) {
		return false // no spelling of its length, first and last letter
	}
	return d.cjkByTable(s)
}

// cjkByTable is IsCJKSurname past its cheap reject: the trimmed s looked
// up in the word table.
func (d *Dict) cjkByTable(s string) bool {
	var buf [asciiKeyMax]byte
	b, ok := asciiLower(s, &buf)
	return ok && d.words.getBytes(b).flags&entryCJKSurname != 0
}

// IsKoreanSurname reports whether s is a customary Latin spelling of a
// Korean surname (data/ko-surnames.txt): Kim, Park, Lee, Choi.
func (d *Dict) IsKoreanSurname(s string) bool {
	s = strings.TrimSpace(s)
	if !d.koShapes.has(s) {
		return false // no spelling of its length, first and last letter
	}
	return d.koreanByTable(s)
}

// koreanByTable is IsKoreanSurname past its cheap reject: the trimmed s
// looked up in the word table.
func (d *Dict) koreanByTable(s string) bool {
	var buf [asciiKeyMax]byte
	b, ok := asciiLower(s, &buf)
	return ok && d.words.getBytes(b).flags&entryKoreanSurname != 0
}

// wordShapes is a cheap reject of a short list of words: the lengths of
// the words and the pairs of their first and last bytes (ASCII letters
// folded to lower case). A word not in it is in no list; one in it may
// not be. It spares IsKoreanSurname's and IsCJKSurname's table look-up
// (about 150 instructions) for most words, as the Korean spellings are
// two to seven letters long ("Kim", "Park", "Namgoong") and few pinyin
// syllables more than six ("Zhuang").
type wordShapes struct {
	lens uint64      // bit n: a word of n bytes (n < 64)
	ends [256]uint32 // by last byte: bit first byte % 32
}

// add adds the lower-case word w.
func (ws *wordShapes) add(w string) {
	if w == "" || len(w) >= 64 {
		ws.lens |= 1 << 0 // a word the bits cannot hold: all pass
		return
	}
	ws.lens |= 1 << len(w)
	ws.ends[w[len(w)-1]] |= 1 << (w[0] % 32)
}

// has reports whether a word with s's length and first and last bytes,
// folded as asciiLower does, was added.
func (ws *wordShapes) has(s string) bool {
	if ws.lens&1 != 0 {
		return true
	}
	if len(s) == 0 || len(s) >= 64 || ws.lens&(1<<len(s)) == 0 {
		return false
	}
	first, last := s[0], s[len(s)-1]
	if first >= 'A' && first <= 'Z' {
		first += 'a' - 'A'
	}
	if last >= 'A' && last <= 'Z' {
		last += 'a' - 'A'
	}
	return ws.ends[last]&(1<<(first%32)) != 0
}

// koreanSurnameRanks maps each customary spelling of data/ko-surnames.txt,
// lower case, to the line of its surname among the file's surnames (1 for
// 김, 2 for 이 …; a spelling of two surnames, "jin", "chun", keeps the
// first): the file lists the commonest surnames first.
var koreanSurnameRanks = sync.OnceValue(func() map[string]int {
	data, err := files.ReadFile("data/ko-surnames.txt")
	if err != nil {
		return nil // the dictionary's load reads the file first and fails
	}
	out := map[string]int{}
	rank := 0
	for ln := range strings.Lines(string(data)) {
		if ln = strings.TrimSpace(ln); ln == "" || ln[0] == '#' {
			continue
		}
		rank++
		_, spellings, _ := strings.Cut(ln, "\t")
		for sp := range strings.SplitSeq(spellings, ",") {
			if sp = strings.ToLower(strings.TrimSpace(sp)); sp != "" && out[sp] == 0 {
				out[sp] = rank
			}
		}
	}
	return out
})

// KoreanSurnameRank returns the place of s, a customary Latin spelling of
// a Korean surname, in data/ko-surnames.txt, which lists the commonest
// surnames first (Kim 1, Lee 2, Park 3 … Jang 9 … Won 41 … Eun 68), or 0
// when s is none.
func (d *Dict) KoreanSurnameRank(s string) int {
	if !d.IsKoreanSurname(s) {
		return 0
	}
	return koreanSurnameRanks()[strings.ToLower(strings.TrimSpace(s))]
}
