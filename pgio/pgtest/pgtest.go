// Package pgtest gives tests a PostgreSQL server of their own: the
// throwaway server .ci/pg.sh starts (NAMEPIPE_TEST_PGURL) and a schema per
// test, dropped when the test ends. It is imported only by tests.
package pgtest

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"os"
	"testing"

	"github.com/jackc/pgx/v5"
)

// URL returns the test server's connection string. Outside CI a test
// without one is skipped, naming how to start one; under CI=true it fails,
// since .ci/run starts the server.
func URL(t testing.TB) string {
	t.Helper()
	u := os.Getenv("NAMEPIPE_TEST_PGURL")
	if u == "" {
		if os.Getenv("CI") == "true" {
			t.Fatal("NAMEPIPE_TEST_PGURL is not set under CI: .ci/run must start PostgreSQL (pg_start)")
		}
		t.Skip("no PostgreSQL: set NAMEPIPE_TEST_PGURL (bash -c 'source .ci/pg.sh; pg_start; go test ./...')")
	}
	return u
}

// Schema connects to the test server and creates a schema named prefix
// and random hex, dropped with everything in it (and the connection
// closed) when the test ends. It returns the connection string, the
// connection and the schema's name.
func Schema(t testing.TB, prefix string) (string, *pgx.Conn, string) {
	t.Helper()
	dsn := URL(t)
	ctx := context.Background()
	conn, err := pgx.Connect(ctx, dsn)
	if err != nil {
		t.Fatal(err)
	}
	b := make([]byte, 6)
	_, _ = rand.Read(b)
	name := prefix + hex.EncodeToString(b)
	if _, err := conn.Exec(ctx, "CREATE SCHEMA "+name); err != nil {
		_ = conn.Close(ctx)
		t.Fatal(err)
	}
	t.Cleanup(func() {
		_, _ = conn.Exec(context.Background(), "DROP SCHEMA "+name+" CASCADE")
		_ = conn.Close(context.Background())
	})
	return dsn, conn, name
}
