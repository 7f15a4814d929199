package engine

import (
	"context"
	"testing"

	"github.com/namepipe/namepipe/nameapi"
)

// Run-together local parts: a known given name followed by a surname the
// lists may not hold is split into the two, lower case, with a
// confidence; words that only look like names joined stay what they are.
func TestParseEmailNameRunTogether(t *testing.T) {
	t.Parallel()
	e := realEngine(t)
	tests := map[string]string{
		"fatimahussein@example.org":      "PERSON_NAME fatima|hussein",
		"klauslauda@example.com":         "PERSON_NAME klaus|lauda",
		"anahithovhannisyan@example.am":  "PERSON_NAME anahit|hovhannisyan",
		"francoisweyergans@example.fr":   "PERSON_NAME francois|weyergans",
		"davidlevi@example.co.il":        "PERSON_NAME david|levi",
		"katarzynawisniewska@example.pl": "PERSON_NAME katarzyna|wisniewska",
		"olenashevchenko@example.ua":     "PERSON_NAME olena|shevchenko",
		"johnsmith@example.com":          "PERSON_NAME john|smith",
		// Surname first: the word that leans to a surname in the lists
		// is the surname.
		"meyerdaniela@example.de": "PERSON_NAME daniela|meyer",
		"muellerhans@example.de":  "PERSON_NAME hans|mueller",
		"schmidtpeter@example.de": "PERSON_NAME peter|schmidt",
		"sarahconnor@example.com": "PERSON_NAME sarah|connor",
		// A listed surname after a given name the lists do not hold.
		"marielossanchez@example.cr": "PERSON_NAME marielos|sanchez",
		"rosagarcia@example.es":      "PERSON_NAME rosa|garcia",
		"jsmith@example.com":         "PERSON_NAME j.|smith",
		"christina@example.de":       "PERSON_NAME christina|",
		"info@example.com":           "FUNCTIONAL",
		"asdfgh@example.com":         "NOT_A_NAME",
		"darkknight99@example.com":   "PSEUDONYM",
	}
	for in, want := range tests {
		t.Run(in, func(t *testing.T) {
			r, err := e.ParseEmailName(context.Background(), &nameapi.InputWithEmail{EmailAddress: in})
			if err != nil {
				t.Fatal(err)
			}
			if got := emSummary(r); got != want {
				t.Errorf("got %s, want %s", got, want)
			}
			if r.ResultType == nameapi.EmailResultPersonName {
				if c := r.NameMatches[0].Confidence; c < 0.5 || c > 1 {
					t.Errorf("confidence %v, want 0.5..1", c)
				}
			}
		})
	}
	// "sonnenschein" is a word, not "son" + "nenschein".
	r, err := e.ParseEmailName(context.Background(), &nameapi.InputWithEmail{EmailAddress: "sonnenschein@example.de"})
	if err != nil {
		t.Fatal(err)
	}
	if got := emSummary(r); got == "PERSON_NAME son|nenschein" {
		t.Errorf("sonnenschein split as %s", got)
	}
}
