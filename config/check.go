package config

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"

	"github.com/namepipe/namepipe/record"
)

// ApplyDefaults fills what the file d left out with the defaults.
func (s *Settings) ApplyDefaults(d *Doc) {
	if s.Engine.Kind == "" {
		s.Engine.Kind = EngineLocal
	}
	if !d.Has("engine.timeout") {
		s.Engine.Timeout = DefaultTimeout
	}
	if !d.Has("run.concurrency") {
		s.Run.Concurrency = DefaultConcurrency
	}
	if !d.Has("run.retries") {
		s.Run.Retries = DefaultRetries
	}
	if !d.Has("run.maxConsecutiveFailures") {
		s.Run.MaxConsecutiveFailures = DefaultMaxConsecutiveFailures
	}
	if !d.Has("run.maxValueBytes") {
		s.Run.MaxValueBytes = DefaultMaxValueBytes
	}
	if s.Run.InvalidValues == "" {
		s.Run.InvalidValues = InvalidOmit
	}
	if !d.Has("run.burst") && s.Run.Rate > 0 {
		s.Run.Burst = DefaultBurst(s.Run.Rate)
	}
	if s.Input.Format == "" {
		s.Input.Format = formatFromPath(s.Input.Path)
	}
	if s.Output.Format == "" {
		s.Output.Format = formatFromPath(s.Output.Path)
	}
	if s.Output.OnExisting == "" {
		s.Output.OnExisting = ExistingFail
	}
	if s.Output.EscapeFormulas == "" && s.Output.Postgres == nil {
		s.Output.EscapeFormulas = EscapeResults
	}
	if s.Input.OnMalformed == "" && s.Input.Format == record.FormatCSV {
		s.Input.OnMalformed = MalformedKeep
	}
	s.applyPostgresDefaults()
	s.Dedupe.applyDefaults(d)
}

// formatFromPath is the config format of path: TSV files are CSV with
// their delimiter given or sniffed.
func formatFromPath(path string) string {
	if f := record.FormatOf(path); f != record.FormatTSV {
		return f
	}
	return record.FormatCSV
}

