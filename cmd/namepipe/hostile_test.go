package main

import (
	"bytes"
	"context"
	"encoding/csv"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// hostileRun writes input and a config mapping person (a YAML flow map
// such as "{fullName: name}") to a temp dir, runs `namepipe run` on them
// with extra args, and returns the exit code, stderr and the output path.
func hostileRun(t *testing.T, input []byte, person, inputExtra string, args ...string) (code int, stderr, in, out string) {
	t.Helper()
	dir := t.TempDir()
	in = filepath.Join(dir, "in.csv")
	out = filepath.Join(dir, "out.csv")
	if err := os.WriteFile(in, input, 0o644); err != nil {
		t.Fatal(err)
	}
	cfg := fmt.Sprintf("input: {path: %s%s}\noutput: {path: %s}\nengine: {kind: local}\nperson: %s\noperations: [parse]\n", in, inputExtra, out, person)
	cfgPath := filepath.Join(dir, "c.yaml")
	if err := os.WriteFile(cfgPath, []byte(cfg), 0o644); err != nil {
		t.Fatal(err)
	}
	var so, se bytes.Buffer
	code = realMain(context.Background(), append([]string{"run", "--config", cfgPath, "--quiet"}, args...), &so, &se)
	return code, se.String(), in, out
}

// outputRows reads a CSV output with encoding/csv, CRs kept.
func outputRows(t *testing.T, path string) [][]string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	cr := csv.NewReader(bytes.NewReader(data))
	cr.FieldsPerRecord = -1
	rows, err := cr.ReadAll()
	if err != nil {
		t.Fatalf("output is not valid CSV: %v", err)
	}
	return rows
}

// TestHostileIssueCases are the five cases of the hostile-input report
// (issue 13), end to end.
func TestHostileIssueCases(t *testing.T) {
	const contact = "{fullName: name, email: email, phone: phone}"

	t.Run("1 CRLF inside a quoted field comes back", func(t *testing.T) {
		code, stderr, _, out := hostileRun(t, []byte("id,name,email,phone\n2,\"Anna\r\nLena\",a@x.de,2\n"), contact, "")
		if code != exitOK {
			t.Fatalf("exit %d: %s", code, stderr)
		}
		data, _ := os.ReadFile(out)
		if !bytes.HasPrefix(data, []byte("id,name,email,phone,")) || !bytes.Contains(data, []byte("\n2,\"Anna\r\nLena\",a@x.de,2,")) {
			t.Fatalf("input columns changed:\n%q", data)
		}
	})

	t.Run("2 a bare quote late in the file does not lose the run", func(t *testing.T) {
		var b bytes.Buffer
		b.WriteString("id,name,email,phone\n")
		const rows, bad = 2000, 1990 // the bad row is on line bad+1
		for i := 1; i <= rows; i++ {
			if i == bad {
				fmt.Fprintf(&b, "%d,Peter \"Pete\" Meyer,p@x.de,%d\n", i, i)
				continue
			}
			fmt.Fprintf(&b, "%d,Anna Schmidt,a%d@x.de,%d\n", i, i, i)
		}
		code, stderr, in, out := hostileRun(t, b.Bytes(), contact, "")
		if code != exitOK {
			t.Fatalf("exit %d: %s", code, stderr)
		}
		got := outputRows(t, out)
		if len(got) != rows+1 {
			t.Fatalf("%d output rows, want %d", len(got)-1, rows)
		}
		row := got[bad]
		if row[1] != `Peter "Pete" Meyer` {
			t.Errorf("name = %q, want the text as written", row[1])
		}
		want := fmt.Sprintf("%s:%d:12: ", in, bad+1) // 1990,Peter "
		if errCol := row[len(row)-1]; !strings.HasPrefix(errCol, want) || !strings.Contains(errCol, "quote") {
			t.Errorf("error column %q, want it to start with %q and name the quote", errCol, want)
		}
	})

	t.Run("3 a blank line of a one-column file is an empty row", func(t *testing.T) {
		code, stderr, _, out := hostileRun(t, []byte("name\nPetra Müller\n\nJohn Smith\n"), "{fullName: name}", "")
		if code != exitOK {
			t.Fatalf("exit %d: %s", code, stderr)
		}
		got := outputRows(t, out)
		if len(got) != 4 || got[1][0] != "Petra Müller" || got[2][0] != "" || got[3][0] != "John Smith" {
			t.Fatalf("rows %q, want Petra, an empty row, John", got)
		}
	})

	t.Run("4 errors about a huge header are bounded", func(t *testing.T) {
		var b bytes.Buffer
		for i := 0; b.Len() < 3<<20; i++ {
			fmt.Fprintf(&b, "column_%d_%s,", i, strings.Repeat("x", i%300))
		}
		b.Truncate(b.Len() - 1) // no trailing delimiter
		code, stderr, _, _ := hostileRun(t, b.Bytes(), contact, "")
		if code != exitUsage {
			t.Fatalf("exit %d, want %d: %.300s", code, exitUsage, stderr)
		}
		if len(stderr) > 4096 || !strings.Contains(stderr, "more") {
			t.Fatalf("%d bytes of stderr, want a short message listing some columns and counting the rest: %.500s", len(stderr), stderr)
		}
	})

	t.Run("4 CR-only line endings are read and named", func(t *testing.T) {
		var b bytes.Buffer
		b.WriteString("id,name,email,phone\r")
		for i := 1; i <= 50; i++ {
			fmt.Fprintf(&b, "%d,Anna Schmidt,a%d@x.de,%d\r", i, i, i)
		}
		code, stderr, _, out := hostileRun(t, b.Bytes(), contact, "", "--log-level", "warn")
		if code != exitOK {
			t.Fatalf("exit %d: %.500s", code, stderr)
		}
		if !strings.Contains(stderr, "CR only") {
			t.Errorf("stderr does not name the CR-only line endings: %s", stderr)
		}
		data, _ := os.ReadFile(out)
		if n := bytes.Count(data, []byte("\r")); n != 51 || bytes.Count(data, []byte("Anna Schmidt")) != 50 {
			t.Errorf("output has %d CRs, want 51 (every line as it was): %.300q", n, data)
		}
	})

	t.Run("5 the output cannot be the file stdin reads", func(t *testing.T) {
		dir := t.TempDir()
		s := filepath.Join(dir, "s.csv")
		orig := []byte("id,name,email,phone\n1,Anna Schmidt,a@x.de,1\n")
		if err := os.WriteFile(s, orig, 0o644); err != nil {
			t.Fatal(err)
		}
		cfgPath := filepath.Join(dir, "c.yaml")
		cfg := "input: {path: in.csv}\noutput: {path: out.csv}\nengine: {kind: local}\nperson: " + contact + "\noperations: [parse]\n"
		if err := os.WriteFile(cfgPath, []byte(cfg), 0o644); err != nil {
			t.Fatal(err)
		}
		f, err := os.Open(s)
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		saved := os.Stdin
		os.Stdin = f
		defer func() { os.Stdin = saved }()
		var so, se bytes.Buffer
		code := realMain(context.Background(), []string{"run", "--config", cfgPath, "--quiet", "--input", "-", "--output", s}, &so, &se)
		if data, _ := os.ReadFile(s); !bytes.Equal(data, orig) {
			t.Fatalf("the input was replaced (exit %d): %q", code, data)
		}
		if code != exitUsage || !strings.Contains(se.String(), "standard input") {
			t.Fatalf("exit %d, want %d naming standard input: %s", code, exitUsage, se.String())
		}
	})
}

