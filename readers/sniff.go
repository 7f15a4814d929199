package readers

import (
	"bytes"
	"encoding/csv"
	"io"
	"strconv"
)

// candidates are the delimiters the sniffer chooses among, in order of
// preference on a tie.
var candidates = []rune{',', ';', '\t', '|'}

// sniffDelimiter picks the delimiter that splits the sample into the most
// rows with the header's field count (more than one field). complete says
// the sample is the whole input; otherwise its last, possibly cut, record
// is ignored. It returns ',' when nothing fits better.
func sniffDelimiter(sample []byte, complete bool) rune {
	best, bestScore := ',', -1
	for _, d := range candidates {
		width, consistent, ok := scoreDelimiter(sample, d, complete)
		if !ok || width < 2 {
			continue
		}
		// Consistent rows count most; a wider header breaks ties.
		score := consistent*1000 + min(width, 999)
		if score > bestScore {
			best, bestScore = d, score
		}
	}
	return best
}

// scoreDelimiter parses sample with delimiter d and returns the header's
// field count and how many following records have that many fields.
func scoreDelimiter(sample []byte, d rune, complete bool) (width, consistent int, ok bool) {
	cr := csv.NewReader(bytes.NewReader(sample))
	cr.Comma = d
	cr.FieldsPerRecord = -1
	cr.ReuseRecord = true
	var counts []int
	for len(counts) < 100 {
		rec, err := cr.Read()
		if err == io.EOF {
			break
		}
		if err != nil {
			if !complete && len(counts) > 0 {
				break // cut at the end of the sample
			}
			return 0, 0, false
		}
		counts = append(counts, len(rec))
	}
	if !complete && len(counts) > 1 {
		counts = counts[:len(counts)-1]
	}
	if len(counts) == 0 {
		return 0, 0, false
	}
	for _, c := range counts[1:] {
		if c == counts[0] {
			consistent++
		}
	}
	return counts[0], consistent, true
}

// countFields returns the number of fields of the sample's first record
// with delimiter d.
func countFields(sample []byte, d rune) int {
	cr := csv.NewReader(bytes.NewReader(sample))
	cr.Comma = d
	cr.FieldsPerRecord = -1
	rec, err := cr.Read()
	if err != nil {
		return 0
	}
	return len(rec)
}

func validDelim(d rune) bool {
	return d != 0 && d != '"' && d != '\r' && d != '\n' && d != 0xFFFD
}

func delimName(d rune) string {
	switch d {
	case '\t':
		return "tab"
	case ' ':
		return "space"
	}
	return strconv.QuoteRune(d)
}
