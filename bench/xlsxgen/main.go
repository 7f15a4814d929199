// Command xlsxgen turns a CSV file (as bench/gen writes it) into an Excel
// workbook of one sheet, for bench/compress.sh's xlsx reading benchmark:
// the header row, then one row per record, every cell text except the
// birth_date column, written as a date cell (yyyy-mm-dd) as Excel users'
// files have them; empty cells stay empty. It streams rows through
// excelize's StreamWriter.
//
// Usage:
//
//	go run ./bench/xlsxgen -in customers.csv -out customers.xlsx
package main

import (
	"bufio"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"log"
	"os"
	"time"

	"github.com/xuri/excelize/v2"

	"github.com/namepipe/namepipe/bench/internal/cli"
)

func main() {
	in, out := cli.Files("input CSV file with a header row (required)", "output .xlsx file (required)")
	n, err := convert(in, out)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("rows=%d\n", n)
}

func convert(in, out string) (int, error) {
	f, err := os.Open(in)
	if err != nil {
		return 0, err
	}
	defer f.Close()
	r := csv.NewReader(bufio.NewReaderSize(f, 1<<20))
	r.ReuseRecord = true
	header, err := r.Read()
	if err != nil {
		return 0, fmt.Errorf("%s: header: %w", in, err)
	}
	header = append([]string(nil), header...)
	dateCol := -1
	for i, h := range header {
		if h == "birth_date" {
			dateCol = i
		}
	}
	x := excelize.NewFile()
	defer x.Close()
	sw, err := x.NewStreamWriter("Sheet1")
	if err != nil {
		return 0, err
	}
	dateStyle, err := x.NewStyle(&excelize.Style{NumFmt: 14})
	if err != nil {
		return 0, err
	}
	row := make([]any, len(header))
	for i, h := range header {
		row[i] = h
	}
	if err := sw.SetRow("A1", row); err != nil {
		return 0, err
	}
	n := 0
	for {
		rec, err := r.Read()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return n, fmt.Errorf("%s: %w", in, err)
		}
		n++
		for i := range row {
			row[i] = nil
			if i >= len(rec) || rec[i] == "" {
				continue
			}
			row[i] = rec[i]
			if i == dateCol {
				if t, err := time.Parse(time.DateOnly, rec[i]); err == nil {
					row[i] = excelize.Cell{StyleID: dateStyle, Value: t}
				}
			}
		}
		cell, err := excelize.CoordinatesToCellName(1, n+1)
		if err != nil {
			return n, err
		}
		if err := sw.SetRow(cell, row); err != nil {
			return n, err
		}
	}
	if err := sw.Flush(); err != nil {
		return n, err
	}
	return n, x.SaveAs(out)
}
