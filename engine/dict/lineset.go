package dict

import (
	"fmt"
	"hash/maphash"
	"strings"
)

// lineSet is a set of strings kept as the lines of one text, found
// through an open-addressing table of line numbers (linear probing, at
// most half full). The disposable-domain list (some 147,000 domains) loads
// this way in a fraction of what a Go map of it costs to build (the map
// was a third of dict.Load's CPU: BenchmarkLoad) and in less memory: the
// keys stay in the file's text, and the table holds 4 bytes a slot.
type lineSet struct {
	text  string   // the keys, each followed by '\n'
	offs  []uint32 // the start of each key in text, and len(text)
	slots []uint32 // key index + 1; 0 is a free slot
	mask  uint64
	seed  maphash.Seed
}

// newLineSet returns the set of the lines of text (an embedded file named
// name) after its leading "#" comment lines; each line must be non-empty
// and free of spaces, and the text must end in a newline, as the data
// generator writes it.
func newLineSet(name string, b []byte) (*lineSet, error) {
	text := string(b)
	n := 1
	for strings.HasPrefix(text, "#") {
		_, text, _ = strings.Cut(text, "\n")
		n++
	}
	if len(text) >= 1<<32-1 {
		return nil, fmt.Errorf("dict: %s too large", name)
	}
	if text != "" && !strings.HasSuffix(text, "\n") {
		return nil, fmt.Errorf("dict: %s: no newline at the end", name)
	}
	// The whole text is checked at once, and the bad line found only
	// when there is one: checked line by line (strings.ContainsAny), the
	// set took 75M instructions to load instead of 46M
	// (BenchmarkLoadLineSet under callgrind).
	if i := badLine(text); i >= 0 {
		n += strings.Count(text[:i], "\n")
		line, _, _ := strings.Cut(text[strings.LastIndexByte(text[:i], '\n')+1:], "\n")
		return nil, fmt.Errorf("dict: %s line %d: %q is empty or has spaces", name, n, line)
	}
	keys := strings.Count(text, "\n")
	size := 2
	for size < 2*keys {
		size *= 2
	}
	s := &lineSet{text: text, offs: make([]uint32, 0, keys+1), slots: make([]uint32, size), mask: uint64(size - 1), seed: maphash.MakeSeed()}
	for off := 0; off < len(text); {
		s.offs = append(s.offs, uint32(off))
		off += strings.IndexByte(text[off:], '\n') + 1
	}
	s.offs = append(s.offs, uint32(len(text)))
	for i := range s.len() {
		j := maphash.String(s.seed, s.key(i)) & s.mask
		for s.slots[j] != 0 {
			j = (j + 1) & s.mask
		}
		s.slots[j] = uint32(i + 1)
	}
	return s, nil
}

// badLine returns the index of a byte in text that makes its line no key
// (a space, tab or carriage return, or the newline of an empty line), or
// -1 when every line is a key.
func badLine(text string) int {
	bad := -1
	for _, c := range [...]byte{' ', '\t', '\r'} {
		if i := strings.IndexByte(text, c); i >= 0 && (bad < 0 || i < bad) {
			bad = i
		}
	}
	if strings.HasPrefix(text, "\n") {
		return 0
	}
	if i := strings.Index(text, "\n\n"); i >= 0 && (bad < 0 || i+1 < bad) {
		bad = i + 1
	}
	return bad
}

// key returns the i-th key.
func (s *lineSet) key(i int) string {
	return s.text[s.offs[i] : s.offs[i+1]-1]
}

// has reports whether k is in the set.
func (s *lineSet) has(k string) bool {
	for j := maphash.String(s.seed, k) & s.mask; s.slots[j] != 0; j = (j + 1) & s.mask {
		if s.key(int(s.slots[j]-1)) == k {
			return true
		}
	}
	return false
}

// len returns the number of keys.
func (s *lineSet) len() int { return len(s.offs) - 1 }

// loadLineSet reads an embedded file as a lineSet.
func loadLineSet(name string) (*lineSet, error) {
	b, err := readFile(name)
	if err != nil {
		return nil, err
	}
	return newLineSet(name, b)
}
