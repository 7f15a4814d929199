package e2e

import (
	"path/filepath"
	"testing"
)

// TestRunMultiplePeopleColumns runs `namepipe run` with the local engine on
// names of several people in one field and checks that the result columns
// show every person, in order (configs/README.md, "Result columns").
func TestRunMultiplePeopleColumns(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	in := filepath.Join(dir, "couples.csv")
	writeCSV(t, in, []string{"id", "name"}, [][]string{
		{"1", "Altin dhe Sidorela Hoxha"},
		{"2", "Petr Novák a Jana Svobodová"},
		{"3", "Mr. and Mrs. Robert Taylor"},
		{"4", "José Ortega y Gasset"},
	})
	cfg, out := localConfig(t, dir, in, "name", []string{"parse", "genderize"}, "")
	if r := runNP(t, dir, "run", "--config", cfg, "--quiet"); r.code != exitOK {
		t.Fatalf("exit %d\n%s", r.code, r.stderr)
	}
	rows := readCSV(t, out)
	col := map[string]int{}
	for i, h := range rows[0] {
		col[h] = i
	}
	want := []map[string]string{
		{"np_person_type": "MULTIPLE", "np_given_name": "Altin; Sidorela", "np_surname": "Hoxha", "np_gender": "INDETERMINABLE"},
		{"np_person_type": "MULTIPLE", "np_given_name": "Petr; Jana", "np_surname": "Novák; Svobodová", "np_parsed_gender": "MALE; FEMALE"},
		{"np_person_type": "MULTIPLE", "np_given_name": "Robert; ", "np_salutation": "Mr.; Mrs.", "np_surname": "Taylor"},
		{"np_person_type": "NATURAL", "np_given_name": "José", "np_surname": "Ortega y Gasset"},
	}
	if len(rows) != len(want)+1 {
		t.Fatalf("%d rows, want %d", len(rows)-1, len(want))
	}
	for i, w := range want {
		for c, v := range w {
			j, ok := col[c]
			if !ok {
				t.Fatalf("no column %s in %v", c, rows[0])
			}
			if got := rows[i+1][j]; got != v {
				t.Errorf("row %d %s = %q, want %q", i+1, c, got, v)
			}
		}
	}
}
