// Command heldout writes a held-out evaluation set for dedupe: people with
// planted duplicates of known truth, generated independently of
// bench/dupgen (another name source, another error model, another shape),
// so that a change tuned on dupgen's data is checked on data it was not
// tuned on. Its seeds and settings are fixed; do not tune dedupe on it.
//
// The rows have the shape of Splink's fake_1000 example (first_name,
// surname, dob, city, email) with a cluster column (rows of one person
// share it) and a kind column: "original" for a cluster's first row, else
// the first corruption its duplicate went through (see corrupt.go). Two
// sets: "clean" (6 % of values missing, one change per duplicate) and
// "hard" (30 % missing, one to three changes, given name and surname
// swapped three times as often as any other change).
//
// Names and cities come from @faker-js/faker's en, de, fr, es and it
// lists (data/names.tsv, see NOTICE), drawn with Zipf frequencies.
//
// Usage:
//
//	go run ./bench/heldout -set hard -n 100000 -o /tmp/hard.csv
//	namepipe dedupe --config bench/configs/heldout.yaml --input /tmp/hard.csv --output /tmp/hard.out.csv
//	go run ./bench/heldout -score /tmp/hard.out.csv
package main

import (
	"encoding/csv"
	"flag"
	"io"
	"log"
	"strconv"

	"github.com/namepipe/namepipe/bench/internal/pairscore"
)

func main() {
	name := flag.String("set", "clean", "clean or hard")
	n := flag.Int("n", 10000, "rows to write")
	out := flag.String("o", "-", "output CSV file (- = stdout)")
	seed := flag.Uint64("seed", 7, "random seed")
	score := flag.String("score", "", "score this dedupe output (with cluster, kind and np_cluster_id columns) instead")
	flag.Parse()
	s, ok := sets[*name]
	if !ok && *score == "" {
		log.Fatalf("unknown set %q (clean or hard)", *name)
	}
	err := pairscore.ScoreOrWrite(*score, "cluster", *out, func(w io.Writer) error {
		return writeCSV(w, generate(s, *n, *seed))
	})
	if err != nil {
		log.Fatal(err)
	}
}

var header = []string{"unique_id", "cluster", "kind", "first_name", "surname", "dob", "city", "email"}

func writeCSV(w io.Writer, rows []row) error {
	cw := csv.NewWriter(w)
	if err := cw.Write(header); err != nil {
		return err
	}
	for i, r := range rows {
		if err := cw.Write([]string{strconv.Itoa(i), strconv.Itoa(r.cluster), r.kind, r.first, r.surname, r.dob, r.city, r.email}); err != nil {
			return err
		}
	}
	cw.Flush()
	return cw.Error()
}
