package mapping

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/namepipe/namepipe/config"
	"github.com/namepipe/namepipe/record"
)

// base is a valid config; cases replace or append lines.
const base = `input:
  path: in.csv
output:
  path: out.csv
person:
  fullName: full_name
  email: email
operations: [parse, disposable]
`

func TestParseValidDefaults(t *testing.T) {
	cfg, err := Parse([]byte(base), "c.yaml")
	if err != nil {
		t.Fatal(err)
	}
	if cfg.Engine.Kind != config.EngineLocal || cfg.Engine.Timeout != config.DefaultTimeout {
		t.Errorf("engine defaults: %+v", cfg.Engine)
	}
	if cfg.Run.Concurrency != config.DefaultConcurrency || cfg.Run.Retries != config.DefaultRetries || cfg.Run.Rate != 0 {
		t.Errorf("run defaults: %+v", cfg.Run)
	}
	if cfg.Input.Format != record.FormatCSV || cfg.Output.Format != record.FormatCSV || cfg.Output.ColumnPrefix() != "np_" {
		t.Errorf("io defaults: %+v %+v", cfg.Input, cfg.Output)
	}
	if got := cfg.Line("person.fullName"); got != 6 {
		t.Errorf("Line(person.fullName) = %d, want 6", got)
	}
	if !cfg.Input.HasHeader() {
		t.Error("header default")
	}
}

func TestParseFullConfig(t *testing.T) {
	src := `input: {path: in.parquet}
output: {path: out.jsonl, prefix: "x_", escapeFormulas: all}
engine:
  kind: nameapi
  baseURL: https://api.example.test/rest/v5.3/
  apiKeyEnv: NAMEAPI_KEY
  timeout: 2s
run: {concurrency: 16, rate: 50.5, retries: 5, maxConsecutiveFailures: 0, cache: cache.db}
person:
  type: {column: kind, legal: [company, org], natural: [person], default: legal}
  names:
    - {column: g, fieldType: givenname}
    - {column: s, fieldType: SURNAME}
    - {column: ism, fieldType: ISM}
    - {column: lf, fieldType: LEGAL_FORM}
  email: [e1, e2]
  phone: p
  birthDate: {column: dob, layouts: ["02.01.2006", "2006-01-02"]}
  birthYear: by
  ageRange: {yearStart: y1, yearEnd: y2}
  addresses:
    - {street: st, houseNumber: hn, postalCode: pc, locality: city, region: reg, country: cc, usage: delivery}
    - {string: addr}
  gender: {column: sex, values: {"1": male, "2": female}}
  maritalStatus: ms
  nationality: nat
  nativeLanguage: nl
  correspondenceLanguage: cl
  religion: rel
context:
  priority: REALTIME
  place: DE
  language: de
  textCase: UPPER_CASE
  writingSystems: [Latn, "Arab:ar"]
  properties: {b: "2", a: "1"}
  placeColumn: cc
operations:
  - parse
  - {op: genderize, fields: [gender]}
  - risk
  - {op: disposable, column: e2}
  - emailname
  - format
  - classify
`
	cfg, err := Parse([]byte(src), "full.yaml")
	if err != nil {
		t.Fatal(err)
	}
	if cfg.Input.Format != record.FormatParquet || cfg.Output.Format != record.FormatJSONL {
		t.Errorf("formats %q %q", cfg.Input.Format, cfg.Output.Format)
	}
	if cfg.Run.Burst != 51 {
		t.Errorf("burst default = %d, want 51", cfg.Run.Burst)
	}
	if cfg.Engine.Timeout != 2*time.Second {
		t.Errorf("timeout %v", cfg.Engine.Timeout)
	}
	if cfg.Person.Names[0].FieldType != "GIVENNAME" {
		t.Errorf("fieldType not normalised: %q", cfg.Person.Names[0].FieldType)
	}
	if len(cfg.Person.Phone) != 1 || cfg.Person.Phone[0] != "p" || len(cfg.Person.Email) != 2 {
		t.Errorf("lists: %v %v", cfg.Person.Phone, cfg.Person.Email)
	}
	if cfg.Operations[1].Op != OpGenderize || cfg.Operations[3].Column != "e2" {
		t.Errorf("ops: %+v", cfg.Operations)
	}
}

