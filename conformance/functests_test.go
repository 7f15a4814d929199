package conformance

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/namepipe/namepipe/nameapi"
	"github.com/namepipe/namepipe/server"
)

// The real service's own functional tests, ported as data
// (testdata/functests/*.tsv; each file's header names the repository, the
// paths, the commits and the licence). TestRealServiceFunctionalTests sends
// every case through the whole stack (the real nameapi.Client → loopback
// HTTP → `serve`'s REST paths → the embedded engine) and compares the same
// things the original assertions compare:
//
//   - parser: the n-th term of a term type (GIVENNAME#2=Nikolaus is the
//     original's getSecond(TermType.GIVENNAME); "~=" compares ignoring
//     case, as the original's equalsIgnoreCase; TITLE#count=2 is
//     getAll(TermType.TITLE).size()), the parsed person's gender,
//     the person type, and for MULTIPLE the same per person (p1., p2.);
//     "m2." the same of the second match, and "matches#min=2" at least two
//     matches (KR_1 reads the second match), "disputes#count" and
//     "dispute#1" the best match's parser disputes; a case written with both a full name and given name + surname fields
//     is two cases, as the original's data provider makes two invocations;
//   - genderizer: the gender;
//   - matcher: the match type of the whole person;
//   - email name parser: the result type and the n-th given name and
//     surname of the best reading (given#2 is getGivenNames().get(1));
//   - disposable email address detector: the YES/NO/UNKNOWN answer;
//   - formatter: the formatted string (with the original's FormatterProperties(true)).
//
// Every assertion is one check; a case passes when all its checks pass.
// The floors below are the measured rates rounded down, so that a
// regression fails; over all services the target, 75 % of cases
// and 85 % of checks, is the floor.

// functestFloors are the least passing rates (cases %, checks %) per service.
var functestFloors = map[string][2]float64{
	"parser":      {79, 91},
	"genderizer":  {78, 78},
	"matcher":     {83, 83},
	"emailparser": {84, 90},
	"formatter":   {97, 97},
	"disposable":  {100, 100},
}

// functestCase is one invocation of an original test.
type functestCase struct {
	id     string
	input  []string // one or two inputs, by service
	checks []string // "key=value"
}

