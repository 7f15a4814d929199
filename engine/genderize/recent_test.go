package genderize

import (
	"math/rand/v2"
	"os"
	"reflect"
	"strings"
	"testing"

	"github.com/namepipe/namepipe/internal/benchcpu"
	"github.com/namepipe/namepipe/nameapi"
)

// TestRecentNames checks that ForPerson answers the same whether or not
// PersonGender remembered the names before, in any place, with or without
// an input gender, and that a remembered NEUTRAL answer's male proportion
// is the caller's own.
func TestRecentNames(t *testing.T) {
	t.Parallel()
	tests := []struct {
		given   []string
		surname string
		sal     string
		ctx     *nameapi.Context
		gender  string
	}{
		{[]string{"Peter"}, "Müller", "", &nameapi.Context{Place: "DE"}, ""},
		{[]string{"Andrea"}, "Conti", "", &nameapi.Context{Place: "IT"}, "F"},
		{[]string{"Andrea"}, "Conti", "", &nameapi.Context{Place: "DE"}, ""},
		{[]string{"Kim"}, "", "", nil, ""},
		{[]string{"Sasha"}, "Ivanova", "", nil, "M"},
		{[]string{"Maria", "José"}, "García", "Sr.", &nameapi.Context{Place: "ES"}, ""},
		{[]string{"Thị", "Minh Khai"}, "Nguyễn", "", nil, ""},
		{[]string{"A", "B", "C"}, "D", "", nil, ""},
	}
	for _, tt := range tests {
		p := &nameapi.InputPerson{Type: nameapi.TypeNaturalInputPerson, Gender: tt.gender}
		fresh := realGenderizer(t).ForPerson(tt.given, tt.surname, tt.sal, tt.ctx, p)
		e := realGenderizer(t)
		e.PersonGender(tt.given, tt.surname, tt.sal, tt.ctx, &nameapi.InputPerson{Type: nameapi.TypeNaturalInputPerson}, nil)
		got := e.ForPerson(tt.given, tt.surname, tt.sal, tt.ctx, p)
		if !reflect.DeepEqual(got, fresh) {
			t.Errorf("%v %s in %v: after PersonGender %+v, want %+v", tt.given, tt.surname, tt.ctx, got, fresh)
		}
		if got.MaleProportion != nil {
			*got.MaleProportion = -1
			if again := e.ForPerson(tt.given, tt.surname, tt.sal, tt.ctx, p); !reflect.DeepEqual(again, fresh) {
				t.Errorf("%v: a caller's change of the male proportion changed the next answer: %+v", tt.given, again)
			}
		}
	}
}

// BenchmarkRecent measures what the recent names save: a row of a
// pipeline with parse and genderize has the parser genderize the person
// (PersonGender), then the genderizer asked for the same names
// (ForPerson). "recent" is the Genderizer as it is; "none" one without
// recent names, which looks the names up again. The people are the gender
// evaluation set's given names with its countries and the parse set's
// surnames, 20,000 of them, each row new to the genderizer's table.
func BenchmarkRecent(b *testing.B) {
	people := benchPeople(b, 20000)
	for _, mode := range []string{"recent", "none"} {
		b.Run(mode, func(b *testing.B) {
			e := realGenderizer(b)
			if mode == "none" {
				e.recent = nil
			}
			in := &nameapi.InputPerson{Type: nameapi.TypeNaturalInputPerson}
			mems := make([]Memory, len(people))
			b.ReportAllocs()
			cpu0, cpuOK := benchcpu.Process()
			i := 0
			for b.Loop() {
				p := &people[i]
				e.PersonGender(p.given, p.surname, "", p.ctx, in, &mems[i])
				e.ForPerson(p.given, p.surname, "", p.ctx, in)
				if i++; i == len(people) {
					i = 0
				}
			}
			if cpu1, _ := benchcpu.Process(); cpuOK {
				b.ReportMetric(float64((cpu1-cpu0).Nanoseconds())/float64(b.N), "cpu-ns/op")
			}
		})
	}
}

type benchPerson struct {
	given   []string
	surname string
	ctx     *nameapi.Context
}

// benchPeople returns n people of the evaluation sets' names.
func benchPeople(b *testing.B, n int) []benchPerson {
	b.Helper()
	var givens, places, surnames []string
	for _, r := range readTSV(b, "../testdata/gender-eval.tsv") {
		givens, places = append(givens, r[0]), append(places, r[1])
	}
	for _, r := range readTSV(b, "../testdata/names_eval.tsv") {
		if r[2] != "" {
			surnames = append(surnames, r[2])
		}
	}
	rnd := rand.New(rand.NewPCG(3, 5))
	out := make([]benchPerson, n)
	for i := range out {
		g := rnd.IntN(len(givens))
		out[i] = benchPerson{[]string{givens[g]}, surnames[rnd.IntN(len(surnames))], &nameapi.Context{Place: places[g]}}
	}
	return out
}

// readTSV returns the tab-separated fields of the lines of a file that are
// not comments.
func readTSV(b *testing.B, path string) [][]string {
	b.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		b.Fatal(err)
	}
	var out [][]string
	for line := range strings.Lines(string(data)) {
		if line = strings.TrimRight(line, "\r\n"); line != "" && !strings.HasPrefix(line, "#") {
			out = append(out, strings.Split(line, "\t"))
		}
	}
	return out
}
