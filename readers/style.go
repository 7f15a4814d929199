package readers

import (
	"fmt"
	"strings"

	"github.com/namepipe/namepipe/record"
)

// TextStyle is how a CSV file is written, as a sample of its rows shows
// it: what validate reports besides the delimiter and the BOM.
type TextStyle struct {
	// LineEndings is "LF", "CRLF" or "CR", "mixed (…)" with the count of
	// each, or "none" (a single line without an ending).
	LineEndings string
	// Quoting is "none" (no cell quoted), "minimal" (only cells that need
	// quotes: a delimiter, a quote or a line break inside), "all" (every
	// cell, empty ones too), "all non-empty" (every cell with text), or
	// "some (n of m cells)" when cells are quoted that need no quotes but
	// not all of them.
	Quoting string
}

// StyleOf returns the text style of a CSV input from its layout (the
// header as written) and a sample of its rows (their Raw cells and line
// endings, as a CSV reader returns them).
func StyleOf(l CSVLayout, rows []record.Record) TextStyle {
	ends := map[string]int{}
	if l.HeaderEnd != "" {
		ends[l.HeaderEnd]++
	}
	var q quoteCount
	for _, c := range l.Header {
		q.add(c, c, l.Delimiter)
	}
	for i := range rows {
		rec := &rows[i]
		if rec.End != "" {
			ends[rec.End]++
		}
		for j, v := range rec.Values {
			raw := ""
			if j < len(rec.Raw) {
				raw = rec.Raw[j]
			}
			s, _ := v.(string)
			q.add(raw, s, l.Delimiter)
		}
	}
	return TextStyle{LineEndings: endingsText(ends), Quoting: q.text()}
}

// quoteCount counts cells by how they were quoted.
type quoteCount struct {
	cells, empty        int
	quoted, quotedEmpty int
	needless            int // quoted without needing it
}

// add counts one cell: raw is its source text when it was not plain (""
// for a plain cell), value its text.
func (q *quoteCount) add(raw, value string, delim rune) {
	q.cells++
	empty := value == ""
	if empty {
		q.empty++
	}
	if !strings.HasPrefix(raw, `"`) {
		return
	}
	q.quoted++
	if empty {
		q.quotedEmpty++
	}
	if !strings.ContainsAny(value, "\"\r\n") && (delim == 0 || !strings.ContainsRune(value, delim)) {
		q.needless++
	}
}

func (q quoteCount) text() string {
	switch {
	case q.quoted == 0:
		return "none"
	case q.quoted == q.cells:
		return "all"
	case q.quoted-q.quotedEmpty == q.cells-q.empty && q.quotedEmpty == 0:
		return "all non-empty"
	case q.needless == 0:
		return "minimal"
	}
	return fmt.Sprintf("some (%d of %d cells)", q.quoted, q.cells)
}

// endingsText names the line endings counted.
func endingsText(ends map[string]int) string {
	name := map[string]string{"\n": "LF", "\r\n": "CRLF", "\r": "CR"}
	var parts []string
	for _, e := range []string{"\r\n", "\n", "\r"} {
		if n := ends[e]; n > 0 {
			parts = append(parts, fmt.Sprintf("%s %d", name[e], n))
		}
	}
	switch len(parts) {
	case 0:
		return "none"
	case 1:
		return strings.Fields(parts[0])[0]
	}
	return "mixed (" + strings.Join(parts, ", ") + ")"
}
