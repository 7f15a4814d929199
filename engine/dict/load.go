package dict

// Reading the embedded data files: decompressing, splitting into lines, and
// parsing given.tsv.zst's names and stats into the word table under
// construction (Load puts the pieces together).

import (
	"bytes"
	"fmt"
	"math"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/klauspost/compress/zstd"
)

// embedded returns a function that reads and parses the embedded data
// file data/name on its first call and returns the result ever after (the
// small models load on first use, not at start-up). The files are part of
// the build: one that does not read or parse is a programming error, and
// panics (each file's own test parses it).
func embedded[T any](name string, parse func([]byte) (T, error)) func() T {
	return sync.OnceValue(func() T {
		b, err := files.ReadFile("data/" + name)
		if err != nil {
			panic(fmt.Errorf("read %s: %w", name, err))
		}
		v, err := parse(b)
		if err != nil {
			panic(err)
		}
		return v
	})
}

// readFile returns the text of an embedded file, decompressed if its name
// ends in .zst (written by engine/internal/gen's writeLines: Zstandard
// decodes in half the instructions of gzip on these files).
func readFile(name string) ([]byte, error) {
	b, err := files.ReadFile(name)
	if err != nil {
		return nil, fmt.Errorf("dict: read %s: %w", name, err)
	}
	if !strings.HasSuffix(name, ".zst") {
		return b, nil
	}
	// A decoder of its own, closed after: one kept for all files would
	// keep the buffers of the largest (6 MB of heap after loading).
	zr, err := zstd.NewReader(nil, zstd.WithDecoderConcurrency(1))
	if err != nil {
		return nil, fmt.Errorf("dict: decompress %s: %w", name, err)
	}
	defer zr.Close()
	out, err := zr.DecodeAll(b, nil)
	if err != nil {
		return nil, fmt.Errorf("dict: decompress %s: %w", name, err)
	}
	return out, nil
}

// lines calls fn for every non-empty, non-comment line of an embedded file.
// The strings share one backing allocation.
func lines(name string, fn func(line string, n int) error) error {
	b, err := readFile(name)
	if err != nil {
		return err
	}
	return linesOf(name, b, fn)
}

// linesOf is lines for the text b of the embedded file name.
func linesOf(name string, b []byte, fn func(line string, n int) error) error {
	s := string(b) // one copy; every key below is a substring of it
	n := 0
	for len(s) > 0 {
		var line string
		line, s, _ = strings.Cut(s, "\n")
		n++
		line = strings.TrimRight(line, "\r")
		if line == "" || line[0] == '#' {
			continue
		}
		if err := fn(line, n); err != nil {
			return fmt.Errorf("dict: %s line %d: %w", name, n, err)
		}
	}
	return nil
}

func loadSet(name string, sizeHint int) (map[string]struct{}, error) {
	m := make(map[string]struct{}, sizeHint)
	err := lines(name, func(l string, _ int) error {
		m[strings.TrimSpace(l)] = struct{}{}
		return nil
	})
	return m, err
}

// loadList returns the trimmed lines of an embedded file.
func loadList(name string, sizeHint int) ([]string, error) {
	out := make([]string, 0, sizeHint)
	err := lines(name, func(l string, _ int) error {
		out = append(out, strings.TrimSpace(l))
		return nil
	})
	return out, err
}

// surnamesHint is about the number of lines of surnames.txt.zst (24,077).
const surnamesHint = 30000

// otherKeys is the room loadGiven's table keeps for the keys that are not
// given names: the surnames, the surnames by sex (surname-sex.tsv.zst,
// 8,323 lines) and the Latin spellings of CJK surnames (a few hundred).
// Too little is an error of Load, which the tests would show.
const otherKeys = surnamesHint + 12000 + 2000

// givenData is what loadGiven reads from the given-name file.
type givenData struct {
	words    *wordBuilder // the names' entries (with room for otherKeys more)
	stats    []langStat   // their stats, in the file's order
	langs    []string     // the languages of stats
	nonLatin int          // the names that do not start with an ASCII byte
	sexed    sexedNames   // the names with stats, in the file's order (sexedGivenNames)
}

// loadGiven returns the given names of an embedded file as the entries of
// a table under construction and their stats. The maps are sized from the
// file's line count: grown step by step they cost a third more
// (BenchmarkEngineStartup).
func loadGiven(name string) (givenData, error) {
	b, err := readFile(name)
	if err != nil {
		return givenData{}, err
	}
	return loadGivenText(name, b)
}

