package main

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"image/png"
	"math"
	"net/http"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/namepipe/namepipe/internal/browser"
	"github.com/namepipe/namepipe/nameapi"
)

// To refresh the README's screenshot after changing the page:
//
//	go test ./cmd/namepipe -run TestReportInBrowser -update-report-screenshot
var updateShot = flag.Bool("update-report-screenshot", false, "rewrite docs/report-sample.png from this build's sample report")

// runForReport runs `namepipe run` with --summary and --report into dir
// and returns the paths of both.
func runForReport(t *testing.T, dir string, args ...string) (summary, page string) {
	t.Helper()
	summary, page = filepath.Join(dir, "summary.json"), filepath.Join(dir, "report.html")
	args = append([]string{"run"}, args...)
	args = append(args, "--output", filepath.Join(dir, "out.csv"), "--summary", summary, "--report", page, "--quiet")
	var stdout, stderr bytes.Buffer
	if code := realMain(context.Background(), args, &stdout, &stderr); code != exitOK {
		t.Fatalf("exit %d; stderr:\n%s", code, stderr.String())
	}
	return summary, page
}

// openPage opens a report in a fresh tab and checks that it logged no
// error and requested nothing but its own file.
func openPage(t *testing.T, b *browser.Browser, path string, width int) *browser.Page {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	t.Cleanup(cancel)
	p, err := b.NewPage(ctx, width, 900)
	if err != nil {
		t.Fatal(err)
	}
	url := "file://" + path
	if _, err := p.Navigate(ctx, url); err != nil {
		t.Fatal(err)
	}
	// One animation frame: the page is laid out and painted.
	if err := p.Eval(ctx, `new Promise(r => requestAnimationFrame(() => r(1)))`, nil); err != nil {
		t.Fatal(err)
	}
	if c := p.Console(); len(c) > 0 {
		t.Errorf("console errors:\n%s", strings.Join(c, "\n"))
	}
	for _, u := range p.Requests() {
		if u != url {
			t.Errorf("the page requested %s (only its own file %s is allowed)", u, url)
		}
	}
	return p
}

func eval[T any](t *testing.T, p *browser.Page, expr string) T {
	t.Helper()
	var v T
	if err := p.Eval(context.Background(), expr, &v); err != nil {
		t.Fatalf("%s: %v", expr, err)
	}
	return v
}

// flatten turns the summary JSON into "a.b.0.c" → value.
func flatten(prefix string, v any, out map[string]any) {
	switch x := v.(type) {
	case map[string]any:
		for k, e := range x {
			flatten(prefix+k+".", e, out)
		}
	case []any:
		for i, e := range x {
			flatten(prefix+strconv.Itoa(i)+".", e, out)
		}
	default:
		out[strings.TrimSuffix(prefix, ".")] = v
	}
}

// pageNumber reads a number as the page shows it: "1,234", "7.3 %",
// "13,361 rows/s", "22 ms", "1.5 s".
func pageNumber(s string) (float64, string, error) {
	s = strings.TrimSpace(strings.ReplaceAll(s, "\u00a0", " "))
	unit := ""
	for _, u := range []string{" %", " rows/s", " ms", " s"} {
		if strings.HasSuffix(s, u) {
			s, unit = strings.TrimSuffix(s, u), strings.TrimSpace(u)
			break
		}
	}
	f, err := strconv.ParseFloat(strings.ReplaceAll(s, ",", ""), 64)
	return f, unit, err
}

// checkNumbers checks every number the page marks with data-k against
// the summary JSON, and returns the flattened JSON and the keys seen.
func checkNumbers(t *testing.T, p *browser.Page, sumPath string) (want map[string]any, seen map[string]bool) {
	t.Helper()
	data, err := os.ReadFile(sumPath)
	if err != nil {
		t.Fatal(err)
	}
	var sum map[string]any
	if err := json.Unmarshal(data, &sum); err != nil {
		t.Fatal(err)
	}
	want = map[string]any{}
	flatten("", sum, want)

	pairs := eval[[][2]string](t, p, `[...document.querySelectorAll("[data-k]")].map(e => [e.dataset.k, e.textContent])`)
	seen = map[string]bool{}
	for _, kv := range pairs {
		key, text := kv[0], kv[1]
		seen[key] = true
		w, ok := want[key].(float64)
		if !ok {
			t.Errorf("page shows %q = %q, which is not a number of the summary JSON", key, text)
			continue
		}
		got, unit, err := pageNumber(text)
		if err != nil {
			t.Errorf("%s: page shows %q: %v", key, text, err)
			continue
		}
		var exp float64
		switch unit {
		case "%":
			exp = math.Round(w*1000) / 10
		case "rows/s":
			exp = math.Round(w)
		case "ms":
			exp = math.Floor(w * 1000)
		case "s":
			exp = math.Round(w*10) / 10
		default:
			exp = w
		}
		if got != exp {
			t.Errorf("%s: page shows %q, summary JSON has %v", key, text, w)
		}
	}
	return want, seen
}

