package readers

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"errors"
	"io"
	"math/bits"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
)

// scanner splits CSV text into records the RFC 4180 way, and keeps the
// source text of every field next to its value, so that a writer can put
// the field back exactly as it was (quotes, CRLF inside quotes and all).
//
// On valid input its values are those of encoding/csv, except that a line
// break inside a quoted field keeps its CR (encoding/csv turns CRLF into
// LF there) and that a blank line is returned as a blank record instead of
// being skipped; FuzzScannerAgainstStdlib holds it to that.
//
// Malformed input (a quote inside an unquoted field, text after a closing
// quote, a quote never closed) is reported as an issue. In lenient mode a
// quote that is not closed cleanly within maxQuotedLines lines or
// maxQuotedBytes bytes does not swallow the rest of the file: the record
// is cut back to its first line, which is split at the delimiters with
// the stray quotes taken literally, and scanning resumes on the next line.
type scanner struct {
	src     *bufio.Reader
	delim   []byte // nil: a single column, no delimiter
	term    byte   // '\n', or '\r' for a file whose lines end with CR only
	lenient bool

	pending []byte // lines to scan again after a record was cut back
	line    int64  // lines consumed so far
	// maxLine, when > 0, bounds the length of the next line read (the
	// header: a file with no line break is not read whole).
	maxLine int

	buf    []byte // the current record's lines, terminators included
	fields []span
	split  bool // the current record was split by splitPlain
	rec    scanned
}

// span is one field of buf: buf[start:end] is its source text.
type span struct {
	start, end int
	quoted     bool // well-formed quoted field
	escaped    bool // contains a doubled quote
	literal    bool // malformed: the value is the source text as it is
	trim       int  // spaces before the opening quote (lenient)
	trimEnd    int  // spaces after the closing quote (lenient)
}

// scanned is one record. Its cells are computed on demand (cell), so
// that a record costs one string, its text, however many fields it has.
type scanned struct {
	line   int64  // line the record starts on
	text   string // source text without the final line ending
	end    string // the line ending: "\n", "\r\n", "\r" or "" at the end of the input
	fields []span // the fields, as offsets into text
	hasCR  bool   // text holds a CR
	plain  bool   // every field is unquoted and well-formed (splitPlain)
	blank  bool   // an empty line: one empty field
	issue  *issue // the first malformation, or nil
}

// n returns the number of fields.
func (r *scanned) n() int {
	if r.blank {
		return 1
	}
	return len(r.fields)
}

// cell returns field i's value and its source text; raw is "" where the
// source text is not needed (a CSV writer writes the value that way by
// itself) or cannot be used (a malformed field).
func (r *scanned) cell(i int) (v, raw string) {
	if r.blank {
		return "", ""
	}
	f := r.fields[i]
	raw = r.text[f.start:f.end]
	switch {
	case f.literal:
		return raw, ""
	case f.quoted:
		v = raw[1+f.trim : len(raw)-1-f.trimEnd]
		if f.escaped {
			v = unescapeQuotes(v)
		}
		if f.trim > 0 || f.trimEnd > 0 {
			return v, ""
		}
		return v, raw
	case plainWritesBack(raw, r.hasCR):
		return raw, ""
	}
	return raw, raw
}

// cells returns every field's value and source text (see cell).
func (r *scanned) cells() (vals, raws []string) {
	for i := range r.n() {
		v, raw := r.cell(i)
		vals, raws = append(vals, v), append(raws, raw)
	}
	return vals, raws
}

// issueKind names a malformation; the names are the keys of Stats.Malformed.
type issueKind string

const (
	issueBareQuote    issueKind = "bare_quote"
	issueQuote        issueKind = "text_after_quote"
	issueUnterminated issueKind = "unterminated_quote"
	issueSpaces       issueKind = "spaces_around_quotes"
	issueFieldCount   issueKind = "field_count"
)

// issue is a malformation at a line and byte column (1-based).
type issue struct {
	kind      issueKind
	line      int64
	col       int
	startLine int64 // line of the record (or of the opening quote)
	eof       bool  // an unterminated quote reached the end of the input
}

// Limits of a quoted field spanning lines before the lenient scanner
// treats its opening quote as stray.
const (
	maxQuotedLines = 4096
	maxQuotedBytes = 16 << 20
)