// loadGivenText is loadGiven of the text b of the file name.
func loadGivenText(name string, b []byte) (givenData, error) {
	var g givenData
	n := bytes.Count(b, []byte{'\n'})
	g.words = newWordBuilder(n + otherKeys)
	keys := make([]string, 0, n)
	entries := make([]wordEntry, 0, n)
	stats := make([]langStat, 0, n*3/2)
	var lc langCodes // the indexes of the language codes in names
	// The names with stats, for sexedGivenNames, in the order of the file
	// (the order of their stats). Listed here, while the keys come in that
	// order, it costs little; listed from the word table on first use it
	// took twice the instructions, reading slots scattered over 13.6 MB.
	// The names are about two fifths of the file's bytes.
	sexedKeys := make([]byte, 0, len(b)/2)
	sexed := make([]sexedName, 0, n)
	err := linesOf(name, b, func(l string, _ int) error {
		// Parsed by hand: this is most of Load's work after the
		// decompressing, and strings.Cut, strings.FieldsSeq and a map of
		// the codes cost twice as much (BenchmarkLoad).
		tab := strings.IndexByte(l, '\t')
		if tab <= 0 {
			return fmt.Errorf("want name TAB stats, got %q", l)
		}
		n, rest := l[:tab], l[tab+1:]
		if n[0] >= utf8.RuneSelf {
			g.nonLatin++
		}
		start := len(stats)
		for rest != "" {
			// The stats are separated by single spaces.
			f := rest
			lg, p, v, next, ok := parseTwoLetterStat(rest)
			if ok {
				f, rest = rest[:len(rest)-len(next)], next
			} else {
				if sp := strings.IndexByte(rest, ' '); sp >= 0 {
					f, rest = rest[:sp], rest[sp+1:]
				} else {
					rest = ""
				}
				lg, p, v, ok = parseStat(f)
			}
			if !ok || p > 100 || v < 1 || v > 255 {
				return fmt.Errorf("bad stat %q", f)
			}
			il, ok := lc.index(lg)
			if !ok {
				if len(g.langs) > math.MaxUint8 {
					return fmt.Errorf("more than %d languages", math.MaxUint8+1)
				}
				il = uint8(len(g.langs))
				g.langs = append(g.langs, strings.Clone(lg))
				lc.add(g.langs[il], il)
			}
			stats = append(stats, langStat{lang: il, male: uint8(p), votes: uint8(v)})
		}
		sp := span{start: uint32(start), n: uint16(len(stats) - start)}
		keys = append(keys, n)
		entries = append(entries, wordEntry{given: sp, isGiven: true})
		if sp.n > 0 {
			// addNew refuses a key longer than 255 bytes.
			sexedKeys = append(sexedKeys, n...)
			sexed = append(sexed, sexedName{n: sp.n, len: uint8(len(n))})
		}
		return nil
	})
	if err == nil {
		err = g.words.addNew(keys, entries)
	}
	if err != nil {
		return givenData{}, err
	}
	g.stats = stats
	g.sexed = sexedNames{keys: string(sexedKeys), names: sexed}
	return g, nil
}

// parseStat parses one stat of given.tsv.zst, "lang:malePercent:votes"
// (numbers of one to three digits), in one pass over its bytes.
func parseStat(f string) (lang string, p, v int, ok bool) {
	i := 0
	for i < len(f) && f[i] != ':' {
		i++
	}
	if i == 0 || i == len(f) {
		return "", 0, 0, false
	}
	lang = f[:i]
	var nums [2]int
	for k := range nums {
		digits := 0
		for i++; i < len(f) && f[i] != ':'; i++ {
			c := f[i]
			if c < '0' || c > '9' || digits == 3 {
				return "", 0, 0, false
			}
			nums[k] = nums[k]*10 + int(c-'0')
			digits++
		}
		if digits == 0 || (k == 0) == (i == len(f)) {
			return "", 0, 0, false
		}
	}
	return lang, nums[0], nums[1], true
}

// parseTwoLetterStat parses the first stat of rest when its language
// code has two letters (every stat of given.tsv.zst today), as parseStat
// does, and returns the text after it and its space; ok is false for any
// other stat, which the caller leaves to parseStat. Inlined into the
// loop, it takes a third of the instructions of cutting at the space and
// calling parseStat.
func parseTwoLetterStat(rest string) (lang string, p, v int, next string, ok bool) {
	if len(rest) < len("xx:0:1") || rest[2] != ':' || rest[0] == ':' || rest[1] == ':' || rest[0] == ' ' || rest[1] == ' ' {
		return "", 0, 0, "", false
	}
	i, digits := 3, 0
	for ; i < len(rest) && rest[i] != ':'; i++ {
		c := rest[i]
		if c < '0' || c > '9' || digits == 3 {
			return "", 0, 0, "", false
		}
		p = p*10 + int(c-'0')
		digits++
	}
	if digits == 0 || i == len(rest) {
		return "", 0, 0, "", false
	}
	digits = 0
	for i++; i < len(rest) && rest[i] != ' '; i++ {
		c := rest[i]
		if c < '0' || c > '9' || digits == 3 {
			return "", 0, 0, "", false
		}
		v = v*10 + int(c-'0')
		digits++
	}
	if digits == 0 {
		return "", 0, 0, "", false
	}
	if i < len(rest) {
		i++ // the space
	}
	return rest[:2], p, v, rest[i:], true
}

// langCodes numbers the language codes of given.tsv.zst: two-letter codes
// (all of them today) in a table by their bytes, any other in a map.
type langCodes struct {
	two   [1 << 16]uint16 // index + 1 of a two-letter code, by its bytes
	other map[string]uint8
}

func (c *langCodes) index(lg string) (uint8, bool) {
	if len(lg) == 2 {
		i := c.two[uint16(lg[0])<<8|uint16(lg[1])]
		return uint8(i - 1), i != 0
	}
	i, ok := c.other[lg]
	return i, ok
}

func (c *langCodes) add(lg string, i uint8) {
	if len(lg) == 2 {
		c.two[uint16(lg[0])<<8|uint16(lg[1])] = uint16(i) + 1
		return
	}
	if c.other == nil {
		c.other = map[string]uint8{}
	}
	c.other[lg] = i
}

// atoiSmall parses a non-negative decimal of at most 3 digits.
func atoiSmall(s string) (int, bool) {
	if s == "" || len(s) > 3 {
		return 0, false
	}
	n := 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c < '0' || c > '9' {
			return 0, false
		}
		n = n*10 + int(c-'0')
	}
	return n, true
}
