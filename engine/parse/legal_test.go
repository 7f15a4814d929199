package parse

import (
	"testing"

	"github.com/namepipe/namepipe/engine/text"
)

// TestSplitLegalFormEveryListedForm checks that every listed legal form is
// found after a business name, as written and with a comma before it (the
// quick rejection by last-word suffix must not lose one).
func TestSplitLegalFormEveryListedForm(t *testing.T) {
	l := text.Lists()
	n := 0
	for _, form := range l.LegalForms {
		for _, in := range []string{"Acme Widgets " + form, "Acme Widgets, " + form, "Acme Widgets ," + form} {
			name, got, ok := splitLegalForm(in)
			k := text.NKey(form)
			if len(k) == 2 && isTitleCased(form) {
				continue // deliberately read as a name
			}
			if !ok || name != "Acme Widgets" || text.NKey(got) != k {
				t.Errorf("splitLegalForm(%q) = %q, %q, %v", in, name, got, ok)
			}
			n++
		}
	}
	if n < 30 {
		t.Fatalf("only %d legal forms checked", n)
	}
	if _, _, ok := splitLegalForm("Peter Müller"); ok {
		t.Error("a person's name read as a legal form")
	}
}
