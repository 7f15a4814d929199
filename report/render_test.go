package report

import (
	"bytes"
	"strings"
	"testing"

	"github.com/namepipe/namepipe/mapping"
	"github.com/namepipe/namepipe/nameapi"
	"github.com/namepipe/namepipe/record"
)

// testLayout: columns name, email, country; all the counted operations.
func testLayout() Layout {
	schema := record.Schema{Fields: []record.Field{{Name: "name", Type: record.String}, {Name: "email", Type: record.String}, {Name: "country", Type: record.String}}}
	return Layout{
		Ops:    []mapping.Op{mapping.OpParse, mapping.OpGenderize, mapping.OpRisk, mapping.OpDisposable, mapping.OpClassify},
		Schema: schema,
		Shown:  []mapping.InputColumn{{Key: "person.fullName", Name: "name", Index: 0}, {Key: "person.email", Name: "email", Index: 1}},
		Place:  mapping.InputColumn{Key: "context.placeColumn", Name: "country", Index: 2},
		Email: map[mapping.Op]mapping.InputColumn{
			mapping.OpDisposable: {Name: "email", Index: 1}, mapping.OpClassify: {Name: "email", Index: 1}},
	}
}

func outcomes(personType, gender string, conf, score float64, risks []nameapi.DetectedRisk, disp, domType string) []mapping.Outcome {
	return []mapping.Outcome{
		{Value: mapping.Parser.Result(&nameapi.PersonNameParserResult{Matches: []nameapi.ParsedPersonMatch{{ParsedPerson: &nameapi.ParsedPerson{PersonType: personType}}}})},
		{Value: mapping.Genderizer.Result(&nameapi.GenderizerResult{Gender: gender, Confidence: conf})},
		{Value: mapping.RiskDetector.Result(&nameapi.RiskDetectorResult{Score: score, Risks: risks})},
		{Value: mapping.DisposableDetector.Result(&nameapi.DisposableEmailAddressDetectorResult{Disposable: disp})},
		{Value: mapping.Classifier.Result(&nameapi.EmailDomainTypeClassifierResult{DomainType: domType})},
	}
}

func render(t *testing.T, rep *Report) string {
	t.Helper()
	var buf bytes.Buffer
	if err := rep.Render(&buf); err != nil {
		t.Fatal(err)
	}
	return buf.String()
}

// Hostile values from the input and from the service are shown as text.
func TestRenderEscapesUserValues(t *testing.T) {
	t.Parallel()
	hostile := []string{
		`<script>alert(1)</script>`,
		`"><img src=x onerror=alert(1)>`,
		"evil\u202Egnp.exe",
		`</td></tr></table><h1>x</h1>`,
		"{{.R}}",
	}
	c := NewCollector(testLayout())
	for i, h := range hostile {
		risks := []nameapi.DetectedRisk{{DataItem: h, RiskType: nameapi.RiskType(h), Reason: "reason " + h}}
		c.Observe(&Row{Index: int64(i), Line: int64(i + 2), Values: []record.Value{h, h + "@" + h, h},
			Outcomes: outcomes(h, h, 0.9, 0.9, risks, h, h)})
		c.Observe(&Row{Index: int64(i), Values: []record.Value{h}, Problem: h, BadInput: true,
			Err: &mapping.RowError{Column: h, Msg: h}})
	}
	rep := &Report{Run: RunInfo{Input: hostile[0], Output: hostile[1], Config: hostile[2], Ops: testLayout().Ops},
		Totals: Totals{RowsIn: 10, Gender: map[string]int64{hostile[0]: 1}, Disposable: map[string]int64{hostile[1]: 1},
			Errors: ErrorTotals{ReaderProblem: 5, Build: 5}, RowsWithErrors: 5}, Data: c}
	var cc ClusterCollector
	cc.AddCluster(hostile[0], 3, hostile[1], []int64{1, 2, 3})
	rep.Dedupe = cc.Clusters()
	page := render(t, rep)
	for _, bad := range []string{"<script", "<img", "\u202E", "<h1>x"} {
		if strings.Contains(page, bad) {
			i := strings.Index(page, bad)
			t.Errorf("page contains %q: …%s…", bad, page[max(0, i-80):min(len(page), i+80)])
		}
	}
	for _, want := range []string{"&lt;script&gt;alert(1)&lt;/script&gt;", "&#34;&gt;&lt;img src=x onerror=alert(1)&gt;", "evil⟨U&#43;202E⟩gnp.exe"} {
		if !strings.Contains(page, want) {
			t.Errorf("page lacks %q", want)
		}
	}
}

