package report

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"
)

// Int formats n with thousands separators: 1,234,567.
func Int(n int64) string {
	s := strconv.FormatInt(n, 10)
	neg := n < 0
	if neg {
		s = s[1:]
	}
	var b strings.Builder
	if neg {
		b.WriteByte('-')
	}
	for i, c := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(c)
	}
	return b.String()
}

// Percent formats a share in [0, 1] as a percentage with one decimal:
// 0.1234 → "12.3 %" (with a no-break space).
func Percent(share float64) string {
	if math.IsNaN(share) || math.IsInf(share, 0) {
		return "–"
	}
	return strconv.FormatFloat(share*100, 'f', 1, 64) + "\u00a0%"
}

// Share is Percent(part/whole), or "–" when whole is 0.
func Share(part, whole int64) string {
	if whole == 0 {
		return "–"
	}
	return Percent(float64(part) / float64(whole))
}

// Rate formats a rows-per-second figure: 12,345 rows/s.
func Rate(perSec float64) string {
	return Int(int64(math.Round(perSec))) + " rows/s"
}

// Seconds formats an elapsed time for people: 850 ms, 12.3 s, 4 min 05 s.
func Seconds(d time.Duration) string {
	switch {
	case d < time.Second:
		return strconv.FormatInt(d.Milliseconds(), 10) + " ms"
	case d < time.Minute:
		return strconv.FormatFloat(d.Seconds(), 'f', 1, 64) + " s"
	case d < time.Hour:
		s := int64(d.Round(time.Second).Seconds())
		return fmt.Sprintf("%d min %02d s", s/60, s%60)
	}
	s := int64(d.Round(time.Second).Seconds())
	return fmt.Sprintf("%d h %02d min %02d s", s/3600, s/60%60, s%60)
}

// Score formats a risk score with two decimals.
func Score(f float64) string { return strconv.FormatFloat(f, 'f', 2, 64) }

// maxShown is the most runes of one user value shown in the page.
const maxShown = 120

// Visible makes a value from the input or the service safe to show as
// text: control characters and the characters that change the direction of
// text (bidi overrides, embeddings, isolates and marks) become a visible
// ⟨U+XXXX⟩ marker, invalid UTF-8 becomes U+FFFD, and a value longer than
// 120 characters is cut with "…". HTML escaping is left to html/template.
func Visible(s string) string { return visibleN(s, maxShown) }

// visibleN is Visible cutting after maxRunes characters.
func visibleN(s string, maxRunes int) string {
	clean := true
	n := 0
	for _, r := range s {
		n++
		if r == utf8.RuneError || hidden(r) {
			clean = false
			break
		}
	}
	if clean && n <= maxRunes {
		return s
	}
	var b strings.Builder
	n = 0
	for _, r := range s {
		if n == maxRunes {
			b.WriteString("…")
			break
		}
		n++
		if hidden(r) {
			fmt.Fprintf(&b, "⟨U+%04X⟩", r)
			continue
		}
		b.WriteRune(r) // invalid UTF-8 already reads as U+FFFD
	}
	return b.String()
}

// hidden reports whether r is a control or bidi formatting character.
func hidden(r rune) bool {
	switch {
	case r < 0x20, r == 0x7f, r >= 0x80 && r < 0xa0:
		return true
	case r == 0x061c, r == 0x200e, r == 0x200f, r >= 0x202a && r <= 0x202e, r >= 0x2066 && r <= 0x2069:
		return true
	case r == 0x2028, r == 0x2029, r == 0xfeff:
		return true
	}
	return unicode.Is(unicode.Cc, r)
}
