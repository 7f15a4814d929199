package mapping

import (
	"bytes"
	"context"
	"errors"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/namepipe/namepipe/nameapi"
	"github.com/namepipe/namepipe/record"
)

// Calling the service for a built request, and its results as columns.

// fakeService answers every operation with fixed results and records the inputs.
type fakeService struct {
	nameapi.Service
	got map[Op]any
}

func (f *fakeService) ParsePersonName(_ context.Context, in *nameapi.InputWithPerson) (*nameapi.PersonNameParserResult, error) {
	f.got[OpParse] = in
	return &nameapi.PersonNameParserResult{Matches: []nameapi.ParsedPersonMatch{{
		ParsedPerson: &nameapi.ParsedPerson{PersonType: nameapi.PersonTypeNatural, Gender: &nameapi.GenderizerResult{Gender: "FEMALE"},
			OutputPersonName: &nameapi.OutputPersonName{Terms: []nameapi.Term{{String: "Dr.", TermType: "TITLE"}, {String: "Petra", TermType: "GIVENNAME"}, {String: "Müller", TermType: "SURNAME"}}}},
		ParserDisputes: []nameapi.ParserDispute{{DisputeType: "SPELLING"}},
		Confidence:     0.9,
	}}}, nil
}
func (f *fakeService) GenderizePerson(_ context.Context, in *nameapi.InputWithPerson) (*nameapi.GenderizerResult, error) {
	f.got[OpGenderize] = in
	mp := 0.02
	return &nameapi.GenderizerResult{Gender: "FEMALE", Confidence: 0.95, MaleProportion: &mp}, nil
}
func (f *fakeService) DetectRisk(_ context.Context, in *nameapi.InputWithPerson) (*nameapi.RiskDetectorResult, error) {
	f.got[OpRisk] = in
	return nil, nameapi.NewInvalidInputError("riskdetector", "bad\ninput")
}
func (f *fakeService) DetectDisposableEmail(_ context.Context, e string) (*nameapi.DisposableEmailAddressDetectorResult, error) {
	f.got[OpDisposable] = e
	return &nameapi.DisposableEmailAddressDetectorResult{Disposable: "YES"}, nil
}
func (f *fakeService) ParseEmailName(_ context.Context, in *nameapi.InputWithEmail) (*nameapi.EmailNameParserResult, error) {
	f.got[OpEmailName] = in
	return &nameapi.EmailNameParserResult{ResultType: "PERSON_NAME", NameMatches: []nameapi.EmailNameParserMatch{{
		GivenNames: []nameapi.NameFromEmailAddress{{Name: "petra", NameType: "NAME"}}, Surnames: []nameapi.NameFromEmailAddress{{Name: "mueller", NameType: "NAME"}}, Confidence: 0.8}}}, nil
}
func (f *fakeService) FormatPersonName(_ context.Context, in *nameapi.PersonNameFormatterInput) (*nameapi.FormatterResult, error) {
	f.got[OpFormat] = in
	return &nameapi.FormatterResult{Formatted: "Petra Müller"}, nil
}
func (f *fakeService) ClassifyEmailDomain(_ context.Context, e string) (*nameapi.EmailDomainTypeClassifierResult, error) {
	f.got[OpClassify] = e
	return &nameapi.EmailDomainTypeClassifierResult{DomainType: "DISPOSABLE"}, nil
}

