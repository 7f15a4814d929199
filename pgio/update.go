package pgio

import (
	"context"
	"fmt"
	"sort"
	"strings"
)

// stage is the temporary table of mode update.
const stage = "namepipe_stage"

// prepareUpdate checks the key, adds the result columns the table lacks
// and creates the temporary staging table that COPY fills.
func (s *Sink) prepareUpdate(ctx context.Context) error {
	key := s.o.Key
	ki := s.schema.Index(key)
	if ki < 0 || ki >= s.o.InputColumns {
		return fmt.Errorf("postgres: output table %s: key column %s is not a column of the input (mode update matches rows by an input column)", s.o.Table, key)
	}
	if s.o.InputColumns >= len(s.schema.Fields) {
		return fmt.Errorf("postgres: output table %s: the run has no result columns to update", s.o.Table)
	}
	have, err := s.tableColumns(ctx)
	if err != nil {
		return err
	}
	keyType, ok := have[key]
	if !ok {
		return fmt.Errorf("postgres: output table %s has no key column %s (its columns: %s)", s.o.Table, key, strings.Join(sortedKeys(have), ", "))
	}
	s.cols = []int{ki}
	defs := []string{quoteCol(key) + " " + keyType}
	for c := s.o.InputColumns; c < len(s.schema.Fields); c++ {
		f := s.schema.Fields[c]
		s.cols = append(s.cols, c)
		typ, ok := have[f.Name]
		if !ok {
			// Added at commit, when the input's reader (maybe of this
			// very table) has ended its snapshot: ALTER TABLE waits for
			// every reader of the table.
			typ = pgTypeOf(f)
			s.add = append(s.add, quoteCol(f.Name)+" "+typ)
		}
		defs = append(defs, quoteCol(f.Name)+" "+typ)
	}
	s.target = stage
	return s.exec(ctx, "CREATE TEMP TABLE "+stage+" ("+strings.Join(defs, ", ")+") ON COMMIT DROP", "creating the staging table")
}

// update checks the staged keys and writes the result columns into the
// table by one UPDATE … FROM.
func (s *Sink) update(ctx context.Context) error {
	k := quoteCol(s.o.Key)
	table := ident(s.o.Table)
	var nulls int64
	if err := s.tx.QueryRow(ctx, "SELECT count(*) FROM "+stage+" WHERE "+k+" IS NULL").Scan(&nulls); err != nil {
		return s.red.err(err, "output table %s: checking the keys", s.o.Table)
	}
	if nulls > 0 {
		return fmt.Errorf("postgres: output table %s: key column %s is NULL in %d input rows: mode update cannot match them; nothing was written", s.o.Table, s.o.Key, nulls)
	}
	var val string
	var n int64
	err := s.tx.QueryRow(ctx, "SELECT "+k+"::text, count(*) FROM "+stage+" GROUP BY 1 HAVING count(*) > 1 LIMIT 1").Scan(&val, &n)
	if err == nil {
		return fmt.Errorf("postgres: output table %s: unique-key violation: key column %s has value %q in %d input rows; nothing was written", s.o.Table, s.o.Key, val, n)
	}
	if _, err := s.tx.Exec(ctx, "ANALYZE "+stage); err != nil {
		return s.red.err(err, "output table %s: analysing the staged rows", s.o.Table)
	}
	err = s.tx.QueryRow(ctx, "SELECT t."+k+"::text, count(*) FROM "+table+" t JOIN "+stage+" s USING ("+k+") GROUP BY 1 HAVING count(*) > 1 LIMIT 1").Scan(&val, &n)
	if err == nil {
		return fmt.Errorf("postgres: output table %s: unique-key violation: key column %s has value %q in %d rows of the table; nothing was written", s.o.Table, s.o.Key, val, n)
	}
	for _, def := range s.add {
		if err := s.exec(ctx, "ALTER TABLE "+table+" ADD COLUMN "+def, "adding result column "+def); err != nil {
			return err
		}
	}
	sets := make([]string, 0, len(s.cols)-1)
	for _, c := range s.cols[1:] {
		name := quoteCol(s.schema.Fields[c].Name)
		sets = append(sets, name+" = s."+name)
	}
	tag, err := s.tx.Exec(ctx, "UPDATE "+table+" t SET "+strings.Join(sets, ", ")+" FROM "+stage+" s WHERE t."+k+" = s."+k)
	if err != nil {
		return s.red.err(err, "output table %s: updating the result columns", s.o.Table)
	}
	s.updated = tag.RowsAffected()
	return nil
}

// Updated returns, after Commit in mode update, how many table rows were
// updated; rows of the input whose key is no longer in the table are not.
func (s *Sink) Updated() int64 { return s.updated }

func sortedKeys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
