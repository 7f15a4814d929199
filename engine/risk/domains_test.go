package risk

import (
	"fmt"
	"testing"

	"github.com/namepipe/namepipe/engine/dict"
	"github.com/namepipe/namepipe/engine/internal/domaincache"
	"github.com/namepipe/namepipe/internal/benchcpu"
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

// BenchmarkDomainFacts measures domainFactsOf as the email checks call it,
// once per row with an address, over domains that are mostly a few
// providers' and some companies' (4,096 rows, 2,000 company domains), with
// the Detector's cache of recent domains ("cache") and without it
// ("none"), side by side.
func BenchmarkDomainFacts(b *testing.B) {
	d, err := dict.Default()
	if err != nil {
		b.Fatal(err)
	}
	providers := []string{"gmail.com", "web.de", "gmx.de", "yahoo.com", "outlook.com", "t-online.de", "hotmail.com", "orange.fr", "libero.it", "icloud.com",
		"aol.com", "gmx.net", "freenet.de", "live.com", "mail.ru", "yandex.ru", "qq.com", "163.com", "wanadoo.fr", "ziggo.nl"}
	doms := make([]string, 4096)
	for i := range doms {
		doms[i] = providers[(i*31)%len(providers)]
		if i%10 == 9 {
			doms[i] = fmt.Sprintf("company%d.com", (i*7919)%2000)
		}
	}
	for _, mode := range []string{"cache", "none"} {
		b.Run(mode, func(b *testing.B) {
			c := domaincache.New()
			if mode == "none" {
				c = nil
			}
			b.ReportAllocs()
			cpu0, cpuOK := benchcpu.Process()
			i := 0
			for b.Loop() {
				domainFactsOf(c, d, doms[i])
				if i++; i == len(doms) {
					i = 0
				}
			}
			if cpu1, _ := benchcpu.Process(); cpuOK {
				b.ReportMetric(float64((cpu1-cpu0).Nanoseconds())/float64(b.N), "cpu-ns/op")
			}
		})
	}
}