// errLineTooLong is returned when a line is longer than maxLine.
var errLineTooLong = errors.New("line too long")

func newScanner(src *bufio.Reader, delim []byte, term byte, lenient bool) *scanner {
	return &scanner{src: src, delim: delim, term: term, lenient: lenient}
}

// appendLine appends the next line, with its terminator, to s.buf. It
// returns false at the end of the input.
func (s *scanner) appendLine() (bool, error) {
	if len(s.pending) > 0 {
		i := bytes.IndexByte(s.pending, s.term)
		if i < 0 {
			i = len(s.pending) - 1
		} else if s.term == '\r' && i+1 < len(s.pending) && s.pending[i+1] == '\n' {
			i++
		}
		s.buf = append(s.buf, s.pending[:i+1]...)
		s.pending = s.pending[i+1:]
		s.line++
		return true, nil
	}
	start := len(s.buf)
	for {
		chunk, err := s.src.ReadSlice(s.term)
		s.buf = append(s.buf, chunk...)
		if s.maxLine > 0 && len(s.buf)-start > s.maxLine {
			return false, errLineTooLong
		}
		if err == bufio.ErrBufferFull {
			continue
		}
		if err == io.EOF {
			if len(s.buf) == start {
				return false, nil
			}
			s.line++
			return true, nil
		}
		if err != nil {
			return false, err
		}
		if s.term == '\r' {
			// A CRLF in a CR-only file is still one line break.
			if b, _ := s.src.Peek(1); len(b) == 1 && b[0] == '\n' {
				s.src.ReadByte()
				s.buf = append(s.buf, '\n')
			}
		}
		s.line++
		return true, nil
	}
}

// endLen returns the length of the line ending of the last line of s.buf,
// which starts at from.
func (s *scanner) endLen(from int) int {
	b := s.buf[from:]
	n := len(b)
	switch {
	case n == 0:
		return 0
	case b[n-1] == '\n':
		if n >= 2 && b[n-2] == '\r' {
			return 2
		}
		return 1
	case b[n-1] == '\r':
		// CR-only files; in others a CR at the very end of the input
		// (encoding/csv drops it too).
		return 1
	}
	return 0
}

// next scans the next record; it returns io.EOF at the end of the input.
// The record is valid until the next call.
func (s *scanner) next() (*scanned, error) {
	s.buf = s.buf[:0]
	s.fields = s.fields[:0]
	s.split = false
	ok, err := s.appendLine()
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, io.EOF
	}
	r := &s.rec
	*r = scanned{line: s.line}
	firstLen := len(s.buf)
	if len(s.buf) == s.endLen(0) {
		r.blank = true
		r.end = lineEnding(s.buf)
		return r, nil
	}
	iss, err := s.parse()
	if err != nil {
		return nil, err
	}
	if iss != nil && s.lenient {
		if s.line > r.line {
			// Cut the record back to its first line; the other lines are
			// scanned again.
			rest := append([]byte(nil), s.buf[firstLen:]...)
			s.pending = append(rest, s.pending...)
			s.buf = s.buf[:firstLen]
			s.line = r.line
		}
		s.fields = s.fields[:0]
		iss = s.parseLoose(len(s.buf) - s.endLen(0))
	}
	r.issue = iss
	s.finish(r)
	return r, nil
}

// finish sets the record's text, line ending and fields from s.buf.
func (s *scanner) finish(r *scanned) {
	content := len(s.buf) - s.endLen(0)
	r.text = string(s.buf[:content])
	r.end = lineEnding(s.buf[content:])
	r.hasCR = bytes.IndexByte(s.buf[:content], '\r') >= 0
	r.fields = s.fields
	r.plain = s.split
}

// lineEnding returns b, a line ending, as a string without allocating.
func lineEnding(b []byte) string {
	switch string(b) {
	case "":
		return ""
	case "\n":
		return "\n"
	case "\r\n":
		return "\r\n"
	case "\r":
		return "\r"
	}
	return string(b)
}

