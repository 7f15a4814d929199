package main

import (
	"context"
	"os"
	"strings"
	"testing"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/testing/passert"
)

func TestMain(m *testing.M) {
	beam.Init()
	os.Exit(m.Run())
}

func upper(s string) string { return strings.ToUpper(s) }

func init() { register.Function1x1(upper) }

// TestPrismRunsAPipeline runs a small pipeline on the in-process prism
// runner through the command's runner selection.
func TestPrismRunsAPipeline(t *testing.T) {
	p, s := beam.NewPipelineWithRoot()
	in := beam.Create(s, "ada", "grace", "linus")
	passert.Equals(s, beam.ParDo(s, upper, in), "ADA", "GRACE", "LINUS")
	c := &common{runner: "prism"}
	if _, err := c.execute(context.Background(), p); err != nil {
		t.Fatal(err)
	}
}

func TestCheckRunner(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		runner string
		flags  map[string]string
		want   string
	}{
		{"prism", nil, ""},
		{"flink", nil, "--runner flink needs --endpoint"},
		{"flink", map[string]string{"endpoint": "localhost:8099"}, ""},
		{"spark", nil, "--runner spark needs --endpoint"},
		{"dataflow", nil, "--runner dataflow needs --project, --region, --staging_location"},
		{"dataflow", map[string]string{"project": "p", "region": "europe-west1"}, "--runner dataflow needs --staging_location"},
		{"dataflow", map[string]string{"project": "p", "region": "r", "staging_location": "gs://b/s"}, ""},
		{"direct", nil, `--runner "direct": want one of dataflow, flink, prism, spark`},
	} {
		err := checkRunner(tc.runner, func(name string) string { return tc.flags[name] })
		got := ""
		if err != nil {
			got = err.Error()
		}
		if tc.want == "" && got != "" || !strings.HasPrefix(got, tc.want) {
			t.Errorf("runner %s: got %q, want %q…", tc.runner, got, tc.want)
		}
	}
}

func TestUsage(t *testing.T) {
	t.Parallel()
	var out, errb strings.Builder
	if code := realMain(context.Background(), nil, &out, &errb); code != exitUsage {
		t.Errorf("no command: exit %d, want %d", code, exitUsage)
	}
	if code := realMain(context.Background(), []string{"frobnicate"}, &out, &errb); code != exitUsage {
		t.Errorf("unknown command: exit %d, want %d", code, exitUsage)
	}
	errb.Reset()
	if code := realMain(context.Background(), []string{"run", "-h"}, &out, &errb); code != exitOK {
		t.Errorf("run -h: exit %d, want %d", code, exitOK)
	}
	for _, want := range []string{"-config", "-runner", "Runner flags", "-endpoint", "-staging_location"} {
		if !strings.Contains(errb.String(), want) {
			t.Errorf("run -h does not mention %s:\n%s", want, errb.String())
		}
	}
}
