package engine

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/namepipe/namepipe/nameapi"
)

// emSummary renders a result as "TYPE given|surname" of the best match.
func emSummary(r *nameapi.EmailNameParserResult) string {
	if len(r.NameMatches) == 0 {
		return r.ResultType
	}
	m := r.NameMatches[0]
	var g, s []string
	for _, x := range m.GivenNames {
		g = append(g, strings.TrimSuffix(x.Name, ".")+emTypeMark(x.NameType))
	}
	for _, x := range m.Surnames {
		s = append(s, strings.TrimSuffix(x.Name, ".")+emTypeMark(x.NameType))
	}
	return r.ResultType + " " + strings.Join(g, ",") + "|" + strings.Join(s, ",")
}

func emTypeMark(t string) string {
	if t == nameapi.EmailNameTypeInitial {
		return "."
	}
	return ""
}

func TestParseEmailName(t *testing.T) {
	e := newTestEngine(t)
	tests := map[string]string{
		"john.smith@example.com":       "PERSON_NAME john|smith",
		"john.doe@gmail.com":           "PERSON_NAME john|doe",
		"John.Smith@Example.com":       "PERSON_NAME john|smith",
		"smith.john@example.com":       "PERSON_NAME john|smith",
		"mueller.petra@example.de":     "PERSON_NAME petra|mueller",
		"petra_mueller@example.de":     "PERSON_NAME petra|mueller",
		"jsmith@example.com":           "PERSON_NAME j.|smith",
		"j.smith@example.com":          "PERSON_NAME j.|smith",
		"j.smith1984@example.com":      "PERSON_NAME j.|smith",
		"john.smith84@example.com":     "PERSON_NAME john|smith",
		"johnsmith@example.com":        "PERSON_NAME john|smith",
		"john+news@example.com":        "PERSON_NAME john|",
		"john.f.kennedy@example.com":   "PERSON_NAME john,f.|kennedy",
		"jan.van.der.berg@example.nl":  "PERSON_NAME jan|van der berg",
		"js@example.com":               "INITIALS j.|s.",
		"info@example.com":             "FUNCTIONAL",
		"webmaster@example.com":        "FUNCTIONAL",
		"sales@example.com":            "FUNCTIONAL",
		"noreply@example.com":          "FUNCTIONAL",
		"no-reply@example.com":         "FUNCTIONAL",
		"do_not_reply@example.com":     "FUNCTIONAL",
		"info.berlin@example.com":      "FUNCTIONAL",
		"customer.service@example.com": "FUNCTIONAL",
		"asdf@example.com":             "NOT_A_NAME",
		"qwertz123@example.com":        "NOT_A_NAME",
		"test@example.com":             "NOT_A_NAME",
		"12345@example.com":            "NOT_A_NAME",
		"xkcdfghtr@example.com":        "NOT_A_NAME",
		"darkknight99@example.com":     "PSEUDONYM",
		"sweet.angel@example.com":      "PSEUDONYM",
		"angel84@example.com":          "PERSON_NAME angel|",
		"killer84@example.com":         "PSEUDONYM",
		"schmidtanna@example.de":       "PERSON_NAME anna|schmidt",
		"aduval@example.fr":            "PERSON_NAME a.|duval",
		"dr.mueller@example.de":        "PERSON_NAME |mueller",
		"xyzxyz@example.com":           "NOT_A_NAME",
		"not-an-address":               "UNKNOWN",
	}
	for in, want := range tests {
		r, err := e.ParseEmailName(context.Background(), &nameapi.InputWithEmail{EmailAddress: in})
		if err != nil {
			t.Fatalf("%s: %v", in, err)
		}
		if r.NameMatches == nil {
			t.Errorf("%s: nameMatches is nil", in)
		}
		for _, m := range r.NameMatches {
			if m.Confidence <= 0 || m.Confidence > 1 || m.GivenNames == nil || m.Surnames == nil {
				t.Errorf("%s: bad match %+v", in, m)
			}
		}
		if got := emSummary(r); got != want {
			t.Errorf("ParseEmailName(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestParseEmailNameInvalid(t *testing.T) {
	e := newTestEngine(t)
	for _, in := range []*nameapi.InputWithEmail{nil, {}, {EmailAddress: "  "}} {
		_, err := e.ParseEmailName(context.Background(), in)
		var ae *nameapi.Error
		if !errors.As(err, &ae) || !ae.InvalidInput() {
			t.Errorf("ParseEmailName(%+v) err = %v, want invalid input", in, err)
		}
	}
}

func BenchmarkParseEmailName(b *testing.B) {
	e := newTestEngine(b)
	ctx := context.Background()
	in := &nameapi.InputWithEmail{EmailAddress: "j.smith1984@example.com"}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := e.ParseEmailName(ctx, in); err != nil {
			b.Fatal(err)
		}
	}
}

// TestParseEmailNameInitialWithSurname holds the real service's answer to
// an initial with a surname: a PERSON_NAME, whose initial keeps the dot
// the address wrote after it; initials alone are INITIALS.
func TestParseEmailNameInitialWithSurname(t *testing.T) {
	e := newTestEngine(t)
	for in, want := range map[string][2]string{
		"pjohnson@example.com":    {"PERSON_NAME", "p|johnson"},
		"a.berziņs@example.lv":    {"PERSON_NAME", "a.|berziņs"},
		"r.anbuselvan@example.my": {"PERSON_NAME", "r.|anbuselvan"},
		"j.smith1984@example.com": {"PERSON_NAME", "j.|smith"},
		"jsmith@example.com":      {"PERSON_NAME", "j|smith"},
		"js@example.com":          {"INITIALS", "j|s"},
		"j.s@example.com":         {"INITIALS", "j.|s"},
	} {
		r, err := e.ParseEmailName(context.Background(), &nameapi.InputWithEmail{EmailAddress: in})
		if err != nil {
			t.Fatal(err)
		}
		if r.ResultType != want[0] || len(r.NameMatches) == 0 {
			t.Errorf("%s: %s, want %s", in, r.ResultType, want[0])
			continue
		}
		m := r.NameMatches[0]
		if len(m.GivenNames) == 0 || len(m.Surnames) == 0 {
			t.Errorf("%s: no given name or surname: %+v", in, m)
			continue
		}
		if got := m.GivenNames[0].Name + "|" + m.Surnames[0].Name; got != want[1] {
			t.Errorf("%s: %s, want %s", in, got, want[1])
		}
		if m.GivenNames[0].NameType != nameapi.EmailNameTypeInitial {
			t.Errorf("%s: given name type %s, want INITIAL", in, m.GivenNames[0].NameType)
		}
	}
}

// TestParseEmailNameEastAsianSurnameFirst holds "surname.given" with a
// Chinese, Korean or Vietnamese surname and an unlisted given name, and
// the lists' order where the other word is listed.
func TestParseEmailNameEastAsianSurnameFirst(t *testing.T) {
	e := newTestEngine(t)
	for in, want := range map[string]string{
		"lee.donghai@example.cn":      "PERSON_NAME donghai|lee",
		"nguyen.quangdung@example.vn": "PERSON_NAME quangdung|nguyen",
		"wang.xiaoming@example.cn":    "PERSON_NAME xiaoming|wang",
		"xiaoming.wang@example.cn":    "PERSON_NAME xiaoming|wang",
		"john.lee@example.com":        "PERSON_NAME john|lee",
		"lee.smith@example.com":       "PERSON_NAME lee|smith",
	} {
		r, err := e.ParseEmailName(context.Background(), &nameapi.InputWithEmail{EmailAddress: in})
		if err != nil {
			t.Fatal(err)
		}
		if got := emSummary(r); got != want {
			t.Errorf("%s: %s, want %s", in, got, want)
		}
	}
}
