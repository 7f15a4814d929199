package engine

import (
	"bufio"
	"context"
	"os"
	"runtime"
	"strings"
	"testing"

	"github.com/namepipe/namepipe/engine/dict"
	"github.com/namepipe/namepipe/nameapi"
)

// readEval returns the tab-separated rows of a file under testdata.
func readEval(t testing.TB, name string) [][]string {
	t.Helper()
	f, err := os.Open("testdata/" + name)
	if err != nil {
		t.Fatalf("open evaluation set: %v", err)
	}
	defer f.Close()
	var rows [][]string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		l := sc.Text()
		if l == "" || strings.HasPrefix(l, "#") {
			continue
		}
		rows = append(rows, strings.Split(l, "\t"))
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if len(rows) == 0 {
		t.Fatalf("%s is empty", name)
	}
	return rows
}

// genderAccuracy genderizes the evaluation set with the row's country as
// Context.place. covered counts names the engine knows (any answer but
// UNKNOWN); correct those whose answer is the label.
func genderAccuracy(t testing.TB, e *Engine) (correct, covered, total int, wrong []string) {
	for _, r := range readEval(t, "gender-eval.tsv") {
		g := e.gz.ForNames([]string{r[0]}, "", &nameapi.Context{Place: r[1]}, nil)
		total++
		if g.Gender == nameapi.GenderUnknown {
			continue
		}
		covered++
		if g.Gender == r[2] {
			correct++
		} else {
			wrong = append(wrong, r[0]+"/"+r[1]+": "+g.Gender+" want "+r[2])
		}
	}
	return correct, covered, total, wrong
}

func TestGenderAccuracy(t *testing.T) {
	e := newTestEngine(t)
	correct, covered, total, wrong := genderAccuracy(t, e)
	acc := float64(correct) / float64(covered)
	t.Logf("gender: %d/%d correct on covered names (%.1f%%), coverage %d/%d", correct, covered, 100*acc, covered, total)
	if acc < 0.95 {
		t.Errorf("gender accuracy %.1f%% < 95%%; some errors: %v", 100*acc, wrong[:min(len(wrong), 20)])
	}
	if float64(covered)/float64(total) < 0.95 {
		t.Errorf("coverage %d/%d below 95%%", covered, total)
	}
}

func emailNameAccuracy(t testing.TB, e *Engine) (correct, total int, wrong []string) {
	for _, r := range readEval(t, "email-eval.tsv") {
		res, err := e.ParseEmailName(context.Background(), &nameapi.InputWithEmail{EmailAddress: r[0]})
		if err != nil {
			t.Fatalf("%s: %v", r[0], err)
		}
		total++
		if got := emSummary(res); got == r[1] {
			correct++
		} else {
			wrong = append(wrong, r[0]+": "+got+" want "+r[1])
		}
	}
	return correct, total, wrong
}

func TestEmailNameAccuracy(t *testing.T) {
	e := newTestEngine(t)
	correct, total, wrong := emailNameAccuracy(t, e)
	acc := float64(correct) / float64(total)
	t.Logf("email names: %d/%d (%.1f%%)", correct, total, 100*acc)
	if acc < 0.85 {
		t.Errorf("email name accuracy %.1f%% < 85%%; errors: %v", 100*acc, wrong)
	}
}

func TestDisposableEvaluation(t *testing.T) {
	e := newTestEngine(t)
	ctx := context.Background()
	d, err := dict.Default()
	if err != nil {
		t.Fatal(err)
	}
	top := map[string]bool{}
	for _, p := range d.TopProviders() {
		top[p] = true
	}
	// Every sampled upstream entry is detected (except the curated big
	// providers, which the generator keeps off the list).
	for _, r := range readEval(t, "disposable-sample.txt") {
		dom := r[0]
		if top[dom] {
			continue
		}
		res, err := e.DetectDisposableEmail(ctx, "someone@"+dom)
		if err != nil {
			t.Fatal(err)
		}
		if res.Disposable != nameapi.DisposableYes && strings.Contains(dom, ".") {
			if _, err := e.ClassifyEmailDomain(ctx, "someone@"+dom); err == nil { // a valid address
				t.Errorf("%s: %s, want YES", dom, res.Disposable)
			}
		}
	}
	// No false positive on the biggest providers.
	if len(top) < 100 {
		t.Fatalf("only %d top providers", len(top))
	}
	for p := range top {
		res, err := e.DetectDisposableEmail(ctx, "john.smith@"+p)
		if err != nil {
			t.Fatal(err)
		}
		if res.Disposable != nameapi.DisposableNo {
			t.Errorf("top provider %s: %s, want NO", p, res.Disposable)
		}
		c, err := e.ClassifyEmailDomain(ctx, "john.smith@"+p)
		if err != nil {
			t.Fatal(err)
		}
		if c.DomainType != nameapi.DomainFreemail && c.DomainType != nameapi.DomainISP {
			t.Errorf("top provider %s classified %s", p, c.DomainType)
		}
	}
}

// BenchmarkAccuracy reports the evaluation sets' accuracy as metrics
// (run with -bench Accuracy -benchtime 1x).
func BenchmarkAccuracy(b *testing.B) {
	e := newTestEngine(b)
	for b.Loop() {
		c, cov, tot, _ := genderAccuracy(b, e)
		b.ReportMetric(100*float64(c)/float64(cov), "gender-acc-%")
		b.ReportMetric(100*float64(cov)/float64(tot), "gender-coverage-%")
		ec, et, _ := emailNameAccuracy(b, e)
		b.ReportMetric(100*float64(ec)/float64(et), "emailname-acc-%")
	}
}

// BenchmarkStartup measures loading the embedded data (the first call's
// cost), reported in milliseconds, and the heap the loaded data keeps.
func BenchmarkStartup(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		if _, err := dict.Load(); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Microseconds())/1000/float64(b.N), "ms/load")
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	keep, err := dict.Load()
	if err != nil {
		b.Fatal(err)
	}
	runtime.GC()
	runtime.ReadMemStats(&after)
	b.ReportMetric(float64(after.HeapAlloc-before.HeapAlloc)/(1<<20), "MB-resident")
	runtime.KeepAlive(keep)
}

// evalNameParts returns the given names (of names_eval.tsv, then of
// gender-eval.tsv) and the surnames (of names_eval.tsv) that benchmarks
// combine into people.
func evalNameParts(t testing.TB) (givens, surnames []string) {
	t.Helper()
	for _, r := range readEval(t, "names_eval.tsv") {
		givens = append(givens, r[1])
		surnames = append(surnames, r[2])
	}
	for _, r := range readEval(t, "gender-eval.tsv") {
		givens = append(givens, r[0])
	}
	return givens, surnames
}