// TestReportInBrowser renders the sample data's report in headless
// Chromium: no console error, no request outside the file, every headline
// number (each element with a data-k attribute naming a key of the
// summary JSON) equal to the summary JSON, a screenshot of sane size, no
// horizontal scrolling in a narrow window.
func TestReportInBrowser(t *testing.T) {
	t.Chdir(filepath.Join("..", ".."))
	b := browser.Launched(t)
	dir := t.TempDir()
	sumPath, page := runForReport(t, dir, "--config", "configs/example.yaml")

	p := openPage(t, b, page, 1200)
	want, seen := checkNumbers(t, p, sumPath)
	// Every headline number is on the page.
	var missing []string
	for k := range want {
		_, number := want[k].(float64)
		headline := strings.HasPrefix(k, "gender.") || strings.HasPrefix(k, "disposable.") || strings.HasPrefix(k, "errors.by_op.") ||
			strings.HasPrefix(k, "input.") && number ||
			strings.HasSuffix(k, ".count") && strings.HasPrefix(k, "risk_scores.")
		switch k {
		case "rows_in", "rows_out", "rows_with_errors", "elapsed_seconds", "rows_per_second", "errors.build",
			"disposable_share", "requests", "calls", "retries", "cache_hits_memory":
			headline = true
		}
		if strings.HasPrefix(k, "errors.by_op.") && want[k] == 0.0 {
			headline = false // kinds without errors are not listed
		}
		if headline && !seen[k] {
			missing = append(missing, k)
		}
	}
	sort.Strings(missing)
	if len(missing) > 0 {
		t.Errorf("page lacks the summary's %s", strings.Join(missing, ", "))
	}
	text := eval[string](t, p, `document.body.innerText`)
	for _, s := range []string{"Gender", "Risk types × data items", "Highest-risk rows", "Top domains by domain type",
		"Person types", "By place (column country)", "mailinator.com", "configs/example.yaml"} {
		if !strings.Contains(text, s) {
			t.Errorf("page text lacks %q", s)
		}
	}

	shot, err := p.Screenshot(context.Background(), true)
	if err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(bytes.NewReader(shot))
	if err != nil {
		t.Fatalf("screenshot: %v", err)
	}
	if w, h := img.Bounds().Dx(), img.Bounds().Dy(); w != 1200 || h < 1500 || h > 20000 {
		t.Errorf("screenshot is %d×%d, want 1200 wide and 1,500–20,000 high", w, h)
	}
	if *updateShot {
		// The README shows the top of the page.
		top, err := p.ScreenshotClip(context.Background(), 0, 0, 1200, 2200)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join("docs", "report-sample.png"), top, 0o644); err != nil {
			t.Fatal(err)
		}
	}

	// A laptop's window (1,280 px): every table fits its box, none needs
	// sideways scrolling, the highest-risk rows with all their columns
	// included.
	laptop := openPage(t, b, page, 1280)
	if wide := eval[[]string](t, laptop, `[...document.querySelectorAll(".scroll")].filter(e => e.scrollWidth > e.clientWidth + 1).map(e => (e.previousElementSibling ? e.previousElementSibling.textContent : "") + ": " + e.scrollWidth + " > " + e.clientWidth)`); len(wide) > 0 {
		t.Errorf("at 1280 px these tables scroll sideways: %q", wide)
	}

	// A narrow window (a phone): wide tables scroll inside their box, the
	// page itself does not.
	narrow := openPage(t, b, page, 380)
	if w := eval[[]int](t, narrow, `[document.documentElement.scrollWidth, window.innerWidth]`); w[0] > w[1] {
		wide := eval[[]string](t, narrow, `[...document.querySelectorAll("body *")].filter(e => !e.closest(".scroll") && e.getBoundingClientRect().right > window.innerWidth).slice(0, 5).map(e => e.outerHTML.slice(0, 120))`)
		t.Errorf("at 380 px the page is %d px wide; too wide: %q", w[0], wide)
	}
}

