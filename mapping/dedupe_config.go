package mapping

import "github.com/namepipe/namepipe/config"

// Defaults of the dedupe section.
const (
	DefaultDedupeThreshold      = 0.9
	DefaultDedupePairsThreshold = 0.3
	DefaultDedupeMaxBlockSize   = 24
	DefaultDedupeWindow         = 4
	DefaultDedupeMaxClusterSize = 50
)

// Name comparison modes of the dedupe section.
const (
	// DedupeNamesEngine compares names with the engine's person matcher
	// (with engine kind nameapi: paid calls, budgeted by maxMatchCalls).
	DedupeNamesEngine = "engine"
	// DedupeNamesLocal compares names with namepipe's own token
	// comparison, calling nothing.
	DedupeNamesLocal = "local"
)

// DedupeConfig is the "dedupe" section: the settings of `namepipe dedupe`.
// Every key is optional.
type DedupeConfig struct {
	// Output is the path of the de-duplicated file (default: output.path
	// with ".dedupe" before its extension).
	Output string `yaml:"output"`
	// Threshold is the match probability (0..1) from which two rows are
	// linked into one cluster (default 0.9).
	Threshold float64 `yaml:"threshold"`
	// PairsThreshold is the lower match probability from which a compared
	// pair is written to the pairs file and may be a row's best match
	// (default 0.3).
	PairsThreshold float64 `yaml:"pairsThreshold"`
	// MaxBlockSize caps a block: a larger block compares each row only
	// with its Window nearest neighbours in name order (default 24).
	MaxBlockSize int `yaml:"maxBlockSize"`
	// Window is the number of neighbours compared in a capped block (default 4).
	Window int `yaml:"window"`
	// MaxClusterSize stops a cluster from growing past this many rows
	// (default 50).
	MaxClusterSize int `yaml:"maxClusterSize"`
	// Names is engine (the engine's person matcher, default) or local.
	Names string `yaml:"names"`
	// MaxMatchCalls budgets the person-matcher calls with engine kind
	// nameapi; once spent, names are compared locally. 0 (default) with
	// kind nameapi means names are compared locally from the start.
	MaxMatchCalls int64 `yaml:"maxMatchCalls"`
}

// applyDedupeDefaults fills the dedupe keys that are absent.
func (c *Config) applyDedupeDefaults() {
	d := &c.Dedupe
	if !c.has("dedupe.threshold") {
		d.Threshold = DefaultDedupeThreshold
	}
	if !c.has("dedupe.pairsThreshold") {
		d.PairsThreshold = min(DefaultDedupePairsThreshold, d.Threshold)
	}
	if !c.has("dedupe.maxBlockSize") {
		d.MaxBlockSize = DefaultDedupeMaxBlockSize
	}
	if !c.has("dedupe.window") {
		d.Window = DefaultDedupeWindow
	}
	if !c.has("dedupe.maxClusterSize") {
		d.MaxClusterSize = DefaultDedupeMaxClusterSize
	}
	if d.Names == "" {
		d.Names = DedupeNamesEngine
	}
}

// checkDedupe validates the dedupe section.
func (c *Config) checkDedupe(p *config.Problems) {
	d := &c.Dedupe
	if d.Threshold <= 0 || d.Threshold >= 1 {
		p.Add("dedupe.threshold", "must be between 0 and 1 (exclusive), got %g", d.Threshold)
	}
	if d.PairsThreshold <= 0 || d.PairsThreshold > d.Threshold {
		p.Add("dedupe.pairsThreshold", "must be above 0 and at most dedupe.threshold (%g), got %g", d.Threshold, d.PairsThreshold)
	}
	if d.MaxBlockSize < 2 {
		p.Add("dedupe.maxBlockSize", "must be at least 2, got %d", d.MaxBlockSize)
	}
	if d.Window < 1 {
		p.Add("dedupe.window", "must be at least 1, got %d", d.Window)
	}
	if d.MaxClusterSize < 2 {
		p.Add("dedupe.maxClusterSize", "must be at least 2, got %d", d.MaxClusterSize)
	}
	switch d.Names {
	case DedupeNamesEngine, DedupeNamesLocal:
	default:
		p.Add("dedupe.names", "%q: must be engine or local", d.Names)
	}
	if d.MaxMatchCalls < 0 {
		p.Add("dedupe.maxMatchCalls", "must be 0 or more, got %d", d.MaxMatchCalls)
	}
	if d.Output != "" && (config.SamePath(d.Output, c.Input.Path) || config.SamePath(d.Output, c.Output.Path)) {
		p.Add("dedupe.output", "must not be the input file or output.path")
	}
}
