package e2e

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// Exit codes of namepipe (cmd/namepipe).
const (
	exitOK     = 0
	exitFailed = 1
	exitUsage  = 2
	exitInput  = 3
)

// corpus is the readers' bad-input corpus, relative to this package.
func corpus(f string) string { return filepath.Join("..", "readers", "testdata", "bad", f) }

// localConfig writes a config of the local engine that maps column name
// (full name) and runs ops, and returns its path and the output path.
func localConfig(t *testing.T, dir, input, name string, ops []string, extra string) (cfg, out string) {
	t.Helper()
	out = filepath.Join(dir, "out-"+filepath.Base(input)+".csv")
	y := fmt.Sprintf("input:\n  path: %q\n%soutput:\n  path: %q\nengine:\n  kind: local\nperson:\n  fullName: %s\noperations:\n", input, extra, out, name)
	for _, op := range ops {
		y += "  - " + op + "\n"
	}
	cfg = filepath.Join(dir, "cfg-"+filepath.Base(input)+".yaml")
	if err := os.WriteFile(cfg, []byte(y), 0o644); err != nil {
		t.Fatal(err)
	}
	return cfg, out
}

// TestRunBadInput runs each case of the bad-input corpus through
// `namepipe run`: a file that cannot be read fails with exit 3 and the
// reader's message naming the file (and line, row or column), leaving no
// output file and the input untouched; a row-level problem (ragged row,
// invalid UTF-8, NUL byte) keeps every row and flags the bad ones in the
// error column with file:line; so does a malformed row (stray or
// unclosed quote), which stops the run only with onMalformed: fail.
func TestRunBadInput(t *testing.T) {
	tests := []struct {
		file  string
		extra string // extra input keys
		code  int
		// msg must appear in stderr (the file's path is prefixed).
		msg string
		// flagged: data row index → substring of its error column.
		flagged map[int]string
		rows    int
	}{
		{file: "wrong_delimiter.csv", extra: "  delimiter: \",\"\n", code: exitInput, msg: `:1: header has a single column with delimiter ',', but the file looks ';'-delimited`},
		{file: "wrong_delimiter.csv", code: exitOK, rows: 2},
		{file: "missing_header.csv", code: exitInput, msg: `:1: header column 2 "anna@example.com" looks like data`},
		{file: "duplicate_header.csv", code: exitInput, msg: `:1: duplicate column name "name" (columns 1 and 3)`},
		{file: "empty_column_name.csv", code: exitInput, msg: `:1: column 2 has an empty name`},
		{file: "ragged.csv", code: exitOK, rows: 4, flagged: map[int]string{1: "ragged.csv:3:18: 2 fields, header has 4", 2: "ragged.csv:4:31: 5 fields, header has 4"}},
		{file: "unterminated_quote.csv", extra: "  onMalformed: fail\n", code: exitInput, msg: `:3: unterminated quoted field`},
		{file: "unterminated_quote.csv", code: exitOK, rows: 3, flagged: map[int]string{1: "unterminated_quote.csv:3:5: quote never closed"}},
		{file: "bare_quote.csv", extra: "  onMalformed: fail\n", code: exitInput, msg: `:2:8: a quote inside an unquoted field`},
		{file: "bare_quote.csv", code: exitOK, rows: 1, flagged: map[int]string{0: "bare_quote.csv:2:8: quote inside an unquoted field"}},
		{file: "invalid_utf8.csv", code: exitOK, rows: 3, flagged: map[int]string{1: `invalid_utf8.csv:3: invalid UTF-8 in column "name"`}},
		{file: "nul_in_row.csv", code: exitOK, rows: 2, flagged: map[int]string{0: `nul_in_row.csv:2: NUL byte in column "city"`}},
		{file: "nul_in_header.csv", code: exitInput, msg: `:1: header contains NUL bytes`},
		{file: "empty.csv", code: exitInput, msg: `: empty file: no header row`},
		{file: "blank_lines_only.csv", code: exitInput, msg: `: empty file: no header row`},
		{file: "bom_utf8.csv", code: exitOK, rows: 1},
		{file: "bom_double.csv", code: exitOK, rows: 1},
		{file: "bom_utf16le.csv", code: exitInput, msg: `: the file is UTF-16 encoded (byte-order mark)`},
		{file: "bom_utf16be.csv", code: exitInput, msg: `: the file is UTF-16 encoded (byte-order mark)`},
		{file: "truncated.parquet", code: exitInput, msg: `: truncated or corrupt Parquet file`},
		{file: "wrong_magic.parquet", code: exitInput, msg: `: not a Parquet file: it does not start with the PAR1 marker`},
		{file: "not_parquet.parquet", code: exitInput, msg: `: not a Parquet file`},
		{file: "bad_footer_len.parquet", code: exitInput, msg: `: truncated or corrupt Parquet file: footer length 65535`},
		{file: "nested_struct.parquet", code: exitInput, msg: `: column "person" is nested`},
		{file: "repeated_list.parquet", code: exitInput, msg: `: column "phones" is nested`},
		{file: "map.parquet", code: exitInput, msg: `: column "attrs" is nested`},
		{file: "corrupt_pages.parquet", code: exitInput, msg: `: column "id"`},
	}
	for _, tc := range tests {
		t.Run(tc.file+tc.extra, func(t *testing.T) {
			dir := t.TempDir()
			// A copy, so that the run's own path is in every message.
			src, err := os.ReadFile(corpus(tc.file))
			if err != nil {
				t.Fatal(err)
			}
			in := filepath.Join(dir, tc.file)
			if err := os.WriteFile(in, src, 0o644); err != nil {
				t.Fatal(err)
			}
			cfg, out := localConfig(t, dir, in, "name", []string{"parse"}, tc.extra)
			res := runNP(t, dir, "run", "--config", cfg, "--quiet")
			if res.code != tc.code {
				t.Fatalf("exit %d, want %d\nstderr:\n%s", res.code, tc.code, res.stderr)
			}
			if after, _ := os.ReadFile(in); string(after) != string(src) {
				t.Fatal("the input changed")
			}
			if tc.code != exitOK {
				if want := in + tc.msg; !strings.Contains(res.stderr, want) {
					t.Errorf("stderr lacks %q:\n%s", want, res.stderr)
				}
				if _, err := os.Stat(out); err == nil {
					t.Errorf("a failed run left %s", out)
				}
				return
			}
			got := readCSV(t, out)
			if len(got)-1 != tc.rows {
				t.Fatalf("rows in %d ≠ rows out %d", tc.rows, len(got)-1)
			}
			for i, r := range got[1:] {
				errCol := r[len(r)-1]
				if want, ok := tc.flagged[i]; ok {
					if !strings.Contains(errCol, want) {
						t.Errorf("row %d: error column %q lacks %q", i, errCol, want)
					}
				} else if errCol != "" {
					t.Errorf("row %d: unexpected error %q", i, errCol)
				}
			}
		})
	}
}

