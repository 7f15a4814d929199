package mapping

import (
	"fmt"
	"reflect"
	"sort"
	"strconv"
	"strings"

	"gopkg.in/yaml.v3"
)

// ConfigError is one problem found in a config file, at a line.
type ConfigError struct {
	// File is the config file name as given to Load or Parse.
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
func (e *ConfigError) Error() string {
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

// ConfigErrors is every problem found in one config, in line order.
type ConfigErrors []*ConfigError

// Error implements error: one problem per line.
func (es ConfigErrors) Error() string {
	parts := make([]string, len(es))
	for i, e := range es {
		parts[i] = e.Error()
	}
	return strings.Join(parts, "\n")
}

// Unwrap returns the single problems, for errors.As.
func (es ConfigErrors) Unwrap() []error {
	out := make([]error, len(es))
	for i, e := range es {
		out[i] = e
	}
	return out
}

// problems collects config errors while checking a config.
type problems struct {
	file  string
	lines map[string]int
	list  ConfigErrors
}

func (p *problems) add(key, format string, args ...any) {
	p.list = append(p.list, &ConfigError{File: p.file, Line: p.line(key), Key: key, Msg: fmt.Sprintf(format, args...)})
}

func (p *problems) addAt(line int, key, format string, args ...any) {
	p.list = append(p.list, &ConfigError{File: p.file, Line: line, Key: key, Msg: fmt.Sprintf(format, args...)})
}

// line returns the line of key or of its nearest present parent.
func (p *problems) line(key string) int {
	for key != "" {
		if l, ok := p.lines[key]; ok {
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

func (p *problems) err() error {
	if len(p.list) == 0 {
		return nil
	}
	sort.SliceStable(p.list, func(i, j int) bool { return p.list[i].Line < p.list[j].Line })
	return p.list
}

var unmarshalerType = reflect.TypeFor[yaml.Unmarshaler]()

// walk checks node against the Go type t strictly (every mapping key must
// be a yaml-tagged field of the struct) and records the line of every key
// under its dotted path.
func (p *problems) walk(n *yaml.Node, t reflect.Type, path string) {
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
		if _, ok := p.lines[path]; !ok {
			p.lines[path] = n.Line
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
		fields := yamlFields(t)
		for i := 0; i+1 < len(n.Content); i += 2 {
			k, v := n.Content[i], n.Content[i+1]
			sub := joinKey(path, k.Value)
			f, ok := fields[k.Value]
			if !ok {
				p.addAt(k.Line, sub, "unknown key%s (known keys here: %s)", suggest(k.Value, fields), strings.Join(sortedKeys(fields), ", "))
				continue
			}
			p.lines[sub] = k.Line
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
			p.lines[sub] = k.Line
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

// yamlFields maps yaml key names to the struct's fields.
func yamlFields(t reflect.Type) map[string]reflect.StructField {
	out := make(map[string]reflect.StructField)
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		if !f.IsExported() {
			continue
		}
		tag := f.Tag.Get("yaml")
		name, _, _ := strings.Cut(tag, ",")
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
	best, bestD := "", 1<<30
	for _, c := range sortedKeys(known) {
		d := editDistance(strings.ToLower(k), strings.ToLower(c))
		if d < bestD {
			best, bestD = c, d
		}
	}
	if best != "" && bestD <= max(2, len(k)/3) {
		return fmt.Sprintf(" %q (did you mean %q?)", k, best)
	}
	return fmt.Sprintf(" %q", k)
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
