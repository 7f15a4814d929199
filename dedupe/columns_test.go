package dedupe

import (
	"bytes"
	"encoding/csv"
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
	"testing"

	"github.com/namepipe/namepipe/config"
	"github.com/namepipe/namepipe/mapping"
	"github.com/namepipe/namepipe/record"
)

// withColumn appends a column named name to CSV data, its value for each
// row made by val from the row's cells (by header name).
func withColumn(t *testing.T, data, name string, val func(row map[string]string, i int) string) string {
	t.Helper()
	recs, err := csv.NewReader(strings.NewReader(data)).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	w := csv.NewWriter(&buf)
	for i, r := range recs {
		if i == 0 {
			_ = w.Write(append(r, name))
			continue
		}
		row := map[string]string{}
		for k, h := range recs[0] {
			row[h] = r[k]
		}
		_ = w.Write(append(r, val(row, i)))
	}
	w.Flush()
	return buf.String()
}

// pairsTable writes res's pairs file and reads it back.
func pairsTable(t *testing.T, res *Result) (head map[string]int, rows [][]string) {
	t.Helper()
	var buf bytes.Buffer
	if err := res.WritePairs(&buf); err != nil {
		t.Fatal(err)
	}
	recs, err := csv.NewReader(&buf).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	head = map[string]int{}
	for i, h := range recs[0] {
		head[h] = i
	}
	return head, recs[1:]
}

// TestMadeUpComparison adds a field the way a real one is added: one
// Comparison value (its levels with labels and prior m, its comparator,
// the column it reads), here a shoe size that duplicates share, passed
// to Run with no other change to the package. EM learns its weights, the
// pairs file carries its level and term (which still add up to the match
// weight), --explain and the reasons name it.
func TestMadeUpComparison(t *testing.T) {
	t.Parallel()
	data := withColumn(t, dupgen10k(t), "shoe", func(row map[string]string, i int) string {
		e, _ := strconv.Atoi(row["entity"])
		if i%11 == 0 {
			return "" // missing now and then
		}
		return strconv.Itoa(36 + e*7%13)
	})
	shoe := Comparison{
		Name: "shoe_size", Column: "shoe",
		Levels: levels([]string{"missing", "same", "one_off", "other"}, []float64{0, 0.8, 0.1, 0.1}),
		CompareText: func(a, b string) Level {
			x, _ := strconv.Atoi(a)
			y, _ := strconv.Atoi(b)
			switch {
			case x == y:
				return Equal
			case x-y == 1 || y-x == 1:
				return Close
			}
			return Different
		},
	}
	res, err := runConfig(t, fmt.Sprintf(dupgenConfig, ""), data, Options{Extra: []Comparison{shoe}})
	if err != nil {
		t.Fatal(err)
	}
	m := &res.Model
	f := numFields // the first extra slot
	if m.FieldName(f) != "shoe_size" || m.LevelName(f, Equal) != "same" {
		t.Fatalf("extra field named %q, level %q", m.FieldName(f), m.LevelName(f, Equal))
	}
	if w := math.Log2(m.M[f][Equal] / m.U[f][Equal]); w < 2 {
		t.Errorf("shoe_size=same weighs %.2f: EM did not learn that duplicates share it (m %v u %v)", w, m.M[f], m.U[f])
	}
	if w := math.Log2(m.M[f][Different] / m.U[f][Different]); w > -1 {
		t.Errorf("shoe_size=other weighs %.2f, want clearly negative", w)
	}
	var ex bytes.Buffer
	if err := m.Explain(&ex); err != nil || !strings.Contains(ex.String(), "shoe_size") || !strings.Contains(ex.String(), "one_off") {
		t.Errorf("explain (%v):\n%s", err, ex.String())
	}
	head, rows := pairsTable(t, res)
	for _, c := range []string{"shoe_size", "w_shoe_size", "w_prior", "w_name"} {
		if _, ok := head[c]; !ok {
			t.Fatalf("pairs file has no column %s: %v", c, head)
		}
	}
	same := 0
	for _, r := range rows {
		sum := 0.0
		for _, name := range m.TermNames() {
			x, err := strconv.ParseFloat(r[head[name]], 64)
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			sum += x
		}
		w, _ := strconv.ParseFloat(r[head["match_weight"]], 64)
		if math.Abs(sum-w) > 0.001 {
			t.Errorf("pair %s,%s: terms add up to %.4f, match_weight %.4f", r[0], r[1], sum, w)
		}
		if r[head["shoe_size"]] == "same" {
			same++
		}
	}
	if same < len(rows)/3 {
		t.Errorf("%d of %d pairs have shoe_size=same", same, len(rows))
	}
	found := false
	for i := range res.NumRows() {
		if strings.Contains(m.Reason(res.Row(i).Pattern), "shoe_size=same") {
			found = true
			break
		}
	}
	if !found {
		t.Error("no row's reason names shoe_size")
	}
}

