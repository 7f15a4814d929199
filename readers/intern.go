package readers

import (
	"strings"

	"github.com/namepipe/namepipe/record"
)

// columnIntern shares the record.Value of a value that recurs in a CSV
// column. Many columns of customer data hold a few values (a country,
// a gender, a city, a status): for those, a cell whose value was seen
// recently is given the Value made for it then, instead of a string
// header of its own (stringBoxes), which the collector would have to
// allocate and trace (BenchmarkCSVReadIntern).
//
// Each column has a small table, two places for each hash. A value
// enters it the second time in a row that its first place sees it miss,
// as a copy of its own, so that a remembered value keeps no row's text
// alive; it takes the place of a value that was not looked up since the
// last such attempt (a value that recurs often is not pushed out by one
// that recurs less), or waits for the next attempt. A column whose
// values do not recur (an id, an email) costs a hash per cell while it
// is probed: the table is switched off for a column when fewer than a
// quarter of a window's look-ups hit, and tried again after internOff
// rows.
type columnIntern struct {
	slots  [internSlots]internSlot
	on     bool
	tries  int // look-ups in the current window
	hits   int
	offFor int // rows left before an off column is tried again
}

type internSlot struct {
	s    string // the remembered value, a copy
	v    record.Value
	cand uint64 // hash of the last value that missed with this first place
	hit  bool   // s was looked up since a value last asked for its place
}

const (
	internSlots  = 128
	internWindow = 1024
	internOff    = 64 * internWindow
	internMaxLen = 64 // longer values are not remembered
	// maxInternColumns bounds the tables' memory (about 6 KB each) for
	// a file of thousands of columns.
	maxInternColumns = 256
)

// newColumnInterns returns the tables of n columns, all on.
func newColumnInterns(n int) []columnIntern {
	c := make([]columnIntern, n)
	for i := range c {
		c[i].on = true
	}
	return c
}

// value returns s as a record.Value: the remembered one, or box(s).
func (c *columnIntern) value(s string, boxes *stringBoxes) record.Value {
	if !c.on {
		if c.offFor--; c.offFor <= 0 {
			c.on, c.tries, c.hits = true, 0, 0
		}
		return boxes.box(s)
	}
	if s == "" || len(s) > internMaxLen {
		return boxes.box(s)
	}
	h := internHash(s)
	i := h % internSlots
	pair := c.slots[i&^1 : i|1+1]
	c.tries++
	for k := range pair {
		if sl := &pair[k]; sl.s == s {
			c.hits++
			sl.hit = true
			c.endWindow()
			return sl.v
		}
	}
	if first := &c.slots[i]; first.cand != h {
		first.cand = h
	} else {
		// The second miss in a row of this value: it takes the place of
		// a remembered value not looked up since the last such attempt.
		first.cand = 0
		for k := range pair {
			if sl := &pair[k]; !sl.hit {
				own := strings.Clone(s)
				sl.s, sl.v = own, own
				c.endWindow()
				return sl.v
			}
		}
		pair[0].hit, pair[1].hit = false, false
	}
	c.endWindow()
	return boxes.box(s)
}

// endWindow switches the table off after a window with few hits.
func (c *columnIntern) endWindow() {
	if c.tries < internWindow {
		return
	}
	if c.hits*4 < c.tries {
		c.on, c.offFor = false, internOff
	}
	c.tries, c.hits = 0, 0
}

// internHash hashes a short string: its length and its bytes, eight at a
// time, mixed by multiplications.
func internHash(s string) uint64 {
	const k = 0x9E3779B97F4A7C15
	n := len(s)
	x := uint64(n)
	if n < 8 {
		for i := 0; i < n; i++ {
			x = x<<8 | uint64(s[i])
		}
	} else {
		for i := 0; i < n-8; i += 8 {
			x = (x ^ load8(s[i:])) * k
		}
		x ^= load8(s[n-8:])
	}
	x *= k
	return x ^ x>>32
}

// load8 returns the first eight bytes of s (len(s) >= 8), little-endian.
func load8(s string) uint64 {
	_ = s[7]
	return uint64(s[0]) | uint64(s[1])<<8 | uint64(s[2])<<16 | uint64(s[3])<<24 |
		uint64(s[4])<<32 | uint64(s[5])<<40 | uint64(s[6])<<48 | uint64(s[7])<<56
}