func TestParseErrors(t *testing.T) {
	cases := []struct {
		name string
		src  string
		want []string // substrings, each must appear
	}{
		{"unknown top key", base + "colums: x\n", []string{`c.yaml:9: colums: unknown key "colums"`}},
		{"unknown nested key with suggestion", strings.Replace(base, "  path: in.csv", "  path: in.csv\n  delimter: \";\"", 1),
			[]string{`c.yaml:3: input.delimter: unknown key "delimter" (did you mean "delimiter"?)`}},
		{"unknown key in op mapping", strings.Replace(base, "operations: [parse, disposable]", "operations:\n  - {op: parse, feilds: [surname]}", 1),
			[]string{`c.yaml:9: operations[0].feilds: unknown key`}},
		{"empty", "", []string{"config is empty"}},
		{"yaml syntax", "input: [\n", []string{"c.yaml"}},
		{"wrong shape", strings.Replace(base, "person:\n", "person: 3\nx:\n", 1), []string{"c.yaml:5: person: expected a mapping"}},
		{"type error has line", base + "run:\n  concurrency: lots\n", []string{"c.yaml", "line 10"}},
		{"duration as int", base + "engine:\n  timeout: 5\n", []string{"line 10"}},
		{"concurrency 0", base + "run:\n  concurrency: 0\n", []string{"c.yaml:10: run.concurrency: must be at least 1, got 0"}},
		{"burst 0 with rate", base + "run:\n  rate: 10\n  burst: 0\n", []string{"c.yaml:11: run.burst: must be at least 1 when run.rate is set"}},
		{"negative rate", base + "run:\n  rate: -1\n", []string{"c.yaml:10: run.rate"}},
		{"nameapi without url and key", base + "engine:\n  kind: nameapi\n", []string{"c.yaml:9: engine: kind nameapi needs engine.baseURL", "c.yaml:9: engine: kind nameapi needs engine.apiKeyEnv"}},
		{"apiKeyEnv holds a key", base + "engine:\n  kind: nameapi\n  baseURL: https://x.test/\n  apiKeyEnv: 3f9a-secret-key-value\n",
			[]string{"c.yaml:12: engine.apiKeyEnv: must be the NAME of an environment variable"}},
		{"local with url", base + "engine:\n  baseURL: https://x.test/\n", []string{"c.yaml:10: engine.baseURL: is only used with engine.kind: nameapi"}},
		{"unknown engine", base + "engine:\n  kind: magic\n", []string{`c.yaml:10: engine.kind: "magic": must be local or nameapi`}},
		{"bad date layout", strings.Replace(base, "  email: email\n", "  email: email\n  birthDate: {column: dob, layout: YYYY-MM-DD}\n", 1),
			[]string{`c.yaml:8: person.birthDate.layout: "YYYY-MM-DD" is not a date layout`, "2006-01-02"}},
		{"bad second layout", strings.Replace(base, "  email: email\n", "  email: email\n  birthDate:\n    column: dob\n    layouts: [\"2006-01-02\", \"02.01.\"]\n", 1),
			[]string{`c.yaml:10: person.birthDate.layouts[1]: "02.01." is not a date layout`}},
		{"parse without name", strings.Replace(base, "  fullName: full_name\n", "", 1), []string{"c.yaml:7: operations[0]: parse needs a name column"}},
		{"genderize without name", "input: {path: a.csv}\noutput: {path: b.csv}\nperson: {email: e}\noperations:\n  - genderize\n  - risk\n",
			[]string{"c.yaml:5: operations[0]: genderize needs a name column"}},
		{"risk without person data", "input: {path: a.csv}\noutput: {path: b.csv}\nperson: {}\noperations:\n  - risk\n",
			[]string{"c.yaml:5: operations[0]: risk needs a column of person data"}},
		{"disposable without email", strings.Replace(base, "  email: email\n", "", 1), []string{"c.yaml:7: operations[1]: disposable needs an email column"}},
		{"emailname/classify without email", "input: {path: a.csv}\noutput: {path: b.csv}\nperson: {fullName: n}\noperations: [emailname, classify]\n",
			[]string{"emailname needs an email column", "classify needs an email column"}},
		{"unknown op", strings.Replace(base, "[parse, disposable]", "[parse, translate]", 1), []string{`c.yaml:8: operations[1]: unknown operation "translate": must be one of`}},
		{"misspelt op", strings.Replace(base, "[parse, disposable]", "[parse, disposible]", 1), []string{`c.yaml:8: operations[1]: unknown operation "disposible" (did you mean "disposable"?)`}},
		{"duplicate op", strings.Replace(base, "[parse, disposable]", "[parse, disposable, parse]", 1), []string{"operation parse is listed twice"}},
		{"no ops", strings.Replace(base, "operations: [parse, disposable]\n", "", 1), []string{"operations: list at least one operation"}},
		{"unknown result field", strings.Replace(base, "[parse, disposable]", "\n  - {op: parse, fields: [surname, shoe_size]}", 1),
			[]string{`c.yaml:9: operations[0].fields[1]: unknown result field "shoe_size" of parse`}},
		{"output equals input", strings.Replace(base, "path: out.csv", "path: ./in.csv", 1), []string{"c.yaml:4: output.path: is the input file"}},
		{"fullname with parts", strings.Replace(base, "  email: email\n", "  email: email\n  names: [{column: g, fieldType: GIVENNAME}]\n", 1), []string{"c.yaml:6: person.fullName: a FULLNAME column cannot be combined"}},
		{"fullname with parts and names", strings.Replace(base, "  email: email\n", "  email: email\n  givenName: g\n  names: [{column: s, fieldType: SURNAME}]\n", 1), []string{"c.yaml:6: person.fullName: a FULLNAME column cannot be combined"}},
		{"legal with gender", strings.Replace(base, "person:\n", "person:\n  type: legal\n  gender: sex\n", 1), []string{"c.yaml:7: person.gender: applies only to natural persons"}},
		{"legal with givenname", "input: {path: a.csv}\noutput: {path: b.csv}\nperson:\n  type: legal\n  givenName: g\noperations: [parse]\n",
			[]string{"c.yaml:5: person.givenName: name field GIVENNAME is for natural persons"}},
		{"natural with legal name", strings.Replace(base, "  email: email\n", "  email: email\n  legalName: company\n", 1), []string{"c.yaml:8: person.legalName: name field LEGAL_NAME is for legal persons"}},
		{"bad person type", strings.Replace(base, "person:\n", "person:\n  type: robot\n", 1), []string{`c.yaml:6: person.type: "robot": must be natural, legal`}},
		{"type column without values", strings.Replace(base, "person:\n", "person:\n  type: {column: kind}\n", 1), []string{"c.yaml:6: person.type: needs a legal or natural list"}},
		{"bad field type", strings.Replace(base, "  email: email\n", "  email: email\n  names: [{column: x, fieldType: FIRSTNAME}]\n", 1),
			[]string{`c.yaml:8: person.names[0].fieldType: "FIRSTNAME": must be one of FULLNAME`}},
		{"bad gender value", strings.Replace(base, "  email: email\n", "  email: email\n  gender:\n    column: sex\n    values: {m: MAN}\n", 1),
			[]string{`c.yaml:10: person.gender.values.m: "MAN": must be one of MALE, FEMALE, UNKNOWN`}},
		{"bad usage", strings.Replace(base, "  email: email\n", "  email: email\n  address: {string: a, usage: HOLIDAY}\n", 1), []string{`person.address.usage: "HOLIDAY"`}},
		{"address two kinds", strings.Replace(base, "  email: email\n", "  email: email\n  address: {string: a, street: s}\n", 1), []string{"c.yaml:8: person.address: use one of string, lines or structured"}},
		{"age range both", strings.Replace(base, "  email: email\n", "  email: email\n  ageRange: {column: r, yearStart: a}\n", 1), []string{"person.ageRange: use either column"}},
		{"bad context", base + "context:\n  place: Germany\n  language: DE\n  textCase: shouting\n  writingSystems: [latin]\n  priority: NOW\n",
			[]string{`c.yaml:10: context.place: "Germany"`, `c.yaml:11: context.language: "DE"`, `c.yaml:12: context.textCase`, `c.yaml:13: context.writingSystems[0]`, `c.yaml:14: context.priority`}},
		{"bad delimiter", strings.Replace(base, "  path: in.csv", "  path: in.csv\n  delimiter: \";;\"", 1), []string{`c.yaml:3: input.delimiter: ";;": must be one character`}},
		{"delimiter on parquet", "input: {path: a.parquet, delimiter: \";\"}\noutput: {path: b.csv}\nperson: {fullName: n}\noperations: [parse]\n", []string{"c.yaml:1: input.delimiter: applies only to CSV"}},
		{"unknown extension", strings.Replace(base, "in.csv", "in.docx", 1), []string{`c.yaml:2: input.path: cannot tell the format from ".docx"`}},
		{"bad prefix", base + "output2: x\n", []string{"output2"}},
		{"prefix chars", strings.Replace(base, "  path: out.csv", "  path: out.csv\n  prefix: \"n p\"", 1), []string{`c.yaml:5: output.prefix: "n p"`}},
		{"headerless without columns", strings.Replace(base, "  path: in.csv", "  path: in.csv\n  header: false", 1), []string{"input.header: CSV input without a header line needs input.columns"}},
		{"two documents", base + "---\nx: 1\n", []string{"more than one YAML document"}},
		{"duplicate key", base + "input:\n  path: x.csv\n", []string{"already defined"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Parse([]byte(tc.src), "c.yaml")
			if err == nil {
				t.Fatal("no error")
			}
			for _, w := range tc.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error does not contain %q:\n%v", w, err)
				}
			}
		})
	}
}

