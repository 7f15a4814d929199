package readers

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/namepipe/namepipe/record"
)

// JSONLOptions configure the JSON Lines reader.
type JSONLOptions struct {
	// MaxLineBytes bounds the bytes of a line held at once; 0 means
	// DefaultMaxLineBytes. A longer line is cut there: the rest is
	// skipped without being held, and the row is kept with no values
	// and flagged (Stats.ValuesCut counts it). Memory per line stays
	// about twice this bound, whatever the line's size.
	MaxLineBytes int
}

// DefaultMaxLineBytes is JSONLOptions.MaxLineBytes's default.
const DefaultMaxLineBytes = 16 << 20

type jsonlReader struct {
	name   string
	in     *input
	br     *bufio.Reader
	schema record.Schema
	col    map[string]int
	line   int64
	index  int64
	// first is the first object, decoded while deriving the schema.
	first     []kv
	firstLine int64
	err       error
	buf       []byte
	seen      []int // per column, the index+1 in the row's kvs of the key that set it
	cut       int64 // lines cut at max
	max       int   // MaxLineBytes
	long      int64 // the length of the line readLine cut, or 0
}

type kv struct {
	key string
	val record.Value
	raw string // a number's source text where formatting val would not give it back
}

// OpenJSONL opens a JSON Lines file ("-" = standard input): one JSON
// object per line. The first object's keys, in order, are the schema;
// their types come from its values (string, integer → Int64, other
// number → Double, bool; null → String), all nullable. Nested objects and
// arrays are kept as their JSON text in a String value. A later line with
// an unknown key, a value of another type or invalid JSON is kept and
// flagged in Record.Problem; missing keys read as NULL. A key given twice
// in one object, on any line, keeps its first value, and the row is
// flagged with both. A number whose value would not be written back as
// it was read (99999999999999999999, 1e400, 1.0) keeps its source text in
// Record.Raw, which the JSON Lines and CSV writers write unchanged.
func OpenJSONL(ctx context.Context, path string, opts JSONLOptions) (Reader, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	in, err := openText(path, FormatJSONL)
	if err != nil {
		return nil, err
	}
	r := &jsonlReader{name: in.name, in: in, br: bufio.NewReaderSize(in, ioBufSize), max: opts.MaxLineBytes}
	if r.max <= 0 {
		r.max = DefaultMaxLineBytes
	}
	if _, err := stripBOM(r.br, r.name); err != nil {
		in.Close()
		return nil, err
	}
	for {
		line, err := r.readLine()
		if err == io.EOF {
			in.Close()
			return nil, fmt.Errorf("%s: empty file: no JSON object to take the columns from", r.name)
		}
		if err != nil {
			in.Close()
			return nil, err
		}
		if r.long > 0 {
			in.Close()
			return nil, fmt.Errorf("%s:%d: the first object, which gives the columns, is %d bytes, over the limit of %d bytes per line", r.name, r.line, r.long, r.max)
		}
		if len(bytes.TrimSpace(line)) == 0 {
			continue
		}
		kvs, err := decodeObject(line)
		if err != nil {
			in.Close()
			return nil, fmt.Errorf("%s:%d: %w", r.name, r.line, err)
		}
		if len(kvs) == 0 {
			in.Close()
			return nil, fmt.Errorf("%s:%d: the first object has no keys to take the columns from", r.name, r.line)
		}
		r.col = make(map[string]int, len(kvs))
		for _, p := range kvs {
			if _, dup := r.col[p.key]; dup {
				continue // flagged by fill, as on any other line
			}
			r.col[p.key] = len(r.schema.Fields)
			f := record.Field{Name: p.key, Type: record.String, Nullable: true}
			switch p.val.(type) {
			case int64:
				f.Type = record.Int64
			case float64:
				f.Type = record.Double
			case bool:
				f.Type = record.Bool
			}
			r.schema.Fields = append(r.schema.Fields, f)
		}
		r.first, r.firstLine = kvs, r.line
		r.seen = make([]int, len(r.schema.Fields))
		return r, nil
	}
}

