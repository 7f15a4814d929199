package config

import (
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/namepipe/namepipe/record"
)

// file is a config type as a caller builds one: the settings inline and a
// section of its own.
type file struct {
	Settings `yaml:",inline"`
	Extra    struct {
		Name string `yaml:"name"`
	} `yaml:"extra"`
}

// load decodes, defaults and checks src like a caller does.
func load(src string) (*file, error) {
	var f file
	d, err := Decode([]byte(src), "c.yaml", &f)
	if err != nil {
		return nil, err
	}
	f.ApplyDefaults(d)
	p := d.Problems()
	f.Check(d, p)
	return &f, p.Err()
}

const minimal = "input: {path: in.csv}\noutput: {path: out.csv}\n"

func TestDefaults(t *testing.T) {
	t.Parallel()
	f, err := load(minimal)
	if err != nil {
		t.Fatal(err)
	}
	want := Settings{
		Input:  Input{Path: "in.csv", Format: record.FormatCSV, OnMalformed: MalformedKeep},
		Output: Output{Path: "out.csv", Format: record.FormatCSV, EscapeFormulas: EscapeResults, OnExisting: ExistingFail},
		Engine: Engine{Kind: EngineLocal, Timeout: DefaultTimeout},
		Run: Run{Concurrency: DefaultConcurrency, Retries: DefaultRetries, MaxConsecutiveFailures: DefaultMaxConsecutiveFailures,
			MaxValueBytes: DefaultMaxValueBytes, InvalidValues: InvalidOmit},
		Dedupe: Dedupe{Threshold: DefaultDedupeThreshold, PairsThreshold: DefaultDedupePairsThreshold, MaxBlockSize: DefaultDedupeMaxBlockSize,
			Window: DefaultDedupeWindow, MaxClusterSize: DefaultDedupeMaxClusterSize, Names: DedupeNamesEngine, ClusterIDFrom: ClusterIDSmallest,
			Merge: DedupeMerge{Survivor: MergeSmallestID, Default: MergeMostComplete}},
	}
	if !reflect.DeepEqual(f.Settings, want) {
		t.Errorf("got  %+v\nwant %+v", f.Settings, want)
	}
	if !f.Input.HasHeader() || f.Output.ColumnPrefix() != DefaultPrefix || f.Run.MaxAttempts() != DefaultRetries+1 {
		t.Errorf("header %v, prefix %q, attempts %d", f.Input.HasHeader(), f.Output.ColumnPrefix(), f.Run.MaxAttempts())
	}
}

