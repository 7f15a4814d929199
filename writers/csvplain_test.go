package writers

import (
	"path/filepath"
	"testing"
	"unicode/utf8"
)

// TestPlainAgreesWithAppendField holds the writer's fast path to its
// quoting: a field plain calls plain is one appendField writes as it is,
// for every delimiter, with and without formula escaping, over every
// byte at the start, in the middle and at the end of a field, and every
// rune up to U+FFFF at the start of one.
func TestPlainAgreesWithAppendField(t *testing.T) {
	t.Parallel()
	var fields []string
	for b := range 256 {
		c := string([]byte{byte(b)})
		fields = append(fields, c, c+"x", "x"+c, "x"+c+"x")
	}
	for r := rune(0); r <= 0xFFFF; r++ {
		if utf8.ValidRune(r) {
			fields = append(fields, string(r), string(r)+"x")
		}
	}
	fields = append(fields, "", `\.`, `\.x`, "\u00a0", "\u0085", "\u1680", "\u2000", "\u205f", "\u3000", "a§b", "\xc2", "\xe2\x80")
	for _, delim := range []rune{',', ';', '\t', '|', '§'} {
		cw, err := CreateCSV(filepath.Join(t.TempDir(), "out.csv"), strSchema("a"), CSVOptions{Delimiter: delim})
		if err != nil {
			t.Fatal(err)
		}
		w := cw.(*csvWriter)
		for _, escape := range []bool{false, true} {
			for _, f := range fields {
				if !w.plain(f, escape) {
					continue
				}
				if got := string(w.appendField(nil, f, escape && needsFormulaEscape(f))); got != f {
					t.Errorf("delimiter %q, escape %v: plain(%q), but appendField writes %q", delim, escape, f, got)
				}
			}
			// The fast path is taken for common values.
			for _, f := range []string{"Elena", "Ángel", "van der Berg", "0.95", "NATURAL", "São Paulo", "Łódź", "李"} {
				if !w.plain(f, escape) {
					t.Errorf("delimiter %q, escape %v: plain(%q) is false", delim, escape, f)
				}
			}
		}
		if err := w.Abort(); err != nil {
			t.Fatal(err)
		}
	}
}
