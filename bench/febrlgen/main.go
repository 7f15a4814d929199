// Command febrlgen writes person records with planted duplicates in two
// shapes that public record-linkage benchmarks use, to measure dedupe's
// recall on typo'd, partly empty records. It is independent of
// bench/dupgen, bench/heldout and bench/typogen: its own name lists
// (faker's en_AU, nl and sv given names and surnames, data/lists.tsv),
// its own places and its own error model, written from the published
// description of FEBRL's data set generator (Christen, "Probabilistic
// data generation for deduplication and data linkage", 2005): originals
// drawn from frequency-skewed lists, then duplicates of some of them with
// one to several modifications each, every modification picked by field
// and kind:
//
//   - typo: a character inserted, deleted, substituted by a neighbouring
//     key, or two adjacent characters transposed
//   - ocr: a character or pair read as a similar-looking one (m/rn, l/1,
//     o/0, s/5, cl/d …)
//   - phonetic: a spelling that sounds the same (ph/f, ck/k, ie/y, mc/mac …)
//   - missing: the value left out
//   - space: a space inserted into a value or removed from it
//   - swap: two fields' values exchanged (given name and surname, the two
//     address lines), or two words of a value
//   - replace: the value replaced by another plausible one (a variant of
//     a given name, an abbreviated street type)
//   - digit: in a number (street number, postcode, ID, date) a digit
//     changed, dropped or two swapped; in a date day and month swapped
//     or the year off by a few
//
// Mode febrl (-mode febrl) writes FEBRL's columns: rec_id, person (the
// truth), kind (the first modification of a duplicate, "original" for a
// person's first row), given_name, surname, street_number, address_1,
// address_2, suburb, postcode, state, date_of_birth (YYYYMMDD) and
// soc_sec_id; everything lower case, as FEBRL writes it. Presets of
// -set: "one" (every original has at most one duplicate, half the rows
// are duplicates), "few" (a fifth of the rows are duplicates), "many"
// (60 % duplicates, up to five per original).
//
// Mode hist (-mode hist) writes historical persons as an encyclopedia
// export would list them, many rows per person: unique_id, person, kind,
// full_name, first_and_surname, first_name, surname, dob (YYYY-MM-DD,
// some only a year or year and month), birth_place (free text),
// postcode_fake, gender and occupation, many of them empty.
//
// Usage:
//
//	go run ./bench/febrlgen -set many -n 10000 -o /tmp/febrl.csv
//	namepipe dedupe --config bench/configs/febrlgen.yaml --input /tmp/febrl.csv --output /tmp/febrl.out.csv
//	go run ./bench/febrlgen -score /tmp/febrl.out.csv
//	go run ./bench/febrlgen -mode hist -n 10000 -o /tmp/hist.csv   # bench/configs/febrlgen-hist.yaml
package main

import (
	"encoding/csv"
	"flag"
	"fmt"
	"io"
	"log"

	"github.com/namepipe/namepipe/bench/internal/pairscore"
)

func main() {
	mode := flag.String("mode", "febrl", "febrl (FEBRL's columns) or hist (historical persons)")
	set := flag.String("set", "many", "febrl mode: one, few or many (see the doc comment)")
	n := flag.Int("n", 10000, "rows to write")
	out := flag.String("o", "-", "output CSV file (- = stdout)")
	seed := flag.Uint64("seed", 11, "random seed")
	score := flag.String("score", "", "score this dedupe output (with person, kind and np_cluster_id columns) instead")
	flag.Parse()
	err := pairscore.ScoreOrWrite(*score, "person", *out, func(w io.Writer) error {
		rows, head, err := generate(*mode, *set, *n, *seed)
		if err != nil {
			return err
		}
		return writeCSV(w, head, rows)
	})
	if err != nil {
		log.Fatal(err)
	}
}

// generate returns n rows of mode (and preset set) and their header.
func generate(mode, set string, n int, seed uint64) (rows [][]string, head []string, err error) {
	switch mode {
	case "febrl":
		s, ok := presets[set]
		if !ok {
			return nil, nil, fmt.Errorf("-set %q: want one, few or many", set)
		}
		return febrlRows(s, n, seed), febrlHead, nil
	case "hist":
		return histRows(n, seed), histHead, nil
	}
	return nil, nil, fmt.Errorf("-mode %q: want febrl or hist", mode)
}

func writeCSV(w io.Writer, head []string, rows [][]string) error {
	cw := csv.NewWriter(w)
	if err := cw.Write(head); err != nil {
		return err
	}
	if err := cw.WriteAll(rows); err != nil {
		return err
	}
	cw.Flush()
	return cw.Error()
}
