package dedupe

import (
	"math"
	"slices"
	"testing"

	"github.com/namepipe/namepipe/nameapi"
)

func TestFromName(t *testing.T) {
	t.Parallel()
	tokens := []string{"john", "smith"}
	for _, c := range []struct {
		local string
		want  bool
	}{
		{"john.smith", true}, {"smith_john", true}, {"jsmith", true}, {"johns", true}, {"john.smith82", true},
		{"js", true}, {"john", true}, {"smithy", false}, {"sunnytiger12", false}, {"johnjohn", false},
		{"mary.smith", false}, {"j", false}, {"1234", false},
	} {
		if got := fromName(c.local, tokens); got != c.want {
			t.Errorf("fromName(%q) = %v, want %v", c.local, got, c.want)
		}
	}
	if fromName("john.smith", nil) {
		t.Error("a row without a name spells no address from it")
	}
}

// TestEmailFromNameIsNotEvidence: the same name-made local part at two
// providers is no evidence beyond the name; an unrelated one is.
func TestEmailFromNameIsNotEvidence(t *testing.T) {
	t.Parallel()
	person := func(given, surname, email string) Features {
		return Extract(0, &nameapi.InputPerson{
			PersonName:     &nameapi.InputPersonName{NameFields: []nameapi.NameField{{String: given, FieldType: nameapi.FieldGivenname}, {String: surname, FieldType: nameapi.FieldSurname}}},
			EmailAddresses: []nameapi.EmailAddress{{EmailAddress: email}},
		})
	}
	for _, c := range []struct {
		a, b Features
		want Level
	}{
		{person("John", "Smith", "john.smith@gmail.com"), person("John", "Smith", "john.smith@web.de"), EmailNameOtherDomain},
		{person("John", "Smith", "jsmith@gmail.com"), person("John", "Smith", "j.smith@web.de"), EmailNameOtherDomain},
		// One address made of both rows' names: weaker than an unrelated one.
		{person("John", "Smith", "john.smith@gmail.com"), person("John", "Smith", "john.smith@gmail.com"), Close},
		{person("John", "Smith", "bluetiger7@gmail.com"), person("John", "Smith", "bluetiger7@gmail.com"), Equal},
		{person("John", "Smith", "john.smith@gmail.com"), person("Eva", "Berg", "john.smith@gmail.com"), Equal},
		{person("John", "Smith", "bluetiger7@gmail.com"), person("John", "Smith", "bluetiger7@web.de"), Close},
		// An address that looks like a name, whichever part of it the rows kept.
		{person("Nelda", "", "pfeffer.nelda@aol.com"), person("Nelda", "", "pfeffer.nelda@web.de"), EmailNameOtherDomain},
		{person("Eva", "", "anna.schmidt@aol.com"), person("Eva", "", "annaschmidt@web.de"), EmailNameOtherDomain},
		{person("Eva", "", "annaschmidt@web.de"), person("Eva", "", "anna.schmidt@aol.com"), EmailNameOtherDomain},
		// A row without a name takes the one its address spells.
		{person("John", "Smith", "john.smith@gmail.com"), person("", "", "john.smith@web.de"), EmailNameOtherDomain},
		{person("John", "Smith", "jsmith7@gmail.com"), person("", "", "jsmith7@web.de"), Close},
	} {
		var v Vector
		compareOthers(&c.a, &c.b, &v)
		if v[FieldEmail] != c.want {
			t.Errorf("%v / %v: email level %d, want %d", c.a.Emails, c.b.Emails, v[FieldEmail], c.want)
		}
	}
}

// TestSharedCounts: a pair compared under the name rule that also shares
// an email key counts for the email rule's training too, once.
func TestSharedCounts(t *testing.T) {
	t.Parallel()
	keys := [][]blockKey{
		{{h: 1, rule: RuleNameTokens}, {h: 2, rule: RuleEmail}, {h: 3, rule: RuleBirth}},
		{{h: 1, rule: RuleNameTokens}, {h: 2, rule: RuleEmail}, {h: 4, rule: RuleBirth}},
		{{h: 5, rule: RuleNameTokens, capped: true}, {h: 3, rule: RuleBirth}},
		{{h: 5, rule: RuleNameTokens, capped: true}, {h: 3, rule: RuleBirth}},
	}
	if m := sharedMask(keys[0], keys[1]); m != 1<<RuleEmail {
		t.Errorf("pair 0-1: mask %b, want the email rule only", m)
	}
	// compared under birth: the name block was capped
	if m := sharedMask(keys[2], keys[3]); m != 1<<RuleNameTokens {
		t.Errorf("pair 2-3: mask %b, want the name rule only", m)
	}
	counts := make([]PatternCounts, NumRules)
	for r := range counts {
		counts[r] = NewPatternCounts()
	}
	p := Vector{NameEqual, BirthDifferent, Equal, Missing, Missing}.Pattern()
	AddShared(counts, keys[0], keys[1], p)
	if counts[RuleNameTokens][p] != 0 || counts[RuleEmail][p] != 1 || counts[RuleBirth][p] != 0 {
		t.Errorf("pair 0-1: name %d email %d birth %d, want 0 1 0", counts[RuleNameTokens][p], counts[RuleEmail][p], counts[RuleBirth][p])
	}
}

