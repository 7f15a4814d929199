package engine

import (
	"context"
	"testing"
)

// wantGender checks that GenderizePerson gives name (one full-name field)
// the gender want, naming the name, the answer and its confidence when not.
func wantGender(t *testing.T, e *Engine, name, want string) {
	t.Helper()
	g, err := e.GenderizePerson(context.Background(), fullname(name))
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	if g.Gender != want {
		t.Errorf("%s: %s %.2f, want %s", name, g.Gender, g.Confidence, want)
	}
}
