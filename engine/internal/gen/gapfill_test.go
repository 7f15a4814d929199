package main

import (
	"slices"
	"testing"
)

func TestParsePHPPerson(t *testing.T) {
	src := []byte(`<?php
class Person extends \Faker\Provider\Person
{
    protected static $firstNameMale = [
        'Agnar', 'D\'Angelo',
    ];
    protected static $firstNameFemale = array(
        'Åse', 'Bjørg'
    );
    protected static $lastName = ['Hansen'];
}`)
	l := parsePHPPerson(src)
	if want := []string{"Agnar", "D'Angelo"}; !slices.Equal(l.Male, want) {
		t.Errorf("male %q, want %q", l.Male, want)
	}
	if want := []string{"Åse", "Bjørg"}; !slices.Equal(l.Female, want) {
		t.Errorf("female %q, want %q", l.Female, want)
	}
	if len(l.Last) != 0 {
		t.Errorf("surnames read: %q", l.Last)
	}
}

func TestParsePyPerson(t *testing.T) {
	tests := []struct {
		name         string
		src          string
		male, female []string
	}{
		{"tuples", `class Provider(PersonProvider):
    formats = ('{{first_name}} {{last_name}}',)
    first_names_male = (
        'Burghard', "O'Neil",
    )
    first_names_female = (
        # top names
        'Anneliese',
    )
    last_names = ('Schulze',)
`, []string{"Burghard", "O'Neil"}, []string{"Anneliese"}},
		{"ordered dict with weights, then a method", `class Provider(PersonProvider):
    first_names_female = OrderedDict((
        ('Aada', 0.001877),
    ))
    first_names_male = OrderedDict((
        ("Eetu", 9912),
    ))

    @staticmethod
    def suffix():
        return 'Jr.'
`, []string{"Eetu"}, []string{"Aada"}},
		{"built from other attributes", `class Provider(PersonProvider):
    first_names_male = set(first_names_male_est + first_names_male_rus)
    first_names_female = set(first_names_female_est)
`, nil, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			l := parsePyPerson([]byte(tt.src))
			if !slices.Equal(l.Male, tt.male) || !slices.Equal(l.Female, tt.female) {
				t.Errorf("got %q / %q, want %q / %q", l.Male, l.Female, tt.male, tt.female)
			}
		})
	}
}

func TestGapFill(t *testing.T) {
	known := map[string]votes{}
	agreeing := fakerLocale{}
	disagreeing := fakerLocale{}
	for i := range 30 {
		n := string(rune('a'+i%26)) + string(rune('a'+i/26)) + "name"
		known[n] = votes{m: 3}
		agreeing.Male = append(agreeing.Male, n)
		disagreeing.Female = append(disagreeing.Female, n)
	}
	agreeing.Male = append(agreeing.Male, "Agnar", "Salve", "Surnamé")
	agreeing.Female = append(agreeing.Female, "Åse")
	disagreeing.Male = append(disagreeing.Male, "Newname")
	lt := fakerLocale{Female: append(slices.Clone(agreeing.Male[:30]), "Salve")}
	lt.Male = nil
	// lt agrees on nothing it compares (it lists the known men's names
	// as women's): held back like disagreeing.
	locales := map[string]fakerLocale{"nb_NO": agreeing, "vi_VN": disagreeing, "lt_LT": lt, "ko_KR": agreeing}
	filled := func(k string) bool { return k == "surname" || known[k] != (votes{}) }
	got, checks := gapFill(locales, lang, known, filled)
	if c := checks["nb_NO"]; c.agree != 30 || c.disagree != 0 || !c.ok() {
		t.Errorf("nb_NO check %+v", c)
	}
	if c := checks["vi_VN"]; c.disagree != 30 || c.ok() {
		t.Errorf("vi_VN check %+v", c)
	}
	if got["vi"] != nil || got["lt"] != nil {
		t.Errorf("a disagreeing locale filled gaps: %v %v", got["vi"], got["lt"])
	}
	if got["ko"] != nil {
		t.Errorf("a language with its own model filled gaps: %v", got["ko"])
	}
	want := map[string]votes{"agnar": {m: 1}, "salve": {m: 1}, "åse": {f: 1}, "ase": {f: 1}}
	if len(got["nb"]) != len(want) {
		t.Errorf("nb: %v, want %v", got["nb"], want)
	}
	for n, v := range want {
		if got["nb"][n] != v {
			t.Errorf("nb %q: %+v, want %+v", n, got["nb"][n], v)
		}
	}
	// "Surnamé" folds to a surname another source holds: left out whole.
	if _, ok := got["nb"]["surnamé"]; ok {
		t.Error("a name whose folded form is a surname was added")
	}
}
