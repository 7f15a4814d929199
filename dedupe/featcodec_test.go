package dedupe

import (
	"encoding"
	"fmt"
	"reflect"
	"slices"
	"testing"
	"unsafe"

	"github.com/namepipe/namepipe/nameapi"
)

// normalised returns f with empty slices as nil (the codec does not keep
// the difference, and no step looks at it).
func normalised(f Features) Features {
	v := reflect.ValueOf(&f).Elem()
	for i := range v.NumField() {
		fv := v.Field(i)
		if fv.Kind() == reflect.Slice && fv.Len() == 0 {
			fv = reflect.NewAt(fv.Type(), unsafe.Pointer(fv.UnsafeAddr())).Elem()
			fv.Set(reflect.Zero(fv.Type()))
		}
	}
	return f
}

func roundTrip(t *testing.T, f *Features, keys []blockKey) {
	t.Helper()
	rec := appendFeatures([]byte("junk before"), f, keys)[len("junk before"):]
	var got Features
	// decode into a used Features: its arrays are re-used, nothing leaks
	got.Tokens = []string{"left", "over", "words"}
	got.Given, got.Surname = got.Tokens[:1], got.Tokens[1:]
	got.Emails, got.Addr = []string{"x@y"}, []uint32{9, 9, 9, 9}
	gotKeys, err := decodeFeatures(rec, &got, []blockKey{{h: 1}})
	if err != nil {
		t.Fatalf("decode: %v", err)
	}
	if !reflect.DeepEqual(normalised(got), normalised(*f)) {
		t.Errorf("features round trip:\n got %#v\nwant %#v", normalised(got), normalised(*f))
	}
	if len(gotKeys) != len(keys) || len(keys) > 0 && !reflect.DeepEqual(gotKeys, keys) {
		t.Errorf("keys round trip: got %+v, want %+v", gotKeys, keys)
	}
	if onlyKeys, err := decodeKeys(rec, []blockKey{{h: 2}}); err != nil || len(onlyKeys) != len(keys) || len(keys) > 0 && !reflect.DeepEqual(onlyKeys, keys) {
		t.Errorf("decodeKeys: got %+v, %v, want %+v", onlyKeys, err, keys)
	}
	// the compare step: keys first, then the body alone
	var body Features
	body.Tokens = []string{"left", "over"}
	if err := decodeBodyString(string(rec), len(keys), &body); err != nil {
		t.Fatalf("decodeBodyString: %v", err)
	}
	if !reflect.DeepEqual(normalised(body), normalised(*f)) {
		t.Errorf("decodeBodyString:\n got %#v\nwant %#v", normalised(body), normalised(*f))
	}
	// the exported form: features alone
	data, err := f.AppendBinary([]byte{1, 2})
	if err != nil {
		t.Fatal(err)
	}
	data = data[2:]
	var pub Features
	if err := pub.UnmarshalBinary(data); err != nil {
		t.Fatalf("UnmarshalBinary: %v", err)
	}
	clear(data) // the features keep no reference to it
	if !reflect.DeepEqual(normalised(pub), normalised(*f)) {
		t.Errorf("AppendBinary/UnmarshalBinary round trip:\n got %#v\nwant %#v", normalised(pub), normalised(*f))
	}
}

var (
	_ encoding.BinaryAppender    = (*Features)(nil)
	_ encoding.BinaryUnmarshaler = (*Features)(nil)
)

func TestFeatCodecRoundTrip(t *testing.T) {
	t.Parallel()
	full := func(s string) []nameapi.NameField {
		return []nameapi.NameField{nameapi.Field(nameapi.FieldFullname, s)}
	}
	for _, p := range []*nameapi.InputPerson{
		nil,
		{},
		{PersonName: &nameapi.InputPersonName{NameFields: full("Dr. Noah von Watson")}},
		{PersonName: &nameapi.InputPersonName{NameFields: full("Watson, Noah")},
			EmailAddresses: []nameapi.EmailAddress{nameapi.NewEmailAddress("Noah.Watson+x@Gmail.com"), nameapi.NewEmailAddress("nw@x.de")},
			TelNumbers:     []nameapi.TelNumber{nameapi.NewTelNumber("+44 20 7946 0958")},
			Age:            nameapi.NewBirthDate(1985, 3, 12)},
		{PersonName: &nameapi.InputPersonName{NameFields: []nameapi.NameField{
			nameapi.Field(nameapi.FieldGivenname, "Zoë Ann"), nameapi.Field(nameapi.FieldSurname, "Müller-Lüdenscheidt")}},
			Addresses: []nameapi.AddressRelation{{Address: &nameapi.InputAddress{String: "Hauptstraße 1, 10115 Berlin"}}}},
		{PersonName: &nameapi.InputPersonName{NameFields: full("李小龙")}},
	} {
		t.Run(fmt.Sprint(p), func(t *testing.T) {
			f := Extract(123456, p)
			f.Ref = p != nil && p.Age != nil
			keys := BlockKeys(&f)
			for i := range keys {
				keys[i].size, keys[i].capped = uint32(i*1000+1), i%2 == 1
			}
			roundTrip(t, &f, keys)
		})
	}
}