// TestHostileMessages covers the tidied messages: one location per row
// error, no claim about rows written when no output was, and nothing about
// a service or a cache for the local engine.
func TestHostileMessages(t *testing.T) {
	t.Run("one location per row error", func(t *testing.T) {
		code, stderr, in, out := hostileRun(t, []byte("id,name,city\n1,Anna,Ber\x00lin\n"), "{fullName: name}", "")
		if code != exitOK {
			t.Fatalf("exit %d: %s", code, stderr)
		}
		got := outputRows(t, out)
		want := in + ":2: NUL byte in column \"city\""
		if errCol := got[1][len(got[1])-1]; errCol != want {
			t.Fatalf("error column %q, want %q", errCol, want)
		}
	})
	t.Run("a failed run says no output was written", func(t *testing.T) {
		var b bytes.Buffer
		b.WriteString("id,name\n")
		for i := 1; i <= 3000; i++ {
			fmt.Fprintf(&b, "%d,Anna Schmidt\n", i)
		}
		b.WriteString("3001,ab\"cd\n")
		code, stderr, _, out := hostileRun(t, b.Bytes(), "{fullName: name}", ", onMalformed: fail")
		if code != exitInput {
			t.Fatalf("exit %d, want %d: %s", code, exitInput, stderr)
		}
		if _, err := os.Stat(out); !os.IsNotExist(err) {
			t.Fatalf("output exists after a failed run: %v", err)
		}
		for _, bad := range []string{"rows written", "not written", "service", "cache"} {
			if strings.Contains(stderr, bad) {
				t.Errorf("stderr mentions %q: %s", bad, stderr)
			}
		}
		if !strings.Contains(stderr, "no output was written") || !strings.Contains(stderr, ":3002:8:") {
			t.Errorf("stderr %q, want the location and \"no output was written\"", stderr)
		}
	})
}

// TestRejectMode: with onMalformed: reject the malformed rows go to the
// rejects file (committed with the output), the others to the output, and
// the summary counts them.
func TestRejectMode(t *testing.T) {
	in := "id,name\n1,Anna Schmidt\n2,Peter \"P\" Meyer\n3,\"Cy\n4,Bob Jones\n"
	code, stderr, inPath, out := hostileRun(t, []byte(in), "{fullName: name}", ", onMalformed: reject")
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	got := outputRows(t, out)
	if len(got) != 3 || got[1][1] != "Anna Schmidt" || got[2][1] != "Bob Jones" {
		t.Fatalf("output rows %q, want Anna and Bob", got)
	}
	rej := outputRows(t, out+".rejects.csv")
	want := [][]string{
		{"file", "line", "column", "kind", "error", "text"},
		{inPath, "3", "9", "bare_quote", inPath + `:3:9: quote inside an unquoted field (kept as written; valid CSV quotes the field and doubles the quote: "")`, `2,Peter "P" Meyer`},
		{inPath, "4", "3", "unterminated_quote", inPath + ":4:3: quote never closed (the row ends with line 4 and is kept as written)", `3,"Cy`},
	}
	if fmt.Sprint(rej) != fmt.Sprint(want) {
		t.Fatalf("rejects\n got: %q\nwant: %q", rej, want)
	}
	if !strings.Contains(stderr, "rejected=2") {
		t.Errorf("stderr does not report the rejected rows: %s", stderr)
	}
}
