package dedupeflow

import (
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"slices"
	"strconv"
	"testing"

	"github.com/namepipe/namepipe/internal/csvtest"
)

// relabelAndShuffle rewrites the CSV file at path with new IDs in its id
// column whose order is not the rows' (kind "number": whole numbers of
// different lengths; "text": letters and hex digits), as in.csv in dir;
// and the same rows shuffled and split into two files, the pipeline's
// inputs.
func relabelAndShuffle(t *testing.T, path, dir, kind string) (local string, inputs []string) {
	t.Helper()
	recs := csvtest.Read(t, path)
	col := slices.Index(recs[0], "id")
	if col < 0 {
		t.Fatalf("%s: no id column", path)
	}
	rows := slices.Clone(recs[1:])
	for k := range rows {
		rows[k] = slices.Clone(rows[k])
		n := (k + 1) * 7919 % 100_003 // a bijection: 100,003 is prime
		rows[k][col] = strconv.Itoa(n)
		if kind == "text" {
			rows[k][col] = fmt.Sprintf("C-%x", n)
		}
	}
	local = filepath.Join(dir, "in.csv")
	csvtest.Write(t, local, recs[0], rows)
	shuffled := slices.Clone(rows)
	r := rand.New(rand.NewPCG(1, 2))
	r.Shuffle(len(shuffled), func(i, j int) { shuffled[i], shuffled[j] = shuffled[j], shuffled[i] })
	cut := len(shuffled) / 3
	inputs = []string{filepath.Join(dir, "part-a.csv"), filepath.Join(dir, "part-b.csv")}
	csvtest.Write(t, inputs[0], recs[0], shuffled[:cut])
	csvtest.Write(t, inputs[1], recs[0], shuffled[cut:])
	return local, inputs
}

// sameByID compares the pipeline's output shards in dir (beam-*.csv) with
// dedupe.Run's output at localPath row by row, the rows found by their ID:
// every cell equal, the source columns aside. It also checks that the
// clusters are named by a member's ID and that there are at least
// minClusters.
func sameByID(t *testing.T, localPath, dir string, shards, minClusters int) {
	t.Helper()
	want := csvtest.Read(t, localPath)
	head := want[0]
	idCol, clusterCol := slices.Index(head, "id"), slices.Index(head, "np_cluster_id")
	byID := map[string][]string{}
	members := map[string][]string{} // cluster ID → member IDs
	for _, r := range want[1:] {
		byID[r[idCol]] = r
		if c := r[clusterCol]; c != "" {
			members[c] = append(members[c], r[idCol])
		}
	}
	if len(members) < minClusters {
		t.Fatalf("local dedupe found %d clusters, the data plants at least %d", len(members), minClusters)
	}
	for c, ms := range members {
		if !slices.Contains(ms, c) {
			t.Errorf("cluster %q is not named by a member's ID: members %q", c, ms)
		}
	}
	seen := 0
	for k := range shards {
		got := csvtest.Read(t, filepath.Join(dir, fmt.Sprintf("beam-%05d-of-%05d.csv", k, shards)))
		if n := len(got[0]) - 2; !slices.Equal(got[0][:n], head) {
			t.Fatalf("shard %d: header %q, local %q", k, got[0], head)
		}
		for i, g := range got[1:] {
			g = g[:len(g)-2]
			w, ok := byID[g[idCol]]
			if !ok {
				t.Fatalf("shard %d record %d: ID %q not in the input", k, i+1, g[idCol])
			}
			if !slices.Equal(g, w) {
				t.Errorf("ID %s:\nbeam  %q\nlocal %q", g[idCol], g, w)
			}
			seen++
		}
	}
	if seen != len(byID) {
		t.Errorf("beam wrote %d rows, local %d", seen, len(byID))
	}
}
