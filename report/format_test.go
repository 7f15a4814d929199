package report

import (
	"math"
	"testing"
	"time"
)

func TestFormats(t *testing.T) {
	t.Parallel()
	ints := []struct {
		n    int64
		want string
	}{{0, "0"}, {999, "999"}, {1000, "1,000"}, {1234567, "1,234,567"}, {-1234, "-1,234"}, {100000, "100,000"}}
	for _, c := range ints {
		if got := Int(c.n); got != c.want {
			t.Errorf("Int(%d) = %q, want %q", c.n, got, c.want)
		}
	}
	pcts := []struct {
		f    float64
		want string
	}{{0.1234, "12.3\u00a0%"}, {0, "0.0\u00a0%"}, {1, "100.0\u00a0%"}, {math.NaN(), "–"}}
	for _, c := range pcts {
		if got := Percent(c.f); got != c.want {
			t.Errorf("Percent(%v) = %q, want %q", c.f, got, c.want)
		}
	}
	if got := Share(1, 3); got != "33.3\u00a0%" {
		t.Errorf("Share(1, 3) = %q", got)
	}
	if got := Share(1, 0); got != "–" {
		t.Errorf("Share(1, 0) = %q", got)
	}
	durs := []struct {
		d    time.Duration
		want string
	}{{850 * time.Millisecond, "850 ms"}, {12340 * time.Millisecond, "12.3 s"}, {245 * time.Second, "4 min 05 s"}, {3723 * time.Second, "1 h 02 min 03 s"}}
	for _, c := range durs {
		if got := Seconds(c.d); got != c.want {
			t.Errorf("Seconds(%v) = %q, want %q", c.d, got, c.want)
		}
	}
	if got := Rate(44786.8); got != "44,787 rows/s" {
		t.Errorf("Rate = %q", got)
	}
}

func TestVisible(t *testing.T) {
	t.Parallel()
	long := ""
	for range 130 {
		long += "é"
	}
	cases := []struct{ in, want string }{
		{"Lucía Sánchez", "Lucía Sánchez"},
		{"abc\u202Edef", "abc⟨U+202E⟩def"},
		{"a\u2066b\u2069\u200f", "a⟨U+2066⟩b⟨U+2069⟩⟨U+200F⟩"},
		{"tab\there\nnl", "tab⟨U+0009⟩here⟨U+000A⟩nl"},
		{"bad\xffutf8", "bad\ufffdutf8"},
		{`<script>"x"</script>`, `<script>"x"</script>`}, // escaping is html/template's job
		{long, long[:2*maxShown] + "…"},
	}
	for _, c := range cases {
		if got := Visible(c.in); got != c.want {
			t.Errorf("Visible(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}
