// Package engine is namepipe's offline implementation of the name service:
// every operation of nameapi.Service, answered from name dictionaries and
// domain lists embedded in the binary. It needs no key and no network.
package engine

import (
	"math/rand/v2"
	"sync"
	"time"
)

// Lexicon is what the operations need from the embedded name and domain
// data. Lookups are case-insensitive and accept names with or without
// diacritics.
type Lexicon interface {
	// MaleProportion returns the share (0..1) of male bearers of a given
	// name for an ISO 3166 country or ISO 639-1 language code (""
	// = all data), and ok=false when the data does not know the name
	// there (callers then fall back to "").
	MaleProportion(given, placeOrLang string) (p float64, ok bool)
	// IsGivenName reports whether the data knows s as a given name.
	IsGivenName(s string) bool
	// IsSurname reports whether the data knows s as a surname.
	IsSurname(s string) bool
	// IsDisposableDomain reports whether mail at domain (or a parent
	// domain listed as wildcard) is disposable.
	IsDisposableDomain(domain string) bool
	// IsFreemailDomain reports whether domain is a free-mail provider.
	IsFreemailDomain(domain string) bool
}

// Engine answers every operation of nameapi.Service offline. It is safe for
// concurrent use. Create it with New.
type Engine struct {
	lex Lexicon
	now func() time.Time

	mu  sync.Mutex // guards rnd
	rnd *rand.Rand
}

// Option configures an Engine.
type Option func(*Engine)

// WithLexicon replaces the embedded data (for tests).
func WithLexicon(l Lexicon) Option { return func(e *Engine) { e.lex = l } }

// WithClock sets the clock used for age checks (default time.Now).
func WithClock(now func() time.Time) Option { return func(e *Engine) { e.now = now } }

// WithSeed makes the exception thrower's chance deterministic.
func WithSeed(seed uint64) Option {
	return func(e *Engine) { e.rnd = rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15)) }
}

// New returns an Engine over the embedded data.
func New(opts ...Option) (*Engine, error) {
	e := &Engine{now: time.Now}
	for _, o := range opts {
		o(e)
	}
	if e.rnd == nil {
		e.rnd = rand.New(rand.NewPCG(rand.Uint64(), rand.Uint64()))
	}
	// TODO(engine-data): default e.lex to the embedded dictionary.
	return e, nil
}