func TestDecodeAndCheck(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name, src string
		want      []string // every line of the error, in order
	}{
		{"empty", "", []string{"c.yaml: config is empty"}},
		{"null", "~\n", []string{"c.yaml: config is empty"}},
		{"two documents", minimal + "---\nx: 1\n", []string{"c.yaml:3: config holds more than one YAML document"}},
		{"unknown key with a hint", minimal + "extra: {nmae: x}\nrnu: {}\n", []string{
			`c.yaml:3: extra.nmae: unknown key "nmae" (did you mean "name"?) (known keys here: name)`,
			`c.yaml:4: rnu: unknown key "rnu" (did you mean "run"?) (known keys here: dedupe, engine, extra, input, output, run)`,
		}},
		{"files of issue 24", "input: {path: in.csv.gz, sheet: S}\noutput: {path: o.parquet.zst, delimiter: same, onExisting: keep}\n", []string{
			`c.yaml:1: input.sheet: applies only to Excel input (format is csv)`,
			`c.yaml:2: output.path: "o.parquet.zst": a Parquet file compresses its own pages; zstd applies to csv and jsonl`,
			`c.yaml:2: output.delimiter: applies only to CSV (format is parquet)`,
			`c.yaml:2: output.onExisting: "keep": must be fail or replace`,
		}},
		{"excel out", "input: {path: in.xlsx, sheet: S}\noutput: {path: o.xlsx}\n", []string{
			`c.yaml:2: output.format: namepipe reads Excel workbooks but does not write them: write csv (Excel opens it) or parquet`,
		}},
		{"wrong shape", "input: [a]\noutput: {path: out.csv}\n", []string{"c.yaml:1: input: expected a mapping (key: value lines), got a list"}},
		{"every problem at once, in line order", "input: {path: in.xls}\noutput: {path: in.xls}\nrun:\n  concurrency: 0\n  burst: 2\n  retries: -1\nengine: {kind: nameapi}\n", []string{
			`c.yaml:1: input.path: "in.xls" is an old-style Excel .xls workbook, which namepipe does not read: save it as .xlsx or CSV (UTF-8)`,
			`c.yaml:2: output.path: cannot tell the format from ".xls"; set output.format to csv, parquet or jsonl`,
			`c.yaml:2: output.path: is the input file "in.xls": namepipe never overwrites its input; choose another output path`,
			`c.yaml:4: run.concurrency: must be at least 1, got 0`,
			`c.yaml:5: run.burst: has no effect without run.rate`,
			`c.yaml:6: run.retries: must be 0 or more, got -1`,
			`c.yaml:7: engine: kind nameapi needs engine.baseURL (such as https://api.nameapi.org/rest/v5.3/)`,
			`c.yaml:7: engine: kind nameapi needs engine.apiKeyEnv, the name of the environment variable holding the API key`,
		}},
		{"onMalformed", "input: {path: in.csv, onMalformed: skip, rejects: r.csv}\noutput: {path: out.csv}\n", []string{
			`c.yaml:1: input.onMalformed: "skip": must be keep, reject or fail`,
		}},
		{"rejects without reject", "input: {path: in.csv, rejects: r.csv}\noutput: {path: out.csv}\n", []string{
			`c.yaml:1: input.rejects: applies only with onMalformed: reject`,
		}},
		{"reject to stdout needs a rejects file", "input: {path: in.csv, onMalformed: reject}\noutput: {path: \"-\"}\n", []string{
			`c.yaml:1: input.onMalformed: reject with output to stdout needs input.rejects (the file for the rejected rows)`,
		}},
		{"rejects is the output", "input: {path: in.csv, onMalformed: reject, rejects: out.csv}\noutput: {path: out.csv}\n", []string{
			`c.yaml:1: input.rejects: "out.csv" must be a file other than the input and the output`,
		}},
		{"onMalformed is for CSV", "input: {path: in.parquet, onMalformed: fail}\noutput: {path: out.csv}\n", []string{
			`c.yaml:1: input.onMalformed: applies only to CSV input (format is parquet)`,
		}},
		{"dedupe settings", minimal + "dedupe:\n  threshold: 1.5\n  pairsThreshold: 0\n  maxBlockSize: 1\n  window: 0\n  maxClusterSize: 1\n  names: remote\n  maxMatchCalls: -1\n  output: in.csv\n", []string{
			`c.yaml:4: dedupe.threshold: must be between 0 and 1 (exclusive), got 1.5`,
			`c.yaml:5: dedupe.pairsThreshold: must be above 0 and at most dedupe.threshold (1.5), got 0`,
			`c.yaml:6: dedupe.maxBlockSize: must be at least 2, got 1`,
			`c.yaml:7: dedupe.window: must be at least 1, got 0`,
			`c.yaml:8: dedupe.maxClusterSize: must be at least 2, got 1`,
			`c.yaml:9: dedupe.names: "remote": must be engine or local`,
			`c.yaml:10: dedupe.maxMatchCalls: must be 0 or more, got -1`,
			`c.yaml:11: dedupe.output: must not be the input file or output.path`,
		}},
		{"report over the output", "input: {path: in.csv}\noutput: {path: out.csv, report: out.csv}\n", []string{
			`c.yaml:2: output.report: "out.csv" is the input or output file; choose another path for the report`,
		}},
		{"a pasted key is not echoed", minimal + "engine: {kind: nameapi, baseURL: https://x.test/, apiKeyEnv: sk-live-0123456789}\n", []string{
			`c.yaml:3: engine.apiKeyEnv: must be the NAME of an environment variable (letters, digits, '_'), not the key itself`,
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			_, err := load(tc.src)
			if err == nil {
				t.Fatal("accepted")
			}
			if got := strings.Split(err.Error(), "\n"); strings.Join(got, "\n") != strings.Join(tc.want, "\n") {
				t.Errorf("got\n%s\nwant\n%s", err, strings.Join(tc.want, "\n"))
			}
			var one *Error
			if !errors.As(err, &one) {
				t.Errorf("%T is not an *Error", err)
			}
		})
	}
}

func TestBurstDefault(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		src  string
		want int
	}{
		{"run: {rate: 50.5}\n", 51},
		{"run: {rate: 0.2}\n", 1},
		{"run: {rate: 10}\n", 10},
		{"run: {rate: 10, burst: 3}\n", 3},
	} {
		f, err := load(minimal + tc.src)
		if err != nil {
			t.Fatal(err)
		}
		if f.Run.Burst != tc.want {
			t.Errorf("%s: burst %d, want %d", tc.src, f.Run.Burst, tc.want)
		}
		// A rate from the command line gets the same default burst.
		var r Run
		r.SetRate(f.Run.Rate)
		if f.Run.Burst != r.Burst && !strings.Contains(tc.src, "burst") {
			t.Errorf("SetRate(%g): burst %d, the config's %d", f.Run.Rate, r.Burst, f.Run.Burst)
		}
	}
}

func TestOverride(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ path, format, want string }{
		{"x.parquet", record.FormatCSV, record.FormatParquet},
		{"x.tsv", record.FormatCSV, record.FormatTSV}, // the tab is the delimiter, not sniffed
		{"x.unknown", record.FormatJSONL, record.FormatJSONL},
		{"-", record.FormatParquet, record.FormatParquet},
	} {
		in := Input{Format: tc.format}
		in.Override(tc.path)
		out := Output{Format: tc.format}
		out.Override(tc.path)
		if in.Path != tc.path || in.Format != tc.want || out.Path != tc.path || out.Format != tc.want {
			t.Errorf("Override(%q) from %s: %+v %+v, want format %s", tc.path, tc.format, in, out, tc.want)
		}
	}
}

