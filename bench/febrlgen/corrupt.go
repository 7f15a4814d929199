package main

import (
	"bufio"
	_ "embed"
	"math/rand/v2"
	"strconv"
	"strings"

	"github.com/namepipe/namepipe/bench/internal/zipf"
)

//go:embed data/lists.tsv
var listsTSV string

// lists are data/lists.tsv by locale and kind.
var lists = func() map[string][]string {
	out := map[string][]string{}
	sc := bufio.NewScanner(strings.NewReader(listsTSV))
	for sc.Scan() {
		f := strings.Split(sc.Text(), "\t")
		if len(f) != 3 || strings.HasPrefix(f[0], "#") {
			continue
		}
		out[f[0]+"/"+f[1]] = append(out[f[0]+"/"+f[1]], strings.ToLower(f[2]))
	}
	return out
}()

// freq draws from a list with Zipf-like frequencies (zipf.Dist), the
// ranks shuffled by a generator seeded with seed alone, the way FEBRL
// draws names from frequency tables: a few values are common.
type freq = zipf.Dist

func newFreq(list []string, s float64, seed uint64) *freq {
	return zipf.New(list, s, rand.New(rand.NewPCG(seed, 0xfeb)))
}

// keyboard are each letter's and digit's neighbours on a QWERTY keyboard
// (the typo's substitutions).
var keyboard = map[byte]string{
	'q': "wa", 'w': "qes", 'e': "wrd", 'r': "etf", 't': "ryg", 'y': "tuh", 'u': "yij", 'i': "uok", 'o': "ipl", 'p': "ol",
	'a': "qsz", 's': "awdz", 'd': "sefx", 'f': "drgc", 'g': "fthv", 'h': "gyjb", 'j': "hukn", 'k': "jilm", 'l': "kop",
	'z': "asx", 'x': "zsdc", 'c': "xdfv", 'v': "cfgb", 'b': "vghn", 'n': "bhjm", 'm': "njk",
	'1': "2q", '2': "13w", '3': "24e", '4': "35r", '5': "46t", '6': "57y", '7': "68u", '8': "79i", '9': "80o", '0': "9p",
}

// typo inserts, deletes, substitutes (a neighbouring key) or transposes
// one character, never the first.
func typo(r *rand.Rand, s string) string {
	rs := []rune(s)
	if len(rs) < 3 {
		return s
	}
	i := 1 + r.IntN(len(rs)-1)
	near := func(c rune) rune {
		if c < 128 {
			if nb := keyboard[byte(c)]; nb != "" {
				return rune(nb[r.IntN(len(nb))])
			}
		}
		return rune('a' + r.IntN(26))
	}
	switch r.IntN(4) {
	case 0: // substitute
		rs[i] = near(rs[i])
	case 1: // insert
		c := rs[i-1]
		if r.IntN(2) == 0 {
			c = near(c)
		}
		rs = append(rs[:i], append([]rune{c}, rs[i:]...)...)
	case 2: // delete
		rs = append(rs[:i], rs[i+1:]...)
	default: // transpose
		if i == len(rs)-1 {
			i--
		}
		rs[i], rs[i+1] = rs[i+1], rs[i]
	}
	return string(rs)
}

// ocr are character confusions of optical character recognition, both
// ways.
var ocr = [][2]string{{"m", "rn"}, {"l", "1"}, {"o", "0"}, {"s", "5"}, {"b", "6"}, {"g", "9"}, {"i", "l"}, {"d", "cl"},
	{"w", "vv"}, {"z", "2"}, {"e", "c"}, {"h", "b"}, {"n", "ri"}, {"u", "v"}, {"q", "9"}, {"a", "o"}}

// phonetic are spellings that sound alike, both ways.
var phonetic = [][2]string{{"ph", "f"}, {"ck", "k"}, {"c", "k"}, {"ie", "y"}, {"ee", "ea"}, {"ou", "ow"}, {"th", "t"},
	{"sch", "sh"}, {"ai", "ay"}, {"mm", "m"}, {"tt", "t"}, {"ll", "l"}, {"son", "sen"}, {"mc", "mac"}, {"ey", "y"},
	{"z", "s"}, {"ae", "e"}, {"gh", "g"}, {"wr", "r"}, {"kn", "n"}, {"ij", "y"}, {"dt", "t"}, {"v", "w"}}

