package mapping

import (
	"os"
	"reflect"
	"regexp"
	"strings"
	"testing"

	"github.com/namepipe/namepipe/config"
)

// TestDocsCoverEveryKeyAndColumn fails when a section or key is missing
// from the summary in doc.go, or an operation or result column from
// configs/README.md. (The README's key tables are generated and checked
// by internal/configdoc.)
func TestDocsCoverEveryKeyAndColumn(t *testing.T) {
	t.Parallel()
	readme, err := os.ReadFile("../configs/README.md")
	if err != nil {
		t.Fatal(err)
	}
	doc, err := os.ReadFile("doc.go")
	if err != nil {
		t.Fatal(err)
	}
	sections := config.YAMLFields(reflect.TypeFor[Config]())
	if len(sections) < 7 {
		t.Fatalf("only %d sections", len(sections))
	}
	for name, f := range sections {
		// Each section at the start of a line of the summary, each of its
		// keys indented under it.
		if !regexp.MustCompile(`(?m)^//\t` + regexp.QuoteMeta(name) + `:`).Match(doc) {
			t.Errorf("doc.go does not document section %s", name)
		}
		ft := f.Type
		if ft.Kind() != reflect.Struct {
			continue
		}
		for key := range config.YAMLFields(ft) {
			if !regexp.MustCompile(`(?m)^//\t  ` + regexp.QuoteMeta(key) + `:`).Match(doc) {
				t.Errorf("doc.go does not document %s.%s", name, key)
			}
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