func TestSamePath(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	a := filepath.Join(dir, "a.csv")
	b := filepath.Join(dir, "b.csv")
	for _, p := range []string{a, b} {
		if err := os.WriteFile(p, []byte("x\n"), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	link := filepath.Join(dir, "link.csv")
	if err := os.Symlink(a, link); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		a, b string
		want bool
	}{
		{a, a, true},
		{a, filepath.Join(dir, ".", "a.csv"), true},
		{a, link, true}, // two names of one file
		{filepath.Join(dir, "new.csv"), filepath.Join(dir, "sub", "..", "new.csv"), true}, // not yet created
		{a, b, false},
		{"-", "-", false},
		{"", "", false},
		{a, "", false},
	} {
		if got := SamePath(tc.a, tc.b); got != tc.want {
			t.Errorf("SamePath(%q, %q) = %v, want %v", tc.a, tc.b, got, tc.want)
		}
	}
}

func TestAPIKeyFromEnv(t *testing.T) {
	const secret = "planted-secret-4f2c9"
	t.Setenv("NP_TEST_KEY", secret)
	for _, tc := range []struct {
		name    string
		eng     Engine
		want    string
		wantErr string
	}{
		{"set", Engine{Kind: EngineNameAPI, APIKeyEnv: "NP_TEST_KEY"}, secret, ""},
		{"unset", Engine{Kind: EngineNameAPI, APIKeyEnv: "NP_TEST_KEY_UNSET"}, "", "NP_TEST_KEY_UNSET"},
		{"no variable named", Engine{Kind: EngineNameAPI}, "", "engine.apiKeyEnv is not set"},
		{"local needs none", Engine{Kind: EngineLocal}, "", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			k, err := tc.eng.APIKey()
			if k != tc.want || (err == nil) != (tc.wantErr == "") || err != nil && !strings.Contains(err.Error(), tc.wantErr) {
				t.Fatalf("APIKey = %q, %v; want %q, error with %q", k, err, tc.want, tc.wantErr)
			}
			if err != nil && strings.Contains(err.Error(), secret) {
				t.Fatalf("error leaks the key: %v", err)
			}
		})
	}
}

// TestRejectsPath: input.rejects, else beside the output.
func TestRejectsPath(t *testing.T) {
	t.Parallel()
	s := Settings{Output: Output{Path: "out.csv"}}
	if got := s.RejectsPath(); got != "out.csv.rejects.csv" {
		t.Errorf("default %q", got)
	}
	s.Input.Rejects = "r.csv"
	if got := s.RejectsPath(); got != "r.csv" {
		t.Errorf("set %q", got)
	}
	if got := (&Settings{Output: Output{Path: "-"}}).RejectsPath(); got != "" {
		t.Errorf("stdout %q", got)
	}
}

func TestClosest(t *testing.T) {
	t.Parallel()
	cands := []string{"full_name", "email", "birth_date"}
	for _, tc := range []struct{ name, want string }{
		{"fullname", "full_name"},
		{"EMAIL", "email"},
		{"birthdate", "birth_date"},
		{"phone", ""},
		{strings.Repeat("e", 65), ""}, // long names are not compared
	} {
		if got := Closest(tc.name, cands); got != tc.want {
			t.Errorf("Closest(%q) = %q, want %q", tc.name, got, tc.want)
		}
	}
}

func TestDedupeOutput(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		flag, dedupe, output, want string
	}{
		{"", "", "out/customers.enriched.csv", "out/customers.enriched.dedupe.csv"},
		{"", "", "out/x", "out/x.dedupe"},
		{"", "d.parquet", "out/x.csv", "d.parquet"},
		{"f.csv", "d.parquet", "out/x.csv", "f.csv"},
	} {
		s := Settings{Output: Output{Path: tc.output}, Dedupe: Dedupe{Output: tc.dedupe}}
		if got := s.DedupeOutput(tc.flag); got != tc.want {
			t.Errorf("flag %q dedupe.output %q output.path %q: %q, want %q", tc.flag, tc.dedupe, tc.output, got, tc.want)
		}
	}
}

// TestConfigSizeBound: a config over MaxConfigBytes is refused before the
// YAML decoder sees it, so a hostile 20 MB file costs no more than its
// first MiB.
func TestConfigSizeBound(t *testing.T) {
	big := []byte("input:\n  path: x.csv\n# " + strings.Repeat("x", MaxConfigBytes) + "\n")
	var v struct {
		Input struct {
			Path string `yaml:"path"`
		} `yaml:"input"`
	}
	_, err := Decode(big, "big.yaml", &v)
	if err == nil || !strings.Contains(err.Error(), "big.yaml: config is over 1048576 bytes") {
		t.Fatalf("error %v", err)
	}
	if _, err := Decode(big[:MaxConfigBytes], "ok.yaml", &v); err != nil && strings.Contains(err.Error(), "over") {
		t.Fatalf("a config at the limit refused: %v", err)
	}
}