func TestCallApplyEncode(t *testing.T) {
	// The key comes from the caller (config.Engine.APIKey), not from the
	// environment: binding a schema reads no environment variable.
	const secret = "planted-key-77a1"
	src := head + "engine: {kind: nameapi, baseURL: \"https://x.test/\", apiKeyEnv: NP_APPLY_KEY}\n" +
		"person: {fullName: n, email: [e, e2], phone: ph, birthDate: d}\noperations:\n  - parse\n  - genderize\n  - risk\n  - {op: disposable, column: e2}\n  - emailname\n  - format\n  - classify\n"
	p := mustPlan(t, src, schemaOf("n", "e", "e2", "ph", "d"), Redacting(secret))
	req, err := p.Build(row("Dr. Petra Müller", "petra.mueller@example.test", "p@mailinator.com", "+49 1", "1980-01-02"))
	if err != nil {
		t.Fatal(err)
	}
	svc := &fakeService{got: map[Op]any{}}
	outcomes := map[Op]Outcome{}
	for _, op := range p.Ops() {
		v, err := Call(context.Background(), svc, op, req)
		if op != OpRisk && err == nil {
			// Round trip through the cache encoding must give the same columns.
			b, err := EncodeResult(op, v)
			if err != nil {
				t.Fatal(err)
			}
			d, err := DecodeResult(op, b)
			if err != nil {
				t.Fatal(err)
			}
			v = d
		}
		outcomes[op] = Outcome{Value: v, Err: err}
	}
	// The name operations get only the name part; risk gets everything.
	if in := svc.got[OpParse].(*nameapi.InputWithPerson); len(in.InputPerson.EmailAddresses) != 0 || in.InputPerson.Age != nil {
		t.Errorf("parse got contact data: %+v", in.InputPerson)
	}
	if in := svc.got[OpRisk].(*nameapi.InputWithPerson); len(in.InputPerson.EmailAddresses) != 2 || in.InputPerson.Age == nil || len(in.InputPerson.TelNumbers) != 1 {
		t.Errorf("risk did not get all data: %+v", in.InputPerson)
	}
	if svc.got[OpDisposable] != "p@mailinator.com" || svc.got[OpClassify] != "petra.mueller@example.test" {
		t.Errorf("email ops got %v / %v", svc.got[OpDisposable], svc.got[OpClassify])
	}

	outcomes[OpFormat] = Outcome{Err: errors.New("upstream said: key " + secret + " rejected")}
	vals := p.Apply(outcomes, nil)
	if len(vals) != p.ResultColumns() {
		t.Fatalf("len %d", len(vals))
	}
	got := map[string]record.Value{}
	out := p.OutputSchema().Fields[5:]
	for i, v := range vals {
		got[out[i].Name] = v
	}
	want := map[string]record.Value{
		"np_given_name": "Petra", "np_surname": "Müller", "np_title": "Dr.", "np_middle_name": nil, "np_person_type": "NATURAL",
		"np_parsed_gender": "FEMALE", "np_parse_confidence": 0.9, "np_parse_disputes": "SPELLING",
		"np_gender": "FEMALE", "np_gender_confidence": 0.95, "np_male_proportion": 0.02,
		"np_risk_score": nil, "np_risk_types": nil,
		"np_disposable_email": "YES", "np_email_name_type": "PERSON_NAME", "np_email_given_name": "petra", "np_email_surname": "mueller",
		"np_email_name_confidence": 0.8, "np_formatted_name": nil, "np_format_unknown": nil, "np_email_domain_type": "DISPOSABLE",
	}
	for k, w := range want {
		if got[k] != w {
			t.Errorf("%s = %#v, want %#v", k, got[k], w)
		}
	}
	e, _ := got["np_error"].(string)
	if !strings.HasPrefix(e, "risk: nameapi riskdetector: HTTP 400 BadRequest: bad input | format: ") {
		t.Errorf("error column %q", e)
	}
	if strings.Contains(e, secret) || !strings.Contains(e, nameapi.RedactedKey) || strings.Contains(e, "\n") {
		t.Errorf("error column not cleaned: %q", e)
	}
	// ApplyInto gives the same values from outcomes indexed like Ops(),
	// overwriting whatever dst held; an op left out (zero Outcome) leaves
	// its columns empty.
	byIndex := make([]Outcome, len(p.Ops()))
	for i, op := range p.Ops() {
		byIndex[i] = outcomes[op]
	}
	dst := make([]record.Value, p.ResultColumns())
	for i := range dst {
		dst[i] = "stale"
	}
	p.ApplyInto(dst, byIndex, nil)
	if !reflect.DeepEqual(dst, vals) {
		t.Errorf("ApplyInto = %v, want Apply's %v", dst, vals)
	}
	// ApplyOp gives each op's columns alone, as ApplyInto sets them.
	for i, op := range p.Ops() {
		cols := p.ResultColumnsOf(op)
		one := make([]record.Value, len(cols))
		for k := range one {
			one[k] = "stale"
		}
		if byIndex[i].Err == nil {
			p.ApplyOp(one, op, byIndex[i].Value)
		} else {
			p.ApplyOp(one, op, nil)
		}
		for k, c := range cols {
			if one[k] != dst[c] {
				t.Errorf("ApplyOp(%s) column %d = %#v, ApplyInto's %#v", op, c, one[k], dst[c])
			}
		}
	}
	byIndex[slices.Index(p.Ops(), OpGenderize)] = Outcome{}
	p.ApplyInto(dst, byIndex, errors.New("row 1: bad date"))
	delete(outcomes, OpGenderize)
	if want := p.Apply(outcomes, errors.New("row 1: bad date")); !reflect.DeepEqual(dst, want) {
		t.Errorf("without genderize: ApplyInto = %v, want Apply's %v", dst, want)
	}
	if dst[len(dst)-1] == nil || !strings.HasPrefix(dst[len(dst)-1].(string), "row 1: bad date | risk: ") {
		t.Errorf("error column %q", dst[len(dst)-1])
	}
	// Every value has its column's type.
	for i, v := range vals {
		if v == nil {
			continue
		}
		var ok bool
		switch out[i].Type {
		case record.String:
			_, ok = v.(string)
		case record.Double:
			_, ok = v.(float64)
		case record.Bool:
			_, ok = v.(bool)
		}
		if !ok {
			t.Errorf("%s: %T for %s", out[i].Name, v, out[i].Type)
		}
	}
	// An op without input is an error from Call, not a panic.
	empty, _ := p.Build(row("", "", "", "", ""))
	if _, err := Call(context.Background(), svc, OpParse, empty); err == nil {
		t.Error("Call on a row without a name succeeded")
	}
	if vals := p.Apply(map[Op]Outcome{}, nil); vals[len(vals)-1] != nil {
		t.Errorf("no error but error column %v", vals[len(vals)-1])
	}
}

