package report

import (
	"bytes"
	"crypto/sha256"
	_ "embed"
	"encoding/hex"
	"fmt"
	"html/template"
	"io"
	"net/url"
	"os"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/namepipe/namepipe/outfile"

	"github.com/namepipe/namepipe/config"
	"github.com/namepipe/namepipe/mapping"
)

// RunInfo are the facts of the run shown in the page's header.
type RunInfo struct {
	// Input and Output are the paths of the files ("-" for stdin/stdout).
	Input, Output string
	// Config is the config file's name, ConfigSHA256 its hash (HashFile).
	Config, ConfigSHA256 string
	// Engine is "local" or the remote service's host (EngineLabel), never
	// a key.
	Engine string
	// Ops are the operations run.
	Ops []mapping.Op
	// Generated is when the report was written (zero: not shown).
	Generated time.Time
}

// Totals are the run's counters, copied from the pipeline's summary (the
// --summary JSON), so that the page and the JSON agree exactly.
type Totals struct {
	RowsIn, RowsOut, RowsWithErrors int64
	Errors                          ErrorTotals
	Requests, Calls, Retries        int64
	CacheHitsMemory                 int64
	CacheHitsPersistent             int64
	DedupHits                       int64
	Elapsed                         time.Duration
	RowsPerSec                      float64
	Gender                          map[string]int64
	RiskScores                      []Bin
	Disposable                      map[string]int64
	DisposableShare                 float64
	// Input is what the reader met besides plain rows (nil when the
	// reader does not count).
	Input *InputTotals
	// Stopped is the reason the run stopped early, or "".
	Stopped string
}

// InputTotals are the reader's counts, as the summary's "input".
type InputTotals struct {
	Malformed                         map[string]int64
	Rejected                          int64
	BlankLinesSkipped, BlankLinesKept int64
	TrailingDelimiters                int64
	Notes                             []string
}

// ErrorTotals count row errors by kind, as the summary's "errors".
type ErrorTotals struct {
	ReaderProblem, Build      int64
	ByOp                      map[string]int64
	RetriesExhausted, NotDone int64
}

// Bin is one bin of the risk score histogram: Count values in [From, To).
type Bin struct {
	From, To float64
	Count    int64
}

// Report is everything one page shows.
type Report struct {
	Run    RunInfo
	Totals Totals
	// Data are the aggregates of the rows; nil leaves out the sections
	// that need them.
	Data *Collector
	// Dedupe, when set, adds the de-duplication section.
	Dedupe *Clusters
}

// EngineLabel describes the engine for the header: "local (embedded)", or
// the scheme and host of a remote service's base URL, never its path,
// query or user info (where a key could hide).
func EngineLabel(kind, baseURL string) string {
	if kind == "" || kind == config.EngineLocal {
		return "local (embedded)"
	}
	u, err := url.Parse(baseURL)
	if err != nil || u.Host == "" {
		return "remote service"
	}
	return "remote service at " + u.Scheme + "://" + u.Host
}

// HashFile returns the hex SHA-256 of a file's contents.
func HashFile(path string) (string, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return "", fmt.Errorf("report: hash %s: %w", path, err)
	}
	sum := sha256.Sum256(data)
	return hex.EncodeToString(sum[:]), nil
}

//go:embed page.html
var pageHTML string

var page = template.Must(template.New("page").Funcs(template.FuncMap{
	"int":     Int,
	"pct":     Percent,
	"share":   Share,
	"score":   Score,
	"visible": Visible,
}).Parse(pageHTML))

// Render writes the page to w.
func (r *Report) Render(w io.Writer) error {
	if err := page.Execute(w, r.view()); err != nil {
		return fmt.Errorf("report: render: %w", err)
	}
	return nil
}

// WriteFile writes the page to path, as outfile decides: a file through
// a temporary file in the same directory renamed into place, a device or
// FIFO directly.
func (r *Report) WriteFile(path string) error {
	var buf bytes.Buffer
	if err := r.Render(&buf); err != nil {
		return err
	}
	if _, err := outfile.WriteFile(path, buf.Bytes(), outfile.Options{}); err != nil {
		return fmt.Errorf("write report %s: %w", path, err)
	}
	return nil
}

// bar is one labelled bar of a chart; Width is in percent of the widest.
type bar struct {
	Label string
	Key   string // data-k of the count: the summary JSON path, or ""
	Count int64
	Share string
	Width float64
	Class string
}

func bars(labels []string, counts []int64, keys []string, total int64) []bar {
	var most int64
	for _, n := range counts {
		most = max(most, n)
	}
	out := make([]bar, len(labels))
	for i := range labels {
		out[i] = bar{Label: labels[i], Count: counts[i], Share: Share(counts[i], total)}
		if keys != nil {
			out[i].Key = keys[i]
		}
		if most > 0 {
			out[i].Width = float64(int(1000*float64(counts[i])/float64(most))) / 10
		}
	}
	return out
}

// countBars are bars of a map's counts, largest first.
func countBars(m map[string]int64, keyPrefix string) ([]bar, int64) {
	keys := make([]string, 0, len(m))
	var total int64
	for k, n := range m {
		keys = append(keys, k)
		total += n
	}
	sort.Slice(keys, func(i, j int) bool {
		if m[keys[i]] != m[keys[j]] {
			return m[keys[i]] > m[keys[j]]
		}
		return keys[i] < keys[j]
	})
	labels := make([]string, len(keys))
	counts := make([]int64, len(keys))
	var dk []string
	for i, k := range keys {
		labels[i], counts[i] = Visible(k), m[k]
		if keyPrefix != "" {
			dk = append(dk, Visible(keyPrefix+k))
		}
	}
	return bars(labels, counts, dk, total), total
}

func hasOp(ops []mapping.Op, op mapping.Op) bool { return slices.Contains(ops, op) }

// opNames returns the operations as text.
func opNames(ops []mapping.Op) string {
	s := make([]string, len(ops))
	for i, op := range ops {
		s[i] = string(op)
	}
	return strings.Join(s, ", ")
}
