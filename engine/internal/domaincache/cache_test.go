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

// TestDomainCacheSameSlot checks that a domain of the same length as the
// one its slot holds misses.
func TestDomainCacheSameSlot(t *testing.T) {
	t.Parallel()
	c := New()
	d1 := "a0000.de"
	var d2 string
	for i := 1; d2 == ""; i++ {
		if d := fmt.Sprintf("a%04d.de", i); c.slot(d) == c.slot(d1) {
			d2 = d
		}
	}
	c.Put(d1, 3)
	if a, ok := c.Get(d2); ok {
		t.Errorf("get(%q) = %d, true after put(%q) into its slot; want a miss", d2, a, d1)
	}
	if a, ok := c.Get(d1); !ok || a != 3 {
		t.Errorf("get(%q) = %d, %v; want %d, true", d1, a, ok, 3)
	}
}

// TestDomainCacheConcurrent has writers and readers share slots (many more
// domains than slots): a reader must never get another domain's answer
// (run with -race too).
func TestDomainCacheConcurrent(t *testing.T) {
	t.Parallel()
	c := New()
	// Domains of one length with different answers, so that a slot's
	// domain taken for another one shows.
	answers := map[string]uint8{}
	var domains []string
	for i := range 4 * domainSlots {
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
