package mapping

import (
	"os"
	"reflect"
	"strings"
	"testing"
)

// configKeys lists the dotted paths of the config keys of t (not below
// list entries and union types, whose keys are documented inline).
func configKeys(t reflect.Type, prefix string) []string {
	var out []string
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	for name, f := range yamlFields(t) {
		path := joinKey(prefix, name)
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

// TestDocsCoverEveryKeyAndColumn fails when a config key or a result
// column is added without documentation.
func TestDocsCoverEveryKeyAndColumn(t *testing.T) {
	readme, err := os.ReadFile("../configs/README.md")
	if err != nil {
		t.Fatal(err)
	}
	doc, err := os.ReadFile("doc.go")
	if err != nil {
		t.Fatal(err)
	}
	for _, k := range configKeys(reflect.TypeFor[Config](), "") {
		leaf := k[strings.LastIndex(k, ".")+1:]
		if !strings.Contains(string(readme), "`"+k+"`") && !strings.Contains(string(readme), leaf) {
			t.Errorf("configs/README.md does not document %s", k)
		}
		if !strings.Contains(string(doc), leaf+":") && !strings.Contains(string(doc), leaf+",") && !strings.Contains(string(doc), leaf+"}") {
			t.Errorf("doc.go does not document %s", k)
		}
	}
	for _, op := range AllOps {
		if !strings.Contains(string(readme), "| `"+string(op)+"` |") {
			t.Errorf("README lacks operation %s", op)
		}
		for _, f := range ResultFields(op) {
			if !strings.Contains(string(readme), "`np_"+f.Name+"`") {
				t.Errorf("README lacks result column np_%s", f.Name)
			}
		}
	}
}
