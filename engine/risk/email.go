package risk

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/namepipe/namepipe/engine/text"
	"github.com/namepipe/namepipe/nameapi"
)

var placeholderLocals = map[string]bool{
	"test": true, "tester": true, "testing": true, "asdf": true, "qwerty": true, "noreply": true, "no-reply": true,
	"donotreply": true, "do-not-reply": true, "example": true, "foo": true, "foobar": true, "none": true, "nobody": true,
	"null": true, "xxx": true, "dummy": true, "fake": true, "spam": true, "nospam": true, "nomail": true, "no": true,
	"abc": true, "user": true, "email": true, "mail": true, "name": true, "sample": true, "anonymous": true, "a": true,
	"123": true, "1234": true, "12345": true, "me": true, "you": true, "keine": true, "kein": true,
	"na": true, "n.a": true, "n/a": true, "nn": true, "x": true, "xx": true, "xyz": true,
}

// roleLocals are mailboxes of a role or department, not of a person.
var roleLocals = map[string]bool{
	"info": true, "office": true, "contact": true, "kontakt": true, "admin": true, "support": true, "sales": true,
	"service": true, "hello": true, "team": true, "webmaster": true, "postmaster": true, "mailbox": true,
	"buero": true, "bureau": true, "reception": true, "enquiries": true, "inquiries": true,
}

// placeholderDomains are domains that stand in for a real one, whether
// or not they receive mail; the reserved names (reservedNames) are
// placeholders as well.
var placeholderDomains = map[string]bool{
	"example.de": true, "test.com": true, "test.de": true,
	"domain.com": true, "sample.com": true, "foo.com": true,
	"bar.com": true, "asdf.com": true, "nowhere.com": true, "none.com": true, "invalid.com": true, "abc.com": true,
	"xxx.com": true, "mustermann.de": true, "muster.de": true, "beispiel.de": true,
}

// maxMailboxLen is the length of the longest mailbox name on
// placeholderLocals and roleLocals: a longer local part is on neither.
var maxMailboxLen = func() int {
	n := 0
	for _, m := range []map[string]bool{placeholderLocals, roleLocals} {
		for k := range m {
			n = max(n, len(k))
		}
	}
	return n
}()

// emailRisks checks p's email addresses; names are the checks of p's name,
// whose folded parts tell whether an address carries the person's name.
func (e *Detector) emailRisks(p *nameapi.InputPerson, names *Names, rs *riskSet) {
	for _, em := range p.EmailAddresses {
		addr := strings.TrimSpace(em.EmailAddress)
		if addr == "" {
			continue
		}
		at := strings.LastIndexByte(addr, '@')
		if at <= 0 || at == len(addr)-1 || !strings.Contains(addr[at+1:], ".") && addr[at+1:] != "localhost" {
			rs.add(nameapi.DataItemEmail, nameapi.RiskInvalid, 0.7, quoted("", addr, " is not a valid email address."))
			continue
		}
		local := strings.ToLower(addr[:at])
		domain := strings.TrimSuffix(strings.ToLower(addr[at+1:]), ".")
		f := domainFactsOf(e.domains, e.lex, domain)
		// Whether mail can reach the domain, whether the domain is a
		// stand-in and what the local part is are findings of their own: a
		// reserved name (example.com, *.test) is a placeholder and
		// undeliverable, and "test@q.q" has a placeholder local part at a
		// domain that cannot exist.
		if f.undeliverable {
			why := undeliverable(domain)
			if f.reserved {
				why = quoted("the domain ", domain, " ", reservedOf(domain).why)
			}
			rs.add(nameapi.DataItemEmail, nameapi.RiskInvalid, 0.75, quoted("", addr, " is not a deliverable address: ", why, "."))
		}
		if f.placeholder {
			rs.add(nameapi.DataItemEmail, nameapi.RiskPlaceholder, 0.85, quoted("The email domain ", domain, " is a placeholder or reserved domain."))
		}
		base := local
		if i := strings.IndexByte(base, '+'); i > 0 {
			base = base[:i]
		}
		if f.disposable {
			rs.add(nameapi.DataItemEmail, nameapi.RiskOther, disposableScore(base, names), quoted("The email address uses ", domain, ", a disposable (throwaway) email provider."))
		}
		mailbox := len(base) <= maxMailboxLen // on one of the lists
		switch {
		case mailbox && placeholderLocals[base]:
			rs.addCause(nameapi.DataItemEmail, nameapi.RiskPlaceholder, causeLocalPart, 0.7, quoted("The email local part ", base, " is a placeholder."))
		case len(base) <= 3 && strings.HasPrefix(domain, base+"."):
			rs.addCause(nameapi.DataItemEmail, nameapi.RiskPlaceholder, causeLocalPart, 0.65, quoted("The email address ", addr, " repeats its local part as its domain."))
		default:
			if why := localTyping(base); why != "" {
				rs.add(nameapi.DataItemEmail, nameapi.RiskRandomTyping, 0.6, quoted("The email local part ", base, " looks like random typing (", why, ")."))
			}
		}
		// A role mailbox ("info@", "office@") is no person's own address
		// (for a company it is the usual one).
		if mailbox && roleLocals[base] && names.named && !p.IsLegal() {
			rs.addCause(nameapi.DataItemEmail, nameapi.RiskOther, causeRole, 0.3, quoted("The email local part ", base, " is a role address, not a person's."))
		}
		// Good evidence: the address carries the person's name (and can
		// receive mail).
		if !f.undeliverable {
			rs.good += names.mailEvidence(text.Fold(base))
		}
	}
}

