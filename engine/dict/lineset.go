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
	keys := strings.Count(text, "\n")
	size := 2
	for size < 2*keys {
		size *= 2
	}
	s := &lineSet{text: text, offs: make([]uint32, 0, keys+1), slots: make([]uint32, size), mask: uint64(size - 1), seed: maphash.MakeSeed()}
	for off := 0; off < len(text); n++ {
		line, _, _ := strings.Cut(text[off:], "\n")
		if line == "" || strings.ContainsAny(line, " \t\r") {
			return nil, fmt.Errorf("dict: %s line %d: %q is empty or has spaces", name, n, line)
		}
		s.offs = append(s.offs, uint32(off))
		off += len(line) + 1
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
