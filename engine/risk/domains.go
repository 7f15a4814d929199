package risk

import (
	"hash/maphash"
	"strings"
	"sync/atomic"

	"github.com/namepipe/namepipe/engine/lexicon"
)

// domainFacts is what the email checks know of a domain (lower case,
// without a trailing dot).
type domainFacts struct {
	domain      string
	placeholder bool // a placeholder or reserved domain
	disposable  bool // a disposable provider's (lexicon.Lexicon.IsDisposableDomain)
}

// domainCache remembers the facts of recent domains, so that the email
// checks of a row whose domain came before (most rows: a few providers
// serve most addresses) look nothing up in the domain lists: a
// direct-mapped table of immutable entries, one atomic load per lookup,
// shared by the goroutines that call the detector (BenchmarkRiskParts
// "email").
type domainCache struct {
	seed  maphash.Seed
	slots [1024]atomic.Pointer[domainFacts]
}

func newDomainCache() *domainCache { return &domainCache{seed: maphash.MakeSeed()} }

// facts returns the facts of domain, from the cache when it holds them.
func (c *domainCache) facts(lex lexicon.Lexicon, domain string) domainFacts {
	s := &c.slots[maphash.String(c.seed, domain)%uint64(len(c.slots))]
	if f := s.Load(); f != nil && f.domain == domain {
		return *f
	}
	f := &domainFacts{
		domain: strings.Clone(domain), // not the row's text
		placeholder: placeholderDomains[domain] || strings.HasSuffix(domain, ".example") || strings.HasSuffix(domain, ".invalid") ||
			strings.HasSuffix(domain, ".test") || strings.HasPrefix(domain, "example."),
	}
	f.disposable = !f.placeholder && lex.IsDisposableDomain(domain)
	s.Store(f)
	return *f
}
