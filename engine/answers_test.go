package engine

import (
	"bufio"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/namepipe/namepipe/nameapi"
)

var updateAnswers = flag.Bool("update-answers", false, "rewrite testdata/answers/*.txt from the current engine")

// answersDir holds TestAnswersUnchanged's files, one per operation: a
// comment line, then one case a line, its input and the engine's answer
// separated by a tab. The records (inputs) are those of risk.txt: each is a
// person as the risk detector gets it; the parse and genderize requests and
// the email checks' address follow from it as the pipeline builds them.
const answersDir = "testdata/answers"

// answerOps are the operations of the answer files, in the pipeline's
// order of calls for a record.
var answerOps = []string{"parse", "genderize", "risk", "disposable", "classify"}

// answerSetFull is how many full records (fullPipelineRecords, like
// bench/gen's rows) the generated input set has beside the benchmark
// records (pipelineRecords).
const answerSetFull = 4000

// answerRecords is the input set of TestAnswersUnchanged: the records of
// risk.txt, or, when there is none yet, the benchmark records and
// answerSetFull full records with many distinct names. To change the set,
// delete the files and run with -update-answers.
func answerRecords(t testing.TB) (recs []pipeRecord, inputs []string) {
	t.Helper()
	f, err := os.Open(filepath.Join(answersDir, "risk.txt"))
	if os.IsNotExist(err) && *updateAnswers {
		recs = append(pipelineRecords(t), fullPipelineRecords(t, answerSetFull)...)
		for i := range recs {
			s, err := encodeCase(&recs[i])
			if err != nil {
				t.Fatal(err)
			}
			inputs = append(inputs, s)
		}
		return recs, inputs
	}
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for line := 1; sc.Scan(); line++ {
		if strings.HasPrefix(sc.Text(), "#") {
			continue
		}
		in, _, ok := strings.Cut(sc.Text(), "\t")
		if !ok {
			t.Fatalf("%s/risk.txt:%d: no tab between input and answer", answersDir, line)
		}
		r, err := decodeCase(in)
		if err != nil {
			t.Fatalf("%s/risk.txt:%d: %v", answersDir, line, err)
		}
		recs = append(recs, r)
		inputs = append(inputs, in)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return recs, inputs
}

// answerLines runs every record operation on recs, in the pipeline's
// order, and returns each operation's lines: the input (for parse and
// genderize the name part of the record, for the email checks the
// address), a tab, and the answer or error as text.
func answerLines(t testing.TB, e *Engine, recs []pipeRecord, inputs []string) map[string][]string {
	t.Helper()
	ctx := context.Background()
	out := map[string][]string{}
	add := func(op, in, answer string, err error) {
		if err != nil {
			answer = errText(err)
		}
		out[op] = append(out[op], in+"\t"+answer)
	}
	for i := range recs {
		r := &recs[i]
		if r.parse.InputPerson.PersonName != nil {
			p, err := e.ParsePersonName(ctx, r.parse)
			add("parse", nameInput(r, true), parseText(p), err)
			g, err := e.GenderizePerson(ctx, r.genderize)
			add("genderize", nameInput(r, false), genderText(g), err)
		}
		k, err := e.DetectRisk(ctx, r.risk)
		add("risk", inputs[i], riskText(k), err)
		if r.email != "" {
			d, err := e.DetectDisposableEmail(ctx, r.email)
			var ans string
			if d != nil {
				ans = word(d.Disposable)
			}
			add("disposable", word(r.email), ans, err)
			c, err := e.ClassifyEmailDomain(ctx, r.email)
			ans = ""
			if c != nil {
				ans = word(c.DomainType)
			}
			add("classify", word(r.email), ans, err)
		}
	}
	return out
}

// nameInput is the short form of the name part of r (what parse reads,
// with the stored gender when withGender; what genderize reads without).
func nameInput(r *pipeRecord, withGender bool) string {
	p := r.parse.InputPerson
	c := caseInput{Legal: p.Type == nameapi.TypeLegalInputPerson, Name: p.PersonName.NameFields[0].String}
	if withGender {
		c.Gender = p.Gender
	}
	if r.parse.Context != nil {
		c.Place = r.parse.Context.Place
	}
	if len(p.Nationalities)+len(p.NativeLanguages) > 0 || p.CorrespondenceLanguage != "" {
		c.Extra = &caseExtras{p.Nationalities, p.NativeLanguages, p.CorrespondenceLanguage}
	}
	b, _ := json.Marshal(c)
	return string(b)
}

// answersHeader is the first line of each answer file.
const answersHeader = "# input<TAB>answer, one case a line; written by `go test ./engine -run TestAnswersUnchanged -update-answers`; the records are those of risk.txt"

// diffLines reports, for one operation, which cases differ between want
// and got: the first few, and how many.
func diffLines(name string, want, got []string) string {
	var b strings.Builder
	n := 0
	for i := 0; i < max(len(want), len(got)); i++ {
		var w, g string
		if i < len(want) {
			w = want[i]
		}
		if i < len(got) {
			g = got[i]
		}
		if w == g {
			continue
		}
		n++
		if n <= 5 {
			in, wa, _ := strings.Cut(w, "\t")
			gin, ga, _ := strings.Cut(g, "\t")
			if in != gin {
				fmt.Fprintf(&b, "\n%s:%d: input %s, want input %s", name, i+2, gin, in)
				continue
			}
			fmt.Fprintf(&b, "\n%s:%d: %s\n\twant %s\n\tgot  %s", name, i+2, in, wa, ga)
		}
	}
	if n == 0 {
		return ""
	}
	return fmt.Sprintf("%s: %d of %d cases changed (first %d shown):%s", name, n, len(want), min(n, 5), b.String())
}

// TestAnswersUnchanged holds the engine's answers on a large input set
// fixed: work on the engine's speed or structure must not change any
// answer. With the memo (twice over the records: cold, then warm) and
// without it, and with WithReadOnlyResults, the answers equal the
// committed files in testdata/answers, case by case. A deliberate change of
// answers rewrites the files with -update-answers, and the diff of the
// files, in a commit that says why, shows which answers changed.
func TestAnswersUnchanged(t *testing.T) {
	t.Parallel()
	recs, inputs := answerRecords(t)
	clock := WithClock(func() time.Time { return time.Date(2026, 6, 1, 12, 0, 0, 0, time.UTC) })
	type run struct {
		name  string
		lines map[string][]string
	}
	var got []run
	for _, c := range []struct {
		memo     int
		readOnly bool
	}{{DefaultParseMemo, false}, {0, false}, {DefaultParseMemo, true}} {
		opts := []Option{WithSeed(1), clock, WithParseMemo(c.memo)}
		if c.readOnly {
			opts = append(opts, WithReadOnlyResults())
		}
		e, err := New(opts...)
		if err != nil {
			t.Fatal(err)
		}
		name := fmt.Sprintf("memo %d, read-only %v", c.memo, c.readOnly)
		got = append(got, run{name + ", cold", answerLines(t, e, recs, inputs)})
		if c.memo > 0 {
			// Again, with every name in the memo from the first pass
			// where it fits.
			got = append(got, run{name + ", warm", answerLines(t, e, recs, inputs)})
		}
	}
	for _, r := range got[1:] {
		for _, op := range answerOps {
			if d := diffLines(op, got[0].lines[op], r.lines[op]); d != "" {
				t.Errorf("%s, against %s (the memo changes answers): %s", r.name, got[0].name, d)
			}
		}
	}
	if *updateAnswers {
		if err := os.MkdirAll(answersDir, 0o755); err != nil {
			t.Fatal(err)
		}
		for _, op := range answerOps {
			text := answersHeader + "\n" + strings.Join(got[0].lines[op], "\n") + "\n"
			if err := os.WriteFile(filepath.Join(answersDir, op+".txt"), []byte(text), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		return
	}
	for _, op := range answerOps {
		name := filepath.Join(answersDir, op+".txt")
		b, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		want := strings.Split(strings.TrimSuffix(string(b), "\n"), "\n")
		if len(want) == 0 || !strings.HasPrefix(want[0], "#") {
			t.Fatalf("%s: no header line", name)
		}
		if d := diffLines(name, want[1:], got[0].lines[op]); d != "" {
			t.Errorf("the engine's answers changed (if on purpose, rewrite the files with -update-answers and review their diff): %s", d)
		}
	}
}

// TestAnswerTextCoversFields holds the answer files' renderers to the
// result types: every field of each type is one the renderer writes.
func TestAnswerTextCoversFields(t *testing.T) {
	for typ, fields := range renderedFields {
		var have []string
		for i := 0; i < typ.NumField(); i++ {
			have = append(have, typ.Field(i).Name)
		}
		if strings.Join(have, ",") != strings.Join(fields, ",") {
			t.Errorf("%v has fields %v; the answer text writes %v", typ, have, fields)
		}
	}
}
