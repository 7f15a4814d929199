package email

import (
	"fmt"
	"testing"

	"github.com/namepipe/namepipe/engine/dict"
	"github.com/namepipe/namepipe/internal/benchcpu"
)

// BenchmarkDisposable measures Disposable as the pipeline calls it, once
// per row, over addresses whose domains are mostly a few providers' and
// some companies' (4,096 addresses, 2,000 company domains), with the
// Checker's cache of recent domains ("cache") and without it ("none"),
// side by side: a hit skips the domain's syntax check and the disposable
// lists' lookups of it and its parents.
func BenchmarkDisposable(b *testing.B) {
	d, err := dict.Default()
	if err != nil {
		b.Fatal(err)
	}
	providers := []string{"gmail.com", "web.de", "gmx.de", "yahoo.com", "outlook.com", "t-online.de", "hotmail.com", "orange.fr", "libero.it", "icloud.com",
		"aol.com", "gmx.net", "freenet.de", "live.com", "mail.ru", "yandex.ru", "qq.com", "163.com", "wanadoo.fr", "ziggo.nl"}
	addrs := make([]string, 4096)
	for i := range addrs {
		dom := providers[(i*31)%len(providers)]
		if i%10 == 9 {
			dom = fmt.Sprintf("company%d.com", (i*7919)%2000)
		}
		addrs[i] = fmt.Sprintf("first.last%d@%s", i, dom)
	}
	for _, mode := range []string{"cache", "none"} {
		b.Run(mode, func(b *testing.B) {
			e := New(d)
			if mode == "none" {
				e.domains = nil
			}
			b.ReportAllocs()
			cpu0, cpuOK := benchcpu.Process()
			i := 0
			for b.Loop() {
				e.Disposable(addrs[i])
				if i++; i == len(addrs) {
					i = 0
				}
			}
			if cpu1, _ := benchcpu.Process(); cpuOK {
				b.ReportMetric(float64((cpu1-cpu0).Nanoseconds())/float64(b.N), "cpu-ns/op")
			}
		})
	}
}