// TestRunHugeInputs: a 10 MB field and 100,000 columns go through a run:
// no crash, every row kept, the oversized value flagged.
func TestRunHugeInputs(t *testing.T) {
	dir := t.TempDir()
	big := strings.Repeat("x", 10<<20)
	p := filepath.Join(dir, "field10mb.csv")
	writeCSV(t, p, []string{"id", "name"}, [][]string{{"1", "Petra " + big}, {"2", "Petra Müller"}})
	cfg, out := localConfig(t, dir, p, "name", []string{"parse", "genderize"}, "")
	res := runNP(t, dir, "run", "--config", cfg, "--quiet")
	if res.code != exitOK {
		t.Fatalf("10 MB field: exit %d\n%s", res.code, res.stderr)
	}
	got := readCSV(t, out)
	if len(got) != 3 || got[1][1] != "Petra "+big || got[1][len(got[1])-1] == "" || got[2][len(got[2])-1] != "" {
		t.Errorf("10 MB field: %d rows; big row kept intact %v, flagged %q; small row error %q",
			len(got)-1, len(got) > 1 && got[1][1] == "Petra "+big, got[1][len(got[1])-1], got[2][len(got[2])-1])
	}

	header := make([]string, 100000)
	row := make([]string, 100000)
	for i := range header {
		header[i], row[i] = fmt.Sprint("c", i), fmt.Sprint(i)
	}
	header[5], row[5] = "name", "John Smith"
	p = filepath.Join(dir, "wide.csv")
	writeCSV(t, p, header, [][]string{row, row})
	cfg, out = localConfig(t, dir, p, "name", []string{"parse"}, "")
	res = runNP(t, dir, "run", "--config", cfg, "--quiet")
	if res.code != exitOK {
		t.Fatalf("100,000 columns: exit %d\n%s", res.code, res.stderr)
	}
	checkRowsKept(t, header, [][]string{row, row}, readCSV(t, out))
}

