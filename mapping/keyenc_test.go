package mapping

import (
	"bytes"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/namepipe/namepipe/nameapi"
)

// fill sets every field reachable from v to a non-zero value: strings to
// "a", numbers to 1, pointers allocated, slices of one element.
func fill(v reflect.Value) {
	switch v.Kind() {
	case reflect.String:
		v.SetString("a")
	case reflect.Int32, reflect.Int, reflect.Int64:
		v.SetInt(1)
	case reflect.Bool:
		v.SetBool(false)
	case reflect.Pointer:
		v.Set(reflect.New(v.Type().Elem()))
		fill(v.Elem())
	case reflect.Slice:
		v.Set(reflect.MakeSlice(v.Type(), 1, 1))
		fill(v.Index(0))
	case reflect.Struct:
		for i := 0; i < v.NumField(); i++ {
			fill(v.Field(i))
		}
	default:
		panic(fmt.Sprintf("fill: unhandled kind %v", v.Kind()))
	}
}

// mutation changes the value at one place of a filled value.
type mutation struct {
	path string
	do   func(v reflect.Value)
}

// mutations lists, for every leaf, pointer and slice reachable from a
// filled value of type t, the changes that must change its key encoding.
func mutations(t reflect.Type, path string, at func(reflect.Value) reflect.Value) []mutation {
	var out []mutation
	switch t.Kind() {
	case reflect.String:
		out = append(out, mutation{path, func(v reflect.Value) { at(v).SetString("b") }},
			mutation{path + "=empty", func(v reflect.Value) { at(v).SetString("") }})
	case reflect.Int32, reflect.Int, reflect.Int64:
		out = append(out, mutation{path, func(v reflect.Value) { at(v).SetInt(2) }},
			mutation{path + "=0", func(v reflect.Value) { at(v).SetInt(0) }})
	case reflect.Bool:
		out = append(out, mutation{path, func(v reflect.Value) { at(v).SetBool(true) }})
	case reflect.Pointer:
		out = append(out, mutation{path + "=nil", func(v reflect.Value) { at(v).SetZero() }})
		out = append(out, mutations(t.Elem(), path, func(v reflect.Value) reflect.Value { return at(v).Elem() })...)
	case reflect.Slice:
		out = append(out, mutation{path + "=nil", func(v reflect.Value) { at(v).SetZero() }},
			mutation{path + "+1", func(v reflect.Value) {
				s := at(v)
				e := reflect.New(t.Elem()).Elem()
				fill(e)
				s.Set(reflect.Append(s, e))
			}})
		out = append(out, mutations(t.Elem(), path+"[0]", func(v reflect.Value) reflect.Value { return at(v).Index(0) })...)
	case reflect.Struct:
		for i := 0; i < t.NumField(); i++ {
			f := t.Field(i)
			out = append(out, mutations(f.Type, path+"."+f.Name, func(v reflect.Value) reflect.Value { return at(v).Field(i) })...)
		}
	}
	return out
}

// TestKeyEncodingCoversEveryField changes every field of the request
// types, one at a time, and checks that the key encoding changes: a field
// added to a nameapi input type without being added to keyEnc fails here.
func TestKeyEncodingCoversEveryField(t *testing.T) {
	type input struct {
		Context *nameapi.Context
		Person  *nameapi.InputPerson
	}
	encode := func(in *input) []byte {
		e := &keyEnc{}
		e.context(in.Context)
		e.person(in.Person, nameAsIs)
		return e.b
	}
	// Context.Properties: nil and empty are sent alike ([]), so they may
	// share a key; every other change must show.
	sameAllowed := map[string]bool{".Context.Properties=nil": true}
	base := &input{}
	fill(reflect.ValueOf(base).Elem())
	want := encode(base)
	ms := mutations(reflect.TypeOf(input{}), "", func(v reflect.Value) reflect.Value { return v })
	if len(ms) < 100 {
		t.Fatalf("only %d mutations: the walk is broken", len(ms))
	}
	for _, m := range ms {
		in := &input{}
		fill(reflect.ValueOf(in).Elem())
		m.do(reflect.ValueOf(in).Elem())
		if got := encode(in); bytes.Equal(got, want) && !sameAllowed[m.path] {
			t.Errorf("changing %s does not change the key encoding", m.path)
		}
	}
}

// TestKeyEncodingNoAmbiguity checks that values cannot run into their
// neighbours: moving text from one field to the next changes the encoding.
func TestKeyEncodingNoAmbiguity(t *testing.T) {
	enc := func(p *nameapi.InputPerson) string {
		e := &keyEnc{}
		e.person(p, nameAsIs)
		return string(e.b)
	}
	pairs := [][2]*nameapi.InputPerson{
		{{Type: "ab", Gender: ""}, {Type: "a", Gender: "b"}},
		{{Nationalities: []string{"ab"}}, {Nationalities: []string{"a", "b"}}},
		{{Nationalities: []string{}}, {Nationalities: nil}},
		{{Nationalities: []string{"a"}}, {NativeLanguages: []string{"a"}}},
	}
	for i, p := range pairs {
		if enc(p[0]) == enc(p[1]) {
			t.Errorf("pair %d: %+v and %+v share an encoding", i, p[0], p[1])
		}
	}
}

// TestKeyNameNormalisation checks the collapsed and folded name texts
// against the strings.Fields and strings.ToLower definitions.
func TestKeyNameNormalisation(t *testing.T) {
	for _, s := range []string{"", " ", "Petra", "  Petra \t Müller ", "ÉMILE\u00a0ZOLA", "a\u2003b", "x\xffY  Z", "İstanbul ẞ", "Ω"} {
		for _, norm := range []nameNorm{nameCollapse, nameFold} {
			e := &keyEnc{b: []byte("prefix")}
			e.nameText(s, norm)
			want := joinFields(s)
			if norm == nameFold {
				want = lower(want)
			}
			w := &keyEnc{b: []byte("prefix")}
			w.str(want)
			if !bytes.Equal(e.b, w.b) {
				t.Errorf("nameText(%q, %d) = %q, want %q", s, norm, e.b, w.b)
			}
		}
	}
}

func joinFields(s string) string { return strings.Join(strings.Fields(s), " ") }
func lower(s string) string      { return strings.ToLower(s) }
