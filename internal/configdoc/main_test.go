package main

import (
	"go/ast"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"gopkg.in/yaml.v3"

	"github.com/namepipe/namepipe/config"
	"github.com/namepipe/namepipe/mapping"
)

const root = "../.."

// TestReadmeIsCurrent fails when configs/README.md is not what
// `go generate ./config` writes from the doc comments.
func TestReadmeIsCurrent(t *testing.T) {
	t.Parallel()
	path := filepath.Join(root, "configs", "README.md")
	old, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	got, err := render(root, old)
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != string(old) {
		t.Fatalf("%s is stale: run go generate ./config", path)
	}
}

// configKeys lists the dotted paths of the config keys of t, not below
// list entries and maps (documented in their key's own row).
func configKeys(t reflect.Type, prefix string) []string {
	var out []string
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	for name, f := range config.YAMLFields(t) {
		path := name
		if prefix != "" {
			path = prefix + "." + name
		}
		out = append(out, path)
		ft := f.Type
		for ft.Kind() == reflect.Pointer {
			ft = ft.Elem()
		}
		if ft.Kind() == reflect.Struct && ft.PkgPath() != "time" {
			out = append(out, configKeys(ft, path)...)
		}
	}
	return out
}

// TestEveryKeyHasARow checks, against the types the YAML is decoded into
// (not the source the generator reads), that every key has its own row.
func TestEveryKeyHasARow(t *testing.T) {
	t.Parallel()
	readme, err := os.ReadFile(filepath.Join(root, "configs", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	keys := configKeys(reflect.TypeFor[mapping.Config](), "")
	if len(keys) < 50 {
		t.Fatalf("only %d keys: the walk is broken", len(keys))
	}
	for _, k := range keys {
		if strings.HasPrefix(k, "operations") || !strings.Contains(k, ".") {
			continue // the operations table is hand-written; sections are headings
		}
		if !strings.Contains(string(readme), "\n| `"+k+"` |") {
			t.Errorf("configs/README.md has no row for %s", k)
		}
	}
}

// TestDefaultsMatchTheCode checks that every default written as a value
// in a doc comment (such as "`4`") is the value a config that leaves the
// key out gets.
func TestDefaultsMatchTheCode(t *testing.T) {
	t.Parallel()
	const base = "input: {path: in.csv}\noutput: {path: out.csv}\nperson: {fullName: n}\noperations: [parse]\n"
	cfg, err := mapping.Parse([]byte(base), "c.yaml")
	if err != nil {
		t.Fatal(err)
	}
	typed, err := mapping.Parse([]byte(strings.Replace(base, "person: {", "person: {type: {column: k, legal: [x]}, ", 1)), "c.yaml")
	if err != nil {
		t.Fatal(err)
	}
	// Defaults that are not a field's value after loading.
	resolved := map[string]any{
		"input.header":            cfg.Input.HasHeader(),
		"output.prefix":           cfg.Output.ColumnPrefix(),
		"output.delimiter":        ",", // the CSV writer's, when the config sets none
		"person.type.default":     typed.Person.Type.Default,
		"person.birthDate.layout": (&mapping.DateConfig{}).AllLayouts()[0],
	}
	sections, err := collect(root)
	if err != nil {
		t.Fatal(err)
	}
	checked := 0
	for _, rows := range sections {
		for _, r := range rows {
			lit, ok := literal(r.def)
			if !ok {
				continue
			}
			want, ok := resolved[r.key]
			if !ok {
				v, found := field(reflect.ValueOf(cfg).Elem(), r.key)
				if !found {
					t.Errorf("%s: default %s, but the key is not a field", r.key, r.def)
					continue
				}
				want = v.Interface()
			}
			var got any = lit
			if _, text := want.(string); !text {
				v := reflect.New(reflect.TypeOf(want))
				if err := yaml.Unmarshal([]byte(lit), v.Interface()); err != nil {
					t.Errorf("%s: default %s: %v", r.key, r.def, err)
					continue
				}
				got = v.Elem().Interface()
			}
			if !reflect.DeepEqual(got, want) {
				t.Errorf("%s: the docs say default %s, the code gives %v", r.key, lit, want)
			}
			checked++
		}
	}
	if checked < 12 {
		t.Fatalf("checked only %d defaults", checked)
	}
}

// literal returns the value of a default written as "`v`" or "`v` (…)".
func literal(def string) (string, bool) {
	if !strings.HasPrefix(def, "`") {
		return "", false
	}
	v, _, ok := strings.Cut(def[1:], "`")
	return v, ok
}

// field returns the field of v at a dotted key.
func field(v reflect.Value, key string) (reflect.Value, bool) {
	for _, name := range strings.Split(key, ".") {
		for v.Kind() == reflect.Pointer {
			if v.IsNil() {
				return v, false
			}
			v = v.Elem()
		}
		f, ok := config.YAMLFields(v.Type())[name]
		if !ok {
			return v, false
		}
		v = v.FieldByIndex(f.Index)
	}
	return v, true
}

func TestParseDoc(t *testing.T) {
	t.Parallel()
	doc := func(lines ...string) *ast.CommentGroup {
		g := &ast.CommentGroup{}
		for _, l := range lines {
			g.List = append(g.List, &ast.Comment{Text: "// " + l})
		}
		return g
	}
	for _, tc := range []struct {
		name string
		doc  *ast.CommentGroup
		want row
		err  bool
	}{
		{"full", doc("Requests in flight", "at once.", "Type: int ≥ 1", "Default: `4`"), row{"k", "int ≥ 1", "`4`", "Requests in flight at once."}, false},
		{"no default", doc("Column.", "Type: col"), row{"k", "col", "", "Column."}, false},
		{"no comment", nil, row{}, true},
		{"no type", doc("Column."), row{}, true},
		{"no meaning", doc("Type: col"), row{}, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := parseDoc("k", tc.doc)
			if (err != nil) != tc.err {
				t.Fatalf("err = %v, want error %v", err, tc.err)
			}
			if !tc.err && got != tc.want {
				t.Errorf("got %+v, want %+v", got, tc.want)
			}
		})
	}
}

func TestRenderRejectsBadMarkers(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ name, readme string }{
		{"unknown section", "<!-- keys of nosuch: generated by go generate ./config; do not edit -->\n<!-- end of keys of nosuch -->\n"},
		{"mismatched end", "<!-- keys of input: generated by go generate ./config; do not edit -->\n<!-- end of keys of output -->\n"},
		{"missing section", "no markers at all\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if _, err := render(root, []byte(tc.readme)); err == nil {
				t.Error("accepted")
			}
		})
	}
}