// TestRunValues: impossible dates, non-numeric text, 1 MB names, control
// characters, right-to-left text and emoji: no crash, every row kept with
// its input unchanged; invalid values are flagged, not dropped.
func TestRunValues(t *testing.T) {
	dir := t.TempDir()
	rows := [][]string{
		{"1", "Petra Müller", "petra@example.com", "1987-02-31", "DE"},
		{"2", "John Smith", "john@example.com", "nineteen-eighty", "US"},
		{"3", "Anna " + strings.Repeat("ä", 1<<19), "anna@example.com", "1990-01-01", "DE"},
		{"4", "Bob\x01\x02\x07 Tab\tBell", "bob@example.com", "1990-13-01", "US"},
		{"5", "محمد عبد الله", "m@example.com", "1980-05-05", "SA"},
		{"6", "\u202eReversed\u202c Name", "r@example.com", "", "GB"},
		{"7", "😀 Emoji 👨\u200d👩\u200d👧", "e😀@example.com", "2000-02-29", "US"},
		{"8", "=HYPERLINK(\"x\")", "+49 30 123", "0000-00-00", "ZZ"},
		{"9", "", "", "", ""},
	}
	p := filepath.Join(dir, "values.csv")
	header := []string{"id", "full_name", "email", "birth_date", "country"}
	writeCSV(t, p, header, rows)
	out := filepath.Join(dir, "values.out.csv")
	c := runConfig{input: p, output: out, ops: []string{"parse", "genderize", "risk", "disposable"}, retries: 0}
	cfg := c.write(t, dir, "values.yaml")
	res := runNP(t, dir, "run", "--config", cfg, "--quiet")
	if res.code != exitOK {
		t.Fatalf("exit %d\n%s", res.code, res.stderr)
	}
	got := checkRowsKept(t, header, rows, readCSV(t, out))
	for _, i := range []int{0, 1, 3} { // 31 Feb, non-numeric date, month 13
		if got[i][len(got[i])-1] == "" {
			t.Errorf("row %d (%q): an invalid date is not flagged", i, rows[i][3])
		}
	}
	for _, i := range []int{4, 6} {
		if e := got[i][len(got[i])-1]; e != "" {
			t.Errorf("row %d: valid RTL/emoji row has error %q", i, e)
		}
	}
}

