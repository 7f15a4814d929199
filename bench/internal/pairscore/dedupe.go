package pairscore

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/namepipe/namepipe/dedupe"
	"github.com/namepipe/namepipe/mapping"
	"github.com/namepipe/namepipe/nameapi"
	"github.com/namepipe/namepipe/readers"
)

// Clusters de-duplicates the CSV file at path with the config at
// cfgPath, names compared by m, and returns each row's cluster (-1 for
// none), in input order: what the generators' tests score.
func Clusters(ctx context.Context, path, cfgPath string, m nameapi.PersonMatcher) ([]int64, error) {
	cfg, err := mapping.Load(cfgPath)
	if err != nil {
		return nil, err
	}
	rd, err := readers.Open(ctx, path, readers.Options{Format: "csv"})
	if err != nil {
		return nil, err
	}
	defer rd.Close()
	plan, err := mapping.NewPlan(cfg, rd.Schema())
	if err != nil {
		return nil, fmt.Errorf("%s: %w", cfgPath, err)
	}
	res, err := dedupe.Run(ctx, dedupe.Options{Input: rd, Plan: plan, Matcher: m, MaxMatchCalls: -1, Settings: cfg.Dedupe})
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	out := make([]int64, res.NumRows())
	for i := range out {
		out[i] = int64(res.Row(i).Cluster)
	}
	return out, nil
}

// ClustersOfCSV writes a CSV file with write into dir and returns
// Clusters of it: what the generators' tests do with the rows they
// generate.
func ClustersOfCSV(ctx context.Context, dir string, write func(io.Writer) error, cfgPath string, m nameapi.PersonMatcher) ([]int64, error) {
	var buf bytes.Buffer
	if err := write(&buf); err != nil {
		return nil, err
	}
	path := filepath.Join(dir, "people.csv")
	if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		return nil, err
	}
	return Clusters(ctx, path, cfgPath, m)
}
