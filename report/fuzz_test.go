package report

import (
	"bytes"
	"errors"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/namepipe/namepipe/mapping"
	"github.com/namepipe/namepipe/nameapi"
	"github.com/namepipe/namepipe/record"
)

var tagRE = regexp.MustCompile(`<(/?[a-zA-Z][a-zA-Z0-9]*)`)

// pageWith renders a report in which s is every value from the input and
// the service, and returns the page and its sequence of tags.
func pageWith(t *testing.T, s string) (string, []string) {
	c := NewCollector(testLayout())
	risks := []nameapi.DetectedRisk{{DataItem: s, RiskType: nameapi.RiskType(s), Reason: s}}
	for i := range 3 {
		c.Observe(&Row{Index: int64(i), Line: int64(i + 1), Values: []record.Value{s, "a@" + s + ".example", s},
			Outcomes: outcomes(s, s, 0.9, 0.9, risks, s, s), Problem: s, BadInput: true,
			Err: errors.Join(errors.New(s), &mapping.RowError{Column: s, Msg: s})})
	}
	var cc ClusterCollector
	cc.AddCluster(s, 3, s, []int64{1, 2, 3})
	rep := &Report{Run: RunInfo{Input: s, Output: s, Config: s, Engine: EngineLabel("nameapi", s), Ops: testLayout().Ops},
		Totals: Totals{RowsIn: 3, RowsOut: 3, RowsWithErrors: 3, Gender: map[string]int64{s: 3}, Disposable: map[string]int64{s: 3},
			Errors: ErrorTotals{ReaderProblem: 3, Build: 3, ByOp: map[string]int64{}}, Stopped: s},
		Data: c, Dedupe: cc.Clusters()}
	var buf bytes.Buffer
	if err := rep.Render(&buf); err != nil {
		t.Fatal(err)
	}
	var tags []string
	for _, m := range tagRE.FindAllStringSubmatch(buf.String(), -1) {
		tags = append(tags, m[1])
	}
	return buf.String(), tags
}

// FuzzRenderEscapes: whatever the values, the page has exactly the
// markup of a page with plain values, and no control or bidi character.
func FuzzRenderEscapes(f *testing.F) {
	for _, s := range []string{`<script>alert(1)</script>`, `"><img src=x onerror=alert(1)>`, "evil\u202Egnp.exe",
		"</bdi></td></tr></table>", "{{.R}}", "a\x00b", "\xff\xfe", "<!--", "]]>", "javascript:alert(1)"} {
		f.Add(s)
	}
	_, plain := pageWith(&testing.T{}, "plain")
	f.Fuzz(func(t *testing.T, s string) {
		if strings.TrimSpace(s) == "" || strings.TrimSpace(Visible(s)) == "" || len(s) > 200 {
			return // an empty value shows no row of its own
		}
		page, tags := pageWith(t, s)
		if !slices.Equal(tags, plain) {
			t.Fatalf("the value %q changed the page's markup", s)
		}
		for _, r := range page {
			if hidden(r) && r != '\n' {
				t.Fatalf("the page contains %U (value %q)", r, s)
			}
		}
	})
}
