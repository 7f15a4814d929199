package dict

import (
	"slices"
	"strings"
	"unicode/utf8"
)

// The derived-form model for Latin-script given names the data does not
// list: a name made from a listed one by trading its last letters for
// others ("Anika" from "Ana", "Mariah" from "Maria", "Jaylynn" from
// "Jaylyn", pet forms such as "Janka" from "Jana") takes that name's sex,
// when the data itself shows that trade keeping the sex. The trades are
// learned from the data: every pair of listed names, each of one clear
// sex, that share a stem of three or more letters and differ in an ending
// of up to derivedFromMax letters on one side and a longer one of up to
// derivedToMax on the other counts for its trade; a trade that
// derivedMinPairs pairs show and derivedMinKeep of them with one sex on
// both sides is a rule. A rule passes on only a sex its pairs show
// keeping: a trade that derivedMinSexPairs pairs of that sex show on both
// sides ("-ah" → "-ise" is shown by women's names, so "Eliise" does not
// take the sex of the man's name "Eliah"). No list of examples: what the
// lists hold of diminutives and spelling variants is what the model knows.

const (
	derivedStemMin  = 3    // shortest shared stem, in letters
	derivedFromMax  = 2    // longest ending of the listed name
	derivedToMax    = 5    // longest ending of the derived name
	derivedMinPairs = 15   // pairs of names that must show a trade
	derivedMinKeep  = 0.97 // share of those pairs of one sex on both sides
	derivedClear    = 0.9  // a name's sex is clear at this share or above
	// derivedMinSexPairs is how many of a trade's pairs must be of one sex
	// on both sides for the trade to pass that sex on.
	derivedMinSexPairs = 5
)

// derivedRules maps a derived name's ending to the endings of the listed
// names it comes from, best-backed first; an ending ends in ":m" or ":f"
// when the trade passes on only that sex.
type derivedRules map[string][]string

// derivedFile holds the learned trades (learnDerived), one derived
// ending a line: "ending TAB from,from,...", best-backed first ("" for
// no letters). Learning them takes seconds, so they are learned when the
// name data changes (go test ./engine/dict -run TestDerivedTradesFile
// -update-derived) and read at run time.
const derivedFile = "data/derived-trades.txt"

// derivedTrades returns the learned trades, read on first use.
func (d *Dict) derivedTrades() derivedRules {
	d.derivedOnce.Do(func() {
		rules := derivedRules{}
		b, err := files.ReadFile(derivedFile)
		if err != nil {
			d.derived = rules // the model then never answers
			return
		}
		for ln := range strings.Lines(string(b)) {
			ln = strings.TrimRight(ln, "\n")
			if ln == "" || ln[0] == '#' {
				continue
			}
			to, from, ok := strings.Cut(ln, "\t")
			if !ok {
				continue
			}
			rules[to] = strings.Split(from, ",")
		}
		d.derived = rules
	})
	return d.derived
}