var envNameRe = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*$`)

// Check adds to p every problem of the settings that can be found without
// reading the input. d is the file they were decoded from.
func (s *Settings) Check(d *Doc, p *Problems) {
	// input / output
	if s.Input.Path == "" && s.Input.Postgres == nil {
		p.Add("input.path", "is required (or input.postgres)")
	}
	if s.Output.Path == "" && s.Output.Postgres == nil {
		p.Add("output.path", "is required (or output.postgres)")
	}
	s.checkPostgres(p)
	checkFormat(p, "input", s.Input.Path, s.Input.Format)
	checkFormat(p, "output", s.Output.Path, s.Output.Format)
	checkDelimiter(p, "input", s.Input.Format, s.Input.Delimiter)
	if s.Output.Delimiter != DelimiterSame {
		checkDelimiter(p, "output", s.Output.Format, s.Output.Delimiter)
	} else if s.Output.Format != record.FormatCSV {
		p.Add("output.delimiter", "applies only to CSV (format is %s)", s.Output.Format)
	}
	if s.Input.Sheet != "" && s.Input.Format != record.FormatXLSX {
		p.Add("input.sheet", "applies only to Excel input (format is %s)", s.Input.Format)
	}
	switch s.Output.OnExisting {
	case "", ExistingFail, ExistingReplace:
	default:
		p.Add("output.onExisting", "%q: must be fail or replace", s.Output.OnExisting)
	}
	if !s.Input.HasHeader() {
		if s.Input.Format != record.FormatCSV {
			p.Add("input.header", "header: false applies only to CSV input")
		}
		if len(s.Input.Columns) == 0 {
			p.Add("input.header", "CSV input without a header line needs input.columns (the column names)")
		}
	} else if len(s.Input.Columns) > 0 {
		p.Add("input.columns", "input.columns applies only to CSV input with header: false")
	}
	switch s.Input.OnMalformed {
	case "", MalformedKeep, MalformedFail:
		if s.Input.Rejects != "" {
			p.Add("input.rejects", "applies only with onMalformed: reject")
		}
	case MalformedReject:
		switch rj := s.RejectsPath(); {
		case rj == "":
			p.Add("input.onMalformed", "reject with output to stdout needs input.rejects (the file for the rejected rows)")
		case rj == "-" || SamePath(rj, s.Input.Path) || SamePath(rj, s.Output.Path):
			p.Add("input.rejects", "%q must be a file other than the input and the output", rj)
		}
	default:
		p.Add("input.onMalformed", "%q: must be keep, reject or fail", s.Input.OnMalformed)
	}
	if s.Input.OnMalformed != "" && s.Input.Format != record.FormatCSV && d.Has("input.onMalformed") {
		p.Add("input.onMalformed", "applies only to CSV input (format is %s)", s.Input.Format)
	}
	if s.Input.Path != "" && s.Output.Path != "" && s.Input.Path != "-" && SamePath(s.Input.Path, s.Output.Path) {
		p.Add("output.path", "is the input file %q: namepipe never overwrites its input; choose another output path", s.Input.Path)
	}
	if r := s.Output.Report; r != "" && (SamePath(r, s.Input.Path) || SamePath(r, s.Output.Path)) {
		p.Add("output.report", "%q is the input or output file; choose another path for the report", r)
	}
	if pre := s.Output.ColumnPrefix(); pre != "" && !validColumnPrefix(pre) {
		p.Add("output.prefix", "%q: use letters, digits, '_' or '.' only", pre)
	}
	if s.Output.Postgres == nil && !slices.Contains([]string{EscapeResults, EscapeAll, EscapeNone}, s.Output.EscapeFormulas) {
		p.Add("output.escapeFormulas", "%q: must be results, all or none", s.Output.EscapeFormulas)
	}

	// engine
	switch s.Engine.Kind {
	case EngineLocal:
		if s.Engine.BaseURL != "" {
			p.Add("engine.baseURL", "is only used with engine.kind: nameapi (kind is local)")
		}
	case EngineNameAPI:
		if s.Engine.BaseURL == "" {
			p.Add("engine", "kind nameapi needs engine.baseURL (such as https://api.nameapi.org/rest/v5.3/)")
		} else if !strings.HasPrefix(s.Engine.BaseURL, "http://") && !strings.HasPrefix(s.Engine.BaseURL, "https://") {
			p.Add("engine.baseURL", "must start with http:// or https://")
		}
		if s.Engine.APIKeyEnv == "" {
			p.Add("engine", "kind nameapi needs engine.apiKeyEnv, the name of the environment variable holding the API key")
		}
	default:
		p.Add("engine.kind", "%q: must be local or nameapi", s.Engine.Kind)
	}
	if s.Engine.APIKeyEnv != "" && !envNameRe.MatchString(s.Engine.APIKeyEnv) {
		// Never echo the value: it may be a pasted key.
		p.Add("engine.apiKeyEnv", "must be the NAME of an environment variable (letters, digits, '_'), not the key itself")
	}
	if s.Engine.Timeout <= 0 {
		p.Add("engine.timeout", "must be positive, such as 10s")
	}

	// run
	r := &s.Run
	if r.Concurrency < 1 {
		p.Add("run.concurrency", "must be at least 1, got %d", r.Concurrency)
	}
	if r.Rate < 0 {
		p.Add("run.rate", "must be 0 (unlimited) or positive, got %g", r.Rate)
	}
	if r.Rate > 0 && r.Burst < 1 {
		p.Add("run.burst", "must be at least 1 when run.rate is set, got %d", r.Burst)
	}
	if r.Rate == 0 && d.Has("run.burst") {
		p.Add("run.burst", "has no effect without run.rate")
	}
	if r.Retries < 0 {
		p.Add("run.retries", "must be 0 or more, got %d", r.Retries)
	}
	if r.MaxConsecutiveFailures < 0 {
		p.Add("run.maxConsecutiveFailures", "must be 0 (never stop) or more, got %d", r.MaxConsecutiveFailures)
	}
	if !slices.Contains([]string{InvalidOmit, InvalidSkip}, r.InvalidValues) {
		p.Add("run.invalidValues", "%q: must be omit or skip", r.InvalidValues)
	}
	if r.MaxValueBytes < 1 {
		p.Add("run.maxValueBytes", "must be at least 1, got %d", r.MaxValueBytes)
	}
	if r.Cache != "" && (SamePath(r.Cache, s.Input.Path) || SamePath(r.Cache, s.Output.Path)) {
		p.Add("run.cache", "must not be the input or output file")
	}
	s.Dedupe.check(s, p)
}

func validColumnPrefix(s string) bool {
	for _, r := range s {
		if !(r == '_' || r == '.' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z') {
			return false
		}
	}
	return true
}

// SamePath reports whether a and b name the same file: the same absolute
// path, or two existing paths of one file (a link, another spelling on a
// case-insensitive file system). "" and "-" (stdin/stdout) are never the
// same as anything.
func SamePath(a, b string) bool {
	if a == "" || b == "" || a == "-" || b == "-" {
		return false
	}
	aa, err1 := filepath.Abs(a)
	bb, err2 := filepath.Abs(b)
	if err1 != nil || err2 != nil {
		return filepath.Clean(a) == filepath.Clean(b)
	}
	if aa == bb {
		return true
	}
	sa, err1 := os.Stat(aa)
	sb, err2 := os.Stat(bb)
	return err1 == nil && err2 == nil && os.SameFile(sa, sb)
}

func checkFormat(p *Problems, section, path, format string) {
	known := "csv, parquet or jsonl"
	if section == "input" {
		known = "csv, parquet, jsonl or xlsx"
	}
	switch format {
	case record.FormatCSV, record.FormatJSONL:
	case record.FormatParquet:
		if c := record.CompressionOf(path); c != "" {
			p.Add(section+".path", "%q: a Parquet file compresses its own pages; %s applies to csv and jsonl", filepath.Base(path), c)
		}
	case record.FormatXLSX:
		if section == "output" {
			p.Add("output.format", "namepipe reads Excel workbooks but does not write them: write csv (Excel opens it) or parquet")
		} else if c := record.CompressionOf(path); c != "" {
			p.Add("input.path", "%q: an Excel workbook is compressed already; give the .xlsx itself", filepath.Base(path))
		}
	case "":
		if section == "input" && strings.EqualFold(filepath.Ext(path), ".xls") {
			p.Add("input.path", "%q is an old-style Excel .xls workbook, which namepipe does not read: save it as .xlsx or CSV (UTF-8)", filepath.Base(path))
		} else if path != "" {
			p.Add(section+".path", "cannot tell the format from %q; set %s.format to %s", filepath.Ext(path), section, known)
		}
	default:
		p.Add(section+".format", "%q: must be %s", format, known)
	}
}

func checkDelimiter(p *Problems, section, format, d string) {
	if d == "" {
		return
	}
	if format != record.FormatCSV {
		p.Add(section+".delimiter", "applies only to CSV (format is %s)", format)
		return
	}
	r := []rune(d)
	if len(r) != 1 || r[0] == '"' || r[0] == '\r' || r[0] == '\n' || r[0] == 0xFFFD {
		p.Add(section+".delimiter", "%q: must be one character other than a quote or line break, such as \",\", \";\", \"|\" or \"\\t\"", d)
	}
}
