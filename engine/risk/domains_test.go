package risk

import (
	"fmt"
	"testing"

	"github.com/namepipe/namepipe/engine/dict"
	"github.com/namepipe/namepipe/engine/internal/domaincache"
	"github.com/namepipe/namepipe/internal/benchcpu"
)

// TestDomainFacts holds the facts of domains of each kind: reserved names
// and the names under them are undeliverable, and placeholders when they
// are reserved for examples and tests; registered placeholder domains that
// receive mail are placeholders only; names that merely look alike are
// neither.
func TestDomainFacts(t *testing.T) {
	t.Parallel()
	d, err := dict.Default()
	if err != nil {
		t.Fatal(err)
	}
	const (
		P = 1 << iota // placeholder
		U             // undeliverable
		R             // reserved
		D             // disposable
	)
	tests := []struct {
		domain string
		want   int
	}{
		{"example.com", P | U | R}, {"example.net", P | U | R}, {"example.org", P | U | R},
		{"mail.example.com", P | U | R}, {"acme.example", P | U | R}, {"example", P | U | R},
		{"x.test", P | U | R}, {"mail.test", P | U | R}, {"a.invalid", P | U | R},
		{"localhost", P | U | R}, {"mail.localhost", P | U | R},
		{"printer.local", U | R}, {"abc.onion", U | R}, {"home.arpa", U | R}, {"corp.internal", U | R}, {"x.alt", U | R},
		{"test.com", P}, {"example.de", P}, {"mustermann.de", P}, {"example.co.uk", P},
		{"q.q", U}, {"b.c1", U}, {"-web.de", U},
		{"mailinator.com", D},
		{"gmail.com", 0}, {"email.com", 0}, {"myexample.com", 0}, {"contest.com", 0}, {"testing.de", 0},
		{"examples.com", 0}, {"example.com.de", P}, {"local.de", 0}, {"arpa.de", 0}, {"localhost.de", 0},
	}
	for _, tt := range tests {
		f := domainFactsOf(nil, d, tt.domain)
		got := 0
		for _, b := range []struct {
			on  bool
			bit int
		}{{f.placeholder, P}, {f.undeliverable, U}, {f.reserved, R}, {f.disposable, D}} {
			if b.on {
				got |= b.bit
			}
		}
		if got != tt.want {
			t.Errorf("%s: %+v, want placeholder %v undeliverable %v reserved %v disposable %v", tt.domain, f,
				tt.want&P != 0, tt.want&U != 0, tt.want&R != 0, tt.want&D != 0)
		}
		if f.reserved && reservedOf(tt.domain) == nil {
			t.Errorf("%s: reserved without a reserved name", tt.domain)
		}
	}
}

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
		"localhost", "sub.mailinator.com", "a.invalid", "libero.it", "q.q", "printer.local", "test.com"}
	for i := range 5000 {
		domains = append(domains, fmt.Sprintf("host%d.example%d.com", i, i%7))
	}
	c := domaincache.New()
	for round := range 3 {
		for _, dom := range domains {
			want := domainFactsOf(nil, d, dom) // remembering nothing
			if got := domainFactsOf(c, d, dom); got != want {
				t.Fatalf("round %d, %q: %+v, want %+v", round, dom, got, want)
			}
		}
	}
	if f := domainFactsOf(c, d, "mailinator.com"); !f.disposable {
		t.Errorf("mailinator.com not disposable: %+v", f)
	}
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
