package dict

import (
	"strings"
	"testing"
)

func TestLineSet(t *testing.T) {
	s, err := newLineSet("test", []byte("# header\n# more\nz.net\na.com\nb.org\nmail.b.org\n"))
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		k    string
		want bool
	}{
		{"a.com", true}, {"b.org", true}, {"mail.b.org", true}, {"z.net", true},
		{"", false}, {"# header", false}, {"a.co", false}, {"a.comm", false}, {"c.org", false}, {"zz.net", false},
	} {
		if got := s.has(tt.k); got != tt.want {
			t.Errorf("has(%q) = %v, want %v", tt.k, got, tt.want)
		}
	}
	if s.len() != 4 {
		t.Errorf("len = %d, want 4", s.len())
	}
	for _, bad := range []string{"a.com\n b.org\n", "a.com\n\nb.org\n", "a.com\tx\n", "a.com"} {
		if _, err := newLineSet("bad", []byte(bad)); err == nil || !strings.Contains(err.Error(), "dict: bad") {
			t.Errorf("newLineSet(%q): err %v, want an error naming the file", bad, err)
		}
	}
	// The error names the line as the file counts it, header included.
	for _, tt := range []struct{ text, want string }{
		{"# h\na.com\n b.org\n", `line 3: " b.org"`},
		{"# h\na.com\n\nb.org\n", `line 3: ""`},
		{"\na.com\n", `line 1: ""`},
		{"a.com\nb.org\nc.net\r\n", `line 3: "c.net\r"`},
		{"a.com\nb .org\n\n", `line 2: "b .org"`},
		{"a.com\nb.org\n\nc\td\n", `line 3: ""`},
	} {
		_, err := newLineSet("bad", []byte(tt.text))
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("newLineSet(%q): err %v, want %s", tt.text, err, tt.want)
		}
	}
	empty, err := newLineSet("empty", []byte("# only a header\n"))
	if err != nil || empty.len() != 0 || empty.has("a.com") {
		t.Errorf("empty set: %v, len %d", err, empty.len())
	}
}

// TestDisposableLineSet holds the embedded disposable list to the set
// loaded from it: every listed domain is found.
func TestDisposableLineSet(t *testing.T) {
	d := mustDict(t)
	l, err := ReadLines("disposable.txt.zst")
	if err != nil {
		t.Fatal(err)
	}
	if d.disposable.len() != len(l) {
		t.Fatalf("set has %d domains, the file %d", d.disposable.len(), len(l))
	}
	for _, k := range l {
		if !d.disposable.has(k) {
			t.Fatalf("%q not found", k)
		}
	}
}

// BenchmarkLoadLineSet measures loading the disposable list (some 147,000
// domains) into a lineSet, from its gunzipped text.
func BenchmarkLoadLineSet(b *testing.B) {
	text, err := readFile("data/disposable.txt.zst")
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := newLineSet("disposable.txt.zst", text); err != nil {
			b.Fatal(err)
		}
	}
}
