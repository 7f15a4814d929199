package email

import (
	"fmt"
	"strings"
	"sync"
	"testing"

	"github.com/namepipe/namepipe/engine/lexicon"
	"github.com/namepipe/namepipe/nameapi"
)

func TestDomainCache(t *testing.T) {
	t.Parallel()
	long := strings.Repeat("a", domainKeyMax-3) + ".de" // domainKeyMax bytes
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
			c := newDomainCache()
			for i, d := range tt.puts {
				c.put(d, uint8(i%3+1))
			}
			got, ok := c.get(tt.get)
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
	c := newDomainCache()
	d1 := "a0000.de"
	var d2 string
	for i := 1; d2 == ""; i++ {
		if d := fmt.Sprintf("a%04d.de", i); c.slot(d) == c.slot(d1) {
			d2 = d
		}
	}
	c.put(d1, domainDisposable)
	if a, ok := c.get(d2); ok {
		t.Errorf("get(%q) = %d, true after put(%q) into its slot; want a miss", d2, a, d1)
	}
	if a, ok := c.get(d1); !ok || a != domainDisposable {
		t.Errorf("get(%q) = %d, %v; want %d, true", d1, a, ok, domainDisposable)
	}
}

// TestDomainCacheConcurrent has writers and readers share slots (many more
// domains than slots): a reader must never get another domain's answer
// (run with -race too).
func TestDomainCacheConcurrent(t *testing.T) {
	t.Parallel()
	c := newDomainCache()
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
				if a, ok := c.get(d); ok && a != answer(d) {
					t.Errorf("get(%q) = %d, want %d", d, a, answer(d))
					return
				}
				c.put(d, answer(d))
			}
		})
	}
	wg.Wait()
}

// fakeLex lists the disposable domains of a test; the Checker's
// Disposable asks it nothing else.
type fakeLex struct {
	lexicon.Lexicon
	disposable map[string]bool
}

func (f fakeLex) IsDisposableDomain(d string) bool { return f.disposable[d] }

// disposableRunes is Disposable as it was before the domain cache and the
// ASCII fast paths: the reference of FuzzSplit.
func disposableRunes(lex lexicon.Lexicon, addr string) string {
	_, d, ok := splitRunes(addr)
	switch {
	case !ok:
		return nameapi.DisposableUnknown
	case lex.IsDisposableDomain(d):
		return nameapi.DisposableYes
	}
	return nameapi.DisposableNo
}

var testLex = fakeLex{disposable: map[string]bool{"mailinator.com": true, "x.de": true, "müller.de": true, "x.xn--p1ai": true}}

// checkDisposable checks a Checker's answer for addr, from a fresh cache
// and from the cache filled by the first call, against disposableRunes.
func checkDisposable(t *testing.T, c *Checker, addr string) {
	want := disposableRunes(testLex, addr)
	for range 2 {
		if got := c.Disposable(addr); got != want {
			t.Errorf("Disposable(%q) = %s, want %s", addr, got, want)
		}
	}
}
