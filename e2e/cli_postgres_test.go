package e2e

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/namepipe/namepipe/pgio/pgtest"

	"github.com/jackc/pgx/v5"

	"github.com/namepipe/namepipe/pgio"
	"github.com/namepipe/namepipe/record"
	"github.com/namepipe/namepipe/server"
)

// pgEnv is the variable the test configs name in dsnEnv.
const pgEnv = "NP_E2E_PGURL"

// loadContacts creates table (id bigint primary key, then the other input
// columns as text) holding rows.
func loadContacts(t *testing.T, conn *pgx.Conn, table string, rows [][]string) {
	t.Helper()
	cols := []string{"id bigint PRIMARY KEY"}
	for _, h := range inputHeader[1:] {
		cols = append(cols, h+" text")
	}
	ctx := context.Background()
	if _, err := conn.Exec(ctx, "CREATE TABLE "+table+" ("+strings.Join(cols, ", ")+")"); err != nil {
		t.Fatal(err)
	}
	src := make([][]any, len(rows))
	for i, r := range rows {
		var id int64
		if _, err := fmt.Sscan(r[0], &id); err != nil {
			t.Fatal(err)
		}
		src[i] = []any{id}
		for _, c := range r[1:] {
			src[i] = append(src[i], c)
		}
	}
	if _, err := conn.CopyFrom(ctx, pgx.Identifier(strings.Split(table, ".")), inputHeader, pgx.CopyFromRows(src)); err != nil {
		t.Fatal(err)
	}
}

