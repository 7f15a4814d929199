package dict

// The sex of Persian (Iranian, Afghan, Parsi) given names written in Latin
// letters ("Goodarz", "Azarmidokht", "Ketayun", "Shahrzad") that no list
// holds, from the lists' Persian-script names with a sex
// (data/fa-names.tsv.zst, written by engine/internal/gen).
//
// Persian script writes the consonants and the long vowels (ا آ و ی) but
// not the short ones (a, e, o), so a Latin spelling meets a Persian-script
// name through a skeleton: the consonants, each as one class of the
// Latin letters that write it, and a vowel class where a vowel stands.
// The table follows the UN/BGN-PCGN romanization of Persian and its common
// English-language variants, written for namepipe: kh, gh/q, sh, ch, zh
// each one class; s for س ص ث, z for ز ذ ض ظ, t for ت ط, h for ح ه. The
// vowels: V for Latin a, e, o (ا/آ, a short vowel, a final ه after a
// consonant, a vowel و written o); U for u, oo, ou (و); I for i, ee, a y
// before a consonant or at the end (ی). و is also the consonant v (w),
// ی the consonant y; ع and the hamza carriers a vowel or nothing. A
// short vowel may stand between any two letters of the Persian spelling:
// each Persian name gives every skeleton with and without one there
// (PersianScriptKeys); a Latin name gives one (PersianLatinKey). A short
// o written u (Khusro) is beyond the table.
//
// A Latin name answers when its skeleton is that of Persian names of one
// sex only and has at least persianMinKeyConsonants consonant classes;
// the genderizer asks only for names no list holds, behind a Persian
// surname (IsPersianSurname). TestPersianHoldout reports the rule on the
// held-out names' spellings with a model built without them (how often a
// Persian name the lists lack meets one of the other sex: rare and few,
// so the tune part decided little), and TestPersianOtherLanguages how
// often the lists' Latin-script names of other languages would meet one
// (often: a fifth of them with the other sex; hence the surname).

import (
	"errors"
	"slices"
	"strconv"
	"strings"
	"sync"
)

// persianFile is the Persian-script names with their sex votes.
const persianFile = "data/fa-names.tsv.zst"

// persianMinKeyConsonants is the fewest consonant classes a skeleton must
// have to answer: shorter ones ("mVn", "sVr") are skeletons of many names
// of every language. On the tune part of testdata/fa-holdout.tsv, 2 gave
// 18 right and 13 wrong, 3 gave 8 right and 3 wrong, 4 gave 1 right and 3
// wrong; on the lists' other languages' names 2 and 3 agree alike (77 %)
// but 3 answers half as often.
const persianMinKeyConsonants = 3

// persianMinVotes is the fewest votes (sources times names) a skeleton
// must have to answer: 2 would leave most listed names, which one source
// lists, unanswered.
const persianMinVotes = 1

// PersianKeyVotes is, per skeleton, the votes of the Persian-script names
// that have it. The skeletons are kept as 64-bit hashes (skeletonHash):
// a table without pointers, which the garbage collector does not trace
// at every cycle (as strings, the 43,000 skeletons and the surnames'
// 13,600 added ~2,500 instructions of marking per row of
// BenchmarkPipelineFour/cold).
type PersianKeyVotes struct{ m map[uint64]SexCount }

// skeletonHash is the FNV-1a hash of a skeleton. Two of the ~57,000
// skeletons share one with a chance of about 1 in 10^10.
func skeletonHash[S string | []byte](k S) uint64 {
	h := uint64(fnvOffset)
	for i := 0; i < len(k); i++ {
		h ^= uint64(k[i])
		h *= fnvPrime
	}
	return h
}

// The 64-bit FNV-1a offset basis and prime (skeletonHash).
const (
	fnvOffset = 14695981039346656037
	fnvPrime  = 1099511628211
)

// persianKeys is the model of the embedded names, built on first use.
var persianKeys = sync.OnceValue(func() PersianKeyVotes {
	names, err := PersianNames()
	if err != nil {
		panic(err) // the file is part of the build: TestPersianData
	}
	return NewPersianKeyVotes(names)
})

// PersianNames returns the embedded Persian-script names and their votes.
func PersianNames() (map[string]SexCount, error) {
	out := map[string]SexCount{}
	err := lines(persianFile, func(l string, _ int) error {
		f := strings.Split(l, "\t")
		if len(f) != 3 {
			return errPersianLine
		}
		m, err1 := strconv.Atoi(f[1])
		w, err2 := strconv.Atoi(f[2])
		if err1 != nil || err2 != nil || m < 0 || w < 0 || m+w == 0 {
			return errPersianLine
		}
		out[f[0]] = SexCount{Male: m, Female: w}
		return nil
	})
	return out, err
}

// errPersianLine is a malformed line of persianFile.
var errPersianLine = errors.New("want \"name TAB men's votes TAB women's votes\"")

