package csvtest

import (
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// TestRoundTrip: what Write writes, Read reads back, quotes and all.
func TestRoundTrip(t *testing.T) {
	p := filepath.Join(t.TempDir(), "x.csv")
	header := []string{"id", "name"}
	rows := [][]string{{"1", `Watson, "Noah"`}, {"2", "line\nbreak"}}
	Write(t, p, header, rows)
	got := Read(t, p)
	if !slices.Equal(got[0], header) || len(got) != 3 || !slices.Equal(got[1], rows[0]) || !slices.Equal(got[2], rows[1]) {
		t.Errorf("read %q", got)
	}
	if Column(t, got[0], "name") != 1 {
		t.Error("column name is not 1")
	}
	b, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	if want := "id,name\n1,\"Watson, \"\"Noah\"\"\"\n2,\"line\nbreak\"\n"; string(b) != want {
		t.Errorf("file %q, want %q", b, want)
	}
}
