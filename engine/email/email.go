// Package email holds the engine's email operations: the disposable-address
// detector, the domain-type classifier and the email-name parser, which
// reads a person's name from an address's local part.
package email

import (
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/namepipe/namepipe/engine/internal/domaincache"
	"github.com/namepipe/namepipe/engine/lexicon"
	"github.com/namepipe/namepipe/nameapi"
)

// Checker answers the email operations from a Lexicon. Create it with
// New.
type Checker struct {
	lex     lexicon.Lexicon
	domains *domaincache.Cache // the disposable answers of recent domains

	lettersOnce  sync.Once
	letterModels *letterModels // letters: built on first use
}

// New returns a Checker over lex.
func New(lex lexicon.Lexicon) *Checker { return &Checker{lex: lex, domains: domaincache.New()} }

// Operation names of the email services, as in their REST paths.
var (
	OpDisposable = nameapi.EndpointDisposableEmailDetector.Name()
	OpEmailName  = nameapi.EndpointEmailNameParser.Name()
	OpClassify   = nameapi.EndpointEmailDomainTypeClassifier.Name()
)

// split checks the syntax of an email address and returns its local
// part and its lower-case domain. It accepts the dot-atom form of RFC 5322
// (no quoted local parts, no IP-literal domains), internationalised
// domain and local parts, surrounding blanks and angle brackets, and a
// "mailto:" prefix.
func split(addr string) (local, domain string, ok bool) {
	local, raw, ok := cut(addr)
	if !ok {
		return "", "", false
	}
	if domain, ok = lowerDomain(raw); !ok || len(local) > 64 || !validLocal(local) {
		return "", "", false
	}
	return local, domain, true
}

// cut trims an address (blanks, angle brackets, "mailto:") and cuts it at
// its last '@' into its local part and its domain as written, without a
// final dot; ok=false when there is no '@' between them.
func cut(addr string) (local, domain string, ok bool) {
	s := strings.TrimSpace(addr)
	s = strings.TrimPrefix(strings.TrimSuffix(strings.TrimPrefix(s, "<"), ">"), "mailto:")
	at := strings.LastIndexByte(s, '@')
	if at <= 0 || at == len(s)-1 {
		return "", "", false
	}
	return s[:at], strings.TrimSuffix(s[at+1:], "."), true
}

// lowerDomain returns the domain d of an address (as cut returns it) in
// lower case, and whether it is valid.
func lowerDomain(d string) (string, bool) {
	valid, upper, ascii := checkASCIIDomain(d)
	switch {
	case !ascii:
		d = strings.ToLower(d)
		valid = validDomainRunes(d)
	case upper:
		d = strings.ToLower(d) // same length: ASCII
	}
	return d, valid && len(d) <= 253
}

// Byte classes of the ASCII fast paths: a check ORs the classes of all
// its bytes, then looks at the structure only when needed.
const (
	clsBad   = 1 << iota // not allowed there
	clsDot               // '.'
	clsUpper             // 'A'..'Z' (allowed in a domain: read as lower case)
	clsHigh              // a byte of a non-ASCII character: the rune path decides
)

// localClass and domainClass are the byte classes of a dot-atom local part
// and of a domain.
var localClass, domainClass = byteClasses(
	"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789!#$%&'*+/=?^_`{|}~-",
	"abcdefghijklmnopqrstuvwxyz0123456789-",
)

func byteClasses(local, domain string) (lc, dc [256]uint8) {
	for c := range 256 {
		lc[c], dc[c] = clsBad, clsBad
		switch {
		case c >= utf8.RuneSelf:
			lc[c], dc[c] = clsHigh, clsHigh
		case c == '.':
			lc[c], dc[c] = clsDot, clsDot
		case c >= 'A' && c <= 'Z':
			dc[c] = clsUpper
		}
	}
	for i := 0; i < len(local); i++ {
		lc[local[i]] = 0
	}
	for i := 0; i < len(domain); i++ {
		dc[domain[i]] = 0
	}
	return lc, dc
}

// validLocal reports whether l is a dot-atom local part. ASCII parts are
// checked by their bytes' classes, others by validLocalRunes
// (BenchmarkDisposable).
func validLocal(l string) bool {
	if l == "" || l[0] == '.' || l[len(l)-1] == '.' {
		return false
	}
	var m uint8
	for i := 0; i < len(l); i++ {
		m |= localClass[l[i]]
	}
	switch {
	case m&clsHigh != 0:
		return validLocalRunes(l)
	case m&clsBad != 0:
		return false
	}
	if m&clsDot != 0 {
		for i := 1; i < len(l); i++ {
			if l[i] == '.' && l[i-1] == '.' {
				return false
			}
		}
	}
	return true
}

// validLocalRunes is validLocal for any local part.
func validLocalRunes(l string) bool {
	if l == "" || l[0] == '.' || l[len(l)-1] == '.' || strings.Contains(l, "..") {
		return false
	}
	for _, r := range l {
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9':
		case strings.ContainsRune(".!#$%&'*+/=?^_`{|}~-", r):
		case r >= utf8.RuneSelf && (unicode.IsLetter(r) || unicode.IsMark(r) || unicode.IsDigit(r)):
		default:
			return false
		}
	}
	return true
}

// validDomain reports whether d is a lower-case domain name of at least
// two labels with an alphabetic (or IDN) top-level domain.
func validDomain(d string) bool {
	valid, upper, ascii := checkASCIIDomain(d)
	if !ascii {
		return validDomainRunes(d)
	}
	return valid && !upper
}

