package main

import (
	"fmt"
	"path/filepath"
	"time"

	"github.com/namepipe/namepipe/config"
	"github.com/namepipe/namepipe/mapping"
	"github.com/namepipe/namepipe/pipeline"
	"github.com/namepipe/namepipe/record"
	"github.com/namepipe/namepipe/report"
)

// checkReportPath finds out before the run, not after it, that the report
// cannot be written.
func checkReportPath(cfg *mapping.Config) error {
	path := cfg.Output.Report
	if path == "" {
		return nil
	}
	if dir := filepath.Dir(path); !isDir(dir) {
		return usageError{fmt.Errorf("report %s: directory %s does not exist", path, dir)}
	}
	if config.SamePath(path, cfg.Input.Path) || config.SamePath(path, cfg.Output.Path) {
		return usageError{fmt.Errorf("report %s is the input or output file", path)}
	}
	return nil
}

// newReportCollector returns the collector of the run report, or nil
// without a report.
func newReportCollector(path string, plan *mapping.Plan, in record.Schema) *report.Collector {
	if path == "" {
		return nil
	}
	return report.NewCollector(report.LayoutOf(plan, in))
}

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