// plainWritesBack reports whether an unquoted field's text is what a CSV
// writer writes for it anyway (the writer quotes a value that holds a CR
// or starts with a space, and `\.`), so that its source text need not be
// kept.
// hasCR says whether the record holds a CR at all (one search per record
// rather than one per field).
func plainWritesBack(v string, hasCR bool) bool {
	if v == "" {
		return true
	}
	if hasCR && strings.IndexByte(v, '\r') >= 0 {
		return false
	}
	c := v[0]
	if !mayNotWriteBack[c] {
		return true
	}
	if c < utf8.RuneSelf {
		return c != ' ' && c != '\t' && c != '\v' && c != '\f' && v != `\.`
	}
	r, _ := utf8.DecodeRuneInString(v)
	return !unicode.IsSpace(r)
}

// mayNotWriteBack marks the first bytes that plainWritesBack must look
// at more closely: the ASCII spaces, the backslash of `\.`, and the first
// bytes of the UTF-8 encodings of the other Unicode spaces (0xC2: U+0085
// and U+00A0; 0xE1: U+1680; 0xE2: U+2000–U+205F; 0xE3: U+3000).
var mayNotWriteBack = [256]bool{' ': true, '\t': true, '\v': true, '\f': true, '\\': true, 0xC2: true, 0xE1: true, 0xE2: true, 0xE3: true}

func unescapeQuotes(s string) string {
	b := make([]byte, 0, len(s))
	for i := 0; i < len(s); i++ {
		b = append(b, s[i])
		if s[i] == '"' {
			i++ // skip the second quote of ""
		}
	}
	return string(b)
}

// delimAt reports whether the delimiter starts at buf[i:].
func (s *scanner) delimAt(i int) bool {
	return s.delim != nil && bytes.HasPrefix(s.buf[i:], s.delim)
}

// indexDelim returns the position of the first delimiter in buf[i:end],
// or -1.
func (s *scanner) indexDelim(i, end int) int {
	if s.delim == nil {
		return -1
	}
	var k int
	if len(s.delim) == 1 {
		k = bytes.IndexByte(s.buf[i:end], s.delim[0])
	} else {
		k = bytes.Index(s.buf[i:end], s.delim)
	}
	if k < 0 {
		return -1
	}
	return i + k
}

// parse splits s.buf, reading more lines while a quoted field is open. It
// stops at the first malformation and returns it.
func (s *scanner) parse() (*issue, error) {
	startLine := s.line
	lineStart := 0
	contentEnd := len(s.buf) - s.endLen(0)
	if len(s.delim) == 1 && s.splitPlain(contentEnd) {
		s.split = true
		return nil, nil
	}
	i := 0
	for {
		if i < contentEnd && s.buf[i] == '"' {
			start, j, esc := i, i+1, false
			qLine, qCol := s.line, i-lineStart+1
			for {
				k := bytes.IndexByte(s.buf[j:contentEnd], '"')
				if k < 0 {
					// The quote is still open at the end of the line.
					unterminated := &issue{kind: issueUnterminated, line: qLine, col: qCol, startLine: qLine}
					if s.lenient && (s.line-startLine >= maxQuotedLines || len(s.buf) > maxQuotedBytes) {
						return unterminated, nil
					}
					prev := len(s.buf)
					more, err := s.appendLine()
					if err != nil {
						return nil, err
					}
					if !more {
						unterminated.eof = true
						return unterminated, nil
					}
					lineStart = prev
					contentEnd = len(s.buf) - s.endLen(lineStart)
					continue
				}
				q := j + k
				if q+1 < contentEnd && s.buf[q+1] == '"' {
					esc, j = true, q+2
					continue
				}
				after := q + 1
				if after == contentEnd {
					s.fields = append(s.fields, span{start: start, end: after, quoted: true, escaped: esc})
					return nil, nil
				}
				if s.delimAt(after) {
					s.fields = append(s.fields, span{start: start, end: after, quoted: true, escaped: esc})
					i = after + len(s.delim)
					break
				}
				return &issue{kind: issueQuote, line: s.line, col: q - lineStart + 1, startLine: startLine}, nil
			}
			continue
		}
		end, next := contentEnd, -1
		if k := s.indexDelim(i, contentEnd); k >= 0 {
			end, next = k, k+len(s.delim)
		}
		if q := bytes.IndexByte(s.buf[i:end], '"'); q >= 0 {
			return &issue{kind: issueBareQuote, line: s.line, col: i + q - lineStart + 1, startLine: startLine}, nil
		}
		s.fields = appendSpan(s.fields, i, end)
		if next < 0 {
			return nil, nil
		}
		i = next
	}
}