// TestCompareColumns: dedupe.compare and dedupe.blockOn from a config. An
// occupation that only the duplicates share, compared exactly and
// blocked on, links planted duplicates whose names and other fields
// were all lost, which no built-in rule brings together.
//
// Without blockOn the same holds: a compared column blocks too.
func TestCompareColumns(t *testing.T) {
	t.Parallel()
	for _, blockOn := range []string{"\n  blockOn: [badge]", ""} {
		t.Run("blockOn="+strings.TrimSpace(blockOn), func(t *testing.T) { compareColumns(t, blockOn) })
	}
}

func compareColumns(t *testing.T, blockOn string) {
	t.Parallel()
	cfg := strings.Replace(testConfig, "dedupe: {names: local}",
		"dedupe:\n  names: local\n  compare: [{column: badge, kind: exact}, {column: joined, kind: date}]"+blockOn, 1)
	if cfg == testConfig {
		t.Fatal("testConfig has no line dedupe: {names: local}")
	}
	var b strings.Builder
	b.WriteString("name,email,phone,dob,street,city,badge,joined\n")
	given := []string{"Anna", "Ben", "Clara", "David", "Eva", "Felix", "Greta", "Hugo", "Ida", "Jonas", "Kira", "Leon"}
	sur := []string{"Abel", "Brandt", "Conrad", "Dietz", "Engel", "Frank", "Graf", "Horn", "Imhof", "Jung", "Kraus", "Lorenz", "Maurer"}
	for i := range 600 {
		g, s := given[i%len(given)], sur[(i/len(given))%len(sur)]
		badge := fmt.Sprintf("B-%05d", i*7919%99991)
		joined := fmt.Sprintf("20%02d-%02d-%02d", i%24, 1+i%12, 1+i%28)
		row := fmt.Sprintf("%s %s,%s.%s%d@example.org,+49 40 %d,19%02d-0%d-1%d,Weg %d,Hamburg,%s,%s\n",
			g, s, strings.ToLower(g), strings.ToLower(s), i, 1000000+i*7919%8999999, 40+i%60, 1+i%9, i%9, i, badge, joined)
		b.WriteString(row)
		if i%10 == 0 {
			// a duplicate with its name misspelt beyond recognition, no
			// email, phone, birth date or address, the badge in another
			// case and the joining date written another way
			fmt.Fprintf(&b, "Xq Zz,,,,,,%s,%s\n", strings.ToLower(badge), strings.NewReplacer("-", "/").Replace(joined[:4])+joined[4:])
		}
	}
	res, err := runConfig(t, cfg, b.String(), Options{})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Model.Extra) != 2 || res.Model.FieldName(numFields) != "badge" || res.Model.FieldName(numFields+1) != "joined" {
		t.Fatalf("extra fields %v", res.Model.Extra)
	}
	blocked := int64(-1)
	for _, rc := range res.Summary.PairsByRule {
		if rc.Rule == "columns" {
			blocked = rc.Pairs
		}
	}
	if blocked < 60 {
		t.Errorf("the blockOn rule compared %d pairs, want the 60 duplicates at least", blocked)
	}
	linked := 0
	row := 0
	for i := range 600 {
		if i%10 == 0 {
			orig, dup := row, row+1
			if r := res.Row(dup); r.Match == int32(orig) && strings.Contains(res.Model.Reason(r.Pattern), "badge=close") {
				linked++
			}
			row += 2
		} else {
			row++
		}
	}
	if linked < 55 {
		t.Errorf("%d of 60 duplicates found their original through badge", linked)
	}
}

