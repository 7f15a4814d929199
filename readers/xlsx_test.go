package readers

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/xuri/excelize/v2"
)

// writeWorkbook writes a workbook with a "Contacts" sheet (dates in two
// display formats, a date-time, empty cells, a blank row, a number, a
// formula) and a second sheet "Other".
func writeWorkbook(t *testing.T, path string) {
	t.Helper()
	f := excelize.NewFile()
	defer f.Close()
	if err := f.SetSheetName("Sheet1", "Contacts"); err != nil {
		t.Fatal(err)
	}
	us, err := f.NewStyle(&excelize.Style{NumFmt: 14}) // m/d/yyyy, the locale's short date
	if err != nil {
		t.Fatal(err)
	}
	de := "dd.mm.yyyy"
	deStyle, _ := f.NewStyle(&excelize.Style{CustomNumFmt: &de})
	stamp := "d mmm yyyy hh:mm"
	stampStyle, _ := f.NewStyle(&excelize.Style{CustomNumFmt: &stamp})
	rows := [][]any{
		{"first", "last", "birth", "joined", "seen", "score"},
		{"Ann", "Lee", time.Date(1985, 3, 14, 0, 0, 0, 0, time.UTC), time.Date(2020, 1, 2, 0, 0, 0, 0, time.UTC), time.Date(2024, 5, 6, 7, 8, 0, 0, time.UTC), 12.5},
		{"Bob", nil, nil, time.Date(2021, 12, 31, 0, 0, 0, 0, time.UTC), nil, 3},
		{nil, nil, nil, nil, nil, nil}, // blank row
		{"Cy", "Doe", "n/a", nil, nil, nil},
	}
	for i, row := range rows {
		cell, _ := excelize.CoordinatesToCellName(1, i+1)
		if err := f.SetSheetRow("Contacts", cell, &row); err != nil {
			t.Fatal(err)
		}
	}
	f.SetCellStyle("Contacts", "C2", "C3", us)
	f.SetCellStyle("Contacts", "D2", "D3", deStyle)
	f.SetCellStyle("Contacts", "E2", "E2", stampStyle)
	f.SetCellFormula("Contacts", "F5", "F2*2")
	f.SetCellValue("Contacts", "F5", 25)
	f.SetCellValue("Contacts", "H5", "stray") // beyond the header
	f.SetSheetDimension("Contacts", "A1:H5")  // as Excel keeps it; excelize leaves "A1"
	f.NewSheet("Other")
	f.SetSheetRow("Other", "A1", &[]any{"name"})
	f.SetSheetRow("Other", "A2", &[]any{"Zoe"})
	if err := f.SaveAs(path); err != nil {
		t.Fatal(err)
	}
}

func TestXLSX(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	p := filepath.Join(dir, "contacts.xlsx")
	writeWorkbook(t, p)

	r, err := Open(context.Background(), p, Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	if got := strings.Join(r.Schema().Names(), ","); got != "first,last,birth,joined,seen,score" {
		t.Fatalf("schema %s", got)
	}
	recs, err := readAll(t, r)
	if err != nil {
		t.Fatal(err)
	}
	want := [][]string{
		{"Ann", "Lee", "1985-03-14", "2020-01-02", "2024-05-06 07:08:00", "12.5"},
		{"Bob", "", "", "2021-12-31", "", "3"},
		{"Cy", "Doe", "n/a", "", "", "25"},
	}
	if len(recs) != len(want) {
		t.Fatalf("%d rows, want %d: %v", len(recs), len(want), recs)
	}
	for i, w := range want {
		for j, cell := range w {
			if recs[i].Values[j] != cell {
				t.Errorf("row %d col %d = %q, want %q", i, j, recs[i].Values[j], cell)
			}
		}
	}
	if recs[2].Line != 5 || recs[2].Index != 2 {
		t.Errorf("row 3 line %d index %d", recs[2].Line, recs[2].Index)
	}
	if !strings.Contains(recs[2].Problem, "H5 has text beyond the header's 6 columns") || recs[0].Problem != "" {
		t.Errorf("problems %q %q", recs[0].Problem, recs[2].Problem)
	}
	if st := r.(StatsReader).Stats(); st.BlankLinesSkipped != 1 {
		t.Errorf("stats %+v", st)
	}
	// Progress in rows against the sheet's dimension (A1:H5), read from
	// the head of its XML.
	if done, total := r.Progress(); done != 5 || total != 5 {
		t.Errorf("progress %d of %d, want 5 of 5", done, total)
	}

	// input.sheet
	r2, err := Open(context.Background(), p, Options{XLSX: XLSXOptions{Sheet: "Other"}})
	if err != nil {
		t.Fatal(err)
	}
	recs, _ = readAll(t, r2)
	if done, total := r2.Progress(); done != 2 || total != 0 {
		t.Errorf("sheet Other (dimension A1): progress %d of %d, want 2 of 0 (unknown)", done, total)
	}
	r2.Close()
	if len(recs) != 1 || recs[0].Values[0] != "Zoe" {
		t.Errorf("sheet Other: %v", recs)
	}
	if _, err := Open(context.Background(), p, Options{XLSX: XLSXOptions{Sheet: "Nope"}}); err == nil || !strings.Contains(err.Error(), `no sheet "Nope" (input.sheet); the sheets are "Contacts", "Other"`) {
		t.Errorf("missing sheet: %v", err)
	}
}

func TestXLSXNotAWorkbook(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	p := filepath.Join(dir, "a.xlsx")
	os.WriteFile(p, []byte("name,email\nAnn,a@b.c\n"), 0o644)
	if _, err := Open(context.Background(), p, Options{}); err == nil || !strings.Contains(err.Error(), "not an Excel workbook") {
		t.Errorf("CSV named .xlsx: %v", err)
	}
	if _, err := Open(context.Background(), "-", Options{Format: "xlsx"}); err == nil || !strings.Contains(err.Error(), "cannot be read from standard input") {
		t.Errorf("stdin: %v", err)
	}
}

func TestDateKindOfCode(t *testing.T) {
	t.Parallel()
	for code, want := range map[string]string{
		"dd/mm/yyyy":            isoDate,
		"[$-409]mmmm d, yyyy;@": isoDate,
		"yyyy-mm-dd hh:mm":      isoDateTime,
		"h:mm AM/PM":            isoTime,
		"[h]:mm:ss":             "",
		"0.00":                  "",
		"#,##0 \"days\"":        "",
		"\"Date:\" 0":           "",
		"mm:ss":                 isoTime,
		"[Red]0.00;[Blue]-0.00": "",
		"d-mmm":                 isoDate,
		"General":               "",
		"@":                     "",
	} {
		if got := dateKindOfCode(code); got != want {
			t.Errorf("dateKindOfCode(%q) = %q, want %q", code, got, want)
		}
	}
}
