package risk

import (
	"os"
	"strings"
	"testing"
	"unicode"

	"github.com/namepipe/namepipe/engine/text"
)

// TestSoundsHumorous holds soundsHumorous, which looks up the last word's
// sound key first (after its first letter and length), to the lookup of
// the whole key, and soundKey to its plain definition (soundKeyRef): on
// every name of the lists of whole names and name words, on the parser's
// evaluation names and on words without letters at either end.
func TestSoundsHumorous(t *testing.T) {
	t.Parallel()
	keys, _ := humorousSounds()
	var names []string
	for k := range text.Lists().Humorous {
		names = append(names, k, k+" 2", "2 "+k, k+" x")
		if !soundsHumorous(k) {
			t.Errorf("soundsHumorous(%q) = false for a listed joke name", k)
		}
	}
	data, err := os.ReadFile("../testdata/names_eval.tsv")
	if err != nil {
		t.Fatal(err)
	}
	for line := range strings.SplitSeq(string(data), "\n") {
		if full, _, _ := strings.Cut(line, "\t"); full != "" {
			names = append(names, text.FoldSpace(full))
		}
	}
	l := text.Lists()
	for _, m := range []map[string]bool{l.Fictional, l.Famous} {
		for k := range m {
			names = append(names, k)
		}
	}
	for k := range l.Placeholders {
		names = append(names, k)
	}
	for k := range l.NameWords {
		names = append(names, k)
	}
	names = append(names, "", " ", "seymour", "seymour ", "seymour 123", "123", "a b c", "ck", "c", "p", "ph", "phc", "cc ck", "  a  ", "zzyy qq")
	hits := 0
	for _, k := range names {
		if got, want := soundKey(k), soundKeyRef(k); got != want {
			t.Errorf("soundKey(%q) = %q; the reference says %q", k, got, want)
		}
		want := keys[soundKey(k)]
		if got := soundsHumorous(k); got != want {
			t.Errorf("soundsHumorous(%q) = %v; the whole key says %v", k, got, want)
		}
		if want {
			hits++
		}
	}
	if hits < len(text.Lists().Humorous) {
		t.Errorf("only %d names sound like jokes: the test proves little", hits)
	}
}

// TestFoldFields holds foldFields (an ASCII fast path, then runes) to
// its definition: the runs between white space, dots and commas.
func TestFoldFields(t *testing.T) {
	t.Parallel()
	for _, s := range []string{"", " ", "Anna", " Anna  Maria ", "A.B.,C", "Jean-Luc\tPicard\n", "Zoë Ångström",
		"Anna\u00a0Maria", "Anna\u0085Maria", "Anna\u2003Maria", "王 小明", "Müller, Hans", ". , .", "x\vy\fz\rw"} {
		want := len(strings.FieldsFunc(s, func(r rune) bool { return unicode.IsSpace(r) || r == '.' || r == ',' }))
		if got := foldFields(s); got != want {
			t.Errorf("foldFields(%q) = %d; want %d", s, got, want)
		}
		if got := hasFoldWord(s); got != (want > 0) {
			t.Errorf("hasFoldWord(%q) = %v; want %v", s, got, want > 0)
		}
	}
}

// soundKeyRef is soundKey written plainly, without soundOf's table.
func soundKeyRef(s string) string {
	var b []byte
	var prev byte
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == ' ':
			if len(b) > 0 && prev != ' ' {
				b = append(b, ' ')
			}
			prev = ' '
			continue
		case c < 'a' || c > 'z':
			continue
		}
		next := byte(0)
		if i+1 < len(s) {
			next = s[i+1]
		}
		switch c {
		case 'c':
			switch next {
			case 'k':
				continue
			case 'e', 'i', 'y':
				c = 's'
			default:
				c = 'k'
			}
		case 'q':
			c = 'k'
		case 'z':
			c = 's'
		case 'y':
			c = 'i'
		case 'p':
			if next == 'h' {
				c = 'f'
				i++
			}
		}
		if c == prev {
			continue
		}
		b = append(b, c)
		prev = c
	}
	if len(b) > 0 && b[len(b)-1] == ' ' {
		b = b[:len(b)-1]
	}
	return string(b)
}
