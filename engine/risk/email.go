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
}

var placeholderDomains = map[string]bool{
	"example.com": true, "example.org": true, "example.net": true, "example.de": true, "test.com": true, "test.de": true,
	"domain.com": true, "sample.com": true, "email.test": true, "localhost": true, "mail.test": true, "foo.com": true,
	"bar.com": true, "asdf.com": true, "nowhere.com": true, "none.com": true, "invalid.com": true, "abc.com": true,
	"xxx.com": true, "mustermann.de": true, "muster.de": true, "beispiel.de": true,
}

func (e *Detector) emailRisks(p *nameapi.InputPerson, given, surname string, rs *riskSet) {
	for _, em := range p.EmailAddresses {
		addr := strings.TrimSpace(em.EmailAddress)
		if addr == "" {
			continue
		}
		at := strings.LastIndexByte(addr, '@')
		if at <= 0 || at == len(addr)-1 || !strings.Contains(addr[at+1:], ".") && addr[at+1:] != "localhost" {
			rs.add(nameapi.DataItemEmail, nameapi.RiskInvalid, 0.7, "%q is not a valid email address.", addr)
			continue
		}
		local := strings.ToLower(addr[:at])
		domain := strings.TrimSuffix(strings.ToLower(addr[at+1:]), ".")
		switch {
		case placeholderDomains[domain] || strings.HasSuffix(domain, ".example") || strings.HasSuffix(domain, ".invalid") ||
			strings.HasSuffix(domain, ".test") || strings.HasPrefix(domain, "example."):
			rs.add(nameapi.DataItemEmail, nameapi.RiskPlaceholder, 0.85, "The email domain %q is a placeholder or reserved domain.", domain)
		case e.lex.IsDisposableDomain(domain):
			rs.add(nameapi.DataItemEmail, nameapi.RiskOther, 0.8, "The email address uses %q, a disposable (throwaway) email provider.", domain)
		}
		base := local
		if i := strings.IndexByte(base, '+'); i > 0 {
			base = base[:i]
		}
		l := text.Lists()
		switch {
		case placeholderLocals[base]:
			rs.add(nameapi.DataItemEmail, nameapi.RiskPlaceholder, 0.7, "The email local part %q is a placeholder.", base)
		default:
			// The letters of base, on the stack (and so is their string
			// while short: randomTyping keeps no reference to its word).
			var lb [64]byte
			letters := lb[:0]
			for _, r := range base {
				if unicode.IsLetter(r) {
					letters = utf8.AppendRune(letters, r)
				}
			}
			if len(letters) >= 4 {
				if why := randomTyping(string(letters), l); why != "" {
					rs.add(nameapi.DataItemEmail, nameapi.RiskRandomTyping, 0.6, "The email local part %q looks like random typing (%s).", base, why)
				}
			}
		}
		// Good evidence: the address carries the person's name.
		fl := text.Fold(base)
		if surname != "" && len(surname) >= 3 && strings.Contains(fl, strings.ReplaceAll(text.LastWord(surname), "-", "")) {
			rs.good += 0.2
		} else if given != "" && len(given) >= 3 && strings.Contains(fl, given) {
			rs.good += 0.1
		}
	}
}
