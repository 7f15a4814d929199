package job

import (
	"math"
	"time"

	"github.com/namepipe/namepipe/dedupe"
	"github.com/namepipe/namepipe/mapping"
	"github.com/namepipe/namepipe/pipeline"
	"github.com/namepipe/namepipe/report"
)

// writeRunReport writes the run report of a finished (or stopped) run.
func writeRunReport(configPath string, cfg *mapping.Config, plan *mapping.Plan, sum *pipeline.Summary, c *report.Collector) error {
	hash, err := report.HashFile(configPath)
	if err != nil {
		return err
	}
	rep := &report.Report{
		Run: report.RunInfo{
			Input: cfg.Input.Path, Output: cfg.Output.Path,
			Config: configPath, ConfigSHA256: hash,
			Engine:    report.EngineLabel(cfg.Engine.Kind, cfg.Engine.BaseURL),
			Ops:       plan.Ops(),
			Generated: time.Now(),
		},
		Totals: sum.ReportTotals(),
		Data:   c,
	}
	return rep.WriteFile(cfg.Output.Report)
}

// writeDedupeReport writes the report of a dedupe run: its clusters by
// size and the largest ones, from the rows' cluster ids.
func writeDedupeReport(path, configPath string, cfg *mapping.Config, outPath string, res *dedupe.Result) error {
	hash, err := report.HashFile(configPath)
	if err != nil {
		return err
	}
	s := &res.Summary
	rep := &report.Report{
		Run: report.RunInfo{
			Input: cfg.Input.Path, Output: outPath, Config: configPath, ConfigSHA256: hash,
			Engine: report.EngineLabel(cfg.Engine.Kind, cfg.Engine.BaseURL), Generated: time.Now(),
		},
		Totals: report.Totals{RowsIn: s.Rows, RowsOut: s.Rows, RowsWithErrors: s.RowsWithErrors, Elapsed: s.Elapsed},
		Dedupe: clusterReport(cfg, res),
	}
	if s.Elapsed > 0 {
		rep.Totals.RowsPerSec = float64(s.Rows) / s.Elapsed.Seconds()
	}
	return rep.WriteFile(path)
}

// clusterReport is the report's section of a dedupe result's clusters.
func clusterReport(cfg *mapping.Config, res *dedupe.Result) *report.Clusters {
	var cc report.ClusterCollector
	cc.AddRows(int64(res.NumRows()))
	type cluster struct {
		size int64
		rows []int64
	}
	clusters := map[int32]*cluster{}
	var order []int32
	for i := range res.NumRows() {
		rr := res.Row(i)
		if rr.Cluster < 0 || rr.Size < 2 {
			continue
		}
		c := clusters[rr.Cluster]
		if c == nil {
			c = &cluster{size: int64(rr.Size)}
			clusters[rr.Cluster] = c
			order = append(order, rr.Cluster)
		}
		if len(c.rows) < report.RowsPerCluster {
			c.rows = append(c.rows, int64(i)+1)
		}
	}
	for _, id := range order {
		c := clusters[id]
		cc.AddCluster(res.RowID(id), c.size, res.Name(id), c.rows)
	}
	section := cc.Clusters()
	section.Threshold = cfg.Dedupe.Threshold
	t := cfg.Dedupe.Threshold
	section.ThresholdWeight = math.Log2(t / (1 - t))
	section.Weights = res.WeightHistogram()
	section.PriorWeight = res.Model.PriorWeight()
	section.Levels = res.Model.LevelWeights()
	for _, p := range res.Borderline(cfg.Dedupe.Threshold, report.BorderlineBand, report.BorderlinePairs) {
		section.Borderline = append(section.Borderline, report.PairSample(p))
	}
	return section
}
