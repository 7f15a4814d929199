package readers

import (
	"bufio"
	"bytes"
	"strconv"
	"unicode/utf8"
)

// candidates are the delimiters the sniffer chooses among, in order of
// preference on a tie.
var candidates = []rune{',', ';', '\t', '|'}

// sniffDelimiter picks the delimiter that splits the sample into the most
// rows with the header's field count (more than one field). complete says
// the sample is the whole input; otherwise its last, possibly cut, record
// is ignored; term is the line terminator. Malformed rows are split as the
// lenient reader splits them. found is false when no candidate splits the
// header into several fields; the delimiter is then ','.
func sniffDelimiter(sample []byte, complete bool, term byte) (delim rune, found bool) {
	best, bestScore := ',', -1
	for _, d := range candidates {
		width, consistent, ok := scoreDelimiter(sample, d, complete, term)
		if !ok || width < 2 {
			continue
		}
		// Consistent rows count most; a wider header breaks ties.
		score := consistent*1000 + min(width, 999)
		if score > bestScore {
			best, bestScore = d, score
		}
	}
	return best, bestScore >= 0
}

// sampleScanner scans sample with delimiter d.
func sampleScanner(sample []byte, d rune, term byte) *scanner {
	return newScanner(bufio.NewReaderSize(bytes.NewReader(sample), len(sample)+16), utf8.AppendRune(nil, d), term, true)
}

// scoreDelimiter splits sample with delimiter d and returns the header's
// field count and how many of the next 99 records have that many fields.
func scoreDelimiter(sample []byte, d rune, complete bool, term byte) (width, consistent int, ok bool) {
	sc := sampleScanner(sample, d, term)
	var counts []int
	for len(counts) < 100 {
		rec, err := sc.next()
		if err != nil {
			break
		}
		if rec.blank {
			continue
		}
		counts = append(counts, rec.n())
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
func countFields(sample []byte, d rune, term byte) int {
	sc := sampleScanner(sample, d, term)
	for {
		rec, err := sc.next()
		if err != nil {
			return 0
		}
		if !rec.blank {
			return rec.n()
		}
	}
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