func TestPlausible(t *testing.T) {
	t.Parallel()
	var r emResult
	for f := Field(0); f < numFields; f++ {
		r.m[f] = priorMOf(f, nil)
	}
	r.learned[FieldBirth] = true
	if !r.plausible() {
		t.Error("the prior is not plausible")
	}
	r.m[FieldBirth] = []float64{0, 0.01, 0, 0.01, 0.98}
	if r.plausible() {
		t.Error("matches whose birth dates nearly all differ are plausible")
	}
}

// TestNameTermFrequency: a rare name agreeing weighs more than the level's
// average, a common one less; names that agree only through a nickname
// or a misspelling are not adjusted.
func TestNameTermFrequency(t *testing.T) {
	t.Parallel()
	m := &Model{}
	for f := Field(0); f < numFields; f++ {
		m.U[f] = make([]float64, f.Levels())
		for l := range m.U[f] {
			m.U[f][l] = 0.01
		}
	}
	name := func(words ...string) Features { return Features{Tokens: words} }
	var feats []Features
	for i := range 1000 {
		switch {
		case i < 200:
			feats = append(feats, name("john", "smith"))
		case i < 202:
			feats = append(feats, name("menardo", "dutto"))
		default:
			feats = append(feats, name("x"+string(rune('a'+i%26)), "y"+string(rune('a'+i/26%26))))
		}
	}
	tf := newTermFreq(m, feats)
	shares := newNameShares(countWords(nil, feats), tf.rows[FieldName])
	common, rare := name("john", "smith"), name("dutto", "menardo")
	for _, c := range []struct {
		name  string
		a, b  Features
		level Level
		sign  int
	}{
		{"common full name", common, common, NameEqual, -1},
		{"rare full name, swapped", name("menardo", "dutto"), rare, NameEqual, +1},
		{"rare given name alone", name("menardo"), rare, NameMatching, +1},
		{"common given name alone", name("john"), common, NameMatching, -1},
		{"nickname", name("johnny", "smith"), common, NameMatching, 0},
		{"rare name misspelt", name("menardo", "duttto"), rare, NameSimilar, +1},
		{"common name misspelt", name("jonh", "smith"), common, NameSimilar, -1},
		{"different", name("menardo"), common, NameDifferent, 0},
	} {
		got := tf.adjustName(shares.logU(&c.a, &c.b, c.level), Vector{FieldName: c.level}.Pattern())
		if c.sign == 0 && got != 0 || c.sign*int(math.Copysign(1, got)) <= 0 && c.sign != 0 || got < tfNameMin || got > tfNameMax {
			t.Errorf("%s: adjustment %.2f, want sign %d within [%g, %g]", c.name, got, c.sign, tfNameMin, tfNameMax)
		}
	}
}

func TestNameFromEmail(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		given, email string
		want         []string
	}{
		{"", "anna.schmidt@web.de", []string{"anna", "schmidt"}},
		{"", "schmidt_anna_maria@web.de", []string{"schmidt", "anna", "maria"}},
		{"", "aschmidt@web.de", nil},
		{"", "anna.schmidt77@web.de", nil},
		{"", "a.schmidt@web.de", nil},
		{"Eva", "anna.schmidt@web.de", []string{"eva"}},
		{"Anna", "anna.schmidt@web.de", []string{"anna", "schmidt"}}, // the surname from the address
		{"Anna", "schmidt.anna@web.de", []string{"anna", "schmidt"}},
		{"Anna", "anna.anna@web.de", []string{"anna"}},
	} {
		p := &nameapi.InputPerson{EmailAddresses: []nameapi.EmailAddress{{EmailAddress: c.email}}}
		if c.given != "" {
			p.PersonName = &nameapi.InputPersonName{NameFields: []nameapi.NameField{{String: c.given, FieldType: nameapi.FieldGivenname}}}
		}
		f := Extract(0, p)
		if !slices.Equal(f.Tokens, c.want) {
			t.Errorf("%q %q: name words %q, want %q", c.given, c.email, f.Tokens, c.want)
		}
		if len(c.want) > 0 && len(f.Names) == 0 {
			t.Errorf("%q: no name fields for the matcher", c.email)
		}
	}
}