func TestErrorsAreCollected(t *testing.T) {
	src := base + "run:\n  concurrency: 0\n  retries: -1\nengine:\n  kind: nameapi\n"
	_, err := Parse([]byte(src), "c.yaml")
	var ces config.Errors
	if !errors.As(err, &ces) {
		t.Fatalf("error %T is not config.Errors", err)
	}
	if len(ces) < 4 {
		t.Fatalf("want all problems at once, got %d: %v", len(ces), err)
	}
	for i := 1; i < len(ces); i++ {
		if ces[i].Line < ces[i-1].Line {
			t.Errorf("not in line order: %v", err)
		}
	}
}

func TestAPIKeyNeverInConfigErrors(t *testing.T) {
	// A key pasted into apiKeyEnv must not be echoed back.
	const pasted = "sk-live-0123456789abcdef"
	src := base + "engine:\n  kind: nameapi\n  baseURL: https://x.test/\n  apiKeyEnv: " + pasted + "\n"
	_, err := Parse([]byte(src), "c.yaml")
	if err == nil {
		t.Fatal("no error")
	}
	if strings.Contains(err.Error(), pasted) {
		t.Fatalf("error leaks the key: %v", err)
	}
}

func TestCheckLayout(t *testing.T) {
	for _, l := range []string{"2006-01-02", "02.01.2006", "01/02/2006", "2 Jan 2006", "20060102", "January 2, 2006", time.RFC3339} {
		if err := checkLayout(l); err != nil {
			t.Errorf("%q: %v", l, err)
		}
	}
	for _, l := range []string{"YYYY-MM-DD", "2006-01", "01/02", "dd.mm.yyyy", ""} {
		if err := checkLayout(l); err == nil {
			t.Errorf("%q: accepted", l)
		}
	}
}

// TestRiskWithoutName: risk screens lists with any person data, an
// email-only or phone-only list included (issue 23).
func TestRiskWithoutName(t *testing.T) {
	for _, person := range []string{"{email: e}", "{phone: p}", "{birthDate: {column: dob}}"} {
		src := "input: {path: a.csv}\noutput: {path: b.csv}\nperson: " + person + "\noperations: [risk]\n"
		if _, err := Parse([]byte(src), "c.yaml"); err != nil {
			t.Errorf("person %s: %v", person, err)
		}
	}
}