// TestRunConfigErrors: each config problem is rejected before any row is
// read, with exit 2, the config line named, and no output file created.
func TestRunConfigErrors(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "in.csv")
	writeCSV(t, in, inputHeader, genRows(5, 1))
	out := filepath.Join(dir, "out.csv")
	base := runConfig{input: in, output: out, ops: []string{"parse", "disposable"}, retries: 1}.yaml()
	tests := []struct {
		name string
		yaml string
		// marker is text of the config line the error must name.
		marker string
		msg    string
	}{
		{"unknown key", strings.Replace(base, "  retries: 1\n", "  retries: 1\n  concurrenci: 4\n", 1), "concurrenci", `unknown key "concurrenci"`},
		{"missing column", strings.Replace(base, "fullName: full_name", "fullName: fulname", 1), "fullName: fulname", `column "fulname" is not in the input`},
		// A full name beside its parts is their fallback (mapping's
		// person.fullName); a full name beside a name part in person.names
		// stays impossible.
		{"impossible combination", strings.Replace(base, "  fullName: full_name\n", "  fullName: full_name\n  names: [{column: full_name, fieldType: GIVENNAME}]\n", 1), "fullName: full_name", "cannot be combined"},
		{"bad date layout", strings.Replace(base, "  birthDate: birth_date\n", "  birthDate:\n    column: birth_date\n    layout: YYYY-MM-DD\n", 1), "layout: YYYY-MM-DD", `"YYYY-MM-DD" is not a date layout`},
		{"output is the input", strings.Replace(base, fmt.Sprintf("path: %q\nengine", out), fmt.Sprintf("path: %q\nengine", in), 1), "", "input"},
		{"unknown operation", base + "  - horoscope\n", "horoscope", "horoscope"},
		{"nameapi without key variable", strings.Replace(base, "  kind: local\n", "  kind: nameapi\n  baseURL: http://127.0.0.1:9/rest/v5.3\n", 1), "", "apiKeyEnv"},
	}
	inHash := fileHash(t, in)
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			cfg := filepath.Join(dir, strings.ReplaceAll(tc.name, " ", "_")+".yaml")
			if err := os.WriteFile(cfg, []byte(tc.yaml), 0o644); err != nil {
				t.Fatal(err)
			}
			res := runNP(t, dir, "run", "--config", cfg, "--quiet")
			if res.code != exitUsage {
				t.Fatalf("exit %d, want %d\nconfig:\n%s\nstderr:\n%s", res.code, exitUsage, tc.yaml, res.stderr)
			}
			if !strings.Contains(res.stderr, tc.msg) {
				t.Errorf("stderr lacks %q:\n%s", tc.msg, res.stderr)
			}
			if tc.marker != "" {
				line := 0
				for i, l := range strings.Split(tc.yaml, "\n") {
					if strings.Contains(l, tc.marker) {
						line = i + 1
						break
					}
				}
				if want := fmt.Sprintf("%s:%d:", cfg, line); !strings.Contains(res.stderr, want) {
					t.Errorf("stderr does not name %s:\n%s", want, res.stderr)
				}
			}
			if _, err := os.Stat(out); err == nil {
				t.Error("output created despite a config error")
			}
			if fileHash(t, in) != inHash {
				t.Fatal("the input changed")
			}
		})
	}
}

