package arch

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// preEncoders are the packages that may know of cells encoded ahead of
// the write (writers.CellEncoder and its method EncodeCells): the writers,
// whose business it is, and the package that remembers answers with their
// cells encoded. Everybody else sees such a cell, if at all, as an opaque
// record.Value.
var preEncoders = map[string]bool{
	"writers": true,
	"cache":   true,
}

// TestPreEncodingStaysInWriters fails when a package outside preEncoders
// names writers.CellEncoder or calls or declares EncodeCells in its non-test
// code.
func TestPreEncodingStaysInWriters(t *testing.T) {
	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	files := 0
	err = filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			name := d.Name()
			if path != root && (strings.HasPrefix(name, ".") || name == "node_modules" || name == "testdata") {
				return filepath.SkipDir
			}
			if _, err := os.Stat(filepath.Join(path, "go.mod")); err == nil && path != root {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		rel, _ := filepath.Rel(root, filepath.Dir(path))
		pkg := filepath.ToSlash(rel)
		if preEncoders[pkg] {
			return nil
		}
		files++
		f, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		writers := ""
		for _, imp := range f.Imports {
			if p, _ := strconv.Unquote(imp.Path.Value); p == module+"writers" {
				writers = "writers"
				if imp.Name != nil {
					writers = imp.Name.Name
				}
			}
		}
		ast.Inspect(f, func(n ast.Node) bool {
			switch x := n.(type) {
			case *ast.SelectorExpr:
				if id, ok := x.X.(*ast.Ident); ok && writers != "" && id.Name == writers && x.Sel.Name == "CellEncoder" {
					t.Errorf("%s names writers.CellEncoder: only %v may (cells encoded ahead are the writer's business)", relPath(root, path), keys(preEncoders))
				}
				if x.Sel.Name == "EncodeCells" {
					t.Errorf("%s calls EncodeCells: only %v may", relPath(root, path), keys(preEncoders))
				}
			case *ast.Field:
				for _, name := range x.Names {
					if name.Name == "EncodeCells" {
						t.Errorf("%s declares EncodeCells: only %v may", relPath(root, path), keys(preEncoders))
					}
				}
			case *ast.FuncDecl:
				if x.Name.Name == "EncodeCells" {
					t.Errorf("%s declares EncodeCells: only %v may", relPath(root, path), keys(preEncoders))
				}
			}
			return true
		})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if files < 50 {
		t.Fatalf("checked only %d files: the walk is broken", files)
	}
}

func relPath(root, path string) string {
	r, _ := filepath.Rel(root, path)
	return filepath.ToSlash(r)
}

func keys(m map[string]bool) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	return sorted(out)
}