// disposableScore is the risk score of an address at a disposable
// provider with the local part base: 0.8 for a plain local part, more
// the more it looks machine-made (digits, length: "x8f3k2q9@"), less when
// it carries the person's name (someone who gave their own name and a
// throwaway address), so that rows flagged for the provider alone sort
// by how suspicious their address is.
func disposableScore(base string, names *Names) float64 {
	digits, n := 0, 0
	for _, r := range base {
		n++
		if r >= '0' && r <= '9' {
			digits++
		}
	}
	s := 0.78
	if n > 0 {
		s += 0.1 * float64(digits) / float64(n)
	}
	s += 0.04 * min(1, float64(n)/24)
	s -= 0.5 * names.mailEvidence(text.Fold(base)) // 0.2 → -0.1
	return s
}

// undeliverable returns why no mail can be delivered to domain (lower
// case, without a trailing dot), or "": a label that is empty, longer than
// 63 bytes, starts or ends with a hyphen or holds other than letters,
// digits and hyphens, or a top-level domain of fewer than two letters or
// with digits ("q@q.q", "a@b.c1"). "localhost" is left to the reserved
// names (reservedOf).
func undeliverable(domain string) string {
	if domain == "localhost" {
		return ""
	}
	start := 0
	for i := 0; i <= len(domain); i++ {
		if i < len(domain) && domain[i] != '.' {
			continue
		}
		l := domain[start:i]
		start = i + 1
		if l == "" || len(l) > 63 || l[0] == '-' || l[len(l)-1] == '-' {
			return quoted("the domain ", domain, " is not a valid host name")
		}
		for _, r := range l {
			if r != '-' && !unicode.IsLetter(r) && !unicode.IsDigit(r) {
				return quoted("the domain ", domain, " is not a valid host name")
			}
		}
		if i < len(domain) {
			continue
		}
		// The top-level domain: letters, two or more, or an IDN's "xn--".
		if strings.HasPrefix(l, "xn--") {
			return ""
		}
		letters := 0
		for _, r := range l {
			if !unicode.IsLetter(r) {
				return quoted("the top-level domain ", l, " does not exist")
			}
			letters++
		}
		if letters < 2 {
			return quoted("the top-level domain ", l, " does not exist")
		}
	}
	return ""
}

// localTyping returns why the letters of an email local part look like
// random typing, or "": randomTyping of its letters when there are four
// or more bytes of them.
func localTyping(local string) string {
	// The letters, on the stack (and so is their string while short:
	// randomTyping keeps no reference to its word).
	var lb [64]byte
	letters := lb[:0]
	for i := 0; i < len(local); i++ {
		c := local[i]
		if c >= utf8.RuneSelf {
			letters = lb[:0]
			for _, r := range local {
				if unicode.IsLetter(r) {
					letters = utf8.AppendRune(letters, r)
				}
			}
			if len(letters) < 4 {
				return ""
			}
			return randomTyping(string(letters), text.Lists())
		}
		if c|0x20 >= 'a' && c|0x20 <= 'z' {
			letters = append(letters, c)
		}
	}
	if len(letters) < 4 {
		return ""
	}
	return randomTypingASCII(string(letters)) // ASCII letters only
}