// fill sets v (a field of Features) to a value that is not its zero,
// different for each seed.
func fill(t *testing.T, v reflect.Value, seed int) {
	switch v.Kind() {
	case reflect.Bool:
		v.SetBool(true)
	case reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64, reflect.Int:
		v.SetInt(int64(-1000 - seed))
	case reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uint:
		v.SetUint(uint64(0xfedcba9 + seed))
	case reflect.String:
		v.SetString(fmt.Sprintf("välue %d", seed))
	case reflect.Slice:
		s := reflect.MakeSlice(v.Type(), 2, 2)
		for i := range 2 {
			fill(t, s.Index(i), seed*10+i)
		}
		v.Set(s)
	case reflect.Struct:
		for i := range v.NumField() {
			fill(t, v.Field(i), seed*10+i)
		}
	default:
		t.Fatalf("the codec test cannot fill a %s: teach fill and the codec this field", v.Type())
	}
}

// TestFeatCodecCoversEveryField fills every field of Features (exported
// or not) with a distinct value and checks that it comes back: a field
// added to Features and not to the codec fails here.
func TestFeatCodecCoversEveryField(t *testing.T) {
	t.Parallel()
	var f Features
	v := reflect.ValueOf(&f).Elem()
	for i := range v.NumField() {
		fv := v.Field(i)
		fill(t, reflect.NewAt(fv.Type(), unsafe.Pointer(fv.UnsafeAddr())).Elem(), i+1)
	}
	roundTrip(t, &f, []blockKey{{h: 42, size: 7, rule: RuleEmail, capped: true}})
	// and each field alone, so that one field cannot hide in another's bytes
	for i := range v.NumField() {
		var g Features
		gv := reflect.ValueOf(&g).Elem().Field(i)
		fill(t, reflect.NewAt(gv.Type(), unsafe.Pointer(gv.UnsafeAddr())).Elem(), i+1)
		t.Run(v.Type().Field(i).Name, func(t *testing.T) { roundTrip(t, &g, nil) })
	}
}

func TestFeatCodecRejectsCorruptRecords(t *testing.T) {
	t.Parallel()
	f := Extract(7, &nameapi.InputPerson{PersonName: &nameapi.InputPersonName{NameFields: []nameapi.NameField{
		nameapi.Field(nameapi.FieldFullname, "Noah Watson")}}, EmailAddresses: []nameapi.EmailAddress{nameapi.NewEmailAddress("n@w.de")}})
	rec := appendFeatures(nil, &f, BlockKeys(&f))
	for _, tc := range []struct {
		name string
		rec  []byte
	}{
		{"empty", nil},
		{"cut", rec[:len(rec)-1]},
		{"trailing", append(append([]byte(nil), rec...), 0)},
		{"huge count", append(append([]byte(nil), rec[:len(rec)-12]...), 0xff, 0xff, 0xff, 0xff, 0x0f)},
	} {
		var g Features
		if _, err := decodeFeatures(tc.rec, &g, nil); err == nil {
			t.Errorf("%s: no error", tc.name)
		}
		if err := decodeBodyString(string(tc.rec), len(BlockKeys(&f)), &g); err == nil {
			t.Errorf("%s: decodeBodyString: no error", tc.name)
		}
		if len(tc.rec) > 2 {
			if err := g.UnmarshalBinary(tc.rec[2+keySize*len(BlockKeys(&f)):]); err == nil {
				t.Errorf("%s: UnmarshalBinary: no error", tc.name)
			}
		}
	}
}

// FuzzFeatCodec: rows built from arbitrary values come back unchanged,
// and arbitrary bytes decode to an error or to features, never a panic.
func FuzzFeatCodec(f *testing.F) {
	f.Add("Watson, Noah", "noah@x.de", "+44 20 7946 0958", int32(19850312), "High Street 5", []byte{0, 0, 1})
	f.Add("", "", "", int32(0), "", []byte{})
	f.Add("Dr. von der Müller", "a.b+c@d", "12345678901234567890", int32(19800000), "Weg 1 2 3", []byte{1, 0, 3, 0x80, 0x80})
	f.Fuzz(func(t *testing.T, name, email, phone string, birth int32, street string, junk []byte) {
		p := &nameapi.InputPerson{
			PersonName:     &nameapi.InputPersonName{NameFields: []nameapi.NameField{nameapi.Field(nameapi.FieldFullname, name)}},
			EmailAddresses: []nameapi.EmailAddress{nameapi.NewEmailAddress(email)},
			TelNumbers:     []nameapi.TelNumber{nameapi.NewTelNumber(phone)},
			Addresses:      []nameapi.AddressRelation{{Address: &nameapi.InputAddress{String: street}}},
		}
		if birth > 0 && birth < 99991231 {
			p.Age = nameapi.NewBirthDate(int(birth/10000), int(birth/100%100), int(birth%100))
		}
		ft := Extract(birth, p)
		keys := BlockKeys(&ft)
		if want := keysOfText(&ft); !slices.Equal(keys, want) {
			t.Fatalf("BlockKeys %+v, the key texts' hashes %+v", keys, want)
		}
		roundTrip(t, &ft, keys)
		var g Features
		_, _ = decodeFeatures(junk, &g, nil)
		_ = g.UnmarshalBinary(junk)
	})
}
