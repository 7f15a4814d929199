package risk

import (
	"fmt"
	"testing"

	"github.com/namepipe/namepipe/engine/dict"
	"github.com/namepipe/namepipe/engine/internal/domaincache"
)

// TestDomainCache checks that the remembered facts of a domain are the
// facts of that domain, also when many domains share the cache's slots
// and come back after others have taken their slot.
func TestDomainCache(t *testing.T) {
	t.Parallel()
	d, err := dict.Default()
	if err != nil {
		t.Fatal(err)
	}
	domains := []string{"gmail.com", "web.de", "example.com", "acme.example", "mailinator.com", "x.test", "example.org.uk",
		"localhost", "sub.mailinator.com", "a.invalid", "libero.it"}
	for i := range 5000 {
		domains = append(domains, fmt.Sprintf("host%d.example%d.com", i, i%7))
	}
	c := domaincache.New()
	for round := range 3 {
		for _, dom := range domains {
			want := domainFacts{placeholder: placeholderDomains[dom] || hasSuffixAny(dom, ".example", ".invalid", ".test") || len(dom) > 8 && dom[:8] == "example."}
			want.disposable = !want.placeholder && d.IsDisposableDomain(dom)
			if got := domainFactsOf(c, d, dom); got != want {
				t.Fatalf("round %d, %q: %+v, want %+v", round, dom, got, want)
			}
		}
	}
	if f := domainFactsOf(c, d, "mailinator.com"); !f.disposable {
		t.Errorf("mailinator.com not disposable: %+v", f)
	}
}

func hasSuffixAny(s string, suffixes ...string) bool {
	for _, x := range suffixes {
		if len(s) >= len(x) && s[len(s)-len(x):] == x {
			return true
		}
	}
	return false
}