// pgConfig is c's config with the input and output sections replaced.
func pgConfig(t *testing.T, dir, name string, c runConfig, input, output string) string {
	t.Helper()
	y := c.yaml()
	head := fmt.Sprintf("input:\n  path: %q\noutput:\n  path: %q\n", c.input, c.output)
	if !strings.HasPrefix(y, head) {
		t.Fatalf("unexpected config head: %q", y[:min(len(y), 80)])
	}
	y = "input:\n" + input + "output:\n" + output + y[len(head):]
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, []byte(y), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// runNPEnv runs the binary with extra environment variables.
func runNPEnv(t *testing.T, dir string, env []string, args ...string) result {
	t.Helper()
	return runNPWithin(t, dir, 120*time.Second, env, args...)
}

// tableText reads a table ordered by id, every value as the CSV writer
// writes it (record.Format), with its column names as the first row.
func tableText(t *testing.T, dsn, table string) [][]string {
	t.Helper()
	src, err := pgio.OpenSource(context.Background(), pgio.SourceOptions{DSN: dsn, Query: "SELECT * FROM " + table + " ORDER BY id"})
	if err != nil {
		t.Fatal(err)
	}
	defer src.Close()
	fields := src.Schema().Fields
	out := [][]string{src.Schema().Names()}
	batch := make([]record.Record, 256)
	for {
		n, err := src.Read(context.Background(), batch)
		for _, r := range batch[:n] {
			row := make([]string, len(fields))
			for i, v := range r.Values {
				row[i] = record.Format(v, fields[i].Type)
			}
			out = append(out, row)
		}
		if errors.Is(err, io.EOF) {
			return out
		}
		if err != nil {
			t.Fatal(err)
		}
	}
}

// TestPostgresRunModes runs table → table in each mode with the local
// engine and checks every cell against the CSV path's output of the same
// rows; update writes the result columns into the source table in place.
func TestPostgresRunModes(t *testing.T) {
	dsn, conn, sc := pgtest.Schema(t, "npe2e_")
	dir := t.TempDir()
	rows := genRows(400, 11)
	inPath := filepath.Join(dir, "in.csv")
	writeCSV(t, inPath, inputHeader, rows)
	contacts := sc + ".contacts"
	loadContacts(t, conn, contacts, rows)
	c := runConfig{input: inPath, output: filepath.Join(dir, "out.csv"), ops: []string{"parse", "genderize", "disposable", "risk"}, retries: 1}
	if res := runNP(t, dir, "run", "--config", c.write(t, dir, "csv.yaml"), "--quiet"); res.code != 0 {
		t.Fatalf("CSV run: exit %d\n%s", res.code, res.stderr)
	}
	want := readCSV(t, c.output)
	env := []string{pgEnv + "=" + dsn}
	in := fmt.Sprintf("  postgres: {dsnEnv: %s, table: %s}\n", pgEnv, contacts)
	run := func(name, mode, table, extra string) {
		t.Helper()
		out := fmt.Sprintf("  postgres: {dsnEnv: %s, table: %s, mode: %s%s}\n", pgEnv, table, mode, extra)
		res := runNPEnv(t, dir, env, "run", "--config", pgConfig(t, dir, name+".yaml", c, in, out), "--quiet")
		if res.code != 0 {
			t.Fatalf("%s: exit %d\n%s", name, res.code, res.stderr)
		}
	}
	enriched := sc + ".enriched"
	run("create", "create", enriched, "")
	got := tableText(t, dsn, enriched)
	if len(got) != len(want) {
		t.Fatalf("create: %d rows, the CSV path %d", len(got)-1, len(want)-1)
	}
	for i := range want {
		if !slices.Equal(got[i], want[i]) {
			for j := range want[i] {
				if j >= len(got[i]) || got[i][j] != want[i][j] {
					t.Errorf("row %d column %s: table %q, CSV %q", i, want[0][j], got[i][min(j, len(got[i])-1)], want[i][j])
				}
			}
		}
	}
	// The result columns keep their types.
	var typ string
	if err := conn.QueryRow(context.Background(), "SELECT format_type(atttypid, atttypmod) FROM pg_attribute WHERE attrelid = $1::regclass AND attname = 'np_risk_score'", enriched).Scan(&typ); err != nil || typ != "double precision" {
		t.Errorf("np_risk_score is %q (%v), want double precision", typ, err)
	}
	count := func(table string) int {
		var n int
		if err := conn.QueryRow(context.Background(), "SELECT count(*) FROM "+table).Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n
	}
	run("append", "append", enriched, "")
	if n := count(enriched); n != 2*len(rows) {
		t.Errorf("append: %d rows, want %d", n, 2*len(rows))
	}
	run("replace", "replace", enriched, "")
	if n := count(enriched); n != len(rows) {
		t.Errorf("replace: %d rows, want %d", n, len(rows))
	}
	if got := tableText(t, dsn, enriched); !slices.Equal(got[1], want[1]) || !slices.Equal(got[len(got)-1], want[len(want)-1]) {
		t.Errorf("replace: rows differ from the CSV path's")
	}
	// update: the result columns go into the contacts rows by id.
	run("update", "update", contacts, ", key: id")
	got = tableText(t, dsn, contacts)
	if !slices.Equal(got[0], want[0]) || len(got) != len(want) {
		t.Fatalf("update: columns %v, %d rows", got[0], len(got)-1)
	}
	for i := range want {
		if !slices.Equal(got[i], want[i]) {
			t.Errorf("update: row %d differs from the CSV path's:\n got %q\nwant %q", i, got[i], want[i])
			break
		}
	}
	// Again: the nightly rerun updates the same columns in place.
	// The table now has the result columns: the nightly run reads the
	// input columns through a query.
	in = fmt.Sprintf("  postgres: {dsnEnv: %s, query: 'SELECT %s FROM %s'}\n", pgEnv, strings.Join(inputHeader, ", "), contacts)
	run("update2", "update", contacts, ", key: id")
	if n := count(contacts); n != len(rows) {
		t.Errorf("update rerun: %d rows", n)
	}
	// dedupe from the table to a table of cluster columns.
	dd := sc + ".deduped"
	out := fmt.Sprintf("  postgres: {dsnEnv: %s, table: %s}\n", pgEnv, dd)
	res := runNPEnv(t, dir, env, "dedupe", "--config", pgConfig(t, dir, "dedupe.yaml", c, in, out), "--quiet")
	if res.code != 0 {
		t.Fatalf("dedupe: exit %d\n%s", res.code, res.stderr)
	}
	ddRows := tableText(t, dsn, dd)
	if len(ddRows) != len(rows)+1 || !strings.Contains(strings.Join(ddRows[0], ","), "np_cluster") {
		t.Errorf("dedupe table: %d rows, columns %v", len(ddRows)-1, ddRows[0])
	}
	// dedupe with update: the cluster columns go into the contacts rows,
	// the same values as in the table written above.
	out = fmt.Sprintf("  postgres: {dsnEnv: %s, table: %s, mode: update, key: id}\n", pgEnv, contacts)
	in = fmt.Sprintf("  postgres: {dsnEnv: %s, query: 'SELECT %s FROM %s ORDER BY id'}\n", pgEnv, strings.Join(inputHeader, ", "), contacts)
	res = runNPEnv(t, dir, env, "dedupe", "--config", pgConfig(t, dir, "dedupe-update.yaml", c, in, out), "--quiet")
	if res.code != 0 {
		t.Fatalf("dedupe update: exit %d\n%s", res.code, res.stderr)
	}
	upd := tableText(t, dsn, contacts)
	col := func(rows [][]string, name string) []string {
		var vals []string
		for i, h := range rows[0] {
			if h == name {
				for _, r := range rows[1:] {
					vals = append(vals, r[i])
				}
			}
		}
		return vals
	}
	if a, b := col(upd, "np_cluster_id"), col(ddRows, "np_cluster_id"); len(a) != len(rows) || !slices.Equal(a, b) {
		t.Errorf("dedupe update: np_cluster_id in contacts (%d values) differs from the dedupe table's (%d)", len(a), len(b))
	}
}

// TestPostgresPasswordNeverShown plants a password in the connection
// string and checks stdout, stderr, the report and the table of a run, and
// the error of a failing one.
func TestPostgresPasswordNeverShown(t *testing.T) {
	dsn, conn, sc := pgtest.Schema(t, "npe2e_")
	const password = "pw-PLANTED-5e1d2c"
	u := strings.Replace(dsn, "postgres://postgres@", "postgres://postgres:"+password+"@", 1)
	if u == dsn {
		t.Fatalf("cannot plant a password in %q", dsn)
	}
	dir := t.TempDir()
	rows := genRows(50, 3)
	loadContacts(t, conn, sc+".contacts", rows)
	c := runConfig{input: "x", output: "y", ops: []string{"parse", "disposable"}, retries: 1}
	cfg := pgConfig(t, dir, "pw.yaml", c, fmt.Sprintf("  postgres: {dsnEnv: %s, table: %s.contacts}\n", pgEnv, sc),
		fmt.Sprintf("  postgres: {dsnEnv: %s, table: %s.out}\n  report: %s\n", pgEnv, sc, filepath.Join(dir, "report.html")))
	env := []string{pgEnv + "=" + u}
	var seen []string
	for i := range 2 {
		res := runNPEnv(t, dir, env, "run", "--config", cfg, "--log-level", "debug")
		if (res.code == 0) != (i == 0) {
			t.Fatalf("run %d: exit %d\n%s", i, res.code, res.stderr)
		}
		seen = append(seen, res.stdout, res.stderr)
	}
	if !strings.Contains(seen[3], "already exists") {
		t.Errorf("the second run's error does not say why: %s", seen[3])
	}
	// A server that cannot be reached: the error names it, not the password.
	bad := []string{pgEnv + "=postgres://postgres:" + password + "@/namepipe?host=/nonexistent"}
	res := runNPEnv(t, dir, bad, "run", "--config", cfg)
	if res.code == 0 || !strings.Contains(res.stderr, "cannot connect") {
		t.Errorf("unreachable: exit %d: %s", res.code, res.stderr)
	}
	seen = append(seen, res.stdout, res.stderr)
	report, err := os.ReadFile(filepath.Join(dir, "report.html"))
	if err != nil {
		t.Fatal(err)
	}
	seen = append(seen, string(report))
	for _, row := range tableText(t, dsn, sc+".out") {
		seen = append(seen, strings.Join(row, ","))
	}
	for i, s := range seen {
		if strings.Contains(s, password) {
			t.Errorf("output %d shows the password", i)
		}
	}
}

// TestPostgresKillAndResume kills a run that appends to a table (SIGKILL,
// mid-COPY): the table is unchanged. The rerun with the same persistent
// cache completes without paying twice for what the killed run got.
func TestPostgresKillAndResume(t *testing.T) {
	dsn, conn, sc := pgtest.Schema(t, "npe2e_")
	dir := t.TempDir()
	const n = 2000
	rows := genRows(n, 5)
	loadContacts(t, conn, sc+".contacts", rows)
	s := startServe(t, server.Options{APIKeys: []string{plantedKey}, Latency: 2 * time.Millisecond, Seed: 3})
	c := runConfig{input: "x", output: "y", baseURL: s.baseURL(), ops: []string{"parse", "disposable"}, concurrency: 4, retries: 2,
		timeout: 5 * time.Second, cache: filepath.Join(dir, "cache.db")}
	in := fmt.Sprintf("  postgres: {dsnEnv: %s, table: %s.contacts}\n", pgEnv, sc)
	// append needs the result columns: the first (complete) run creates
	// them in an empty copy of the schema, then the killed run appends.
	cfgCreate := pgConfig(t, dir, "create.yaml", c, in, fmt.Sprintf("  postgres: {dsnEnv: %s, table: %s.target2, mode: create}\n", pgEnv, sc))
	env := []string{pgEnv + "=" + dsn}
	if res := runNPEnv(t, dir, env, "run", "--config", cfgCreate, "--quiet"); res.code != 0 {
		t.Fatalf("create: exit %d\n%s", res.code, res.stderr)
	}
	callsOne := s.srv.Stats().Calls
	before := tableText(t, dsn, sc+".target2")
	// A second target with the same rows: the killed run appends to it.
	c.cache = filepath.Join(dir, "cache2.db")
	cfg := pgConfig(t, dir, "append.yaml", c, in, fmt.Sprintf("  postgres: {dsnEnv: %s, table: %s.target2, mode: append}\n", pgEnv, sc))
	cmd := exec.Command(binary, "run", "--config", cfg, "--quiet")
	cmd.Dir = dir
	cmd.Env = append(append(os.Environ(), keyEnv+"="+plantedKey), env...)
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	// Kill once the run has made a third of one run's calls: mid-way,
	// with rows already sent to the COPY.
	deadline := time.Now().Add(60 * time.Second)
	for s.srv.Stats().Calls < callsOne+callsOne/3 && time.Now().Before(deadline) {
		select {
		case err := <-exited:
			t.Fatalf("the run ended before the kill: %v", err)
		case <-time.After(5 * time.Millisecond):
		}
	}
	if err := cmd.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	<-exited
	paidBefore := s.srv.Stats().Calls - callsOne
	after := tableText(t, dsn, sc+".target2")
	if len(after) != len(before) {
		t.Fatalf("after the kill the table has %d rows, before %d", len(after)-1, len(before)-1)
	}
	// The server ends the killed connection's transaction; wait until no
	// session of namepipe's is left, then check nothing of it is visible.
	for {
		var sessions int
		if err := conn.QueryRow(context.Background(), "SELECT count(*) FROM pg_stat_activity WHERE application_name = 'namepipe'").Scan(&sessions); err != nil {
			t.Fatal(err)
		}
		if sessions == 0 || time.Now().After(deadline) {
			break
		}
		time.Sleep(10 * time.Millisecond) // polling the server, not waiting for a result to pass
	}
	if n := len(tableText(t, dsn, sc+".target2")); n != len(before) {
		t.Fatalf("after the killed session ended the table has %d rows, before %d", n-1, len(before)-1)
	}
	// Resume: the same command with the same cache.
	res := runNPEnv(t, dir, env, "run", "--config", cfg, "--quiet")
	if res.code != 0 {
		t.Fatalf("rerun: exit %d\n%s", res.code, res.stderr)
	}
	total := s.srv.Stats().Calls - callsOne
	final := tableText(t, dsn, sc+".target2")
	if len(final) != 2*len(before)-1 {
		t.Errorf("after the rerun: %d rows, want %d", len(final)-1, 2*(len(before)-1))
	}
	t.Logf("one run %d calls; killed run %d; killed+rerun %d", callsOne, paidBefore, total)
	// The rerun paid only for what the killed run had not cached (plus the
	// in-flight window the cache had not committed).
	if bound := callsOne + 256*2; total > bound {
		t.Errorf("killed + rerun made %d calls, more than one run's %d plus the window", total, callsOne)
	}
}
