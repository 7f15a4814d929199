package format

import (
	"strings"

	"github.com/namepipe/namepipe/nameapi"
)

// turkishOnly are letters only Turkish and Azerbaijani write: dotless ı,
// dotted İ and ğ.
const turkishOnly = "ıİğĞ"

// turkishLetters are letters Turkish shares with other languages.
const turkishLetters = "şŞçÇöÖüÜ"

// turkishCase reports whether the name is cased by the Turkish rules
// (i ↔ İ, ı ↔ I): when it holds a letter only Turkish and Azerbaijani
// write, or when the context's language (or, without one, its place) is
// Turkish or Azerbaijani and the name holds a Turkish letter. A name in
// plain ASCII under a Turkish context keeps the default rules: a source
// that wrote no Turkish letters wrote I for İ as well as for I.
func turkishCase(c *nameapi.Context, p *nameapi.InputPerson) bool {
	if p == nil || p.PersonName == nil {
		return false
	}
	ctx := false
	if c != nil {
		lang := strings.ToLower(c.Language)
		place := strings.ToUpper(c.Place)
		ctx = lang == "tr" || lang == "az" || (lang == "" && (place == "TR" || place == "AZ"))
	}
	for _, f := range p.PersonName.NameFields {
		if strings.ContainsAny(f.String, turkishOnly) || (ctx && strings.ContainsAny(f.String, turkishLetters)) {
			return true
		}
	}
	return false
}
