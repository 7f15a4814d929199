package arch

import (
	"go/build"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

const module = "github.com/namepipe/namepipe/"

// testOnly are packages that only test files may import, whatever the
// layer: internal/benchcpu measures benchmarks' CPU time, internal/syncbuf
// is the buffer tests share between goroutines, internal/duckdbtest runs
// DuckDB for the interop tests.
var testOnly = []string{"internal/benchcpu", "internal/syncbuf", "internal/duckdbtest"}

// allowed lists, for each layer of the tree (a top-level directory, or a
// path prefix ending in "/"), the layers (or single packages, by path) its
// non-test code may import. Data flows one way: cmd → job → (dedupe →)
// pipeline → (mapping, readers, writers, the service
// interface in nameapi); engine and server sit beside the pipeline and
// depend only on nameapi's types; record is the row model at the bottom.
// "*" allows anything (programs and test-only packages).
var allowed = map[string][]string{
	"record":  {},
	"outfile": {},
	"country": {},
	"nameapi": {"record"},
	"config":  {"record"},
	"readers": {"record"},
	"writers": {"record", "outfile"},
	// cache: the memory and persistent stores of answers, the one view
	// of cells a writer encodes ahead (writers.CellEncoder), and Rows,
	// the local path's memo around a mapping plan's operations (mapping:
	// which cells an operation reads, its request and its result cells).
	"cache":    {"record", "writers", "mapping", "internal/hugepage"},
	"pgio":     {"record"},                                            // PostgreSQL source and sink (pgx); opened by internal/wiring
	"engine":   {"nameapi", "engine", "country", "internal/hugepage"}, // engine and its sub-packages; country: a place given by name (genderize); internal/hugepage: its large tables
	"server":   {"nameapi"},
	"mapping":  {"record", "nameapi", "config", "country"},
	"report":   {"record", "outfile", "nameapi", "mapping", "config"},
	"pipeline": {"record", "outfile", "nameapi", "mapping", "readers", "writers", "config", "report", "cache"},
	// dedupe folds and drops titles with the engine's one text table:
	// engine/text alone (a package path, not the engine layer).
	"dedupe": {"record", "outfile", "nameapi", "mapping", "readers", "writers", "config", "report", "engine/text"},
	"job":    {"record", "outfile", "nameapi", "mapping", "readers", "writers", "config", "report", "pipeline", "dedupe", "cache"},

	"cmd":         {"*"},
	"bench":       {"*"},
	"sample-data": {"*"},
	"conformance": {"*"},
	"e2e":         {"*"},
	// internal: the wiring, the tools, and internal/benchcpu, which the
	// benchmarks of every layer (cache, engine, readers…) import from
	// their test files for CPU time per operation; test imports are not
	// checked here, and no non-test code may import internal/benchcpu
	// (testOnly below).
	"internal": {"*"},
	"testdata": {"*"},
	"docs":     {"*"},
	"configs":  {"*"},
	"out":      {"*"},
}

// layer returns the layer of a package directory relative to the module root.
func layer(rel string) string {
	top, _, _ := strings.Cut(rel, "/")
	return top
}

func TestImportsGoOneWay(t *testing.T) {
	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	var dirs []string
	err = filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() {
			return nil
		}
		name := d.Name()
		if path != root && (strings.HasPrefix(name, ".") || name == "node_modules" || name == "testdata" && path != filepath.Join(root, "testdata")) {
			return filepath.SkipDir
		}
		// A nested module (such as beam/) has its own rules.
		if path != root {
			if _, err := os.Stat(filepath.Join(path, "go.mod")); err == nil {
				return filepath.SkipDir
			}
		}
		dirs = append(dirs, path)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	checked := 0
	for _, dir := range dirs {
		pkg, err := build.ImportDir(dir, 0)
		if err != nil {
			continue // no Go files, or only test files
		}
		rel, _ := filepath.Rel(root, dir)
		rel = filepath.ToSlash(rel)
		from := layer(rel)
		may, ok := allowed[from]
		if !ok {
			t.Errorf("package %s is in no layer: add %q to the table in internal/arch/imports_test.go and to DEVELOPERS.md", rel, from)
			continue
		}
		checked++
		for _, imp := range pkg.Imports {
			if !strings.HasPrefix(imp, module) {
				continue
			}
			if contains(testOnly, strings.TrimPrefix(imp, module)) {
				t.Errorf("%s imports %s: only test files may import it", rel, imp)
				continue
			}
			if len(may) == 1 && may[0] == "*" {
				continue
			}
			to := layer(strings.TrimPrefix(imp, module))
			if to == from && from != "engine" {
				t.Errorf("%s imports %s: only engine's sub-packages may import within their layer", rel, imp)
				continue
			}
			if !contains(may, to) && !contains(may, strings.TrimPrefix(imp, module)) {
				t.Errorf("%s imports %s: %s may import only %v (see DEVELOPERS.md)", rel, strings.TrimPrefix(imp, module), from, sorted(may))
			}
		}
	}
	if checked < 10 {
		t.Fatalf("checked only %d packages: the walk is broken", checked)
	}
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func sorted(s []string) []string {
	out := append([]string(nil), s...)
	sort.Strings(out)
	return out
}
