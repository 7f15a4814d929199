package pgio

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"strings"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
)

// Redacted replaces the password wherever it would appear in a text.
const Redacted = "REDACTED"

// Password returns the password of the connection string dsn, or "" when
// it has none or cannot be parsed. Callers pass it to the same redaction
// as the API key.
func Password(dsn string) string {
	cfg, err := pgconn.ParseConfig(dsn)
	if err != nil {
		return passwordOfURL(dsn)
	}
	return cfg.Password
}

// passwordOfURL digs the password out of a URL that pgconn could not
// parse, so that its error can still be cleaned of it.
func passwordOfURL(dsn string) string {
	u, err := url.Parse(dsn)
	if err != nil || u.User == nil {
		return ""
	}
	p, _ := u.User.Password()
	return p
}

// redactor removes one password, in its plain and escaped spellings,
// from texts.
type redactor struct{ forms []string }

func newRedactor(dsn string) redactor {
	p := Password(dsn)
	if p == "" {
		return redactor{}
	}
	forms := []string{p}
	for _, f := range []string{url.QueryEscape(p), url.PathEscape(p), url.UserPassword("x", p).String()[2:]} {
		if f != p && f != "" {
			forms = append(forms, f)
		}
	}
	return redactor{forms: forms}
}

func (r redactor) text(s string) string {
	for _, f := range r.forms {
		s = strings.ReplaceAll(s, f, Redacted)
	}
	return s
}

// redactedError is an error whose text was cleaned of the password; it
// unwraps to the original, so that errors.As still finds a *pgconn.PgError.
type redactedError struct {
	msg   string
	cause error
}

func (e *redactedError) Error() string { return e.msg }
func (e *redactedError) Unwrap() error { return e.cause }

// err wraps err with context and removes the password from its text.
func (r redactor) err(err error, format string, args ...any) error {
	if err == nil {
		return nil
	}
	msg := fmt.Sprintf(format, args...)
	text := describe(err)
	if msg != "" {
		text = msg + ": " + text
	}
	return &redactedError{msg: r.text("postgres: " + text), cause: err}
}

// describe renders err, spelling out a server error's table, column and
// SQLSTATE.
func describe(err error) string {
	var pe *pgconn.PgError
	if !errors.As(err, &pe) {
		return err.Error()
	}
	var b strings.Builder
	if pe.TableName != "" {
		b.WriteString("table ")
		b.WriteString(pe.TableName)
		b.WriteString(": ")
	}
	if pe.ColumnName != "" {
		b.WriteString("column ")
		b.WriteString(pe.ColumnName)
		b.WriteString(": ")
	}
	b.WriteString(pe.Message)
	if pe.Detail != "" {
		b.WriteString(" (")
		b.WriteString(pe.Detail)
		b.WriteString(")")
	}
	if pe.Where != "" {
		b.WriteString(" [")
		b.WriteString(pe.Where)
		b.WriteString("]")
	}
	b.WriteString(" (SQLSTATE ")
	b.WriteString(pe.Code)
	b.WriteString(")")
	switch pe.Code {
	case "28P01", "28000":
		b.WriteString(": check the user and password of the connection string")
	case "42501":
		b.WriteString(": the connection's role lacks the privilege")
	}
	return b.String()
}

// connect opens one connection with the session settings the text
// conversions rely on.
func connect(ctx context.Context, dsn string, r redactor, params map[string]string) (*pgx.Conn, error) {
	cfg, err := pgx.ParseConfig(dsn)
	if err != nil {
		// pgconn's parse errors already hide the password; clean them anyway.
		return nil, r.err(err, "invalid connection string")
	}
	cfg.RuntimeParams["TimeZone"] = "UTC"
	cfg.RuntimeParams["DateStyle"] = "ISO, YMD"
	cfg.RuntimeParams["application_name"] = "namepipe"
	for k, v := range params {
		cfg.RuntimeParams[k] = v
	}
	conn, err := pgx.ConnectConfig(ctx, cfg)
	if err != nil {
		return nil, r.err(err, "cannot connect to %s", where(cfg))
	}
	return conn, nil
}

// where names the server and database of cfg, without secrets.
func where(cfg *pgx.ConnConfig) string {
	return fmt.Sprintf("database %q as user %q on %s", cfg.Database, cfg.User, cfg.Host)
}

// ident quotes a table name, optionally schema-qualified (schema.table).
func ident(name string) string {
	return pgx.Identifier(strings.Split(name, ".")).Sanitize()
}

// quoteCol quotes one column name.
func quoteCol(name string) string { return pgx.Identifier{name}.Sanitize() }
