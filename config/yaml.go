package config

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"reflect"
	"sort"
	"strconv"
	"strings"

	"gopkg.in/yaml.v3"
)

// Error is one problem found in a config file, at a line.
type Error struct {
	// File is the config file name as given to Decode.
	File string
	// Line is the 1-based line of the offending key, 0 when unknown.
	Line int
	// Key is the dotted config key, such as "run.concurrency" or
	// "person.names[1].column".
	Key string
	// Msg says what is wrong.
	Msg string
}

// Error implements error: "file:line: key: message".
func (e *Error) Error() string {
	var b strings.Builder
	b.WriteString(e.File)
	if e.Line > 0 {
		b.WriteString(":")
		b.WriteString(strconv.Itoa(e.Line))
	}
	b.WriteString(": ")
	if e.Key != "" {
		b.WriteString(e.Key)
		b.WriteString(": ")
	}
	b.WriteString(e.Msg)
	return b.String()
}

// Errors is every problem found in one config, in line order.
type Errors []*Error

// Error implements error: one problem per line.
func (es Errors) Error() string {
	parts := make([]string, len(es))
	for i, e := range es {
		parts[i] = e.Error()
	}
	return strings.Join(parts, "\n")
}

// Unwrap returns the single problems, for errors.As.
func (es Errors) Unwrap() []error {
	out := make([]error, len(es))
	for i, e := range es {
		out[i] = e
	}
	return out
}

// Doc is a decoded config file: its name and the line of every key
// present, under its dotted path such as "run.concurrency" or
// "person.names[1].column". A nil *Doc is an empty file.
type Doc struct {
	file  string
	lines map[string]int
}

// File returns the name of the config file, as given to Decode.
func (d *Doc) File() string {
	if d == nil {
		return ""
	}
	return d.file
}

// Has reports whether the file sets the dotted key.
func (d *Doc) Has(key string) bool {
	if d == nil {
		return false
	}
	_, ok := d.lines[key]
	return ok
}

// Line returns the line of key or of its nearest present parent, or 0.
func (d *Doc) Line(key string) int {
	for d != nil && key != "" {
		if l, ok := d.lines[key]; ok {
			return l
		}
		i := strings.LastIndexAny(key, ".[")
		if i < 0 {
			break
		}
		key = key[:i]
	}
	return 0
}

// Problems returns an empty collector of the problems of this file.
func (d *Doc) Problems() *Problems { return &Problems{doc: d} }

// Problems collects the problems of one config file, so that all of them
// are reported at once.
type Problems struct {
	doc  *Doc
	list Errors
}

// Add records a problem of key, at the line of key (or of its nearest
// present parent).
func (p *Problems) Add(key, format string, args ...any) {
	p.addAt(p.doc.Line(key), key, format, args...)
}

func (p *Problems) addAt(line int, key, format string, args ...any) {
	p.list = append(p.list, &Error{File: p.doc.File(), Line: line, Key: key, Msg: fmt.Sprintf(format, args...)})
}

// Err returns the problems in line order as Errors, or nil when there
// are none.
func (p *Problems) Err() error {
	if len(p.list) == 0 {
		return nil
	}
	sort.SliceStable(p.list, func(i, j int) bool { return p.list[i].Line < p.list[j].Line })
	return p.list
}

// MaxConfigBytes bounds a config's size: the YAML decoder holds many
// times its input, so a larger file is refused before it is parsed (and
// Load reads no more than this of it).
const MaxConfigBytes = 1 << 20