// readLine returns the next line without its end-of-line bytes; the
// slice is valid until the next call. A line longer than r.max is cut:
// the rest is read and dropped, r.long is its length, and the line
// returned is nil.
func (r *jsonlReader) readLine() ([]byte, error) {
	if cap(r.buf) > 2*ioBufSize {
		r.buf = nil // do not keep a long line's buffer
	}
	r.buf, r.long = r.buf[:0], 0
	// A line longer than the read buffer comes in pieces, copied once
	// each and joined once at its exact size, so that at most two copies
	// of it are alive (appending would hold up to three).
	var parts [][]byte
	var n int64
	for {
		chunk, err := r.br.ReadSlice('\n')
		n += int64(len(chunk))
		switch {
		case n > int64(r.max):
			parts, r.long = nil, n // cut before copying
		case err == bufio.ErrBufferFull || parts != nil:
			parts = append(parts, bytes.Clone(chunk))
		default:
			r.buf = append(r.buf, chunk...)
		}
		if err == bufio.ErrBufferFull {
			continue
		}
		if err == io.EOF && n == 0 {
			return nil, io.EOF
		}
		if err != nil && err != io.EOF {
			return nil, fmt.Errorf("%s:%d: reading: %w", r.name, r.line+1, err)
		}
		r.line++
		if r.long > 0 {
			return nil, nil
		}
		if parts != nil {
			r.buf = make([]byte, 0, n)
			for i, p := range parts {
				r.buf = append(r.buf, p...)
				parts[i] = nil
			}
		}
		return bytes.TrimRight(r.buf, "\r\n"), nil
	}
}

func (r *jsonlReader) Schema() record.Schema { return r.schema }

func (r *jsonlReader) Progress() (done, total int64) { return r.in.progress(r.br.Buffered()) }

func (r *jsonlReader) Close() error { return r.in.Close() }

// Stats returns the values cut so far and the input's change check.
func (r *jsonlReader) Stats() Stats {
	return Stats{ValuesCut: r.cut, ChangeCheck: r.in.changeCheck()}
}

// Read fills dst with up to len(dst) rows.
func (r *jsonlReader) Read(ctx context.Context, dst []record.Record) (int, error) {
	if r.err != nil {
		return 0, r.err
	}
	if err := ctx.Err(); err != nil {
		return 0, err
	}
	n := 0
	for n < len(dst) {
		if r.first != nil {
			r.fill(&dst[n], r.first, r.firstLine, nil)
			r.first = nil
			n++
			continue
		}
		line, err := r.readLine()
		if err != nil {
			r.err = err
			break
		}
		if r.long > 0 {
			r.cut++
			r.fill(&dst[n], nil, r.line, errLong)
			dst[n].Problem = fmt.Sprintf("%s:%d: the line is %d bytes, over the limit of %d bytes per line: cut, its values are not read", r.name, r.line, r.long, r.max)
			n++
			continue
		}
		if len(bytes.TrimSpace(line)) == 0 {
			continue
		}
		kvs, derr := decodeObject(line)
		r.fill(&dst[n], kvs, r.line, derr)
		if derr != nil {
			dst[n].Problem = fmt.Sprintf("%s:%d: %v; line: %s", r.name, r.line, derr, strconv.Quote(clip(string(line))))
		} else if !utf8.Valid(line) {
			dst[n].Problem = joinProblem(dst[n].Problem, fmt.Sprintf("%s:%d: invalid UTF-8 (replaced by U+FFFD)", r.name, r.line))
		}
		n++
	}
	if n == 0 {
		return 0, r.err
	}
	return n, nil
}

func joinProblem(a, b string) string {
	if a == "" {
		return b
	}
	return a + "; " + b
}

