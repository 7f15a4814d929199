package readers

import (
	"bufio"
	"bytes"
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"
)

// The checks of a CSV file's start: byte-order marks, Excel's sep= line
// and the header's names.

// checkNames rejects empty and duplicate column names.
func checkNames(where string, names []string, what string) error {
	seen := make(map[string]int, len(names))
	for i, n := range names {
		if strings.TrimSpace(n) == "" {
			if len(names) == 1 {
				return fmt.Errorf("%s: empty header row", where)
			}
			return fmt.Errorf("%s: %s %d has an empty name", where, what, i+1)
		}
		if j, dup := seen[n]; dup {
			return fmt.Errorf("%s: duplicate %s name %q (columns %d and %d)", where, what, clip(n), j+1, i+1)
		}
		seen[n] = i
	}
	return nil
}

// checkHeaderLooksLikeNames catches files whose first row is data: a
// column name is never an e-mail address, and a header of numbers only is
// almost surely a data row.
func checkHeaderLooksLikeNames(where string, names []string) error {
	numbers := 0
	for i, n := range names {
		if looksLikeEmail(n) {
			return fmt.Errorf("%s: header column %d %q looks like data, not a column name: if the file has no header row, name the columns in the config", where, i+1, clip(n))
		}
		if _, err := strconv.ParseFloat(strings.TrimSpace(n), 64); err == nil {
			numbers++
		}
	}
	if numbers == len(names) {
		return fmt.Errorf("%s: header row %q holds only numbers, which looks like data: if the file has no header row, name the columns in the config", where, clip(strings.Join(names, ",")))
	}
	return nil
}

func looksLikeEmail(s string) bool {
	at := strings.IndexByte(s, '@')
	return at > 0 && strings.IndexByte(s[at+1:], '.') > 0 && !strings.ContainsAny(s, " \t")
}

// stripBOM drops UTF-8 byte-order marks (a repeated one is left by a
// careless conversion) and returns them; it rejects UTF-16/32 ones.
func stripBOM(br *bufio.Reader, name string) (string, error) {
	var bom string
	for {
		b, _ := br.Peek(4)
		switch {
		case bytes.HasPrefix(b, []byte{0xEF, 0xBB, 0xBF}):
			if _, err := br.Discard(3); err != nil {
				return "", err
			}
			bom += "\xEF\xBB\xBF"
			continue
		case bytes.HasPrefix(b, []byte{0x00, 0x00, 0xFE, 0xFF}), bytes.HasPrefix(b, []byte{0xFF, 0xFE, 0x00, 0x00}):
			return "", fmt.Errorf("%s: the file is UTF-32 encoded (byte-order mark); convert it to UTF-8", name)
		case bytes.HasPrefix(b, []byte{0xFF, 0xFE}), bytes.HasPrefix(b, []byte{0xFE, 0xFF}):
			return "", fmt.Errorf("%s: the file is UTF-16 encoded (byte-order mark); convert it to UTF-8 (e.g. iconv -f UTF-16 -t UTF-8)", name)
		}
		return bom, nil
	}
}

// excelSepLine reads a first line "sep=X" (which Excel writes and reads
// to name the delimiter) and returns X and 1; otherwise it reads nothing
// and returns 0, 0.
func excelSepLine(br *bufio.Reader) (rune, int) {
	b, _ := br.Peek(16)
	if len(b) < 5 || !bytes.EqualFold(b[:4], []byte("sep=")) {
		return 0, 0
	}
	d, size := utf8.DecodeRune(b[4:])
	rest := b[4+size:]
	n := 0
	switch {
	case bytes.HasPrefix(rest, []byte("\r\n")):
		n = 2
	case bytes.HasPrefix(rest, []byte("\n")), bytes.HasPrefix(rest, []byte("\r")):
		n = 1
	}
	if n == 0 || !validDelim(d) || d == utf8.RuneError {
		return 0, 0
	}
	if _, err := br.Discard(4 + size + n); err != nil {
		return 0, 0
	}
	return d, 1
}