// splitPlain splits s.buf[:contentEnd] at a one-byte delimiter when it
// holds no quote, and reports whether it did (false: fields unchanged).
// It looks at eight bytes at a time for both the delimiter and the
// quote, instead of two searches per field, one for each
// (BenchmarkScanner).
func (s *scanner) splitPlain(contentEnd int) bool {
	const ones = 0x0101010101010101
	line := s.buf[:contentEnd]
	d := s.delim[0]
	dm, qm := ones*uint64(d), ones*uint64('"')
	fields := s.fields
	start, i := 0, 0
	for ; i+8 <= len(line); i += 8 {
		x := binary.LittleEndian.Uint64(line[i:])
		if zeroBytes(x^qm) != 0 {
			return false
		}
		for m := zeroBytes(x ^ dm); m != 0; m &= m - 1 {
			k := i + bits.TrailingZeros64(m)>>3
			fields = appendSpan(fields, start, k)
			start = k + 1
		}
	}
	for ; i < len(line); i++ {
		switch line[i] {
		case '"':
			return false
		case d:
			fields = appendSpan(fields, start, i)
			start = i + 1
		}
	}
	s.fields = appendSpan(fields, start, contentEnd)
	return true
}

// zeroBytes returns x with the top bit set in each byte that is zero, and
// no other bit set.
func zeroBytes(x uint64) uint64 {
	const low7 = 0x7f7f7f7f7f7f7f7f
	return ^((x&low7 + low7) | x | low7)
}

// appendSpan appends a plain field's span. It writes the span in place:
// append(fields, span{...}) builds it on the stack and copies it with
// loads that wait for the stores building it (BenchmarkScanner).
func appendSpan(fields []span, start, end int) []span {
	n := len(fields)
	if n == cap(fields) {
		fields = slices.Grow(fields, 1)
	}
	fields = fields[:n+1]
	f := &fields[n]
	*f = span{}
	f.start, f.end = start, end
	return fields
}

// parseLoose splits a single line, s.buf[:contentEnd], whatever its
// quotes: a quoted field that closes cleanly is read as such; a stray
// quote is taken literally and its field runs to the next delimiter.
// Spaces around a quoted field are dropped from its value. It returns
// the first malformation.
func (s *scanner) parseLoose(contentEnd int) *issue {
	var first *issue
	note := func(kind issueKind, col int) {
		if first == nil {
			first = &issue{kind: kind, line: s.line, col: col, startLine: s.line}
		}
	}
	i := 0
	for {
		// Spaces before an opening quote.
		sp := i
		for sp < contentEnd && s.buf[sp] == ' ' {
			sp++
		}
		litFrom := i // where the search for the field's end starts
		if sp < contentEnd && s.buf[sp] == '"' {
			j, esc := sp+1, false
			done := false
			for !done {
				k := bytes.IndexByte(s.buf[j:contentEnd], '"')
				if k < 0 {
					note(issueUnterminated, sp+1)
					litFrom = sp + 1
					break
				}
				q := j + k
				if q+1 < contentEnd && s.buf[q+1] == '"' {
					esc, j = true, q+2
					continue
				}
				after := q + 1
				for after < contentEnd && s.buf[after] == ' ' {
					after++
				}
				if after == contentEnd || s.delimAt(after) {
					f := span{start: i, end: after, quoted: true, escaped: esc, trim: sp - i, trimEnd: after - q - 1}
					if f.trim > 0 || f.trimEnd > 0 {
						note(issueSpaces, i+1)
					}
					s.fields = append(s.fields, f)
					if after == contentEnd {
						return first
					}
					i = after + len(s.delim)
					done = true
					continue
				}
				note(issueQuote, q+1)
				litFrom = q + 1
				break
			}
			if done {
				continue
			}
		}
		end, next := contentEnd, -1
		if k := s.indexDelim(litFrom, contentEnd); k >= 0 {
			end, next = k, k+len(s.delim)
		}
		f := span{start: i, end: end}
		if q := bytes.IndexByte(s.buf[i:end], '"'); q >= 0 {
			note(issueBareQuote, i+q+1)
			f.literal = true
		}
		s.fields = append(s.fields, f)
		if next < 0 {
			return first
		}
		i = next
	}
}