// learnDerived learns the trades from the given-name data.
func (d *Dict) learnDerived() derivedRules {
	// Clear-sex Latin-script names, in byte order (the rules must not
	// depend on the table's iteration order).
	type named struct {
		name string
		male bool
	}
	var names []named
	for name, sp := range d.sexedGivenNames {
		if !latinLetters(name) || utf8.RuneCountInString(name) < derivedStemMin+1 {
			continue
		}
		sv := d.modelSexVotes(sp)
		if sv.m+sv.f == 0 {
			continue
		}
		share := sv.m / (sv.m + sv.f)
		if share >= derivedClear || share <= 1-derivedClear {
			names = append(names, named{name, share >= derivedClear})
		}
	}
	// Each name by its stems: the name without its last 0..derivedFromMax
	// letters.
	type from struct {
		end  string
		male bool
		name string
	}
	stems := map[string][]from{}
	for _, n := range names {
		i := len(n.name)
		for k := 0; k <= derivedFromMax; k++ {
			if k > 0 {
				_, size := utf8.DecodeLastRuneInString(n.name[:i])
				i -= size
			}
			if utf8.RuneCountInString(n.name[:i]) < derivedStemMin {
				break
			}
			stems[n.name[:i]] = append(stems[n.name[:i]], from{n.name[i:], n.male, n.name})
		}
	}
	type trade struct{ from, to string }
	count := map[trade][4]int{} // pairs, pairs of one sex, of men, of women
	for _, n := range names {
		i := len(n.name)
		for k := 1; k <= derivedToMax; k++ {
			_, size := utf8.DecodeLastRuneInString(n.name[:i])
			i -= size
			if utf8.RuneCountInString(n.name[:i]) < derivedStemMin {
				break
			}
			to := n.name[i:]
			for _, f := range stems[n.name[:i]] {
				if f.name == n.name || len(f.end) >= len(to) {
					continue
				}
				c := count[trade{f.end, to}]
				c[0]++
				if f.male == n.male {
					c[1]++
					if n.male {
						c[2]++
					} else {
						c[3]++
					}
				}
				count[trade{f.end, to}] = c
			}
		}
	}
	type scored struct {
		from  string
		pairs int
	}
	byTo := map[string][]scored{}
	for t, c := range count {
		if c[0] < derivedMinPairs || float64(c[1]) < derivedMinKeep*float64(c[0]) {
			continue
		}
		from := t.from
		switch m, f := c[2] >= derivedMinSexPairs, c[3] >= derivedMinSexPairs; {
		case m && !f:
			from += ":m"
		case f && !m:
			from += ":f"
		case !m && !f:
			continue
		}
		byTo[t.to] = append(byTo[t.to], scored{from, c[0]})
	}
	rules := derivedRules{}
	for to, fs := range byTo {
		slices.SortFunc(fs, func(a, b scored) int {
			if a.pairs != b.pairs {
				return b.pairs - a.pairs
			}
			return strings.Compare(a.from, b.from)
		})
		for _, f := range fs {
			rules[to] = append(rules[to], f.from)
		}
	}
	return rules
}

// DerivedMaleProportion guesses the male share of a Latin-script given
// name the data does not list from the listed name it is derived from by
// a learned trade of endings (see derivedTrades): the longest derived
// ending first, and for it the best-backed trade whose listed name has a
// clear sex. ok is false for a listed name, a name in another script or
// when no trade leads to a listed name.
func (d *Dict) DerivedMaleProportion(given string) (float64, bool) {
	lower := strings.ToLower(strings.TrimSpace(given))
	if utf8.RuneCountInString(lower) < derivedStemMin+2 || !latinLetters(lower) {
		return 0, false
	}
	if _, listed := d.givenEntry(lower); listed {
		return 0, false
	}
	return d.derivedFrom(lower)
}

// derivedFrom is DerivedMaleProportion for a lower-case Latin-script
// name, listed or not; the name itself is never its own source.
func (d *Dict) derivedFrom(lower string) (float64, bool) {
	rules := d.derivedTrades()
	cuts := make([]int, 0, derivedToMax)
	i := len(lower)
	for k := 1; k <= derivedToMax; k++ {
		_, size := utf8.DecodeLastRuneInString(lower[:i])
		i -= size
		if utf8.RuneCountInString(lower[:i]) < derivedStemMin {
			break
		}
		cuts = append(cuts, i)
	}
	var buf [64]byte
	for j := len(cuts) - 1; j >= 0; j-- {
		stem, to := lower[:cuts[j]], lower[cuts[j]:]
		for _, rule := range rules[to] {
			f, sex, _ := strings.Cut(rule, ":")
			cand := append(append(buf[:0], stem...), f...)
			if string(cand) == lower {
				continue
			}
			sp, ok := d.givenEntry(string(cand))
			if !ok || sp.n == 0 {
				continue
			}
			sv := d.modelSexVotes(sp)
			if sv.m+sv.f == 0 {
				continue
			}
			share := float64(sv.m / (sv.m + sv.f))
			if share >= derivedClear && sex != "f" || share <= 1-derivedClear && sex != "m" {
				return share, true
			}
		}
	}
	return 0, false
}
