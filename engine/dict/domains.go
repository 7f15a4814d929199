package dict

import "strings"

// The domain look-ups: disposable, free-mail and ISP mail domains, each
// matched on the domain or a parent domain.

// IsDisposableDomain reports whether mail at domain is disposable: the
// domain or one of its parent domains is on a disposable list.
func (d *Dict) IsDisposableDomain(domain string) bool {
	return inSetOrParent(d.disposable, domain)
}

// IsFreemailDomain reports whether domain (or a parent domain) is a
// free-mail provider.
func (d *Dict) IsFreemailDomain(domain string) bool {
	return inSetOrParent(stringSet(d.freemail), domain)
}

// IsISPDomain reports whether domain (or a parent domain) is the mail
// domain of a big internet access provider.
func (d *Dict) IsISPDomain(domain string) bool {
	return inSetOrParent(stringSet(d.isp), domain)
}

// domainSet is a set of domains: a lineSet or a stringSet.
type domainSet interface{ has(string) bool }

// stringSet is a map as a domainSet.
type stringSet map[string]struct{}

func (m stringSet) has(k string) bool {
	_, ok := m[k]
	return ok
}

// inSetOrParent reports whether domain (any case, a trailing dot
// ignored) or one of its parent domains short of the top level is in set.
func inSetOrParent(set domainSet, domain string) bool {
	domain = strings.TrimSuffix(strings.TrimSpace(domain), ".")
	if domain == "" {
		return false
	}
	if hasUpper(domain) {
		domain = strings.ToLower(domain)
	}
	for {
		if set.has(domain) {
			return true
		}
		i := strings.IndexByte(domain, '.')
		if i < 0 {
			return false
		}
		domain = domain[i+1:]
		if strings.IndexByte(domain, '.') < 0 {
			return false // a bare top-level domain is never listed
		}
	}
}