// NewPersianKeyVotes returns the skeleton votes of Persian-script names.
func NewPersianKeyVotes(names map[string]SexCount) PersianKeyVotes {
	// The skeletons' places in sums, and the last name counted in each
	// (a name gives a skeleton many times).
	type sum struct {
		c    SexCount
		last int32
	}
	at := make(map[uint64]int32, 24*len(names)) // ~20 skeletons per name
	var sums []sum
	id := int32(0)
	for n, c := range names {
		id++
		eachPersianKey(n, func(_ []byte, h uint64) {
			i, ok := at[h]
			if !ok {
				i = int32(len(sums))
				at[h] = i
				sums = append(sums, sum{})
			}
			if s := &sums[i]; s.last != id {
				s.last = id
				s.c.Male += c.Male
				s.c.Female += c.Female
			}
		})
	}
	kv := PersianKeyVotes{m: make(map[uint64]SexCount, len(at))}
	for h, i := range at {
		kv.m[h] = sums[i].c
	}
	return kv
}

// has reports whether a skeleton is one of the names'.
func (kv PersianKeyVotes) has(k []byte) bool {
	_, ok := kv.m[skeletonHash(k)]
	return ok
}

// Sex returns the sex of a Latin-script given name by its skeleton: male
// is true for a man's name; ok is false when the skeleton is too short,
// unknown, or that of names of both sexes.
func (kv PersianKeyVotes) Sex(latin string) (male, ok bool) {
	return kv.sexAt(latin, persianMinKeyConsonants, persianMinVotes)
}

// sexAt is Sex with skeletons of at least minCons consonant classes and
// minVotes votes.
func (kv PersianKeyVotes) sexAt(latin string, minCons, minVotes int) (male, ok bool) {
	var buf [persianKeyMax]byte
	k := appendLatinKey(buf[:0], latin)
	if keyConsonants(k) < minCons {
		return false, false
	}
	c, found := kv.m[skeletonHash(k)]
	if !found || (c.Male > 0) == (c.Female > 0) || c.Male+c.Female < minVotes {
		return false, false
	}
	return c.Male > 0, true
}

// persianSurnameFile is the Persian-script surnames.
const persianSurnameFile = "data/fa-surnames.txt.zst"

// persianSurnames is the model of Persian surnames: the skeletons of the
// listed ones and of the endings that make a surname of a given name.
type persianSurnames struct {
	keys    map[uint64]struct{} // the listed surnames' skeletons (skeletonHash)
	endings []string            // skeletons of the endings, longest first
}

// persianSurnameModel is the model of the embedded lists, built on first
// use.
var persianSurnameModel = sync.OnceValue(func() *persianSurnames {
	l, err := loadList(persianSurnameFile, 400)
	if err != nil {
		panic(err) // the file is part of the build: TestPersianData
	}
	names, err := PersianNames()
	if err != nil {
		panic(err)
	}
	return newPersianSurnames(l, names)
})

// persianEndingMin is how many listed surnames must be a listed given
// name and the same ending ("احمدی": "احمد" + "ی"; "…زاده", "…پور") for the
// ending to make surnames of given names.
const persianEndingMin = 3

// newPersianSurnames returns the surname model of Persian-script surnames
// and given names.
func newPersianSurnames(surnames []string, given map[string]SexCount) *persianSurnames {
	m := &persianSurnames{keys: make(map[uint64]struct{}, 40*len(surnames))} // ~34 skeletons per surname
	ends := map[string]int{}
	for _, n := range surnames {
		eachPersianKey(n, func(_ []byte, h uint64) {
			m.keys[h] = struct{}{}
		})
		rs := []rune(n)
		for i := 2; i < len(rs); i++ {
			if _, ok := given[string(rs[:i])]; ok && len(rs)-i <= 5 {
				ends[string(rs[i:])]++
			}
		}
	}
	seen := map[string]bool{}
	for e, c := range ends {
		if c < persianEndingMin {
			continue
		}
		// The ending's skeletons after a consonant ("ب"), without it.
		for _, k := range PersianScriptKeys("ب" + e) {
			if k = k[1:]; k != "" && !seen[k] {
				seen[k] = true
				m.endings = append(m.endings, k)
			}
		}
	}
	slices.SortFunc(m.endings, func(a, b string) int {
		if len(a) != len(b) {
			return len(b) - len(a)
		}
		return strings.Compare(a, b)
	})
	return m
}

// is reports whether a Latin skeleton is a Persian surname's: a listed
// one's, or a given name's of at least persianMinKeyConsonants consonant
// classes with an ending that makes surnames of given names.
func (m *persianSurnames) is(k []byte, given PersianKeyVotes) bool {
	if keyConsonants(k) < persianMinKeyConsonants {
		return false
	}
	if _, ok := m.keys[skeletonHash(k)]; ok {
		return true
	}
	for _, e := range m.endings {
		if len(e) < len(k) && string(k[len(k)-len(e):]) == e {
			p := k[:len(k)-len(e)]
			if keyConsonants(p) < persianMinKeyConsonants {
				continue
			}
			if given.has(p) {
				return true
			}
		}
	}
	return false
}

// IsPersianSurname reports whether a Latin-script surname ("Ahmadi",
// "Hosseini", "Mohammadzadeh") is Persian by its skeleton: a listed
// Persian-script surname's, or a listed given name's with an ending that
// makes surnames of them (persianEndingMin).
func (d *Dict) IsPersianSurname(latin string) bool {
	var buf [persianKeyMax]byte
	return persianSurnameModel().is(appendLatinKey(buf[:0], latin), persianKeys())
}

// PersianLatinSex is PersianKeyVotes.Sex over the embedded names.
func (d *Dict) PersianLatinSex(given string) (male, ok bool) {
	return persianKeys().Sex(given)
}