// fill puts the decoded key/values into rec in schema order.
func (r *jsonlReader) fill(rec *record.Record, kvs []kv, line int64, derr error) {
	rec.Index = r.index
	rec.Line = line
	// Raw is fresh for each row that needs it: a writer may still hold
	// a recycled record's.
	rec.Problem, rec.Raw, rec.End, rec.Text = "", nil, "", ""
	if n := len(r.schema.Fields); cap(rec.Values) >= n {
		// A recycled record (see Reader.Read): absent keys are NULL.
		rec.Values = rec.Values[:n]
		clear(rec.Values)
	} else {
		rec.Values = make([]record.Value, n)
	}
	r.index++
	if derr != nil {
		return
	}
	var problems []string
	clear(r.seen)
	for k, p := range kvs {
		i, ok := r.col[p.key]
		if !ok {
			problems = append(problems, fmt.Sprintf("%s:%d: unknown key %q (not in the first object), value %s dropped", r.name, line, clip(p.key), quoteKV(p)))
			continue
		}
		if first := r.seen[i]; first > 0 {
			problems = append(problems, fmt.Sprintf("%s:%d: duplicate key %q: the first value %s is kept, the later %s dropped", r.name, line, clip(p.key), quoteKV(kvs[first-1]), quoteKV(p)))
			continue
		}
		r.seen[i] = k + 1
		if p.raw != "" {
			if rec.Raw == nil {
				rec.Raw = make([]string, len(rec.Values))
			}
			rec.Raw[i] = p.raw
		}
		v := p.val
		f := r.schema.Fields[i]
		switch x := v.(type) {
		case nil:
		case int64:
			if f.Type == record.Double {
				v = float64(x)
			} else if f.Type != record.Int64 {
				problems = append(problems, typeProblem(r.name, line, f, "an integer"))
			}
		case float64:
			if f.Type != record.Double {
				problems = append(problems, typeProblem(r.name, line, f, "a number"))
			}
		case bool:
			if f.Type != record.Bool {
				problems = append(problems, typeProblem(r.name, line, f, "a boolean"))
			}
		case string:
			if f.Type != record.String {
				problems = append(problems, typeProblem(r.name, line, f, "a string"))
			}
		}
		rec.Values[i] = v
	}
	if problems != nil {
		rec.Problem = strings.Join(problems, "; ")
	}
}

func typeProblem(name string, line int64, f record.Field, got string) string {
	return fmt.Sprintf("%s:%d: key %q holds %s, the first object had %s there; kept as is", name, line, clip(f.Name), got, f.Type)
}

// quoteKV renders a key's value for a message: a number as its source
// text.
func quoteKV(p kv) string {
	if p.raw != "" {
		return clip(p.raw)
	}
	return quoteValue(p.val)
}

func quoteValue(v record.Value) string {
	s := clip(record.Format(v, record.String))
	if _, ok := v.(string); ok {
		return strconv.Quote(s)
	}
	if v == nil {
		return "null"
	}
	return s
}

var (
	errNotObject = errors.New("line is not a JSON object")
	errLong      = errors.New("line over the limit")
)

// decodeObject decodes one JSON object, keeping its keys in order. A
// valid line is walked in place, each value taken from its own bytes
// (one copy, for a string); an invalid one goes through encoding/json's
// decoder for its error message.
func decodeObject(line []byte) ([]kv, error) {
	if !json.Valid(line) {
		return decodeInvalid(line)
	}
	i := skipSpace(line, 0)
	if line[i] != '{' {
		return nil, errNotObject
	}
	i = skipSpace(line, i+1)
	var kvs []kv
	for line[i] != '}' {
		end := skipValue(line, i)
		key, _, err := scalar(line[i:end])
		if err != nil {
			return nil, fmt.Errorf("invalid JSON: %w", err)
		}
		i = skipSpace(line, end)
		i = skipSpace(line, i+1) // the colon
		end = skipValue(line, i)
		v, src, err := scalar(line[i:end])
		if err != nil {
			return nil, fmt.Errorf("invalid JSON: %w", err)
		}
		k, _ := key.(string)
		kvs = append(kvs, kv{key: k, val: v, raw: src})
		i = skipSpace(line, end)
		if line[i] == ',' {
			i = skipSpace(line, i+1)
		}
	}
	return kvs, nil
}