func TestSectionsOnlyForTheirOperations(t *testing.T) {
	t.Parallel()
	cases := []struct {
		ops       []mapping.Op
		place     bool
		want, not []string
	}{
		{[]mapping.Op{mapping.OpParse}, false, []string{`id="h-persons"`}, []string{`id="h-gender"`, `id="h-risk"`, `id="h-email"`, `id="h-places"`, `id="h-err"`, `id="h-dedupe"`}},
		{[]mapping.Op{mapping.OpGenderize, mapping.OpDisposable}, true, []string{`id="h-gender"`, `id="h-email"`, `id="h-places"`}, []string{`id="h-persons"`, `id="h-risk"`}},
		{[]mapping.Op{mapping.OpRisk}, false, []string{`id="h-risk"`}, []string{`id="h-gender"`, `id="h-email"`}},
	}
	for _, tc := range cases {
		l := testLayout()
		l.Ops = tc.ops
		if !tc.place {
			l.Place.Index = -1
		}
		c := NewCollector(l)
		c.Observe(&Row{Values: []record.Value{"Anna", "a@b.de", "DE"}, Outcomes: make([]mapping.Outcome, len(tc.ops))})
		page := render(t, &Report{Run: RunInfo{Ops: tc.ops}, Totals: Totals{RowsIn: 1, RowsOut: 1}, Data: c})
		for _, w := range tc.want {
			if !strings.Contains(page, w) {
				t.Errorf("%v: no %s", tc.ops, w)
			}
		}
		for _, w := range tc.not {
			if strings.Contains(page, w) {
				t.Errorf("%v: has %s", tc.ops, w)
			}
		}
	}
}

func TestEngineLabelNeverShowsSecrets(t *testing.T) {
	t.Parallel()
	cases := []struct{ kind, url, want string }{
		{"local", "", "local (embedded)"},
		{"", "", "local (embedded)"},
		{"nameapi", "https://api.nameapi.org/rest/v5.3/?apiKey=SECRET", "remote service at https://api.nameapi.org"},
		{"nameapi", "https://user:SECRET@host.example:8443/rest/", "remote service at https://host.example:8443"},
		{"nameapi", "::bad", "remote service"},
	}
	for _, c := range cases {
		if got := EngineLabel(c.kind, c.url); got != c.want {
			t.Errorf("EngineLabel(%q, %q) = %q, want %q", c.kind, c.url, got, c.want)
		}
	}
}

func TestInputSection(t *testing.T) {
	t.Parallel()
	if page := render(t, &Report{Totals: Totals{Input: &InputTotals{}}}); strings.Contains(page, `id="h-input"`) {
		t.Error("an input without anything to say has a section")
	}
	page := render(t, &Report{Totals: Totals{Input: &InputTotals{Malformed: map[string]int64{"bare_quote": 1234}, Rejected: 3,
		Notes: []string{"line endings: CRLF"}}}})
	for _, want := range []string{`id="h-input"`, `data-k="input.malformed.bare_quote">1,234<`, `data-k="input.rejected">3<`, "line endings: CRLF"} {
		if !strings.Contains(page, want) {
			t.Errorf("page lacks %q", want)
		}
	}
}
