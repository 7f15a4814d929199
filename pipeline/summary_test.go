package pipeline

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/namepipe/namepipe/mapping"
	"github.com/namepipe/namepipe/nameapi"
	"github.com/namepipe/namepipe/readers"
)

func TestSummaryDistributions(t *testing.T) { forEachPath(t, testSummaryDistributions) }

func testSummaryDistributions(t *testing.T, local bool) {
	genders := []string{nameapi.GenderMale, nameapi.GenderFemale, nameapi.GenderMale, nameapi.GenderUnknown}
	scores := []float64{-1, -0.95, 0, 0.5, 1}
	call := func(ctx context.Context, op Op, key string) (any, error) {
		var i int
		if _, err := fmt.Sscanf(key, "p%d", &i); err != nil {
			if _, err := fmt.Sscanf(key, "user%d@", &i); err != nil {
				return nil, err
			}
		}
		switch op {
		case "genderize":
			return mapping.Genderizer.Result(&nameapi.GenderizerResult{Gender: genders[i%len(genders)]}), nil
		case "risk":
			return mapping.RiskDetector.Result(&nameapi.RiskDetectorResult{Score: scores[i%len(scores)]}), nil
		case "disposable":
			if i%4 == 0 {
				return mapping.DisposableDetector.Result(&nameapi.DisposableEmailAddressDetectorResult{Disposable: nameapi.DisposableYes}), nil
			}
			return mapping.DisposableDetector.Result(&nameapi.DisposableEmailAddressDetectorResult{Disposable: nameapi.DisposableNo}), nil
		}
		return nil, fmt.Errorf("unexpected op %s", op)
	}
	rd := newMemReader(20, func(i int) string { return fmt.Sprint("P", i) })
	w := &memWriter{}
	sum, err := Run(context.Background(), newOpts(rd, w, &fakePlan{ops: []Op{"genderize", "risk", "disposable"}, call: call}, local))
	if err != nil {
		t.Fatal(err)
	}
	if g := sum.Gender; g[nameapi.GenderMale] != 10 || g[nameapi.GenderFemale] != 5 || g[nameapi.GenderUnknown] != 5 {
		t.Errorf("gender %v", g)
	}
	if d := sum.Disposable; d[nameapi.DisposableYes] != 5 || d[nameapi.DisposableNo] != 15 || sum.DisposableShare != 0.25 {
		t.Errorf("disposable %v share %v", d, sum.DisposableShare)
	}
	wantBins := map[int]int64{0: 8, 5: 4, 7: 4, 9: 4} // -1 and -0.95 in the first bin, 1 in the last
	if len(sum.RiskScores) != riskBins {
		t.Fatalf("risk bins %v", sum.RiskScores)
	}
	for i, b := range sum.RiskScores {
		if b.Count != wantBins[i] {
			t.Errorf("bin %d [%v,%v) = %d, want %d", i, b.From, b.To, b.Count, wantBins[i])
		}
	}
	if sum.RowsIn != 20 || sum.RowsOut != 20 || sum.Calls != 60 || sum.Requests != 60 {
		t.Errorf("rows %d/%d calls %d requests %d", sum.RowsIn, sum.RowsOut, sum.Calls, sum.Requests)
	}
	line := sum.String()
	for _, want := range []string{"20 rows in, 20 out, 0 with errors", "60 calls (0 retries)", "gender FEMALE 5, MALE 10, UNKNOWN 5", "disposable 25.0%"} {
		if !strings.Contains(line, want) {
			t.Errorf("String() = %q, missing %q", line, want)
		}
	}
	path := filepath.Join(t.TempDir(), "summary.json")
	if err := sum.WriteJSON(path); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var back map[string]any
	if err := json.Unmarshal(data, &back); err != nil {
		t.Fatal(err)
	}
	if back["rows_in"] != 20.0 || back["calls"] != 60.0 || back["disposable_share"] != 0.25 {
		t.Errorf("JSON summary %s", data)
	}
}

// statsReader is a memory reader that counts like the CSV reader.
type statsReader struct {
	*memReader
	st readers.Stats
}

func (r statsReader) Stats() readers.Stats { return r.st }

// TestSummaryInputStats: what the reader counted (malformed rows by kind,
// blank lines) is in the summary line and its JSON.
func TestSummaryInputStats(t *testing.T) {
	rd := statsReader{memReader: newMemReader(3, func(i int) string { return fmt.Sprint("P", i) }), st: readers.Stats{
		Malformed: map[string]int64{"bare_quote": 2, "field_count": 1}, BlankLinesSkipped: 4, TrailingDelimiters: 1,
	}}
	o := newOpts(rd.memReader, &memWriter{}, &fakePlan{ops: []Op{"parse"}, call: echo}, false)
	o.Reader = rd
	sum, err := Run(context.Background(), o)
	if err != nil {
		t.Fatal(err)
	}
	line := sum.String()
	for _, want := range []string{"malformed rows 3 (bare_quote 2, field_count 1)", "4 blank lines skipped", "1 rows ended with extra delimiters"} {
		if !strings.Contains(line, want) {
			t.Errorf("String() = %q, missing %q", line, want)
		}
	}
	data, err := json.Marshal(sum)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(data), `"input":{"malformed":{"bare_quote":2,"field_count":1},"blank_lines_skipped":4,"trailing_delimiters":1}`) {
		t.Errorf("JSON %s", data)
	}
}