func TestDecodeErrors(t *testing.T) {
	if _, err := DecodeResult(OpGenderize, []byte("{")); err == nil {
		t.Error("bad JSON accepted")
	}
	if _, err := DecodeResult("nope", []byte("{}")); err == nil {
		t.Error("unknown op accepted")
	}
	if _, err := EncodeResult(OpParse, nil); err == nil {
		t.Error("nil encoded")
	}
}

func TestDescribe(t *testing.T) {
	t.Setenv("NP_DESCRIBE_KEY", "never-print-me-123")
	src := head + "engine: {kind: nameapi, baseURL: \"https://x.test/\", apiKeyEnv: NP_DESCRIBE_KEY}\n" +
		"person: {fullName: n, email: e, birthDate: d}\ncontext: {placeColumn: cc}\noperations: [parse, disposable]\n"
	p := mustPlan(t, src, schemaOf("n", "e", "d", "cc"))
	recs := []record.Record{
		{Index: 0, Line: 2, Values: []record.Value{"Petra Müller", "p@x.test", "1980-01-02", "de"}},
		{Index: 1, Line: 3, Values: []record.Value{"Hans", "", "1980-02-30", ""}},
		{Index: 2, Line: 4, Values: []record.Value{"Hans", "", "", ""}},
	}
	var b bytes.Buffer
	if err := p.Describe(&b, recs); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	for _, w := range []string{
		"operations: parse, disposable", `name field FULLNAME`, `<- column "n"`, "np_given_name", "np_error",
		"row 1 (line 2):", `"fieldType": "FULLNAME"`, `"place": "DE"`, `"emailAddress": "p@x.test"`,
		`row 2 (line 3):`, `day out of range`, "disposable: skipped", "$NP_DESCRIBE_KEY",
	} {
		if !strings.Contains(out, w) {
			t.Errorf("Describe output lacks %q", w)
		}
	}
	if strings.Contains(out, "never-print-me-123") {
		t.Error("Describe prints the API key")
	}
}

func TestGenderizeGetsNoStoredGender(t *testing.T) {
	p := mustPlan(t, head+"person: {fullName: n, gender: g}\noperations: [parse, genderize]\n", schemaOf("n", "g"))
	req, err := p.Build(row("Andrea Rossi", "m"))
	if err != nil {
		t.Fatal(err)
	}
	if g := Genderizer.PayloadFor(req).InputPerson.Gender; g != "" {
		t.Errorf("genderize gets stored gender %q", g)
	}
	if g := Parser.PayloadFor(req).InputPerson.Gender; g != "MALE" {
		t.Errorf("parse gets gender %q, want MALE", g)
	}
	other, _ := p.Build(row("Andrea Rossi", "f"))
	if other.Key(OpGenderize) != req.Key(OpGenderize) || other.Key(OpParse) == req.Key(OpParse) {
		t.Error("keys must follow what is sent")
	}
}

// TestRiskColumns checks the columns that join one field of every
// detected risk: distinct values in order, empty values left out.
func TestRiskColumns(t *testing.T) {
	p := mustPlan(t, head+"person: {fullName: n}\noperations: [{op: risk, fields: [risk_score, risk_types, risk_items, risk_reasons]}]\n", schemaOf("n"))
	tests := []struct {
		name  string
		risks []nameapi.DetectedRisk
		want  []record.Value // risk_types, risk_items, risk_reasons
	}{
		{"none", nil, []record.Value{nil, nil, nil}},
		{"one", []nameapi.DetectedRisk{{DataItem: "NAME", RiskType: nameapi.RiskPlaceholder, Reason: "placeholder name"}},
			[]record.Value{"PLACEHOLDER", "NAME", "placeholder name"}},
		{"distinct, in order", []nameapi.DetectedRisk{
			{DataItem: "EMAIL", RiskType: nameapi.RiskPlaceholder, Reason: "a"},
			{DataItem: "NAME", RiskType: nameapi.RiskFictional, Reason: ""},
			{DataItem: "EMAIL", RiskType: nameapi.RiskPlaceholder, Reason: "b"},
		}, []record.Value{"PLACEHOLDER,FICTIONAL", "EMAIL,NAME", "a; b"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			res := &nameapi.RiskDetectorResult{Score: 0.5, Risks: tc.risks}
			vals := p.Apply(map[Op]Outcome{OpRisk: {Value: RiskDetector.Result(res)}}, nil)
			if len(vals) != 5 {
				t.Fatalf("%d values, want 5 (4 columns and the error column): %v", len(vals), vals)
			}
			if vals[0] != 0.5 {
				t.Errorf("risk_score = %#v", vals[0])
			}
			for i, w := range tc.want {
				if vals[1+i] != w {
					t.Errorf("%s = %#v, want %#v", p.OutputSchema().Fields[2+i].Name, vals[1+i], w)
				}
			}
		})
	}
}
