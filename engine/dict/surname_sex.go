package dict

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/namepipe/namepipe/engine/dict/fold"
	"github.com/namepipe/namepipe/engine/script"
)

// Surnames that carry their bearer's sex: Russian Иванов / Иванова, Czech
// Novák / Nováková, Latvian Bērziņš / Bērziņa. surname-sex.tsv.gz lists the
// surnames faker gives by sex (as written, folded and by Latin key); the
// endings model below carries them to surnames it does not list
// ("Tsvetaeva", "Dimitrova").

// surnameSuffix model: endings of three or four letters seen on at least
// surnameSuffixMinVotes listed surnames, of which surnameSuffixMinShare are
// of one sex.
const (
	surnameSuffixMin      = 3
	surnameSuffixMax      = 4
	surnameSuffixMinVotes = 10
	surnameSuffixMinShare = 0.95
)

// surnameSex holds the listed surnames' male percent and the endings model.
type surnameSex struct {
	male     map[string]uint8
	suffixes map[string]sexVotes
}

func loadSurnameSex(name string) (surnameSex, error) {
	s := surnameSex{male: make(map[string]uint8, 10000), suffixes: map[string]sexVotes{}}
	err := lines(name, func(l string, _ int) error {
		n, ps, ok := strings.Cut(l, "\t")
		p, ok2 := atoiSmall(ps)
		if !ok || !ok2 || n == "" || p > 100 {
			return fmt.Errorf("want name TAB malePercent, got %q", l)
		}
		s.male[n] = uint8(p)
		m := float32(p) / 100
		rs := utf8.RuneCountInString(n)
		i := len(n)
		for k := 1; k <= surnameSuffixMax && k < rs; k++ {
			_, size := utf8.DecodeLastRuneInString(n[:i])
			i -= size
			if k < surnameSuffixMin {
				continue
			}
			a := s.suffixes[n[i:]]
			a.m += m
			a.f += 1 - m
			s.suffixes[n[i:]] = a
		}
		return nil
	})
	return s, err
}

// maleEndings are the endings that mark a surname as a man's form, each
// the counterpart of a woman's form (-ov / -ova, -ski / -ska, -ский /
// -ская). Only they answer "male": a surname's base form, which is the
// men's form where surnames take the bearer's sex (Czech Novák / Nováková),
// is also the form every surname has elsewhere (German Müller), so an
// unmarked surname says nothing.
var maleEndings = []string{"ov", "ev", "yov", "ski", "sky", "skiy", "skij", "ský", "cki", "dzki", "ов", "ев", "ёв", "ский", "цкий", "ски"}

// SurnameMaleProportion returns the share (0..1) of men among the bearers
// of a surname that carries its bearer's sex: 0 for a woman's form
// ("Ivanova", "Nováková", "Kowalska", and endings such as "-eva" that the
// listed surnames almost only have in women's forms), 1 for the marked
// men's forms (maleEndings: "Ivanov", "Kowalski"). ok is false for surnames
// that tell nothing (most surnames).
func (d *Dict) SurnameMaleProportion(surname string) (p float64, ok bool) {
	lower := strings.ToLower(strings.TrimSpace(surname))
	if lower == "" {
		return 0, false
	}
	forms := []string{lower, fold.String(lower)}
	if sc := script.Of(lower); sc != script.Latin && sc != script.None {
		forms = append(forms, script.LatinKey(lower))
	}
	for _, f := range forms {
		for _, e := range maleEndings {
			if strings.HasSuffix(f, e) && len(f) > len(e)+1 {
				return 1, true
			}
		}
	}
	for _, f := range forms {
		if v, ok := d.surnameSex.male[f]; ok && v <= 5 {
			return float64(v) / 100, true
		}
		// Endings from the longest to the shortest: the first one seen
		// often enough decides.
		var cuts []int
		rs := utf8.RuneCountInString(f)
		i := len(f)
		for k := 1; k <= surnameSuffixMax && k < rs; k++ {
			_, size := utf8.DecodeLastRuneInString(f[:i])
			i -= size
			if k >= surnameSuffixMin {
				cuts = append(cuts, i)
			}
		}
		for j := len(cuts) - 1; j >= 0; j-- {
			v, seen := d.surnameSex.suffixes[f[cuts[j]:]]
			if !seen || v.m+v.f < surnameSuffixMinVotes {
				continue
			}
			if share := float64(v.m / (v.m + v.f)); share <= 1-surnameSuffixMinShare {
				return share, true
			}
			break
		}
	}
	return 0, false
}
