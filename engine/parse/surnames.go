package parse

import (
	"strings"

	"github.com/namepipe/namepipe/engine/script"
	"github.com/namepipe/namepipe/engine/text"
	"github.com/namepipe/namepipe/nameapi"
)

// splitSurnames writes a surname of several names as one SURNAME term per
// name, as the real service answers: "García López" is García and López,
// "Fernández de la Torre" Fernández and "de la Torre" (a particle belongs
// to the name after it, Kyrgyz "uulu" to the name before it: "Zhanybek
// uulu" stays one), in the scripts with letter case (an Arabic "بن عبد
// الكريم" stays one). A surname joined by a conjunction ("Ortega y Gasset",
// "Puig i Cadafalch") is one name. Terms are returned as they are when no
// surname holds a space (the common case, without allocating).
func splitSurnames(terms []nameTerm) []nameTerm {
	split := false
	for _, t := range terms {
		if t.typ == nameapi.TermSurname && strings.IndexByte(t.text, ' ') >= 0 && script.Of(t.text).Cased() {
			split = true
			break
		}
	}
	if !split {
		return terms
	}
	out := make([]nameTerm, 0, len(terms)+2)
	for _, t := range terms {
		if t.typ != nameapi.TermSurname || strings.IndexByte(t.text, ' ') < 0 || !script.Of(t.text).Cased() {
			out = append(out, t)
			continue
		}
		out = appendSurnameNames(out, t)
	}
	return out
}

// appendSurnameNames appends the names of the surname term t, each a
// SURNAME term at t's position.
func appendSurnameNames(out []nameTerm, t nameTerm) []nameTerm {
	l := text.Lists()
	words := strings.Fields(t.text)
	var kb [64]byte // a word's key on the stack: no allocation for a capitalised word
	for _, w := range words {
		k := text.AppendNKey(kb[:0], w)
		if text.SurnameJoiners[string(k)] && w == strings.ToLower(w) || w == "-" || text.IsInitial(w) {
			// "Ortega y Gasset": one name; a surname with an initial
			// in it is no list of names.
			return append(out, t)
		}
	}
	start := len(out)
	prefix := 0 // the particles waiting for their name
	for i, w := range words {
		k := text.NKey(w)
		switch {
		case l.ParticlesAfter[k] && len(out) > start:
			// "Zhanybek uulu": "son of" belongs to the name before it.
			out[len(out)-1].text += " " + w
		case l.Particles[k] && i < len(words)-1:
			prefix++
		default:
			name := strings.Join(words[i-prefix:i+1], " ")
			out = append(out, nameTerm{text: name, typ: nameapi.TermSurname, pos: t.pos})
			prefix = 0
		}
	}
	return out
}
