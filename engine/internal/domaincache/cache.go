// Package domaincache remembers an answer (a small non-zero number) for
// each of the email domains of recent addresses, for the operations that
// check every row's domain (the disposable check, the risk detector's
// email checks): most addresses of a file share a few domains.
package domaincache

import (
	"strings"
	"sync"
)

// Cache remembers an answer (1..255, the caller's) for each of the
// domains of recent addresses, by the domain as the caller gives it: a
// hit skips the caller's checks and lookups of the domain
// (email's BenchmarkDisposable and risk's BenchmarkDomainFacts compare a
// Cache with none side by side). It is a map behind a read-write lock,
// safe for concurrent use; when it holds maxDomains domains it forgets
// them all and starts again. A nil Cache remembers nothing.
type Cache struct {
	mu sync.RWMutex
	m  map[string]uint8
}

// maxDomains bounds the domains remembered: many more than the providers
// that serve most addresses of a file.
const maxDomains = 512

// MaxKey is the longest domain remembered, in bytes (a domain name has at
// most 253).
const MaxKey = 253

// New returns an empty Cache.
func New() *Cache { return &Cache{m: make(map[string]uint8, maxDomains)} }

// Get returns the remembered answer of domain d.
func (c *Cache) Get(d string) (answer uint8, ok bool) {
	if c == nil {
		return 0, false
	}
	c.mu.RLock()
	answer, ok = c.m[d]
	c.mu.RUnlock()
	return answer, ok
}

// Put remembers answer (non-zero) as the answer of domain d, unless d is
// empty or too long.
func (c *Cache) Put(d string, answer uint8) {
	if c == nil || d == "" || len(d) > MaxKey {
		return
	}
	c.mu.Lock()
	if a, ok := c.m[d]; !ok || a != answer {
		if !ok && len(c.m) >= maxDomains {
			clear(c.m)
		}
		c.m[strings.Clone(d)] = answer // d is often part of a whole address
	}
	c.mu.Unlock()
}
