package genderize

import (
	"github.com/namepipe/namepipe/engine/text"
	"github.com/namepipe/namepipe/nameapi"
)

// CapFakeValue lowers the confidence of g when the person's name is a
// placeholder, fictional or joke name (see FakeConfidence).
func CapFakeValue(g nameapi.GenderizerResult, given, surname string) nameapi.GenderizerResult {
	if g.Confidence > FakeConfidence && text.IsFakePerson(given, surname) {
		g.Confidence = FakeConfidence
	}
	return g
}

// FakeConfidence is the most confidence a gender gets when the name
// is a placeholder, fictional or joke name ("Santa Claus", "John Doe",
// "Mickey Mouse"): the given name's statistics say little about whoever
// typed it (Santa is a woman's name in Italy and Spain).
const FakeConfidence = 0.3
