// Package engine is namepipe's offline implementation of the name service:
// every operation of nameapi.Service, answered from name dictionaries and
// domain lists embedded in the binary. It needs no key and no network.
//
// Engine composes the operations of its sub-packages (parse, genderize,
// risk, email, match, format, over text and one lexicon.Lexicon), checks
// the context and the request, and keeps a private memo of recent parses
// and name checks (memo.go). Failures are typed: a *nameapi.Error with a
// nameapi.Kind and no HTTP status (package server maps kinds to faults).
package engine

import (
	"fmt"
	"math/rand/v2"
	"sync"
	"time"

	"github.com/namepipe/namepipe/engine/dict"
	"github.com/namepipe/namepipe/engine/email"
	"github.com/namepipe/namepipe/engine/genderize"
	"github.com/namepipe/namepipe/engine/lexicon"
	"github.com/namepipe/namepipe/engine/parse"
	"github.com/namepipe/namepipe/engine/risk"
	"github.com/namepipe/namepipe/nameapi"
)

// Lexicon is what the operations need from the embedded name and domain
// data; dict.Dict implements it, and tests pass fakes with WithLexicon.
type Lexicon = lexicon.Lexicon

var (
	_ nameapi.Service   = (*Engine)(nil)
	_ nameapi.InProcess = (*Engine)(nil)
	_ Lexicon           = (*dict.Dict)(nil)
)

// Engine answers every operation of nameapi.Service offline. It is safe for
// concurrent use. Create it with New.
type Engine struct {
	lex    Lexicon
	now    func() time.Time
	gz     *genderize.Genderizer
	parser *parse.Parser
	email  *email.Checker
	risk   *risk.Detector

	memoSize int               // WithParseMemo
	nameMemo int               // WithNameCheckMemo; -1: nameChecksPerParse × memoSize
	readOnly bool              // callers do not modify parses (WithReadOnlyResults)
	parses   *memo[parsed]     // recent parses (see memo.go); nil = off
	names    *memo[risk.Names] // the risk detector's recent name checks; nil = off

	mu  sync.Mutex // guards rnd
	rnd *rand.Rand
}

// InProcess implements nameapi.InProcess: the engine answers in the
// calling goroutine, without I/O.
func (*Engine) InProcess() {}

// Option configures an Engine.
type Option func(*Engine)

// WithLexicon replaces the embedded data (for tests).
func WithLexicon(l Lexicon) Option { return func(e *Engine) { e.lex = l } }

// WithClock sets the clock used for age checks (default time.Now).
func WithClock(now func() time.Time) Option { return func(e *Engine) { e.now = now } }

// WithParseMemo sets how many recent names the engine remembers (their
// parses, and unless WithNameCheckMemo says otherwise the risk detector's
// name checks of nameChecksPerParse times as many) so that parse,
// genderize and risk calls for the same name, in any order, parse and
// check it once. 0 turns the memo off. The default is DefaultParseMemo.
func WithParseMemo(entries int) Option { return func(e *Engine) { e.memoSize = entries } }

// WithNameCheckMemo sets how many names' risk checks the engine remembers
// (0: none), apart from the parses: a check is a small value, a parse
// keeps its result and the text it points into alive, so that a run
// whose rows repeat names from far apart can remember many more checks
// than parses.
func WithNameCheckMemo(entries int) Option { return func(e *Engine) { e.nameMemo = entries } }

// WithReadOnlyResults promises that the callers only read the results of
// ParsePersonName and DetectDisposableEmail, as a pipeline that formats
// them into columns does: the engine then hands out the parses it
// remembers, and remembers the ones it returns, instead of copies
// (BenchmarkPipelineFour "readonly"), and shares one result per
// disposable answer. A caller that modified such a result would change
// the engine's later answers.
func WithReadOnlyResults() Option { return func(e *Engine) { e.readOnly = true } }

// WithSeed makes the exception thrower's chance deterministic.
func WithSeed(seed uint64) Option {
	return func(e *Engine) { e.rnd = rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15)) }
}

// nameChecksPerParse is how many names' risk checks the engine remembers
// per parse (WithParseMemo) by default: a name check is one 64-byte slot
// (see memo.go), a parse several times that, and the risk detector, whose
// rows never repeat as a whole, checks the name of every row.
const nameChecksPerParse = 4

// New returns an Engine over the embedded data (loaded once per process,
// on the first call; BenchmarkStartup measures it).
func New(opts ...Option) (*Engine, error) {
	e := &Engine{now: time.Now, memoSize: DefaultParseMemo, nameMemo: -1}
	for _, o := range opts {
		o(e)
	}
	if e.nameMemo < 0 {
		e.nameMemo = nameChecksPerParse * e.memoSize
	}
	e.parses = newMemo[parsed](e.memoSize)
	e.names = newMemo[risk.Names](e.nameMemo)
	if e.rnd == nil {
		e.rnd = rand.New(rand.NewPCG(rand.Uint64(), rand.Uint64()))
	}
	if e.lex == nil {
		d, err := dict.Default()
		if err != nil {
			return nil, fmt.Errorf("engine: load embedded data: %w", err)
		}
		e.lex = d
	}
	e.gz = genderize.New(e.lex)
	e.parser = parse.New(e.lex, e.gz)
	e.email = email.New(e.lex)
	e.risk = risk.New(e.lex, e.now)
	return e, nil
}