// readFunctests reads one data file: '#' lines are the header, every other
// line is TAB-separated fields.
func readFunctests(t *testing.T, service string) [][]string {
	t.Helper()
	f, err := os.Open(filepath.Join("testdata", "functests", service+".tsv"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var rows [][]string
	sc := bufio.NewScanner(f)
	line := 0
	for sc.Scan() {
		line++
		s := sc.Text()
		if s == "" || strings.HasPrefix(s, "#") {
			continue
		}
		rows = append(rows, strings.Split(s, "\t"))
	}
	if err := sc.Err(); err != nil {
		t.Fatalf("%s.tsv:%d: %v", service, line, err)
	}
	return rows
}

// functestCases turns a service's rows into cases.
func functestCases(t *testing.T, service string) []functestCase {
	t.Helper()
	var out []functestCase
	for i, r := range readFunctests(t, service) {
		bad := func(msg string) { t.Fatalf("%s.tsv row %d (%s): %s", service, i+1, r[0], msg) }
		split := func(s string) []string {
			if s == "" {
				return nil
			}
			return strings.Split(s, "|")
		}
		switch service {
		case "parser":
			// id, full name, given name, surname, checks[, more field inputs ";;"-separated]
			if len(r) != 5 && len(r) != 6 {
				bad("want 5 or 6 fields")
			}
			if r[1] != "" {
				out = append(out, functestCase{r[0] + "/full", []string{r[1]}, split(r[4])})
			}
			if r[2] != "" || r[3] != "" {
				out = append(out, functestCase{r[0] + "/fields", []string{fieldsInput(r[2], r[3])}, split(r[4])})
			}
			if len(r) == 6 {
				for i, in := range strings.Split(r[5], ";;") {
					out = append(out, functestCase{fmt.Sprintf("%s/fields%d", r[0], i+2), []string{in}, split(r[4])})
				}
			}
		case "matcher":
			// id, name 1, name 2, match type
			if len(r) != 4 {
				bad("want 4 fields")
			}
			out = append(out, functestCase{r[0], r[1:3], []string{"match=" + r[3]}})
		case "genderizer":
			// id, name, gender
			if len(r) != 3 {
				bad("want 3 fields")
			}
			out = append(out, functestCase{r[0], r[1:2], []string{"gender=" + r[2]}})
		case "formatter":
			// id, name, formatted
			if len(r) != 3 {
				bad("want 3 fields")
			}
			out = append(out, functestCase{r[0], r[1:2], []string{"formatted=" + r[2]}})
		case "disposable":
			// id, address, answer
			if len(r) != 3 {
				bad("want 3 fields")
			}
			out = append(out, functestCase{r[0], r[1:2], []string{"disposable=" + r[2]}})
		case "emailparser":
			// id, address, checks
			if len(r) != 3 {
				bad("want 3 fields")
			}
			out = append(out, functestCase{r[0], r[1:2], split(r[2])})
		}
	}
	if len(out) == 0 {
		t.Fatalf("%s: no cases", service)
	}
	return out
}

// functestPerson is the input person of one case: a full name, or name
// fields written "GIVENNAME=…|SURNAME=…" (any nameapi field type; an empty
// value is an empty field, as the original's makeName(given, "")),
// optionally with the person's stated gender ("gender=MALE") or marked as a
// legal person ("legal=1").
func functestPerson(in string) *nameapi.InputPerson {
	first, _, _ := strings.Cut(in, "=")
	if !slices.Contains(nameapi.FieldTypes, first) && first != "gender" && first != "legal" {
		return nameapi.NewNaturalPerson(nameapi.Field(nameapi.FieldFullname, in))
	}
	var fields []nameapi.NameField
	gender, legal := "", false
	for _, part := range strings.Split(in, "|") {
		k, v, _ := strings.Cut(part, "=")
		switch k {
		case "gender":
			gender = v
		case "legal":
			legal = true
		default:
			fields = append(fields, nameapi.Field(k, v))
		}
	}
	if legal {
		return nameapi.NewLegalPerson(fields...)
	}
	p := nameapi.NewNaturalPerson(fields...)
	p.Gender = gender
	return p
}

// fieldsInput writes a given name and a surname as functestPerson reads them.
func fieldsInput(given, surname string) string {
	return nameapi.FieldGivenname + "=" + given + "|" + nameapi.FieldSurname + "=" + surname
}

// nthTerm returns the n-th (1-based) term of a type, and whether there is one.
func nthTerm(p *nameapi.ParsedPerson, typ string, n int) (string, bool) {
	if p == nil || p.OutputPersonName == nil {
		return "", false
	}
	for _, t := range p.OutputPersonName.Terms {
		if t.TermType == typ {
			n--
			if n == 0 {
				return t.String, true
			}
		}
	}
	return "", false
}

// parsedValue is what the parser answered for one check's key.
func parsedValue(pp *nameapi.ParsedPerson, key string) string {
	if strings.HasPrefix(key, "p") && len(key) > 3 && key[2] == '.' {
		i := int(key[1] - '1')
		if pp == nil || i < 0 || i >= len(pp.People) {
			return "<no person " + key[1:2] + ">"
		}
		return parsedValue(&pp.People[i], key[3:])
	}
	if pp == nil {
		return "<no parse>"
	}
	switch key {
	case "gender":
		if pp.Gender == nil {
			return "<none>"
		}
		return pp.Gender.Gender
	case "personType":
		return pp.PersonType
	}
	typ, num, _ := strings.Cut(key, "#")
	if num == "count" {
		count := 0
		if pp.OutputPersonName != nil {
			for _, t := range pp.OutputPersonName.Terms {
				if t.TermType == typ {
					count++
				}
			}
		}
		return strconv.Itoa(count)
	}
	n, err := strconv.Atoi(num)
	if err != nil {
		n = 1
	}
	if v, ok := nthTerm(pp, typ, n); ok {
		return v
	}
	return "<none>"
}

// answer runs one case and returns the value of every check's key.
func functestAnswer(ctx context.Context, s *stack, service string, c functestCase) (map[string]string, error) {
	got := map[string]string{}
	switch service {
	case "parser":
		r, err := s.client.ParsePersonName(ctx, &nameapi.InputWithPerson{InputPerson: functestPerson(c.input[0])})
		if err != nil {
			return nil, err
		}
		for _, ch := range c.checks {
			k, want, _ := strings.Cut(ch, "=")
			k = strings.TrimSuffix(k, "~")
			// "matches#min=2": at least that many matches (the original's
			// getMatches().size() >= 2); "m2." reads the second match.
			if k == "disputes#count" || k == "dispute#1" {
				var ds []nameapi.ParserDispute
				if len(r.Matches) > 0 {
					ds = r.Matches[0].ParserDisputes
				}
				if k == "disputes#count" {
					got[k] = strconv.Itoa(len(ds))
				} else if len(ds) > 0 {
					got[k] = ds[0].DisputeType
				} else {
					got[k] = "<none>"
				}
				continue
			}
			if k == "matches#min" {
				min, _ := strconv.Atoi(want)
				got[k] = strconv.Itoa(len(r.Matches))
				if len(r.Matches) >= min {
					got[k] = want
				}
				continue
			}
			i, key := 0, k
			if strings.HasPrefix(k, "m2.") {
				i, key = 1, k[3:]
			}
			var pp *nameapi.ParsedPerson
			if i < len(r.Matches) {
				pp = r.Matches[i].ParsedPerson
			}
			got[k] = parsedValue(pp, key)
		}
	case "genderizer":
		r, err := s.client.GenderizePerson(ctx, &nameapi.InputWithPerson{InputPerson: functestPerson(c.input[0])})
		if err != nil {
			return nil, err
		}
		got["gender"] = r.Gender
	case "matcher":
		r, err := s.client.MatchPersons(ctx, &nameapi.InputWithTwoPeople{
			InputPerson1: functestPerson(c.input[0]), InputPerson2: functestPerson(c.input[1])})
		if err != nil {
			return nil, err
		}
		got["match"] = r.MatchType
	case "formatter":
		r, err := s.client.FormatPersonName(ctx, &nameapi.PersonNameFormatterInput{
			InputPerson: functestPerson(c.input[0]), Properties: &nameapi.FormatterProperties{Dummy: true}})
		if err != nil {
			return nil, err
		}
		got["formatted"] = r.Formatted
	case "emailparser":
		r, err := s.client.ParseEmailName(ctx, &nameapi.InputWithEmail{EmailAddress: c.input[0]})
		if err != nil {
			return nil, err
		}
		got["type"] = r.ResultType
		var m nameapi.EmailNameParserMatch
		if len(r.NameMatches) > 0 {
			m = r.NameMatches[0]
		}
		for _, ch := range c.checks {
			k, _, _ := strings.Cut(ch, "=")
			kind, num, _ := strings.Cut(k, "#")
			n, err := strconv.Atoi(num)
			if err != nil {
				n = 1
			}
			var names []nameapi.NameFromEmailAddress
			switch kind {
			case "given":
				names = m.GivenNames
			case "surname":
				names = m.Surnames
			default:
				continue
			}
			got[k] = "<none>"
			if n >= 1 && n <= len(names) {
				got[k] = names[n-1].Name
			}
		}
	case "disposable":
		r, err := s.client.DetectDisposableEmail(ctx, c.input[0])
		if err != nil {
			return nil, err
		}
		got["disposable"] = r.Disposable
	}
	return got, nil
}

// TestRealServiceFunctionalTests runs the ported functional tests and
// prints, per service, the cases and checks passed; a rate under its floor
// fails.
func TestRealServiceFunctionalTests(t *testing.T) {
	s := newStack(t, server.Options{}, "")
	ctx := context.Background()
	services := make([]string, 0, len(functestFloors))
	for svc := range functestFloors {
		services = append(services, svc)
	}
	sort.Strings(services)
	var allCases, allPassed, allChecks, allOK int
	for _, svc := range services {
		cases := functestCases(t, svc)
		passed, checks, ok := 0, 0, 0
		var fails []string
		for _, c := range cases {
			got, err := functestAnswer(ctx, s, svc, c)
			if err != nil {
				// A case that expects the call to fail says so with the
				// value <error>; any other error fails its checks.
				got = map[string]string{}
				for _, ch := range c.checks {
					k, _, _ := strings.Cut(ch, "=")
					got[k] = "<error>"
				}
			}
			var wrong []string
			for _, ch := range c.checks {
				k, want, _ := strings.Cut(ch, "=")
				fold := strings.HasSuffix(k, "~")
				k = strings.TrimSuffix(k, "~")
				checks++
				if got[k] == want || fold && strings.EqualFold(got[k], want) {
					ok++
				} else {
					wrong = append(wrong, fmt.Sprintf("%s=%q want %q", k, got[k], want))
				}
			}
			if len(wrong) == 0 {
				passed++
			} else {
				fails = append(fails, fmt.Sprintf("%s %v: %s", c.id, c.input, strings.Join(wrong, ", ")))
			}
		}
		casePct := 100 * float64(passed) / float64(len(cases))
		checkPct := 100 * float64(ok) / float64(checks)
		t.Logf("functests %-11s cases %3d/%3d (%5.1f%%)  checks %4d/%4d (%5.1f%%)", svc, passed, len(cases), casePct, ok, checks, checkPct)
		if testing.Verbose() {
			for _, f := range fails {
				t.Logf("  miss %s", f)
			}
		}
		fl := functestFloors[svc]
		if casePct < fl[0] || checkPct < fl[1] {
			t.Errorf("%s: cases %.1f%% / checks %.1f%%, floors %.0f%% / %.0f%%", svc, casePct, checkPct, fl[0], fl[1])
		}
		allCases += len(cases)
		allPassed += passed
		allChecks += checks
		allOK += ok
	}
	allCasePct, allCheckPct := 100*float64(allPassed)/float64(allCases), 100*float64(allOK)/float64(allChecks)
	t.Logf("functests all         cases %3d/%3d (%5.1f%%)  checks %4d/%4d (%5.1f%%)", allPassed, allCases, allCasePct, allOK, allChecks, allCheckPct)
	// Issue 23's acceptance: 75 % of the cases and 85 % of the checks.
	if allCasePct < 75 || allCheckPct < 85 {
		t.Errorf("all services: cases %.1f%% / checks %.1f%%, floors 75%% / 85%%", allCasePct, allCheckPct)
	}
}