// TestRunOutputFailures: a full disk, an unwritable output and a missing
// output directory each fail the run with an error naming the output
// path, the input untouched and no partial file under the final name.
func TestRunOutputFailures(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "in.csv")
	rows := genRows(2000, 9)
	writeCSV(t, in, inputHeader, rows)
	inHash := fileHash(t, in)
	ops := []string{"parse", "genderize"}

	type tcase struct {
		name, out string
	}
	cases := []tcase{
		{"missing directory", filepath.Join(dir, "no", "such", "dir", "out.csv")},
		{"parent is a file", filepath.Join(in, "out.csv")},
		{"output is a directory", dir},
	}
	// A small tmpfs fills up; a read-only one cannot be written. Both need
	// root (CI runs as root); without it the other cases still run.
	full := filepath.Join(dir, "full")
	ro := filepath.Join(dir, "ro")
	for _, m := range []struct{ dir, opts string }{{full, "size=64k"}, {ro, "ro,size=64k"}} {
		if err := os.Mkdir(m.dir, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := exec.Command("mount", "-t", "tmpfs", "-o", m.opts, "tmpfs", m.dir).Run(); err != nil {
			t.Logf("cannot mount a tmpfs at %s (%v): case left out", m.dir, err)
			continue
		}
		t.Cleanup(func() { exec.Command("umount", m.dir).Run() })
		if m.dir == full {
			cases = append(cases, tcase{"disk full", filepath.Join(full, "out.csv")})
		} else {
			cases = append(cases, tcase{"read-only file system", filepath.Join(ro, "out.csv")})
		}
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			c := runConfig{input: in, output: tc.out, ops: ops, retries: 0}
			cfg := c.write(t, dir, strings.ReplaceAll(tc.name, " ", "_")+".yaml")
			res := runNP(t, dir, "run", "--config", cfg, "--quiet")
			if res.code == exitOK {
				t.Fatalf("exit 0 writing to %s", tc.out)
			}
			if !strings.Contains(res.stderr, tc.out) {
				t.Errorf("error does not name %s:\n%s", tc.out, res.stderr)
			}
			if fi, err := os.Stat(tc.out); err == nil && !fi.IsDir() {
				t.Errorf("a file is under the final name %s (%d bytes)", tc.out, fi.Size())
			}
			if fileHash(t, in) != inHash {
				t.Fatal("the input changed")
			}
			if entries, err := os.ReadDir(filepath.Dir(tc.out)); err == nil && tc.name == "disk full" {
				for _, e := range entries {
					t.Errorf("left behind on the full disk: %s", e.Name())
				}
			}
			t.Logf("exit %d: %s", res.code, strings.TrimSpace(res.stderr))
		})
	}

	// Standard output on a full device.
	t.Run("stdout is /dev/full", func(t *testing.T) {
		c := runConfig{input: in, output: "-", ops: ops, retries: 0}
		cfg := c.write(t, dir, "devfull.yaml")
		devFull, err := os.OpenFile("/dev/full", os.O_WRONLY, 0)
		if err != nil {
			t.Fatalf("open /dev/full: %v", err)
		}
		defer devFull.Close()
		cmd := exec.Command(binary, "run", "--config", cfg, "--quiet")
		cmd.Dir = dir
		cmd.Stdout = devFull
		var stderr strings.Builder
		cmd.Stderr = &stderr
		err = cmd.Run()
		if err == nil {
			t.Fatal("exit 0 writing to a full stdout")
		}
		if !strings.Contains(stderr.String(), "no space left on device") {
			t.Errorf("stderr does not say the device is full:\n%s", stderr.String())
		}
		if fileHash(t, in) != inHash {
			t.Fatal("the input changed")
		}
	})
}

// TestRunOutputPermissions: the output file is created 0644 (whatever the
// umask allows) and the cache file 0600; output = input is refused.
func TestRunOutputPermissions(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "in.csv")
	writeCSV(t, in, inputHeader, genRows(10, 3))
	out := filepath.Join(dir, "out.csv")
	cache := filepath.Join(dir, "cache.db")
	c := runConfig{input: in, output: out, ops: []string{"parse"}, retries: 0, cache: cache}
	cfg := c.write(t, dir, "perm.yaml")
	res := runNP(t, dir, "run", "--config", cfg, "--quiet")
	if res.code != exitOK {
		t.Fatalf("exit %d\n%s", res.code, res.stderr)
	}
	fi, err := os.Stat(out)
	if err != nil {
		t.Fatal(err)
	}
	if perm := fi.Mode().Perm(); perm&^0o644 != 0 || perm&0o600 != 0o600 {
		t.Errorf("output mode %v, want at most 0644", perm)
	}
	if fi, err := os.Stat(cache); err == nil && fi.Mode().Perm()&0o077 != 0 {
		t.Errorf("cache mode %v, want 0600", fi.Mode().Perm())
	}

	// --output naming the input is refused, the input untouched.
	h := fileHash(t, in)
	res = runNP(t, dir, "run", "--config", cfg, "--quiet", "--output", in)
	if res.code == exitOK {
		t.Fatal("output = input accepted")
	}
	if fileHash(t, in) != h {
		t.Fatal("the input was overwritten")
	}
	// The same file under another name (a symlink) is refused as well.
	link := filepath.Join(dir, "link.csv")
	if err := os.Symlink(in, link); err != nil {
		t.Fatal(err)
	}
	res = runNP(t, dir, "run", "--config", cfg, "--quiet", "--output", link)
	if res.code == exitOK {
		t.Error("output = input through a symlink accepted")
	}
	if fileHash(t, in) != h {
		t.Fatal("the input was overwritten through a symlink")
	}
}