// checkASCIIDomain is validDomain for a domain of ASCII bytes (ascii=false
// for any other: not checked), reading upper-case letters as lower case
// (upper tells that d has some).
func checkASCIIDomain(d string) (valid, upper, ascii bool) {
	var m uint8
	for i := 0; i < len(d); i++ {
		m |= domainClass[d[i]]
	}
	upper = m&clsUpper != 0
	switch {
	case m&clsHigh != 0:
		return false, false, false
	case m&clsBad != 0 || m&clsDot == 0:
		return false, upper, true // a bad byte, or one label only
	}
	start := 0 // of the current label
	for i := 0; i <= len(d); i++ {
		if i < len(d) && d[i] != '.' {
			continue
		}
		if lb := d[start:i]; lb == "" || len(lb) > 63 || lb[0] == '-' || lb[len(lb)-1] == '-' {
			return false, upper, true
		}
		if i < len(d) {
			start = i + 1
		}
	}
	tld := d[start:]
	// The top-level domain is alphabetic (or an IDN "xn--" label).
	if len(tld) < 2 {
		return false, upper, true
	}
	if len(tld) < 4 || !strings.EqualFold(tld[:4], "xn--") {
		for i := 0; i < len(tld); i++ {
			if c := tld[i]; c >= '0' && c <= '9' || c == '-' {
				return false, upper, true
			}
		}
	}
	return true, upper, true
}

// validDomainRunes is validDomain for any domain.
func validDomainRunes(d string) bool {
	nLabels := strings.Count(d, ".") + 1
	if nLabels < 2 {
		return false
	}
	i := -1
	for lb := range strings.SplitSeq(d, ".") {
		i++
		if lb == "" || len(lb) > 63 || lb[0] == '-' || lb[len(lb)-1] == '-' {
			return false
		}
		for _, r := range lb {
			if !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '-' || r >= utf8.RuneSelf && (unicode.IsLetter(r) || unicode.IsMark(r) || unicode.IsDigit(r))) {
				return false
			}
		}
		if i == nLabels-1 {
			// The top-level domain is alphabetic (or an IDN "xn--" label).
			if utf8.RuneCountInString(lb) < 2 {
				return false
			}
			if !strings.HasPrefix(lb, "xn--") {
				for _, r := range lb {
					if r >= '0' && r <= '9' || r == '-' {
						return false
					}
				}
			}
		}
	}
	return true
}

// DetectDisposable tells whether an address belongs to a disposable
// (throwaway) mail service: YES when its domain or a parent domain is on
// the embedded disposable lists, NO for every other valid address, UNKNOWN
// for a syntactically invalid address.
func (e *Checker) DetectDisposable(emailAddress string) *nameapi.DisposableEmailAddressDetectorResult {
	return &nameapi.DisposableEmailAddressDetectorResult{Disposable: e.Disposable(emailAddress)}
}

// Disposable is DetectDisposable's answer without a result to hold it
// (it allocates nothing): nameapi.DisposableYes, DisposableNo or
// DisposableUnknown.
func (e *Checker) Disposable(emailAddress string) string {
	local, raw, ok := cut(emailAddress)
	if !ok || len(local) > 64 || !validLocal(local) {
		return nameapi.DisposableUnknown
	}
	a, hit := e.domains.Get(raw)
	if !hit {
		a = domainInvalid
		if d, valid := lowerDomain(raw); valid {
			a = domainKept
			if e.lex.IsDisposableDomain(d) {
				a = domainDisposable
			}
		}
		e.domains.Put(raw, a)
	}
	switch a {
	case domainDisposable:
		return nameapi.DisposableYes
	case domainKept:
		return nameapi.DisposableNo
	}
	return nameapi.DisposableUnknown
}

// ClassifyDomain classifies the domain of an email address (a bare
// domain is accepted too): DISPOSABLE when on a disposable list (this
// wins), ISP for the mail domains of big internet access providers,
// FREEMAIL for free-mail providers and ORGANIZATION for every other valid
// domain. An empty or malformed address is invalid input (the service's
// InvalidInputWebServiceException over SOAP, 400 over REST), as the
// interface lists for classify.
func (e *Checker) ClassifyDomain(emailAddress string) (*nameapi.EmailDomainTypeClassifierResult, error) {
	var domain string
	switch {
	case strings.TrimSpace(emailAddress) == "":
		return nil, nameapi.NewInputError(OpClassify, "emailAddress is missing")
	case strings.Contains(emailAddress, "@"):
		var ok bool
		if _, domain, ok = split(emailAddress); !ok {
			return nil, nameapi.NewInputError(OpClassify, "emailAddress is not a valid email address")
		}
	default:
		domain = strings.ToLower(strings.TrimSuffix(strings.TrimSpace(emailAddress), "."))
		if !validDomain(domain) {
			return nil, nameapi.NewInputError(OpClassify, "emailAddress is neither an email address nor a domain")
		}
	}
	t := nameapi.DomainOrganization
	switch {
	case e.lex.IsDisposableDomain(domain):
		t = nameapi.DomainDisposable
	case e.lex.IsISPDomain(domain):
		t = nameapi.DomainISP
	case e.lex.IsFreemailDomain(domain):
		t = nameapi.DomainFreemail
	}
	return &nameapi.EmailDomainTypeClassifierResult{DomainType: t}, nil
}
