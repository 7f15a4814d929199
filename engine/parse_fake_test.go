package engine

import "strings"

// fakeLex is a tiny Lexicon for tests that must not depend on the embedded
// dictionary.
type fakeLex struct {
	given    map[string]float64 // folded name → male proportion
	surnames map[string]bool
}

func newFakeLex() *fakeLex {
	l := &fakeLex{given: map[string]float64{}, surnames: map[string]bool{}}
	for _, g := range strings.Fields("peter:1 petra:0 maria:0 daniela:0 john:1 jane:0 thomas:1 michael:1 anna:0 ludwig:1 juan:1 carlos:1 gabriel:1 jean:1 pierre:1 william:1 bill:1 robert:1 bob:1 margaret:0 peggy:0 andrea:0.5 james:1 harry:1 mickey:1 sandy:0.3 max:1 hans:1 sarah:0 emma:0 lisa:0 paul:1 mark:1 kim:0.4") {
		name, p, _ := strings.Cut(g, ":")
		v := 0.0
		if p == "1" {
			v = 1
		} else if p != "0" {
			v = 0.5
		}
		l.given[name] = v
	}
	for _, s := range strings.Fields("müller mueller meyer meier smith doe johnson beethoven garcía garcia márquez marquez schmidt berg cruz bond potter mouse beach brown miller paul mark kim james") {
		l.surnames[s] = true
	}
	return l
}

// GenderVotes counts one vote for every name it knows.
func (l *fakeLex) GenderVotes(given, _ string) (float64, int, bool) {
	p, ok := l.given[strings.ToLower(given)]
	return p, 1, ok
}

// GivenVotes gives every known name (a hyphenated one when each part is
// known) the votes of a name that many sources list.
func (l *fakeLex) GivenVotes(s string) (int, bool) {
	if l.IsGivenName(s) {
		return 5, true
	}
	if !strings.Contains(s, "-") {
		return 0, false
	}
	for _, p := range strings.Split(s, "-") {
		if !l.IsGivenName(p) {
			return 0, false
		}
	}
	return 5, true
}
func (l *fakeLex) IsGivenName(s string) bool { _, ok := l.given[strings.ToLower(s)]; return ok }
func (l *fakeLex) IsSurname(s string) bool   { return l.surnames[strings.ToLower(s)] }
func (l *fakeLex) IsDisposableDomain(d string) bool {
	return d == "10minutemail.com" || strings.HasSuffix(d, ".10minutemail.com") || d == "mailinator.com"
}
func (l *fakeLex) IsFreemailDomain(d string) bool { return d == "gmail.com" || d == "web.de" }
func (l *fakeLex) IsISPDomain(d string) bool      { return d == "t-online.de" }

// SurnameMaleProportion knows the Slavic women's ending "-ova" only.
func (l *fakeLex) SurnameMaleProportion(s string) (float64, bool) {
	if strings.HasSuffix(strings.ToLower(s), "ova") {
		return 0, true
	}
	return 0, false
}

// SplitSurnameFirst knows no Chinese, Japanese or Korean names.
func (l *fakeLex) SplitSurnameFirst(string) (string, string, bool) { return "", "", false }
func (l *fakeLex) EndingMaleProportion(string) (float64, bool)     { return 0, false }