// TestWithoutMatches: random pairs that are matches are taken out of u,
// within bounds, and u stays a distribution.
func TestWithoutMatches(t *testing.T) {
	t.Parallel()
	m := &Model{Lambda: 0.001}
	var u [maxFields][]float64
	for f := Field(0); f < numFields; f++ {
		u[f] = make([]float64, f.Levels())
		m.M[f] = make([]float64, f.Levels())
		u[f][1], m.M[f][1] = 0.002, 0.9 // half the equal pairs are matches
		u[f][f.different()], m.M[f][f.different()] = 0.998, 0.1
	}
	m.M[FieldEmail][1] = 50 // more matches than pairs: the floor holds
	got := withoutMatches(u, m)
	for f := Field(0); f < numFields; f++ {
		sum := 0.0
		for l, x := range got[f] {
			if f.weighs(Level(l)) {
				sum += x
			}
		}
		if math.Abs(sum-1) > 1e-9 {
			t.Errorf("%v: u sums to %g", f, sum)
		}
	}
	if x := got[FieldBirth][1]; math.Abs(x-0.0011/0.999/(1-0.0001/0.999)) > 2e-4 {
		t.Errorf("birth equal: u %g, want about 0.0011", x)
	}
	if x := got[FieldEmail][1]; x < 0.002/4*0.99 || x > 0.002/4*1.01 {
		t.Errorf("email equal: u %g, want the floor %g", x, 0.002/4)
	}
}

// TestPartialNameKeys: a row that kept only part of the name meets the
// full row through one name word and the place.
func TestPartialNameKeys(t *testing.T) {
	t.Parallel()
	row := func(given, surname, city string, year int) Features {
		p := &nameapi.InputPerson{PersonName: &nameapi.InputPersonName{}}
		if given != "" {
			p.PersonName.NameFields = append(p.PersonName.NameFields, nameapi.NameField{String: given, FieldType: nameapi.FieldGivenname})
		}
		if surname != "" {
			p.PersonName.NameFields = append(p.PersonName.NameFields, nameapi.NameField{String: surname, FieldType: nameapi.FieldSurname})
		}
		if city != "" {
			p.Addresses = []nameapi.AddressRelation{{Address: &nameapi.InputAddress{PlaceInfo: &nameapi.PlaceInfo{Locality: city}}}}
		}
		if year != 0 {
			p.Age = nameapi.NewBirthYear(year)
		}
		return Extract(0, p)
	}
	shares := func(a, b Features, r Rule) bool {
		for _, x := range Keys(&a, r) {
			if slices.Contains(Keys(&b, r), x) {
				return true
			}
		}
		return false
	}
	full := row("Vincenzo", "Occhipinti", "Vazzano", 1958)
	for _, c := range []struct {
		name string
		b    Features
		rule Rule
		want bool
	}{
		{"surname alone, same place", row("", "Occhipinti", "Vazzano", 0), RuleNamePlace, true},
		{"swapped: the surname as a given name", row("Occhipinti", "", "Vazzano", 0), RuleNamePlace, true},
		{"surname misspelt alike, same place", row("", "Occhipinty", "Vazzano", 0), RuleNamePlace, true},
		{"other place", row("", "Occhipinti", "Berlin", 0), RuleNamePlace, false},
		{"other name", row("Maria", "", "Vazzano", 0), RuleNamePlace, false},
	} {
		if got := shares(full, c.b, c.rule); got != c.want {
			t.Errorf("%s: shares a %v key %v, want %v", c.name, c.rule, got, c.want)
		}
	}
}

func TestWordsWithin(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		a, b []string
		want bool
	}{
		{[]string{"garnett"}, []string{"garnett", "gulgowski"}, true},
		{[]string{"gulgowski", "garnett"}, []string{"garnett"}, true},
		{[]string{"g", "garnett"}, []string{"garnett", "gulgowski"}, true},
		{[]string{"garnet"}, []string{"garnett", "gulgowski"}, false},
		{[]string{"g"}, []string{"garnett"}, false},
	} {
		if got := wordsWithin(c.a, c.b); got != c.want {
			t.Errorf("wordsWithin(%q, %q) = %v, want %v", c.a, c.b, got, c.want)
		}
	}
}

// TestMissingIsNeutral: a field one row lacks neither agrees nor
// disagrees (Splink's null level): a pair with nothing compared weighs
// the prior, and a missing field adds nothing to the others.
func TestMissingIsNeutral(t *testing.T) {
	t.Parallel()
	m := Model{Lambda: 0.001}
	for f := Field(0); f < numFields; f++ {
		m.M[f] = priorMOf(f, nil)
		m.U[f] = make([]float64, f.Levels())
		for l := 1; l < f.Levels(); l++ {
			m.U[f][l] = 0.1
		}
	}
	prior := math.Log2(0.001 / 0.999)
	if w := m.Weight(Vector{}); math.Abs(w-prior) > 1e-12 {
		t.Errorf("nothing compared: weight %g, want the prior %g", w, prior)
	}
	a := m.Weight(Vector{FieldName: NameEqual})
	b := m.Weight(Vector{FieldName: NameEqual, FieldEmail: Missing, FieldBirth: Missing})
	if a != b {
		t.Errorf("missing fields changed the weight: %g vs %g", a, b)
	}
}
