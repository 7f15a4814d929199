package mapping

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/namepipe/namepipe/config"
	"github.com/namepipe/namepipe/record"
)

// Describe prints the plan (engine, operations, column mapping, output
// columns) and, for each of recs, the JSON that each operation would send,
// or the row's error. It calls nothing. It is what `namepipe validate`
// prints.
func (p *Plan) Describe(w io.Writer, recs []record.Record) error {
	var b strings.Builder
	c := p.cfg
	fmt.Fprintf(&b, "config: %s\n", c.File())
	if pg := c.Input.Postgres; pg != nil {
		// The source described the query before reading a row: its
		// columns and their types.
		fmt.Fprintf(&b, "input:  %s (PostgreSQL, connection string from $%s, one read-only snapshot)\n", c.InputDesc(), pg.DSNEnv)
		cols := make([]string, len(p.in.Fields))
		for i, f := range p.in.Fields {
			cols[i] = f.Name + " " + f.Type.String()
		}
		fmt.Fprintf(&b, "input columns: %s\n", strings.Join(cols, ", "))
	} else {
		fmt.Fprintf(&b, "input:  %s (%s)\n", c.Input.Path, c.Input.Format)
	}
	if pg := c.Output.Postgres; pg != nil {
		fmt.Fprintf(&b, "output: %s (PostgreSQL, mode %s, connection string from $%s), result columns prefixed %q\n", c.OutputDesc(), pg.Mode, pg.DSNEnv, p.prefix)
	} else {
		fmt.Fprintf(&b, "output: %s (%s), result columns prefixed %q\n", c.Output.Path, c.Output.Format, p.prefix)
	}
	switch c.Engine.Kind {
	case config.EngineNameAPI:
		fmt.Fprintf(&b, "engine: nameapi at %s, API key from $%s, timeout %s\n", c.Engine.BaseURL, c.Engine.APIKeyEnv, c.Engine.Timeout)
	default:
		fmt.Fprintf(&b, "engine: local (offline), timeout %s\n", c.Engine.Timeout)
	}
	rate := "unlimited"
	if c.Run.Rate > 0 {
		rate = fmt.Sprintf("%g/s, burst %d", c.Run.Rate, c.Run.Burst)
	}
	fmt.Fprintf(&b, "run:    concurrency %d, rate %s, retries %d\n", c.Run.Concurrency, rate, c.Run.Retries)
	ops := make([]string, len(p.ops))
	for i, o := range p.ops {
		ops[i] = string(o)
	}
	fmt.Fprintf(&b, "operations: %s\n", strings.Join(ops, ", "))

	b.WriteString("mapping:\n")
	line := func(what, from string) { fmt.Fprintf(&b, "  %-28s <- %s\n", what, from) }
	switch {
	case p.typeCol.ok():
		line("person type", fmt.Sprintf("column %q (legal: %s; natural: %s; otherwise %s)", p.typeCol.name,
			strings.Join(p.legalVals, ", "), strings.Join(p.natVals, ", "), map[bool]string{true: "legal", false: "natural"}[p.defLegal]))
	case p.fixedLegal:
		line("person type", "legal (every row)")
	default:
		line("person type", "natural (every row)")
	}
	for _, n := range p.names {
		line("name field "+n.fieldType, col(n.colRef))
	}
	for _, e := range p.emails {
		line("email address", col(e))
	}
	for _, t := range p.phones {
		line("phone number", col(t))
	}
	if p.birthDate.ok() {
		line("birth date", fmt.Sprintf("%s, layout %s", col(p.birthDate), strings.Join(quoteAll(p.layouts), " or ")))
	}
	if p.birthYear.ok() {
		line("birth year", col(p.birthYear))
	}
	if p.ageRange.ok() {
		line("birth year range", col(p.ageRange))
	}
	if p.yearStart.ok() || p.yearEnd.ok() {
		line("birth year range", fmt.Sprintf("start %s, end %s", col(p.yearStart), col(p.yearEnd)))
	}
	for i, a := range p.addresses {
		what := fmt.Sprintf("address %d", i+1)
		if a.usage != "" {
			what += " (" + a.usage + ")"
		}
		var parts []string
		for _, x := range []struct {
			n string
			c colRef
		}{{"string", a.str}, {"street", a.street}, {"houseNumber", a.house}, {"pobox", a.pobox}, {"postalCode", a.postal},
			{"locality", a.locality}, {"region", a.region}, {"country", a.country}} {
			if x.c.ok() {
				parts = append(parts, x.n+"="+col(x.c))
			}
		}
		for _, l := range a.lines {
			parts = append(parts, "line="+col(l))
		}
		line(what, strings.Join(parts, ", "))
	}
	for _, x := range []struct {
		n string
		c colRef
	}{{"gender", p.gender}, {"marital status", p.marital}, {"nationalities", p.nationality},
		{"native languages", p.nativeLang}, {"correspondence language", p.corrLang}, {"religion", p.religion},
		{"context place (per row)", p.placeCol}, {"context language (per row)", p.langCol}} {
		if x.c.ok() {
			line(x.n, col(x.c))
		}
	}
	for _, op := range p.ops {
		if c, ok := p.opEmail[op]; ok && c.ok() {
			line(string(op)+" email", col(c))
		}
	}
	if p.baseCtx != nil {
		j, _ := json.Marshal(p.baseCtx)
		line("context (run-wide)", string(j))
	}

	fmt.Fprintf(&b, "output columns: %d input + %d appended\n", len(p.in.Fields), p.ResultColumns())
	for _, f := range p.cols {
		fmt.Fprintf(&b, "  %-28s %-7s %s: %s\n", p.prefix+f.Name, f.Type, f.Op, f.Doc)
	}
	fmt.Fprintf(&b, "  %-28s %-7s every error of the row, as \"op: message\"\n", p.ErrorColumnName(), record.String)

	for i := range recs {
		rec := &recs[i]
		fmt.Fprintf(&b, "\nrow %d", rec.Index+1)
		if rec.Line > 0 {
			fmt.Fprintf(&b, " (line %d)", rec.Line)
		}
		b.WriteString(":\n")
		if rec.Problem != "" {
			fmt.Fprintf(&b, "  reader problem: %s\n", rec.Problem)
		}
		req, err := p.Build(rec)
		if err != nil {
			fmt.Fprintf(&b, "  error (no operation runs): %s\n", p.clean(err.Error()))
			continue
		}
		for i, op := range p.ops {
			if !req.Applies(op) {
				fmt.Fprintf(&b, "  %s: skipped (no input in this row)\n", op)
				continue
			}
			var j bytes.Buffer
			payload, err := p.opDesc[i].payloadJSON(req)
			if err == nil {
				err = json.Indent(&j, payload, "    ", "  ")
			}
			if err != nil {
				return fmt.Errorf("describe row %d %s: %w", rec.Index+1, op, err)
			}
			fmt.Fprintf(&b, "  %s sends:\n    %s\n", op, j.Bytes())
		}
	}
	if _, err := io.WriteString(w, b.String()); err != nil {
		return fmt.Errorf("describe: %w", err)
	}
	return nil
}

func col(c colRef) string {
	if !c.ok() {
		return "-"
	}
	return fmt.Sprintf("column %q", c.name)
}
