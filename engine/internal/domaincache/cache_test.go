package domaincache

import (
	"fmt"
	"strings"
	"sync"
	"testing"
)

func TestDomainCache(t *testing.T) {
	t.Parallel()
	long := strings.Repeat("a", MaxKey-3) + ".de" // MaxKey bytes
	tests := []struct {
		name string
		puts []string // put in order, answer = index % 3 + 1
		get  string
		want uint8 // 0: a miss
	}{
		{"empty cache", nil, "gmail.com", 0},
		{"hit", []string{"gmail.com"}, "gmail.com", 1},
		{"other domain", []string{"gmail.com"}, "gmail.co", 0},
		{"longer domain", []string{"gmail.co"}, "gmail.com", 0},
		{"case as written", []string{"gmail.com"}, "Gmail.com", 0},
		{"replaced answer", []string{"web.de", "x.org", "web.de"}, "web.de", 3},
		{"longest remembered", []string{long}, long, 1},
		{"too long", []string{long + "x"}, long + "x", 0},
		{"empty", []string{""}, "", 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			c := New()
			for i, d := range tt.puts {
				c.Put(d, uint8(i%3+1))
			}
			got, ok := c.Get(tt.get)
			if ok != (tt.want != 0) || got != tt.want {
				t.Errorf("get(%q) = %d, %v; want %d, %v", tt.get, got, ok, tt.want, tt.want != 0)
			}
		})
	}
}

// TestDomainCacheConcurrent has writers and readers share slots (many more
// domains than it holds): a reader must never get another domain's answer
// (run with -race too).
func TestDomainCacheConcurrent(t *testing.T) {
	t.Parallel()
	c := New()
	// Domains of one length with different answers, so that one domain's
	// answer given for another shows.
	answers := map[string]uint8{}
	var domains []string
	for i := range 4 * maxDomains {
		d := fmt.Sprintf("d%05d.example", i)
		domains = append(domains, d)
		answers[d] = uint8(i%3 + 1)
	}
	answer := func(d string) uint8 { return answers[d] }
	var wg sync.WaitGroup
	for g := range 4 {
		wg.Go(func() {
			for i := range 20000 {
				d := domains[(i*7+g*131)%len(domains)]
				if a, ok := c.Get(d); ok && a != answer(d) {
					t.Errorf("get(%q) = %d, want %d", d, a, answer(d))
					return
				}
				c.Put(d, answer(d))
			}
		})
	}
	wg.Wait()
}

// TestDomainCacheBounded checks that the cache holds at most maxDomains
// domains, and still answers for the domains put since it forgot.
func TestDomainCacheBounded(t *testing.T) {
	t.Parallel()
	c := New()
	for i := range 3*maxDomains + 7 {
		d := fmt.Sprintf("d%05d.example", i)
		c.Put(d, 2)
		if a, ok := c.Get(d); !ok || a != 2 {
			t.Fatalf("get(%q) right after its put = %d, %v", d, a, ok)
		}
		if len(c.m) > maxDomains {
			t.Fatalf("%d domains held, at most %d", len(c.m), maxDomains)
		}
	}
}

// BenchmarkCache measures Get and Put as the email checks use them: rows
// whose domains are mostly a few providers' (a hit), some of them new (a
// miss and a put), from parallel workers.
func BenchmarkCache(b *testing.B) {
	doms := benchDomains()
	c := New()
	b.RunParallel(func(pb *testing.PB) {
		i := 0
		for pb.Next() {
			d := doms[i%len(doms)]
			if _, ok := c.Get(d); !ok {
				c.Put(d, 1)
			}
			i++
		}
	})
}

// benchDomains are 4,096 domains of rows: 9 in 10 of 20 providers, the
// rest of 2,000 companies.
func benchDomains() []string {
	providers := []string{"gmail.com", "web.de", "gmx.de", "yahoo.com", "outlook.com", "t-online.de", "hotmail.com", "orange.fr", "libero.it", "icloud.com",
		"aol.com", "gmx.net", "freenet.de", "live.com", "mail.ru", "yandex.ru", "qq.com", "163.com", "wanadoo.fr", "ziggo.nl"}
	doms := make([]string, 4096)
	for i := range doms {
		if i%10 == 9 {
			doms[i] = fmt.Sprintf("company%d.com", (i*7919)%2000)
		} else {
			doms[i] = providers[(i*31)%len(providers)]
		}
	}
	return doms
}

// TestNilCache checks that a nil Cache remembers nothing.
func TestNilCache(t *testing.T) {
	t.Parallel()
	var c *Cache
	c.Put("gmail.com", 1)
	if a, ok := c.Get("gmail.com"); ok || a != 0 {
		t.Errorf("nil cache: Get = %d, %v; want 0, false", a, ok)
	}
}
