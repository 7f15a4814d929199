package mapping

import (
	"testing"

	"github.com/namepipe/namepipe/nameapi"
	"github.com/namepipe/namepipe/record"
)

// TestKeysPinned pins the request keys of two rows, for every operation,
// to the values the k2 scheme gave before the operations became
// descriptors: a persistent cache written by an earlier build must still
// be found. A change here invalidates every user's cache; if it is
// deliberate, bump keyVersion instead of editing the values.
func TestKeysPinned(t *testing.T) {
	t.Parallel()
	cfg, err := Load("../configs/example.yaml")
	if err != nil {
		t.Fatal(err)
	}
	p, err := NewPlan(cfg, schemaOf(customerCols...))
	if err != nil {
		t.Fatal(err)
	}
	sample, err := p.Build(&record.Record{Index: 1, Line: 2, Values: []record.Value{"1", "Lucía Sánchez", "Lucía", "Sánchez", nil,
		"lucia.sanchez1994@hotmail.es", "+34 91 4377433", "1983-08-22", "ES", "Calle Mayor 68", "28013", "Madrid", "F"}})
	if err != nil {
		t.Fatal(err)
	}
	spaced := &Request{
		Person: &nameapi.InputPerson{Type: nameapi.TypeNaturalInputPerson, PersonName: &nameapi.InputPersonName{
			NameFields: []nameapi.NameField{nameapi.Field(nameapi.FieldFullname, " Petra  Müller ")}}},
		Context: &nameapi.Context{Place: "DE", Language: "de"},
		Emails:  OpEmails{{OpDisposable, "P@Mailinator.com"}, {OpEmailName, "Petra.M@Mailinator.COM"}, {OpClassify, "p@mailinator.com"}},
	}
	tests := []struct {
		name string
		req  *Request
		want map[Op]string
	}{
		{"example row", sample, map[Op]string{
			OpParse:      "parse:k2:a2c25940145cfdec1b191830ad9da869fe1d944265ac659c8a436fedc6981720",
			OpGenderize:  "genderize:k2:64a545ce8eca8de2affd614455d3ee0f4388522d04a85048df6c78bebd3446eb",
			OpRisk:       "risk:k2:ea4b6b19ac8de10aca210a569bff288991c322932f0c7c4ec869187047114e4f",
			OpDisposable: "disposable:k2:5128f7f959ef12806e82e1fc4b6879f12950993c54e020adb3eeed07dd50cfd9",
			OpEmailName:  "emailname:k2:6fa92640e9bb32d3cb25931739d9787550f3b10d5001b4e5e85ec74fc22d0db0",
			OpFormat:     "format:k2:a2c25940145cfdec1b191830ad9da869fe1d944265ac659c8a436fedc6981720",
			OpClassify:   "classify:k2:90f637c9f6143f1be72c83077e29d3a8bc3744edf854c8c1dd495a5757844a4d",
		}},
		{"context, blanks and case", spaced, map[Op]string{
			OpParse:      "parse:k2:742b3016fc46baee0c5c8cc2c9e1ec82fdb6e48c687d7248a69475088b63cc42",
			OpGenderize:  "genderize:k2:99bca6aa9fbab3177dce9ef4cb80d6e0ceb6c0bbdd81c5402ff1920fb2370119",
			OpRisk:       "risk:k2:ed3a70e1416160c87e90bc4a50a7b910ebbfb307832cdc1e10c5a7c137a8ea99",
			OpDisposable: "disposable:k2:ca947b603ebb53e3c01aafeefd29fdc6939e70c4312bf4abf805042cb4dc61ce",
			OpEmailName:  "emailname:k2:a552e492e5d499a89ea39221bbfe02618a49a8d4067c4fa0daeae8c539c81599",
			OpFormat:     "format:k2:742b3016fc46baee0c5c8cc2c9e1ec82fdb6e48c687d7248a69475088b63cc42",
			OpClassify:   "classify:k2:c104450ef26c8693d6b55dc0b226c9ae7879ee5e9745c0a4f621681340bbd31d",
		}},
	}
	for _, tc := range tests {
		for _, op := range AllOps {
			if got := tc.req.Key(op); got != tc.want[op] {
				t.Errorf("%s: Key(%s) = %s, want %s", tc.name, op, got, tc.want[op])
			}
		}
	}
}

// TestResultEncodingPinned pins the persistent cache's value encoding: an
// entry an earlier build wrote decodes to the same columns, and encoding
// gives the same bytes back.
func TestResultEncodingPinned(t *testing.T) {
	t.Parallel()
	const stored = `{"gender":"FEMALE","maleProportion":0.75,"confidence":0.9}`
	res, err := DecodeResult(OpGenderize, []byte(stored))
	if err != nil {
		t.Fatal(err)
	}
	v, ok := Genderizer.Value(res)
	if !ok || v.Gender != nameapi.GenderFemale || v.Confidence != 0.9 || v.MaleProportion == nil || *v.MaleProportion != 0.75 {
		t.Fatalf("decoded %+v (ok %v)", v, ok)
	}
	b, err := EncodeResult(OpGenderize, res)
	if err != nil || string(b) != stored {
		t.Errorf("EncodeResult = %s, %v; want %s", b, err, stored)
	}
	if _, err := EncodeResult(OpParse, res); err == nil {
		t.Error("a genderize result was encoded as a parse result")
	}
}
