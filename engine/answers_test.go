package engine

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"flag"
	"os"
	"strings"
	"testing"
	"time"
)

var updateAnswers = flag.Bool("update-answers", false, "rewrite testdata/answers.sha256 from the current engine")

// answersFile holds the SHA-256 of the engine's answers to answerRecords.
const answersFile = "testdata/answers.sha256"

// answerRecords is the input set of TestAnswersUnchanged: the benchmark
// records (pipelineRecords) and 20,000 full records like bench/gen's rows
// (fullPipelineRecords), with many distinct names.
func answerRecords(t testing.TB) []pipeRecord {
	t.Helper()
	return append(pipelineRecords(t), fullPipelineRecords(t, 20000)...)
}

// answersHash runs every record operation on recs, in the pipeline's order,
// and returns the SHA-256 of the JSON of all answers and errors.
func answersHash(t testing.TB, e *Engine, recs []pipeRecord) string {
	t.Helper()
	ctx := context.Background()
	h := sha256.New()
	enc := json.NewEncoder(h)
	put := func(v any, err error) {
		if err != nil {
			v = err.Error()
		}
		if err := enc.Encode(v); err != nil {
			t.Fatal(err)
		}
	}
	for _, r := range recs {
		if r.parse.InputPerson.PersonName != nil {
			put(e.ParsePersonName(ctx, r.parse))
			put(e.GenderizePerson(ctx, r.genderize))
		}
		put(e.DetectRisk(ctx, r.risk))
		if r.email != "" {
			put(e.DetectDisposableEmail(ctx, r.email))
			put(e.ClassifyEmailDomain(ctx, r.email))
		}
	}
	return hex.EncodeToString(h.Sum(nil))
}

// TestAnswersUnchanged holds the engine's answers on a large input set
// fixed: work on the engine's speed must not change any answer. With the
// memo (twice over the records: cold, then warm) and without it, and with
// WithReadOnlyResults, the answers hash to the committed value. A deliberate change of answers rewrites the file with
// -update-answers, in a commit that says why.
func TestAnswersUnchanged(t *testing.T) {
	t.Parallel()
	recs := answerRecords(t)
	clock := WithClock(func() time.Time { return time.Date(2026, 6, 1, 12, 0, 0, 0, time.UTC) })
	var got []string
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
		got = append(got, answersHash(t, e, recs))
		if c.memo > 0 {
			// Again, with every name in the memo from the first pass
			// where it fits.
			got = append(got, answersHash(t, e, recs))
		}
	}
	for i := 1; i < len(got); i++ {
		if got[i] != got[0] {
			t.Errorf("run %d: answers hash %s, run 0: %s (the memo changes answers)", i, got[i], got[0])
		}
	}
	if *updateAnswers {
		if err := os.WriteFile(answersFile, []byte(got[0]+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(answersFile)
	if err != nil {
		t.Fatal(err)
	}
	if w := strings.TrimSpace(string(want)); got[0] != w {
		t.Errorf("answers hash %s, want %s (%s): the engine's answers changed", got[0], w, answersFile)
	}
}
