package readers

import (
	"context"
	"os"
	"path/filepath"
	"testing"
)

// TestStyleOf sniffs line endings and quoting from files written in
// each style.
func TestStyleOf(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, content    string
		endings, quoting string
	}{
		{"LF none", "a,b\n1,x\n2,y\n", "LF", "none"},
		{"CRLF minimal", "a;b\r\n1;\"x;y\"\r\n2;\"say \"\"hi\"\"\"\r\n3;z\r\n", "CRLF", "minimal"},
		{"CR", "a,b\r1,x\r2,y\r", "CR", "none"},
		{"mixed", "a,b\r\n1,x\n2,y\n", "mixed (CRLF 1, LF 2)", "none"},
		{"all", "\"a\",\"b\"\n\"1\",\"\"\n\"2\",\"y\"\n", "LF", "all"},
		{"all non-empty", "\"a\",\"b\"\n\"1\",\n\"2\",\"y\"\n", "LF", "all non-empty"},
		{"some", "a,b\n\"1\",x\n2,y\n", "LF", "some (1 of 6 cells)"},
		{"no ending", "a,b", "none", "none"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := filepath.Join(t.TempDir(), "in.csv")
			if err := os.WriteFile(p, []byte(tc.content), 0o644); err != nil {
				t.Fatal(err)
			}
			r, err := Open(context.Background(), p, Options{})
			if err != nil {
				t.Fatal(err)
			}
			defer r.Close()
			sample, r := Sample(context.Background(), r, 100)
			l, ok := LayoutOf(r)
			if !ok {
				t.Fatal("no layout")
			}
			if got := StyleOf(l, sample); got.LineEndings != tc.endings || got.Quoting != tc.quoting {
				t.Errorf("style %+v, want %q and %q", got, tc.endings, tc.quoting)
			}
		})
	}
}
