package genderize

import (
	"reflect"
	"testing"

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
