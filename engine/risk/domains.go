package risk

import (
	"strings"

	"github.com/namepipe/namepipe/engine/internal/domaincache"
	"github.com/namepipe/namepipe/engine/lexicon"
)

// domainFacts is what the email checks know of a domain (lower case,
// without a trailing dot). Each fact is a finding of its own: a reserved
// documentation name such as example.com is a placeholder and also
// undeliverable.
type domainFacts struct {
	undeliverable bool // no mail can be delivered to it: not a valid host name (undeliverable) or reserved
	reserved      bool // reserved by standard, so that no mail reaches it (reservedOf)
	placeholder   bool // a placeholder or reserved domain
	disposable    bool // a disposable provider's (lexicon.Lexicon.IsDisposableDomain)
}

// reservedName is a domain name that, by standard, receives no mail on the
// public internet: it is never delegated in the DNS, resolves only on the
// local link or machine, or publishes a null MX (RFC 7505). The names
// under it are reserved as well.
type reservedName struct {
	name        string // lower case, without a trailing dot
	placeholder bool   // reserved for examples and tests: a stand-in as well
	why         string // why no mail reaches it, for the risk's reason
}

// reservedNames are the names of the IANA Special-Use Domain Names
// registry (RFC 6761 §3) that can appear as an email domain, and the
// private-use TLD "internal". Test, example and placeholder names that
// are registered and receive mail (test.com, email.com) are not here:
// they are placeholders only (placeholderDomains).
var reservedNames = []reservedName{
	{"example", true, "is reserved for examples (RFC 2606, RFC 6761) and is never delegated"},
	{"example.com", true, "is reserved for examples (RFC 2606) and accepts no mail (null MX, RFC 7505)"},
	{"example.net", true, "is reserved for examples (RFC 2606) and accepts no mail (null MX, RFC 7505)"},
	{"example.org", true, "is reserved for examples (RFC 2606) and accepts no mail (null MX, RFC 7505)"},
	{"test", true, "is reserved for testing (RFC 2606, RFC 6761) and is never delegated"},
	{"invalid", true, "is reserved as invalid (RFC 2606, RFC 6761) and never resolves"},
	{"localhost", true, "names the local machine (RFC 6761), no mailbox reachable from outside"},
	{"local", false, "resolves only on the local link (multicast DNS, RFC 6762)"},
	{"onion", false, "is a Tor onion service name (RFC 7686), not reachable by internet mail"},
	{"alt", false, "is reserved for names outside the DNS (RFC 9476)"},
	{"arpa", false, "is the internet's infrastructure domain (RFC 3172), with no mailboxes"},
	{"internal", false, "is reserved for private networks (ICANN, 2024) and is never delegated"},
}

// reservedOf returns the reserved name that domain is or lies under, or
// nil.
func reservedOf(domain string) *reservedName {
	for i := range reservedNames {
		r := &reservedNames[i]
		n := len(domain) - len(r.name)
		if n == 0 && domain == r.name || n > 0 && domain[n-1] == '.' && domain[n:] == r.name {
			return r
		}
	}
	return nil
}

// The answers that the email checks remember of a domain in a
// domaincache.Cache, so that the checks of a row whose domain came before
// (most rows: a few providers serve most addresses) look nothing up in
// the domain lists (BenchmarkDomainFacts, 2026-11-27, -cpu 1, two runs at
// load ~20, CPU per row: 24-40 ns with the cache, 102-194 ns without).
// An answer is domainKnown with a bit per fact.
const (
	domainKnown = 1 << iota
	domainPlaceholder
	domainDisposable
	domainUndeliverable
	domainReserved
)

// domainFactsOf returns the facts of domain, from c when it holds them.
func domainFactsOf(c *domaincache.Cache, lex lexicon.Lexicon, domain string) domainFacts {
	if a, ok := c.Get(domain); ok {
		return domainFacts{
			undeliverable: a&domainUndeliverable != 0, reserved: a&domainReserved != 0,
			placeholder: a&domainPlaceholder != 0, disposable: a&domainDisposable != 0,
		}
	}
	if undeliverable(domain) != "" {
		c.Put(domain, domainKnown|domainUndeliverable)
		return domainFacts{undeliverable: true}
	}
	var f domainFacts
	r := reservedOf(domain)
	f.reserved = r != nil
	f.undeliverable = f.reserved
	f.placeholder = placeholderDomains[domain] || strings.HasPrefix(domain, "example.") || r != nil && r.placeholder
	f.disposable = !f.placeholder && !f.reserved && lex.IsDisposableDomain(domain)
	a := uint8(domainKnown)
	if f.placeholder {
		a |= domainPlaceholder
	}
	if f.disposable {
		a |= domainDisposable
	}
	if f.undeliverable {
		a |= domainUndeliverable
	}
	if f.reserved {
		a |= domainReserved
	}
	c.Put(domain, a)
	return f
}
