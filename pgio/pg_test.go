package pgio

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"os"
	"testing"

	"github.com/jackc/pgx/v5"
)

// pgURL returns the test server's connection string (NAMEPIPE_TEST_PGURL,
// set by .ci/pg.sh's pg_start). Outside CI a test skips without one; under
// CI=true a missing server fails it.
func pgURL(t testing.TB) string {
	t.Helper()
	u := os.Getenv("NAMEPIPE_TEST_PGURL")
	if u == "" {
		if os.Getenv("CI") == "true" {
			t.Fatal("NAMEPIPE_TEST_PGURL is not set under CI: .ci/run must start PostgreSQL (pg_start)")
		}
		t.Skip("no PostgreSQL: set NAMEPIPE_TEST_PGURL (bash -c 'source .ci/pg.sh; pg_start; go test ./pgio')")
	}
	return u
}

// testSchema creates a schema of its own for one test, dropped at its end,
// and returns its name and an open connection.
func testSchema(t testing.TB) (string, *pgx.Conn) {
	t.Helper()
	dsn := pgURL(t)
	ctx := context.Background()
	conn, err := pgx.Connect(ctx, dsn)
	if err != nil {
		t.Fatal(err)
	}
	b := make([]byte, 6)
	_, _ = rand.Read(b)
	name := "nptest_" + hex.EncodeToString(b)
	if _, err := conn.Exec(ctx, "CREATE SCHEMA "+name); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		_, _ = conn.Exec(context.Background(), "DROP SCHEMA "+name+" CASCADE")
		_ = conn.Close(context.Background())
	})
	return name, conn
}

func mustExec(t testing.TB, conn *pgx.Conn, sql string, args ...any) {
	t.Helper()
	if _, err := conn.Exec(context.Background(), sql, args...); err != nil {
		t.Fatalf("%s: %v", sql, err)
	}
}
