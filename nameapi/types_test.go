package nameapi

import (
	"encoding/json"
	"reflect"
	"testing"
)

func TestMarshalOmitsAbsentFields(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		in   any
		want string
	}{
		{name: "natural person with a name only",
			in:   &InputWithPerson{InputPerson: NewNaturalPerson(Field(FieldFullname, "Petra Müller"))},
			want: `{"inputPerson":{"type":"NaturalInputPerson","personName":{"nameFields":[{"string":"Petra Müller","fieldType":"FULLNAME"}]}}}`},
		{name: "context without properties sends an empty array",
			in:   &InputWithEmail{Context: &Context{Priority: PriorityRealtime}, EmailAddress: "a@b.c"},
			want: `{"context":{"priority":"REALTIME","properties":[]},"emailAddress":"a@b.c"}`},
		{name: "nationalities nil is absent",
			in:   NewNaturalPerson(),
			want: `{"type":"NaturalInputPerson"}`},
		{name: "nationalities empty is an empty list",
			in:   &InputPerson{Type: TypeNaturalInputPerson, Nationalities: []string{}, NativeLanguages: []string{}},
			want: `{"type":"NaturalInputPerson","nationalities":[],"nativeLanguages":[]}`},
		{name: "birth year range with an open end",
			in:   NewBirthYearRange(1950, 0),
			want: `{"type":"BirthYearRange","yearRange":{"startIncluding":1950}}`},
		{name: "null age info",
			in:   &AgeInfo{Type: TypeNullAgeInfo},
			want: `{"type":"NullAgeInfo"}`},
		{name: "legal person",
			in:   NewLegalPerson(Field(FieldLegalName, "Google"), Field(FieldLegalForm, "Inc.")),
			want: `{"type":"LegalInputPerson","personName":{"nameFields":[{"string":"Google","fieldType":"LEGAL_NAME"},{"string":"Inc.","fieldType":"LEGAL_FORM"}]}}`},
		{name: "matcher with one person",
			in:   &InputWithTwoPeople{InputPerson1: NewNaturalPerson()},
			want: `{"inputPerson1":{"type":"NaturalInputPerson"}}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := json.Marshal(tt.in)
			if err != nil {
				t.Fatal(err)
			}
			if string(got) != tt.want {
				t.Errorf("got  %s\nwant %s", got, tt.want)
			}
		})
	}
}

// TestGoldenRequestsRoundTrip decodes every golden request (as the server
// package will) and marshals it back to the same JSON.
func TestGoldenRequestsRoundTrip(t *testing.T) {
	t.Parallel()
	files := map[string]func() any{
		"parser_request.json":          func() any { return &InputWithPerson{} },
		"genderizer_request.json":      func() any { return &InputWithPerson{} },
		"risk_request.json":            func() any { return &InputWithPerson{} },
		"matcher_request.json":         func() any { return &InputWithTwoPeople{} },
		"formatter_request.json":       func() any { return &PersonNameFormatterInput{} },
		"emailnameparser_request.json": func() any { return &InputWithEmail{} },
	}
	for file, mk := range files {
		t.Run(file, func(t *testing.T) {
			golden := readTestdata(t, file)
			v := mk()
			if err := json.Unmarshal(golden, v); err != nil {
				t.Fatal(err)
			}
			out, err := json.Marshal(v)
			if err != nil {
				t.Fatal(err)
			}
			assertJSONEqual(t, out, golden)
		})
	}
	var in InputWithPerson
	if err := json.Unmarshal(readTestdata(t, "parser_request.json"), &in); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(&in, parserInput()) {
		t.Errorf("decoded golden request differs from the Go input\ngot  %+v\nwant %+v", in.InputPerson, parserInput().InputPerson)
	}
}

func TestDecodeTolerance(t *testing.T) {
	t.Parallel()
	t.Run("ageInfo alias", func(t *testing.T) {
		var p InputPerson
		if err := json.Unmarshal([]byte(`{"type":"NaturalInputPerson","ageInfo":{"type":"BirthYear","year":1980}}`), &p); err != nil {
			t.Fatal(err)
		}
		if p.Age == nil || *p.Age != *NewBirthYear(1980) {
			t.Errorf("age = %+v", p.Age)
		}
		// "age" wins over "ageInfo".
		if err := json.Unmarshal([]byte(`{"type":"NaturalInputPerson","age":{"type":"BirthYear","year":1990},"ageInfo":{"type":"BirthYear","year":1980}}`), &p); err != nil {
			t.Fatal(err)
		}
		if p.Age.Year != 1990 {
			t.Errorf("age year = %d, want 1990", p.Age.Year)
		}
	})
	t.Run("explicit nulls as the PHP client sends them", func(t *testing.T) {
		var in InputWithPerson
		doc := `{"context":{"priority":"REALTIME","place":null,"textCase":null,"properties":null},
			"inputPerson":{"type":"NaturalInputPerson","personName":{"nameFields":[{"string":"Petra","fieldType":"GIVENNAME"}]},
			"gender":null,"age":null,"addresses":null,"nationalities":null,"emailAddresses":null}}`
		if err := json.Unmarshal([]byte(doc), &in); err != nil {
			t.Fatal(err)
		}
		p := in.InputPerson
		if p.Gender != "" || p.Age != nil || p.Addresses != nil || p.Nationalities != nil || in.Context.Place != "" {
			t.Errorf("nulls not read as absent: %+v", p)
		}
	})
	t.Run("nationalities nil vs empty", func(t *testing.T) {
		var absent, empty InputPerson
		_ = json.Unmarshal([]byte(`{"type":"NaturalInputPerson"}`), &absent)
		_ = json.Unmarshal([]byte(`{"type":"NaturalInputPerson","nationalities":[]}`), &empty)
		if absent.Nationalities != nil || empty.Nationalities == nil || len(empty.Nationalities) != 0 {
			t.Errorf("absent = %#v, empty = %#v", absent.Nationalities, empty.Nationalities)
		}
	})
	t.Run("risk type forms", func(t *testing.T) {
		tests := map[string]RiskType{
			`"PLACEHOLDER"`:             RiskPlaceholder,
			`["FakeRiskType","FAMOUS"]`: RiskFamous,
			`{"value":"HUMOROUS"}`:      RiskHumorous,
			`{"type":"DisguiseRiskType","name":"STUTTER_TYPING"}`: RiskStutterTyping,
			`null`:            "",
			`"SOMETHING_NEW"`: "SOMETHING_NEW",
		}
		for in, want := range tests {
			var r DetectedRisk
			if err := json.Unmarshal([]byte(`{"dataItem":"NAME","riskType":`+in+`}`), &r); err != nil {
				t.Errorf("%s: %v", in, err)
				continue
			}
			if r.RiskType != want {
				t.Errorf("%s: got %q, want %q", in, r.RiskType, want)
			}
		}
		out, _ := json.Marshal(DetectedRisk{DataItem: DataItemName, RiskType: RiskPadding})
		if string(out) != `{"dataItem":"NAME","riskType":"PADDING","riskScore":0,"reason":""}` {
			t.Errorf("marshal: %s", out)
		}
	})
}