// substitute applies one of table's confusions found in s (either way),
// or returns s unchanged when none is.
func substitute(r *rand.Rand, s string, table [][2]string) string {
	start := r.IntN(len(table))
	for k := range table {
		p := table[(start+k)%len(table)]
		from, to := p[0], p[1]
		if r.IntN(2) == 0 || !strings.Contains(s, from) {
			from, to = to, from
		}
		if i := strings.Index(s, from); i >= 0 {
			// A later occurrence as often as the first.
			if j := strings.LastIndex(s, from); j != i && r.IntN(2) == 0 {
				i = j
			}
			return s[:i] + to + s[i+len(from):]
		}
	}
	return s
}

// space inserts a space inside a word, or removes one.
func space(r *rand.Rand, s string) string {
	if i := strings.IndexByte(s, ' '); i >= 0 && r.IntN(2) == 0 {
		return s[:i] + s[i+1:]
	}
	rs := []rune(s)
	if len(rs) < 5 {
		return s
	}
	i := 2 + r.IntN(len(rs)-3)
	if rs[i] == ' ' || rs[i-1] == ' ' {
		return s
	}
	return string(rs[:i]) + " " + string(rs[i:])
}

// swapWords exchanges two words of s (s unchanged when it has one).
func swapWords(r *rand.Rand, s string) string {
	w := strings.Fields(s)
	if len(w) < 2 {
		return s
	}
	i := r.IntN(len(w) - 1)
	w[i], w[i+1] = w[i+1], w[i]
	return strings.Join(w, " ")
}

// digitError changes one digit of a number, drops one or swaps two
// adjacent ones.
func digitError(r *rand.Rand, s string) string {
	if len(s) < 2 {
		return strconv.Itoa(r.IntN(10))
	}
	i := r.IntN(len(s))
	switch r.IntN(3) {
	case 0:
		if nb := keyboard[s[i]]; nb != "" && r.IntN(2) == 0 && nb[0] >= '0' && nb[0] <= '9' {
			return s[:i] + string(nb[0]) + s[i+1:]
		}
		return s[:i] + strconv.Itoa(r.IntN(10)) + s[i+1:]
	case 1:
		if len(s) > 3 {
			return s[:i] + s[i+1:]
		}
	}
	if i == len(s)-1 {
		i--
	}
	return s[:i] + string(s[i+1]) + string(s[i]) + s[i+2:]
}

// ymd is a date; a month or day of 0 is unknown.
type ymd struct{ y, m, d int }

// dateError is one of the errors of dates in person records: day and
// month swapped, the year off by one to ten, the day or the month
// changed, or one digit typed wrong.
func dateError(r *rand.Rand, t ymd) ymd {
	switch r.IntN(5) {
	case 0:
		if t.d <= 12 && t.d != t.m {
			t.m, t.d = t.d, t.m
			return t
		}
		fallthrough
	case 1:
		off := 1 + r.IntN(10)
		if r.IntN(3) > 0 {
			off = 1
		}
		if r.IntN(2) == 0 {
			off = -off
		}
		t.y += off
	case 2:
		t.d = 1 + (t.d-1+1+r.IntN(27))%28
	case 3:
		t.m = 1 + (t.m-1+1+r.IntN(11))%12
	default:
		s := digitError(r, strconv.Itoa(t.y*10000+t.m*100+t.d))
		if v, err := strconv.Atoi(s); err == nil && len(s) == 8 && v/100%100 >= 1 && v/100%100 <= 12 && v%100 >= 1 && v%100 <= 28 {
			return ymd{v / 10000, v / 100 % 100, v % 100}
		}
		t.y++
	}
	return t
}

// textError applies one error kind to a text value.
func textError(r *rand.Rand, kind, s string) string {
	switch kind {
	case "typo":
		return typo(r, s)
	case "ocr":
		return substitute(r, s, ocr)
	case "phonetic":
		return substitute(r, s, phonetic)
	case "space":
		return space(r, s)
	case "swap":
		return swapWords(r, s)
	}
	return s
}