// skipSpace returns the index of the first non-space byte at or after i.
func skipSpace(b []byte, i int) int {
	for i < len(b) && (b[i] == ' ' || b[i] == '\t' || b[i] == '\r' || b[i] == '\n') {
		i++
	}
	return i
}

// skipValue returns the end of the JSON value starting at i; b is valid
// JSON.
func skipValue(b []byte, i int) int {
	depth := 0
	for ; i < len(b); i++ {
		switch c := b[i]; c {
		case '"':
			for i++; b[i] != '"'; i++ {
				if b[i] == '\\' {
					i++
				}
			}
			if depth == 0 {
				return i + 1
			}
		case '{', '[':
			depth++
		case '}', ']':
			if depth == 0 {
				return i
			}
			depth--
			if depth == 0 {
				return i + 1
			}
		case ',', ' ', '\t', '\r', '\n':
			if depth == 0 {
				return i
			}
		}
	}
	return i
}

// decodeInvalid decodes a line that is not valid JSON with encoding/json,
// for its error.
func decodeInvalid(line []byte) ([]kv, error) {
	dec := json.NewDecoder(bytes.NewReader(line))
	tok, err := dec.Token()
	if err != nil {
		return nil, fmt.Errorf("invalid JSON: %w", err)
	}
	if d, ok := tok.(json.Delim); !ok || d != '{' {
		return nil, errNotObject
	}
	var kvs []kv
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return nil, fmt.Errorf("invalid JSON: %w", err)
		}
		key, _ := tok.(string)
		var raw json.RawMessage
		if err := dec.Decode(&raw); err != nil {
			return nil, fmt.Errorf("invalid JSON: %w", err)
		}
		v, src, err := scalar(raw)
		if err != nil {
			return nil, fmt.Errorf("invalid JSON: %w", err)
		}
		kvs = append(kvs, kv{key: key, val: v, raw: src})
	}
	if _, err := dec.Token(); err != nil {
		return nil, fmt.Errorf("invalid JSON: %w", err)
	}
	if dec.More() {
		return nil, errors.New("invalid JSON: more than one value on the line")
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, errors.New("invalid JSON: more than one value on the line")
	}
	return kvs, nil
}

// scalar converts one raw JSON value to a record value. Nested objects
// and arrays become their JSON text. For a number whose value formats
// back to other text (writers' strconv 'g' shortest form), src is its
// source text.
func scalar(raw json.RawMessage) (v record.Value, src string, err error) {
	switch raw[0] {
	case 'n':
		return nil, "", nil
	case 't':
		return true, "", nil
	case 'f':
		return false, "", nil
	case '"':
		if bytes.IndexByte(raw, '\\') < 0 && utf8.Valid(raw) {
			return string(raw[1 : len(raw)-1]), "", nil
		}
		var s string
		err := json.Unmarshal(raw, &s)
		return s, "", err
	case '{', '[':
		return string(raw), "", nil
	}
	s := string(raw)
	if i, err := strconv.ParseInt(s, 10, 64); err == nil {
		if strconv.FormatInt(i, 10) != s {
			src = s // -0
		}
		return i, src, nil
	}
	f, err := strconv.ParseFloat(s, 64)
	if err != nil && !math.IsInf(f, 0) {
		return nil, "", err
	}
	if math.IsInf(f, 0) || strconv.FormatFloat(f, 'g', -1, 64) != s {
		src = s
	}
	return f, src, nil
}
