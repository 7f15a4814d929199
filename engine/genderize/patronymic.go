package genderize

import (
	"github.com/namepipe/namepipe/engine/lexicon"
	"github.com/namepipe/namepipe/nameapi"
)

// patronymicGender is the sex a Slavic patronymic among the given and
// middle names marks ("Pyotr Ilyich": male, "… Ivanovna": female), or ""
// when there is none; used when the given names are unknown.
func (e *Genderizer) patronymicGender(given []string) string {
	for _, g := range given[min(1, len(given)):] {
		if ok, male := lexicon.Patronymic(e.lex, g); ok {
			if male {
				return nameapi.GenderMale
			}
			return nameapi.GenderFemale
		}
	}
	return ""
}
