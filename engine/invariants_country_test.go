package engine

import (
	"context"
	"fmt"
	"hash/fnv"
	"testing"

	"github.com/namepipe/namepipe/engine/internal/corpus"
	"github.com/namepipe/namepipe/nameapi"
)

// countryForms are countries as CRM exports write them: the ISO-2 code
// first, then names in the country's own language and script, in English
// and in other languages, and the ISO-3 code.
var countryForms = [][]string{
	{"IT", "Italy", "Italia", "Italien", "ITA"},
	{"DE", "Germany", "Deutschland", "Allemagne", "DEU"},
	{"FR", "France", "Frankreich", "Francia", "FRA"},
	{"ES", "Spain", "España", "Espagne", "ESP"},
	{"US", "United States", "USA", "États-Unis", "Vereinigte Staaten"},
	{"RU", "Russia", "Россия", "Russland", "RUS"},
	{"UA", "Ukraine", "Україна", "UKR"},
	{"TR", "Turkey", "Türkiye", "Türkei", "TUR"},
	{"GR", "Greece", "Ελλάδα", "Griechenland", "GRC"},
	{"IL", "Israel", "ישראל", "ISR"},
	{"IN", "India", "भारत", "Indien", "IND"},
	{"JP", "Japan", "日本", "Japon", "JPN"},
	{"CN", "China", "中国", "Chine", "CHN"},
	{"PL", "Poland", "Polska", "Polen", "POL"},
	{"NL", "Netherlands", "Nederland", "Niederlande", "NLD"},
	{"SE", "Sweden", "Sverige", "Schweden", "SWE"},
	{"CZ", "Czechia", "Česko", "Tschechien", "CZE"},
	{"BR", "Brazil", "Brasil", "Brasilien", "BRA"},
}

// TestInvariantCountryForms: a country given as its name in any common
// language or as its ISO-3 code gives the same gender as its ISO-2 code.
// Each name of the corpus is genderized in one country of countryForms
// (picked by the name's hash) in every form.
func TestInvariantCountryForms(t *testing.T) {
	holdInvariant(t, invariant{
		op: "genderizer", name: "country name or ISO-3 = ISO-2",
		floor: 0.001,
		check: func(e *Engine, n *corpus.Name) (bool, string) {
			h := fnv.New32a()
			h.Write([]byte(n.Full()))
			forms := countryForms[h.Sum32()%uint32(len(countryForms))]
			answer := func(place string) string {
				in := fullname(n.Full())
				in.Context = &nameapi.Context{Place: place}
				g, err := e.GenderizePerson(context.Background(), in)
				if err != nil {
					return err.Error()
				}
				return fmt.Sprintf("%s %.3f", g.Gender, g.Confidence)
			}
			want := answer(forms[0])
			for _, f := range forms[1:] {
				if got := answer(f); got != want {
					return true, f + ": " + got + " vs " + forms[0] + ": " + want
				}
			}
			return true, ""
		},
	})
}
