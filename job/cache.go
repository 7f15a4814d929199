package job

import (
	"fmt"
	"log/slog"
	"os"
	"time"

	"github.com/namepipe/namepipe/cache"
	"github.com/namepipe/namepipe/config"
	"github.com/namepipe/namepipe/mapping"
)

// CachePolicy says which persistent cache a run uses: Path, else
// run.cache, else OUTPUT.namepipe-cache for a remote engine (or when that
// file exists: a previous run left results to resume from). The local
// engine computes faster than a disk cache answers, so it gets none by
// default.
type CachePolicy struct {
	// Path names the cache file, overriding run.cache.
	Path string
	// Off turns the persistent cache off.
	Off bool
	// MaxAge, when positive, ignores cached results older than it.
	MaxAge time.Duration
}

// check reports a contradictory policy.
func (p CachePolicy) check() error {
	if p.Off && p.Path != "" {
		return errorf(Usage, "--cache and --no-cache exclude each other")
	}
	return nil
}

// open opens the cache of the policy for cfg: nil when there is none; its
// path, and whether it existed (the run resumes).
func (p CachePolicy) open(cfg *mapping.Config, logger *slog.Logger) (*cache.Bolt, string, bool, error) {
	if p.Off {
		return nil, "", false, nil
	}
	path := p.Path
	if path == "" {
		path = cfg.Run.Cache
	}
	if def := cfg.DefaultCachePath(); path == "" && def != "" {
		if _, err := os.Stat(def); err == nil || cfg.Engine.Kind == config.EngineNameAPI {
			path = def
		}
	}
	if path == "" {
		return nil, "", false, nil
	}
	if config.SamePath(path, cfg.Input.Path) || config.SamePath(path, cfg.Output.Path) {
		return nil, "", false, fmt.Errorf("cache %q is the input or output file", path)
	}
	_, statErr := os.Stat(path)
	existed := statErr == nil
	c, err := cache.Open(path)
	if err != nil {
		return nil, "", false, err
	}
	c.MaxAge = p.MaxAge
	if existed {
		n, _ := c.Len()
		logger.Info("re-using cached results", "cache", path, "entries", n)
	}
	return c, path, existed, nil
}
