package config

import (
	"errors"
	"fmt"
	"os"
	"strings"
	"time"

	"github.com/namepipe/namepipe/record"
)

// Engine kinds (engine.kind).
const (
	EngineLocal   = "local"
	EngineNameAPI = "nameapi"
)

// Escape modes (output.escapeFormulas).
const (
	EscapeResults = "results"
	EscapeAll     = "all"
	EscapeNone    = "none"
)

// Policies of run.invalidValues.
const (
	// InvalidOmit leaves an unusable value (an impossible date, text in a
	// numeric column, an over-long cell) out of the request, still enriches
	// the row with the rest of its data, and reports the value in the error
	// column.
	InvalidOmit = "omit"
	// InvalidSkip sends nothing for a row with an unusable value; the row
	// is written with the error column filled.
	InvalidSkip = "skip"
)

// The defaults of a run: what a key left out of the config, or a flag
// left out of the command line, means. They are the only ones; the
// pipeline uses them too for the Options a caller leaves at zero.
const (
	DefaultPrefix                 = "np_"
	DefaultConcurrency            = 4
	DefaultRetries                = 3
	DefaultTimeout                = 10 * time.Second
	DefaultMaxConsecutiveFailures = 50
	DefaultMaxValueBytes          = 64 << 10
	// DefaultGrace is how long calls in flight may finish after Ctrl-C
	// (the --grace flag).
	DefaultGrace = 3 * time.Second
)

// DefaultBurst is the limiter's bucket size for a rate when run.burst is
// not set: the rate rounded up, at least 1.
func DefaultBurst(rate float64) int { return max(1, int(rate+0.999999)) }

// Settings are the run-level sections of a config file: what to read,
// what to write, which engine answers and how hard to drive it. A config
// type embeds them inline next to its own sections.
//
// The doc comment of every field below is its entry in the reference of
// configs/README.md (go generate ./config); a "Type:" and a "Default:"
// line fill those columns.
type Settings struct {
	Input  Input  `yaml:"input"`
	Output Output `yaml:"output"`
	Engine Engine `yaml:"engine"`
	Run    Run    `yaml:"run"`
	Dedupe Dedupe `yaml:"dedupe"`
}

// Input is the "input" section: the file or database table to read.
type Input struct {
	// File to read; `-` is stdin.
	// Type: path
	// Default: required (unless `postgres` is set)
	Path string `yaml:"path"`
	// Read the rows from a PostgreSQL database instead of a file, in one read-only repeatable-read transaction (one snapshot), streamed through a cursor. See [Database](../README.md#database).
	// Type: mapping
	// Default: none
	Postgres *PostgresInput `yaml:"postgres"`
	// Input format. CSV and JSON Lines compressed with gzip or Zstandard are read as they are (told by their first bytes; `.gz` / `.zst` after the extension); an Excel workbook is read from its first sheet (or `sheet`), dates as ISO `2006-01-02`.
	// Type: `csv` | `parquet` | `jsonl` | `xlsx`
	// Default: from the extension (`.csv` `.tsv` `.txt` / `.parquet` `.pq` / `.jsonl` `.ndjson` / `.xlsx`, each also as `.csv.gz`, `.csv.zst`…; `-` = csv)
	Format string `yaml:"format"`
	// Worksheet of an Excel input (`format: xlsx`).
	// Type: sheet name
	// Default: the first sheet
	Sheet string `yaml:"sheet"`
	// CSV field delimiter; write a tab as `"\t"`. CSV only.
	// Type: one character
	// Default: sniffed (`,` `;` tab `|`)
	Delimiter string `yaml:"delimiter"`
	// Whether the CSV has a header line.
	// Type: bool
	// Default: `true`
	Header *bool `yaml:"header"`
	// Column names of a CSV without header (`header: false`).
	// Type: list of names
	Columns []string `yaml:"columns"`
	// What happens to a malformed CSV row (a quote inside an unquoted field, text after a closing quote, a quote never closed, a wrong number of fields): `keep` writes it to the output with its text in its columns, flagged in the error column with `file:line:column`; `reject` writes it to the rejects file instead (columns `file`, `line`, `column`, `kind`, `error`, `text`), like DuckDB's `store_rejects`; `fail` stops the run at the first quoting error (rows with a wrong number of fields are still kept and flagged). The run summary counts each kind. See [hostile CSV input](#hostile-csv-input).
	// Type: `keep` | `reject` | `fail`
	// Default: `keep`
	OnMalformed string `yaml:"onMalformed"`
	// Where rejected rows go (`onMalformed: reject`); required when the output is stdout. Written only when the run succeeds, like the output.
	// Type: path
	// Default: the output's path followed by `.rejects.csv`
	Rejects string `yaml:"rejects"`
}