// TestReportShowsHostileValuesAsText plants markup and a right-to-left
// override in the input and checks, in the browser, that the page shows
// them as text and runs nothing.
func TestReportShowsHostileValuesAsText(t *testing.T) {
	b := browser.Launched(t)
	dir := t.TempDir()
	hostile := []string{`<script>window.pwned=1</script>`, `"><img src=x onerror="window.pwned=1">`, "Evil\u202Egnp.exe"}
	var csv strings.Builder
	csv.WriteString("name,email,country\n")
	csv.WriteString("Bare \"quote,a@b.de,DE\n") // a malformed row: the input section
	for i, h := range hostile {
		q := `"` + strings.ReplaceAll(h, `"`, `""`) + `"`
		for range 3 {
			fmt.Fprintf(&csv, "%s,%s,%s\n", q, `"x@`+strings.ReplaceAll(h, `"`, `""`)+`"`, q)
		}
		fmt.Fprintf(&csv, "Max Mustermann,max%d@mailinator.com,%s\n", i, q)
	}
	in := filepath.Join(dir, "in.csv")
	cfg := filepath.Join(dir, "run.yaml")
	if err := os.WriteFile(in, []byte(csv.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	conf := "input: {path: " + in + "}\noutput: {path: " + filepath.Join(dir, "x.csv") + "}\n" +
		"person: {fullName: name, email: email}\ncontext: {placeColumn: country}\n" +
		"operations: [parse, genderize, risk, disposable, classify]\n"
	if err := os.WriteFile(cfg, []byte(conf), 0o644); err != nil {
		t.Fatal(err)
	}
	sumPath, page := runForReport(t, dir, "--config", cfg)
	p := openPage(t, b, page, 1200)
	if _, seen := checkNumbers(t, p, sumPath); !seen["input.malformed.bare_quote"] {
		t.Error("the page lacks the malformed rows of the input")
	}
	if n := eval[int](t, p, `document.querySelectorAll("script, img, iframe, object, embed").length`); n != 0 {
		t.Errorf("the page has %d script or img elements", n)
	}
	if pwned := eval[bool](t, p, `window.pwned === 1`); pwned {
		t.Error("a planted script ran")
	}
	text := eval[string](t, p, `document.body.innerText`)
	for _, want := range []string{hostile[0], hostile[1], "Evil⟨U+202E⟩gnp.exe"} {
		if !strings.Contains(text, want) {
			t.Errorf("page text lacks %q", want)
		}
	}
	if strings.ContainsRune(text, '\u202E') {
		t.Error("page text contains a raw right-to-left override")
	}
}

// output.report in the config writes the report without the flag; a
// report that cannot be written is a usage error before any row is read.
func TestReportFromConfigAndBadPath(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "in.csv")
	if err := os.WriteFile(in, []byte("name\nAnna Schmidt\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	page := filepath.Join(dir, "run.html")
	cases := []struct {
		name, report string
		args         []string
		code         int
		stderr       string
	}{
		{"config key", page, nil, exitOK, ""},
		{"missing directory", filepath.Join(dir, "nope", "r.html"), nil, exitUsage, "directory"},
		{"flag over the output", page, []string{"--report", filepath.Join(dir, "out.csv")}, exitUsage, "is the input or output file"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			cfg := filepath.Join(dir, "c.yaml")
			src := fmt.Sprintf("input: {path: %s}\noutput: {path: %s, report: %s}\nperson: {fullName: name}\noperations: [parse, genderize]\n",
				in, filepath.Join(dir, "out.csv"), tc.report)
			if err := os.WriteFile(cfg, []byte(src), 0o644); err != nil {
				t.Fatal(err)
			}
			os.Remove(page)
			var stdout, stderr bytes.Buffer
			args := append([]string{"run", "--config", cfg, "--quiet"}, tc.args...)
			code := realMain(context.Background(), args, &stdout, &stderr)
			if code != tc.code || !strings.Contains(stderr.String(), tc.stderr) {
				t.Fatalf("exit %d, stderr %q; want %d with %q", code, stderr.String(), tc.code, tc.stderr)
			}
			_, err := os.Stat(page)
			if (err == nil) != (tc.code == exitOK) {
				t.Errorf("report written: %v", err == nil)
			}
		})
	}
}

// The report of a remote run names the host, never the key, even when
// the service's errors quote the key.
func TestReportNeverShowsTheKey(t *testing.T) {
	e := newEnv(t, 40, testConfig)
	e.svc.hook = func(n int64) error {
		if n%3 == 0 {
			return fmt.Errorf("refused the request with key %s", plantedKey)
		}
		return nil
	}
	page := filepath.Join(e.dir, "r.html")
	code, _, stderr := e.run(context.Background(), "run", "--config", e.config, "--report", page, "--quiet")
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	data, err := os.ReadFile(page)
	if err != nil {
		t.Fatal(err)
	}
	html := string(data)
	if strings.Contains(html, plantedKey) {
		t.Error("the report contains the API key")
	}
	for _, want := range []string{"remote service at http://127.0.0.1:9", nameapi.RedactedKey, `id="h-err"`} {
		if !strings.Contains(html, want) {
			t.Errorf("the report lacks %q", want)
		}
	}
}

// A run that stops early still writes its report, saying so.
func TestReportOfAStoppedRun(t *testing.T) {
	e := newEnv(t, 200, testConfig)
	e.svc.hook = func(int64) error { return &nameapi.Error{Op: "x", HTTPStatus: http.StatusBadGateway} }
	page := filepath.Join(e.dir, "r.html")
	code, _, stderr := e.run(context.Background(), "run", "--config", e.config, "--report", page, "--quiet")
	if code != exitFailed {
		t.Fatalf("exit %d, stderr %q", code, stderr)
	}
	data, err := os.ReadFile(page)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"The run stopped early (<bdi>service down</bdi>)", `id="h-err"`, "HTTP 502"} {
		if !strings.Contains(string(data), want) {
			t.Errorf("the report lacks %q", want)
		}
	}
}

// `namepipe dedupe --report` shows the clusters that the dedupe summary
// counts.
func TestDedupeReport(t *testing.T) {
	t.Chdir(filepath.Join("..", ".."))
	dir := t.TempDir()
	sumPath, page := filepath.Join(dir, "d.json"), filepath.Join(dir, "d.html")
	var stdout, stderr bytes.Buffer
	args := []string{"dedupe", "--config", "configs/example.yaml", "--output", filepath.Join(dir, "d.csv"), "--summary", sumPath, "--report", page, "--quiet"}
	if code := realMain(context.Background(), args, &stdout, &stderr); code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	data, err := os.ReadFile(sumPath)
	if err != nil {
		t.Fatal(err)
	}
	var sum struct {
		Rows     int64            `json:"rows"`
		Clusters map[string]int64 `json:"clusters"`
	}
	if err := json.Unmarshal(data, &sum); err != nil {
		t.Fatal(err)
	}
	var clusters int64
	for _, n := range sum.Clusters {
		clusters += n
	}
	html, err := os.ReadFile(page)
	if err != nil {
		t.Fatal(err)
	}
	want := fmt.Sprintf("<b>%d</b> clusters of the same customer among <b>%d</b> rows", clusters, sum.Rows)
	if clusters == 0 || !strings.Contains(string(html), want) {
		t.Errorf("the report lacks %q", want)
	}
	// Row 302 is row 41 entered again as "aDan Jansen": one of the
	// clusters the page lists. Row 276 is a namesake (another birth date
	// and phone, an email made of the name) and stays out.
	if !strings.Contains(string(html), "<td>41, 302</td>") || strings.Contains(string(html), "<td>41, 276, 302</td>") {
		t.Error("the report lacks the cluster of rows 41 and 302, or has the namesake 276 in it")
	}
}

// TestDedupeReportChartsInBrowser: the dedupe report's model charts in
// headless Chromium: the match-weight histogram has as many pairs as the
// pairs above the pairs threshold and more, with the threshold line where
// the threshold's weight is; the level chart has a bar for every level
// that weighs, matching `--explain`'s weights; each borderline pair's
// waterfall ends at its score's weight, and its steps add up to it; the
// page fits a phone's width.
func TestDedupeReportChartsInBrowser(t *testing.T) {
	t.Chdir(filepath.Join("..", ".."))
	b := browser.Launched(t)
	dir := t.TempDir()
	page := filepath.Join(dir, "d.html")
	var stdout, stderr bytes.Buffer
	args := []string{"dedupe", "--config", "configs/example.yaml", "--output", filepath.Join(dir, "d.csv"), "--report", page, "--explain", "--quiet"}
	if code := realMain(context.Background(), args, &stdout, &stderr); code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	p := openPage(t, b, page, 1200)
	hist := eval[[]float64](t, p, `[...document.querySelectorAll("svg.hist[aria-label*='match weights'] rect")].map(r => +r.getAttribute("height"))`)
	if len(hist) < 5 {
		t.Fatalf("match-weight histogram has %d bins", len(hist))
	}
	label := eval[string](t, p, `(document.querySelector("svg.hist[aria-label*='match weights'] text.th") || {}).textContent || ""`)
	if !strings.HasPrefix(label, "threshold 0.90 (weight 3.17") {
		t.Errorf("threshold label %q", label)
	}
	// the line sits between the bins that hold its weight
	pos := eval[[]float64](t, p, `(() => { const s = document.querySelector("svg.hist[aria-label*='match weights']"); const l = s.querySelector("line.th");
		const bins = [...s.querySelectorAll("rect")].map(r => [r.querySelector("title").textContent, +r.getAttribute("x"), +r.getAttribute("width")]);
		const b = bins.find(b => b[0].startsWith("3.0 to 4.0")); return [+l.getAttribute("x1"), b ? b[1] : -1, b ? b[1] + b[2] : -1]; })()`)
	if pos[1] < 0 || pos[0] < pos[1]-1 || pos[0] > pos[2]+1 {
		t.Errorf("threshold line at x=%v, the bin 3.0 to 4.0 spans %v–%v", pos[0], pos[1], pos[2])
	}
	// Level chart: every weighing level of --explain is a bar with its weight.
	bars := eval[[]string](t, p, `[...document.querySelectorAll("svg[aria-label='Weight of every level of every field'] rect title")].map(e => e.textContent)`)
	explained := 0
	for _, line := range strings.Split(stdout.String(), "\n") {
		f := strings.Fields(line)
		if len(f) != 5 || f[0] == "field" {
			continue
		}
		if _, err := strconv.ParseFloat(f[4], 64); err != nil || f[2] == "" {
			continue
		}
		explained++
		want := fmt.Sprintf("%s=%s: ", f[0], f[1])
		found := false
		for _, b := range bars {
			if strings.HasPrefix(b, want) && strings.HasSuffix(b, "weight "+f[4]) {
				found = true
			}
		}
		if !found {
			t.Errorf("no bar %q with weight %s among %q", want, f[4], bars)
		}
	}
	if explained < 15 {
		t.Errorf("--explain listed %d weighing levels:\n%s", explained, stdout.String())
	}
	// Waterfalls: one per borderline pair; the steps add up to the total.
	rows := eval[int](t, p, `[...document.querySelectorAll("h3")].filter(h => h.textContent == "Borderline pairs").length ? document.querySelectorAll("h3 + p + .scroll tbody tr").length : 0`)
	falls := eval[[][]string](t, p, `[...document.querySelectorAll("figure.wf svg")].map(s => [...s.querySelectorAll("rect title")].map(e => e.textContent))`)
	if rows == 0 || len(falls) == 0 {
		t.Fatalf("%d borderline rows, %d waterfalls: the sample data should have some", rows, len(falls))
	}
	for _, steps := range falls {
		sum := 0.0
		for _, s := range steps[:len(steps)-1] {
			_, v, _ := strings.Cut(s, ": ")
			x, err := strconv.ParseFloat(v, 64)
			if err != nil {
				t.Fatalf("step %q: %v", s, err)
			}
			sum += x
		}
		_, total, _ := strings.Cut(steps[len(steps)-1], ": ")
		w, err := strconv.ParseFloat(strings.Fields(total)[0], 64)
		if err != nil || math.Abs(w-sum) > 0.01*float64(len(steps)) {
			t.Errorf("waterfall %q: steps add up to %.2f, total %q", steps, sum, total)
		}
	}
	narrow := openPage(t, b, page, 380)
	if w := eval[[]int](t, narrow, `[document.documentElement.scrollWidth, window.innerWidth]`); w[0] > w[1] {
		t.Errorf("at 380 px the page is %d px wide", w[0])
	}
}
