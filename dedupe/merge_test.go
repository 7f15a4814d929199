package dedupe

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/namepipe/namepipe/mapping"
	"github.com/namepipe/namepipe/readers"
	"github.com/namepipe/namepipe/record"
)

// collect is a writers.Writer that keeps what it is given.
type collect struct{ recs [][]record.Value }

func (c *collect) Write(_ context.Context, recs []record.Record) error {
	for _, r := range recs {
		c.recs = append(c.recs, r.Values)
	}
	return nil
}
func (c *collect) Commit() error { return nil }
func (c *collect) Abort() error  { return nil }

// mergeData has one person three times (IDs 7, 10, 12) among 300
// distinct people.
func mergeData() string {
	var b strings.Builder
	b.WriteString("id,given_name,surname,email,phone,birth_date,street,postal_code,city,updated,note,tier\n")
	b.WriteString("10,Anna,Berger,anna.berger@example.net,+49 30 5550101,1980-04-05,Hauptstraße 1,10115,Berlin,2020-01-01,,silver\n")
	b.WriteString("7,Anna,Berger,anna.berger@example.net,+49 30 5550101,1980-04-05,,,,2023-06-01,vip,gold\n")
	b.WriteString("12,Anna,Berger,anna.berger@example.net,,1980-04-05,Hauptstr. 1,10115,Berlin,2021-03-03,vip customer,silver\n")
	given := []string{"Ben", "Clara", "David", "Eva", "Felix", "Greta", "Hugo", "Ida", "Jonas", "Kira", "Leon", "Mia"}
	sur := []string{"Abel", "Brandt", "Conrad", "Dietz", "Engel", "Frank", "Graf", "Horn", "Imhof", "Jung", "Kraus", "Lorenz", "Maurer"}
	for i := range 300 {
		g, s := given[i%len(given)], sur[(i/len(given))%len(sur)]
		fmt.Fprintf(&b, "%d,%s,%s,%s.%s%d@example.org,+49 40 %d,19%02d-0%d-1%d,Weg %d,20%03d,Hamburg,2022-01-01,,\n",
			100+i, g, s, strings.ToLower(g), strings.ToLower(s), i, 1000000+i*7919%8999999, 40+i%60, 1+i%9, i%9, i, i)
	}
	return b.String()
}

// TestMergeRules: each survivorship rule picks the value it says, from
// the right member; rows without duplicates pass through.
func TestMergeRules(t *testing.T) {
	t.Parallel()
	data := mergeData()
	for _, c := range []struct {
		name, merge string
		want        map[string]string // column → merged value
	}{
		{"default most_complete, survivor smallest_id", "{}",
			map[string]string{"street": "Hauptstraße 1", "note": "vip customer", "np_survivor_id": "7", "tier": "silver"}},
		{"first", "{default: first}",
			map[string]string{"street": "Hauptstraße 1", "note": "vip", "tier": "gold", "phone": "+49 30 5550101"}},
		{"most_frequent", "{columns: {tier: most_frequent}}", map[string]string{"tier": "silver"}},
		{"longest", "{columns: {note: longest, street: longest}}", map[string]string{"note": "vip customer", "street": "Hauptstraße 1"}},
		{"newest", "{dateColumn: updated, columns: {street: newest, note: newest}}", map[string]string{"street": "Hauptstr. 1", "note": "vip"}},
		{"oldest", "{dateColumn: updated, default: oldest}", map[string]string{"street": "Hauptstraße 1", "note": "vip customer", "tier": "silver"}},
		{"from_survivor newest", "{survivor: newest, dateColumn: updated, default: from_survivor}",
			map[string]string{"street": "", "note": "vip", "tier": "gold", "np_survivor_id": "7"}},
		{"from_survivor oldest", "{survivor: oldest, dateColumn: updated, columns: {note: from_survivor}}",
			map[string]string{"note": "", "np_survivor_id": "10"}},
		{"from_survivor most_complete", "{survivor: most_complete, default: from_survivor}",
			map[string]string{"street": "Hauptstraße 1", "note": "", "np_survivor_id": "10"}},
		{"from_survivor smallest_id", "{survivor: smallest_id, columns: {street: from_survivor}}",
			map[string]string{"street": "", "np_survivor_id": "7"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			cfgText := strings.Replace(fmt.Sprintf(dupgenConfig, ""), "idColumn: id}", "idColumn: id, merge: "+c.merge+"}", 1)
			cfg, err := mapping.Parse([]byte(cfgText), "test.yaml")
			if err != nil {
				t.Fatal(err)
			}
			res, err := runConfig(t, cfgText, data, Options{})
			if err != nil {
				t.Fatal(err)
			}
			rd, err := readers.Open(context.Background(), writeFile(t, t.TempDir(), "in.csv", data), readers.Options{Format: "csv"})
			if err != nil {
				t.Fatal(err)
			}
			defer rd.Close()
			g, err := NewMerger(rd.Schema(), cfg.Dedupe.Merge, "np_")
			if err != nil {
				t.Fatal(err)
			}
			var w collect
			if err := g.Write(context.Background(), rd, &w, res); err != nil {
				t.Fatal(err)
			}
			if len(w.recs) != 301 {
				t.Fatalf("%d merged rows, want 301 (one cluster of 3, 300 singletons)", len(w.recs))
			}
			names := g.Schema().Names()
			var got map[string]string
			for _, vals := range w.recs {
				row := map[string]string{}
				for i, v := range vals {
					row[names[i]] = record.Format(v, record.String)
				}
				if row["np_cluster_size"] == "3" {
					got = row
				} else if row["np_survivor_id"] != row["id"] || row["np_member_ids"] != row["id"] || row["np_cluster_size"] != "1" {
					t.Errorf("singleton %v", row)
				}
			}
			if got == nil {
				t.Fatal("no merged cluster of 3")
			}
			if got["np_member_ids"] != "7,10,12" {
				t.Errorf("members %q, want 7,10,12", got["np_member_ids"])
			}
			for col, want := range c.want {
				if got[col] != want {
					t.Errorf("%s = %q, want %q", col, got[col], want)
				}
			}
		})
	}
}

func TestMergeUnknownColumn(t *testing.T) {
	t.Parallel()
	s := record.Schema{Fields: []record.Field{{Name: "id"}, {Name: "name"}}}
	cfg, err := mapping.Parse([]byte(strings.Replace(fmt.Sprintf(dupgenConfig, ""), "idColumn: id}", "idColumn: id, merge: {columns: {nmae: longest}}}", 1)), "t.yaml")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := NewMerger(s, cfg.Dedupe.Merge, "np_"); err == nil || !strings.Contains(err.Error(), `no column "nmae"`) {
		t.Errorf("error %v", err)
	}
}