func TestColumnKinds(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		kind, a, b string
		want       Level
	}{
		{config.CompareExact, "Nurse", "Nurse", Equal},
		{config.CompareExact, "Nurse", "nurse ", Close},
		{config.CompareExact, "Dr. Müller", "dr muller", Close},
		{config.CompareExact, "Nurse", "Nurses", Different},
		{config.CompareText, "New York", "new  york", Equal},
		{config.CompareText, "Springfeld", "Springfield", Close},
		{config.CompareText, "Greater London", "London Greater area", Close},
		{config.CompareText, "Paris", "Lyon", Different},
		{config.CompareNumber, "1000", "1 000", Equal},
		{config.CompareNumber, "1000", "1005", Close},
		{config.CompareNumber, "12345", "12845", Close},
		{config.CompareNumber, "3,5", "3.5", Equal},
		{config.CompareNumber, "100", "200", Different},
		{config.CompareNumber, "n/a", "N/A", Close},
		{config.CompareDate, "2020-03-04", "04.03.2020", Equal},
		{config.CompareDate, "2020-03-04", "2020-04-03", Close},
		{config.CompareDate, "2020-03-04", "2021-03-04", Close},
		{config.CompareDate, "2020-03-04", "2020-03-05", Close},
		{config.CompareDate, "2020-03-04", "1999-11-21", Different},
		{config.CompareDate, "1856", "1856", Equal},
		{config.CompareDate, "1856", "1856-03-12", Close},
		{config.CompareDate, "1856-03", "12.03.1856", Close},
		{config.CompareDate, "03/1856", "1856-03", Equal},
		{config.CompareDate, "1856-03", "1856-07-12", Different},
		{config.CompareDate, "1856", "1857-03-12", Different},
	} {
		cmp, err := ColumnComparison("x", c.kind)
		if err != nil {
			t.Fatal(err)
		}
		if got := cmp.CompareText(c.a, c.b); got != c.want {
			t.Errorf("%s %q vs %q: %s, want %s", c.kind, c.a, c.b, extraLevels[got].Label, extraLevels[c.want].Label)
		}
	}
	if _, err := ColumnComparison("x", "fuzzy"); err == nil {
		t.Error("kind fuzzy accepted")
	}
}

// TestColumnConfigErrors: dedupe.compare and dedupe.blockOn problems are
// config errors at their lines, before any work.
func TestColumnConfigErrors(t *testing.T) {
	t.Parallel()
	base := "input: {path: in.csv}\noutput: {path: out.csv}\nperson: {fullName: name}\noperations: [parse]\ndedupe:\n"
	for _, c := range []struct{ name, dedupe, want string }{
		{"kind", "  compare:\n    - {column: job, kind: fuzzy}\n", `test.yaml:7: dedupe.compare[0].kind: "fuzzy": must be exact, text, number or date`},
		{"no column", "  compare:\n    - {kind: text}\n", `test.yaml:7: dedupe.compare[0].column: is required`},
		{"twice", "  compare:\n    - {column: job}\n    - {column: job}\n", `test.yaml:8: dedupe.compare[1].column: column "job" is compared twice`},
		{"too many", "  compare: [{column: a}, {column: b}, {column: c}, {column: d}]\n", `test.yaml:6: dedupe.compare: has 4 entries; at most 3`},
		{"blockOn empty", "  blockOn: [job, '']\n", `test.yaml:6: dedupe.blockOn[1]: a column name is empty`},
	} {
		_, err := mapping.Parse([]byte(base+c.dedupe), "test.yaml")
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want %q", c.name, err, c.want)
		}
	}
	cfg, err := mapping.Parse([]byte(base+"  compare:\n    - {column: ocupation}\n  blockOn:\n    - city\n"), "test.yaml")
	if err != nil {
		t.Fatal(err)
	}
	in := record.Schema{Fields: []record.Field{{Name: "name", Type: record.String}, {Name: "occupation", Type: record.String}}}
	err = CheckColumns(cfg.Dedupe, in, cfg.File(), cfg.Line)
	var errs config.Errors
	if !errors.As(err, &errs) || len(errs) != 2 {
		t.Fatalf("CheckColumns: %v", err)
	}
	for i, want := range []string{`test.yaml:7: dedupe.compare[0].column: column "ocupation" is not in the input (did you mean "occupation"?)`,
		`test.yaml:9: dedupe.blockOn[0]: column "city" is not in the input`} {
		if errs[i].Error() != want {
			t.Errorf("error %d: %q, want %q", i, errs[i].Error(), want)
		}
	}
}