// Values of input.onMalformed.
const (
	MalformedKeep   = "keep"
	MalformedReject = "reject"
	MalformedFail   = "fail"
)

// RejectsPath returns where rejected rows go: input.rejects, or
// OUTPUT.rejects.csv; "" when the output is stdout and no path is set.
func (s *Settings) RejectsPath() string {
	if s.Input.Rejects != "" {
		return s.Input.Rejects
	}
	if s.Output.Path == "" || s.Output.Path == "-" {
		return ""
	}
	return s.Output.Path + ".rejects.csv"
}

// HasHeader reports whether CSV input starts with a header line.
func (c Input) HasHeader() bool { return c.Header == nil || *c.Header }

// Override replaces the path (or the database) by one given on the
// command line; when its extension names a format, the format follows it
// (--input x.parquet reads Parquet).
func (c *Input) Override(path string) {
	c.Path, c.Postgres = path, nil
	if fm := formatOverride(path); fm != "" {
		c.Format = fm
	}
}

// Output is the "output" section: the file or database table to write.
type Output struct {
	// File to write (`-` is stdout); written to a temporary file and renamed when complete. Must not be the input.
	// Type: path
	// Default: required (unless `postgres` is set)
	Path string `yaml:"path"`
	// Write the rows to a PostgreSQL table instead of a file, with COPY inside one transaction that commits only when the run succeeds. See [Database](../README.md#database).
	// Type: mapping
	// Default: none
	Postgres *PostgresOutput `yaml:"postgres"`
	// Output format, independent of the input's. A path ending `.gz` or `.zst` (`out.csv.gz`) writes CSV or JSON Lines compressed with gzip or Zstandard.
	// Type: `csv` | `parquet` | `jsonl`
	// Default: from the extension
	Format string `yaml:"format"`
	// CSV output delimiter; `same` keeps the CSV input's (a `;` file stays `;`).
	// Type: one character, or `same`
	// Default: `,`
	Delimiter string `yaml:"delimiter"`
	// What happens when result columns already exist in the input (a run on yesterday's enriched file): `fail` stops before any work; `replace` writes the new results into those columns, in place, and appends only the missing ones, so the nightly re-enrichment keeps its columns (see the README's recipe).
	// Type: `fail` | `replace`
	// Default: `fail`
	OnExisting string `yaml:"onExisting"`
	// Prefix of every result column; `""` is allowed when no column clashes.
	// Type: text (letters, digits, `_`, `.`)
	// Default: `np_`
	Prefix *string `yaml:"prefix"`
	// CSV cells protected against spreadsheet formula injection (cells starting with `=` `+` `-` `@` tab or CR): only result columns, all columns, or none. Input columns pass through byte for byte unless `all`.
	// Type: `results` | `all` | `none`
	// Default: `results`
	EscapeFormulas string `yaml:"escapeFormulas"`
	// Also write a self-contained HTML report of the run to this file (charts and tables of errors, genders, risks, email domains, places; works offline), even when the run stops early. `--report` overrides it.
	// Type: path
	// Default: none
	Report string `yaml:"report"`
}

// Values of output.onExisting.
const (
	ExistingFail    = "fail"
	ExistingReplace = "replace"
)

// DelimiterSame is the output.delimiter that keeps the CSV input's.
const DelimiterSame = "same"

// ColumnPrefix returns the prefix of result columns.
func (c Output) ColumnPrefix() string {
	if c.Prefix == nil {
		return DefaultPrefix
	}
	return *c.Prefix
}

// Override replaces the path (or the table) by one given on the command
// line; when its extension names a format, the format follows it
// (--output x.parquet writes Parquet).
func (c *Output) Override(path string) {
	c.Path, c.Postgres = path, nil
	if fm := formatOverride(path); fm != "" {
		c.Format = fm
	}
}