// Decode parses one YAML document strictly into v, a pointer to a struct
// whose yaml-tagged fields are the known keys: an unknown key (with a
// "did you mean" hint), a list where a mapping belongs, or any other wrong
// shape is an error, and every such problem is reported at once as
// Errors. name is the file name used in errors. The returned Doc knows the
// line of every key, to report later problems at their line.
func Decode(data []byte, name string, v any) (*Doc, error) {
	if len(data) > MaxConfigBytes {
		return nil, &Error{File: name, Msg: fmt.Sprintf("config is over %d bytes: not a namepipe config (keys files and data are separate files)", MaxConfigBytes)}
	}
	var root yaml.Node
	dec := yaml.NewDecoder(bytes.NewReader(data))
	if err := dec.Decode(&root); err != nil {
		if errors.Is(err, io.EOF) {
			return nil, &Error{File: name, Msg: "config is empty"}
		}
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	if len(root.Content) == 0 || (root.Content[0].Kind == yaml.ScalarNode && root.Content[0].Tag == "!!null") {
		return nil, &Error{File: name, Msg: "config is empty"}
	}
	var extra yaml.Node
	if err := dec.Decode(&extra); err == nil {
		return nil, &Error{File: name, Line: extra.Line, Msg: "config holds more than one YAML document"}
	}
	d := &Doc{file: name, lines: map[string]int{}}
	p := d.Problems()
	p.walk(&root, reflect.TypeOf(v), "")
	if err := p.Err(); err != nil {
		return nil, err
	}
	if err := root.Decode(v); err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return d, nil
}

var unmarshalerType = reflect.TypeFor[yaml.Unmarshaler]()

// walk checks node against the Go type t strictly (every mapping key must
// be a yaml-tagged field of the struct) and records the line of every key
// under its dotted path.
func (p *Problems) walk(n *yaml.Node, t reflect.Type, path string) {
	for n.Kind == yaml.AliasNode && n.Alias != nil {
		n = n.Alias
	}
	if n.Kind == yaml.DocumentNode {
		if len(n.Content) > 0 {
			p.walk(n.Content[0], t, path)
		}
		return
	}
	if path != "" {
		if _, ok := p.doc.lines[path]; !ok {
			p.doc.lines[path] = n.Line
		}
	}
	if n.Kind == yaml.ScalarNode && n.Tag == "!!null" {
		return
	}
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	custom := reflect.PointerTo(t).Implements(unmarshalerType)
	if custom && n.Kind == yaml.ScalarNode {
		return
	}
	switch t.Kind() {
	case reflect.Struct:
		if t.PkgPath() == "time" {
			return
		}
		if n.Kind != yaml.MappingNode {
			p.addAt(n.Line, path, "expected a mapping (key: value lines), got %s", kindName(n))
			return
		}
		fields := YAMLFields(t)
		for i := 0; i+1 < len(n.Content); i += 2 {
			k, v := n.Content[i], n.Content[i+1]
			sub := joinKey(path, k.Value)
			f, ok := fields[k.Value]
			if !ok {
				p.addAt(k.Line, sub, "unknown key%s (known keys here: %s)", suggest(k.Value, fields), strings.Join(sortedKeys(fields), ", "))
				continue
			}
			p.doc.lines[sub] = k.Line
			p.walk(v, f.Type, sub)
		}
	case reflect.Slice:
		if n.Kind != yaml.SequenceNode {
			if !custom {
				p.addAt(n.Line, path, "expected a list, got %s", kindName(n))
			}
			return
		}
		for i, c := range n.Content {
			p.walk(c, t.Elem(), path+"["+strconv.Itoa(i)+"]")
		}
	case reflect.Map:
		if n.Kind != yaml.MappingNode {
			p.addAt(n.Line, path, "expected a mapping, got %s", kindName(n))
			return
		}
		for i := 0; i+1 < len(n.Content); i += 2 {
			k, v := n.Content[i], n.Content[i+1]
			sub := joinKey(path, k.Value)
			p.doc.lines[sub] = k.Line
			p.walk(v, t.Elem(), sub)
		}
	default:
		if n.Kind != yaml.ScalarNode {
			p.addAt(n.Line, path, "expected a single value, got %s", kindName(n))
		}
	}
}

func joinKey(path, k string) string {
	if path == "" {
		return k
	}
	return path + "." + k
}

func kindName(n *yaml.Node) string {
	switch n.Kind {
	case yaml.MappingNode:
		return "a mapping"
	case yaml.SequenceNode:
		return "a list"
	case yaml.ScalarNode:
		return "a single value"
	}
	return "something else"
}

// YAMLFields maps the YAML key names of struct type t to its fields; the
// fields of an embedded struct tagged `yaml:",inline"` are t's own (their
// Index is relative to t, for reflect.Value.FieldByIndex).
func YAMLFields(t reflect.Type) map[string]reflect.StructField {
	out := make(map[string]reflect.StructField)
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		tag := f.Tag.Get("yaml")
		name, opts, _ := strings.Cut(tag, ",")
		if f.Anonymous && opts == "inline" {
			for k, sub := range YAMLFields(f.Type) {
				sub.Index = append([]int{i}, sub.Index...)
				out[k] = sub
			}
			continue
		}
		if !f.IsExported() {
			continue
		}
		if name == "-" {
			continue
		}
		if name == "" {
			name = strings.ToLower(f.Name)
		}
		out[name] = f
	}
	return out
}

func sortedKeys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// suggest returns ` (did you mean "x"?)` for the closest known key.
func suggest[V any](k string, known map[string]V) string {
	if best := Closest(k, sortedKeys(known)); best != "" {
		return fmt.Sprintf(" %q (did you mean %q?)", k, best)
	}
	return fmt.Sprintf(" %q", k)
}

// Bounds of Closest, so that a header of millions of long columns (a
// wrong file) costs little: edit distance is quadratic in the lengths.
const (
	maxClosestCandidates = 1000
	maxClosestLen        = 64
)

// Closest returns the candidate nearest to name (case-insensitive edit
// distance) when it is near enough to be a likely typo, else "". It makes
// the "did you mean" hints of config keys and of column names. Only the
// first 1,000 candidates are compared, and only names of at most 64 bytes.
func Closest(name string, candidates []string) string {
	if len(name) > maxClosestLen {
		return ""
	}
	best, bestD := "", 1<<30
	for _, c := range candidates[:min(len(candidates), maxClosestCandidates)] {
		if len(c) > maxClosestLen {
			continue
		}
		d := editDistance(strings.ToLower(name), strings.ToLower(c))
		if d < bestD {
			best, bestD = c, d
		}
	}
	if best != "" && bestD <= max(2, len(name)/3) {
		return best
	}
	return ""
}

func editDistance(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	prev := make([]int, len(rb)+1)
	cur := make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur[0] = i
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(rb)]
}
