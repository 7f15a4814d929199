package writers

import (
	"bufio"
	"context"
	"fmt"
	"math"
	"strconv"
	"time"
	"unicode/utf8"

	"github.com/namepipe/namepipe/record"
)

// JSONLOptions configure the JSON Lines writer.
type JSONLOptions struct {
	FileOptions
}

type jsonlWriter struct {
	t      *target
	opts   JSONLOptions
	schema record.Schema
	keys   [][]byte // quoted keys with their colon
	bw     *bufio.Writer
	buf    []byte
}

// CreateJSONL starts a JSON Lines output at path ("-" = standard output):
// one object per record, keys in schema order. NULL is null; numbers and
// booleans are JSON numbers and booleans (NaN and ±Inf become null); a
// number that carries its source text (record.Record.Raw, a JSON number
// as the JSON Lines reader read it) is written as that text;
// decimals are exact JSON numbers; dates and timestamps are strings as
// record.Format renders them; everything else is a string.
func CreateJSONL(path string, schema record.Schema, opts JSONLOptions) (Writer, error) {
	t, err := createTarget(path, opts.FileOptions)
	if err != nil {
		return nil, err
	}
	w := &jsonlWriter{t: t, opts: opts, schema: schema, bw: bufio.NewWriterSize(t.w, ioBufSize)}
	for i, f := range schema.Fields {
		var k []byte
		if i > 0 {
			k = append(k, ',')
		}
		k = appendJSONString(k, f.Name)
		k = append(k, ':')
		w.keys = append(w.keys, k)
	}
	return w, nil
}

// Write appends one line per record.
func (w *jsonlWriter) Write(ctx context.Context, recs []record.Record) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	fields := w.schema.Fields
	for i := range recs {
		vals := recs[i].Values
		if len(vals) > len(fields) {
			return fmt.Errorf("%s: row %d has %d values, schema has %d columns", w.t.path, recs[i].Index+1, len(vals), len(fields))
		}
		b := append(w.buf[:0], '{')
		for j, f := range fields {
			b = append(b, w.keys[j]...)
			var v record.Value
			if j < len(vals) {
				v = vals[j]
			}
			if j < len(recs[i].Raw) && recs[i].Raw[j] != "" && isNumber(v) && jsonNumber(recs[i].Raw[j]) {
				b = append(b, recs[i].Raw[j]...) // the number as read
				continue
			}
			b = appendJSONValue(b, v, f.Type)
		}
		b = append(b, '}', '\n')
		w.buf = b
		if _, err := w.bw.Write(b); err != nil {
			return err
		}
	}
	return nil
}

func appendJSONValue(b []byte, v record.Value, t record.Type) []byte {
	switch x := v.(type) {
	case nil:
		return append(b, "null"...)
	case string:
		return appendJSONString(b, x)
	case int32:
		return strconv.AppendInt(b, int64(x), 10)
	case int64:
		return strconv.AppendInt(b, x, 10)
	case float32:
		if math.IsNaN(float64(x)) || math.IsInf(float64(x), 0) {
			return append(b, "null"...)
		}
		return strconv.AppendFloat(b, float64(x), 'g', -1, 32)
	case float64:
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return append(b, "null"...)
		}
		return strconv.AppendFloat(b, x, 'g', -1, 64)
	case bool:
		return strconv.AppendBool(b, x)
	case record.Dec:
		if x.Unscaled == nil {
			return append(b, "null"...)
		}
		return append(b, x.String()...)
	case time.Time:
		return appendJSONString(b, record.Format(x, t))
	}
	return appendJSONString(b, record.Format(v, t))
}

// isNumber reports whether v is a numeric value, whose source text
// (record.Record.Raw, from the JSON Lines reader) may stand for it.
func isNumber(v record.Value) bool {
	switch v.(type) {
	case int64, float64:
		return true
	}
	return false
}

// jsonNumber reports whether s is a JSON number (RFC 8259 grammar), so
// that a cell's source text from another format (a CSV cell) is never
// written as JSON unless it is one.
func jsonNumber(s string) bool {
	i := 0
	if i < len(s) && s[i] == '-' {
		i++
	}
	digits := func() int {
		n := 0
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			i++
			n++
		}
		return n
	}
	switch {
	case i < len(s) && s[i] == '0':
		i++
	case digits() == 0:
		return false
	}
	if i < len(s) && s[i] == '.' {
		i++
		if digits() == 0 {
			return false
		}
	}
	if i < len(s) && (s[i] == 'e' || s[i] == 'E') {
		i++
		if i < len(s) && (s[i] == '+' || s[i] == '-') {
			i++
		}
		if digits() == 0 {
			return false
		}
	}
	return i == len(s)
}

const hexDigits = "0123456789abcdef"

// appendJSONString appends s as a JSON string; invalid UTF-8 becomes
// U+FFFD, as JSON text must be UTF-8.
func appendJSONString(b []byte, s string) []byte {
	b = append(b, '"')
	start := 0
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if c >= 0x20 && c != '"' && c != '\\' {
				i++
				continue
			}
			b = append(b, s[start:i]...)
			switch c {
			case '"', '\\':
				b = append(b, '\\', c)
			case '\n':
				b = append(b, '\\', 'n')
			case '\r':
				b = append(b, '\\', 'r')
			case '\t':
				b = append(b, '\\', 't')
			default:
				b = append(b, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xF])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			b = append(b, s[start:i]...)
			b = append(b, `\ufffd`...)
			i++
			start = i
			continue
		}
		if r == '\u2028' || r == '\u2029' {
			b = append(b, s[start:i]...)
			b = append(b, '\\', 'u', '2', '0', '2', hexDigits[r&0xF])
			i += size
			start = i
			continue
		}
		i += size
	}
	b = append(b, s[start:]...)
	return append(b, '"')
}

// Commit flushes, syncs and renames the output into place.
func (w *jsonlWriter) Commit() error {
	if w.t.done {
		return w.t.commit(nil)
	}
	if err := w.bw.Flush(); err != nil {
		w.t.abort()
		return err
	}
	return w.t.commit(w.opts.Protect)
}

// Abort discards the output.
func (w *jsonlWriter) Abort() error { return w.t.abort() }