// formatOverride is the format named by the extension of a path given on
// the command line, or "" for stdin/stdout and unknown extensions. Unlike
// a format inferred while loading, TSV stays TSV: the tab is the
// delimiter rather than sniffed.
func formatOverride(path string) string {
	if path == "-" {
		return ""
	}
	return record.FormatOf(path)
}

// Engine is the "engine" section: which backend answers.
type Engine struct {
	// `local` = the embedded offline engine (no key, no network); `nameapi` = a remote service speaking the NameAPI REST v5.3 interface.
	// Type: `local` | `nameapi`
	// Default: `local`
	Kind string `yaml:"kind"`
	// Base URL of the service, such as `https://api.nameapi.org/rest/v5.3/`.
	// Type: URL
	// Default: required for `nameapi`
	BaseURL string `yaml:"baseURL"`
	// The NAME of the variable holding the API key (such as `NAMEAPI_KEY`). Never the key itself.
	// Type: environment variable name
	// Default: required for `nameapi`
	APIKeyEnv string `yaml:"apiKeyEnv"`
	// Timeout of one request to a remote service (the local engine computes in-process and needs none).
	// Type: duration (`500ms`, `10s`, `1m`)
	// Default: `10s`
	Timeout time.Duration `yaml:"timeout"`
}

// APIKey reads the API key from the environment variable named by
// APIKeyEnv, through LookupAPIKey. It returns "" and no error for the
// local engine without an apiKeyEnv. The error never contains the key.
func (e *Engine) APIKey() (string, error) {
	if e.APIKeyEnv == "" {
		if e.Kind == EngineNameAPI {
			return "", errors.New("engine.apiKeyEnv is not set")
		}
		return "", nil
	}
	k := LookupAPIKey(e.APIKeyEnv)
	if k == "" {
		return "", fmt.Errorf("environment variable %s (engine.apiKeyEnv) is not set or empty", e.APIKeyEnv)
	}
	return k, nil
}

// LookupAPIKey returns the API key held by the environment variable
// named env, without surrounding blanks, or "" when it is unset or
// blank. Engine.APIKey and the commands that take the variable's name as
// a flag read the key through it.
func LookupAPIKey(env string) string {
	return strings.TrimSpace(os.Getenv(env))
}

// Run is the "run" section: how hard to drive the engine.
type Run struct {
	// Requests in flight at once.
	// Type: int ≥ 1
	// Default: `4`
	Concurrency int `yaml:"concurrency"`
	// Requests per second, all operations together.
	// Type: number ≥ 0
	// Default: `0` (unlimited)
	Rate float64 `yaml:"rate"`
	// Requests that may start at once after a pause (needs `rate`).
	// Type: int ≥ 1
	// Default: rate rounded up
	Burst int `yaml:"burst"`
	// Retries of a retryable failure (timeout, network, 429, 5xx), with exponential backoff and full jitter, honouring Retry-After.
	// Type: int ≥ 0
	// Default: `3`
	Retries int `yaml:"retries"`
	// Stop the run after this many failed requests in a row (the service is down); `0` never stops.
	// Type: int ≥ 0
	// Default: `50`
	MaxConsecutiveFailures int `yaml:"maxConsecutiveFailures"`
	// Persistent result cache (bbolt): identical requests are answered from it in later runs, and a crashed run resumes without paying twice.
	// Type: path
	// Default: none
	Cache string `yaml:"cache"`
	// Longest cell value sent; a longer one is a row error (see `invalidValues`).
	// Type: int ≥ 1
	// Default: `65536`
	MaxValueBytes int `yaml:"maxValueBytes"`
	// A row with an unusable value (an impossible date such as 31 Feb, text in a numeric column, a cell over `maxValueBytes`): `omit` leaves that value out of the request, still enriches the row with the rest, and names the value in the error column; `skip` sends nothing for the row.
	// Type: `omit` | `skip`
	// Default: `omit`
	InvalidValues string `yaml:"invalidValues"`
}

// SetRate replaces the rate by one given on the command line, with the
// burst that rate gets by default.
func (r *Run) SetRate(rate float64) {
	r.Rate = rate
	r.Burst = DefaultBurst(rate)
}

// MaxAttempts is the number of attempts of one request, the first
// included.
func (r *Run) MaxAttempts() int { return r.Retries + 1 }
