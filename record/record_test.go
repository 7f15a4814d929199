package record

import (
	"math/big"
	"testing"
	"time"
)

func TestFormat(t *testing.T) {
	t.Parallel()
	ts := time.Date(2024, 2, 29, 13, 4, 5, 123000000, time.UTC)
	tests := []struct {
		name string
		v    Value
		t    Type
		want string
	}{
		{"null", nil, String, ""},
		{"string", "Petra Müller", String, "Petra Müller"},
		{"int32", int32(-7), Int32, "-7"},
		{"int64", int64(1) << 40, Int64, "1099511627776"},
		{"float32", float32(0.5), Float, "0.5"},
		{"double", 3.25, Double, "3.25"},
		{"bool", true, Bool, "true"},
		{"date", ts, Date, "2024-02-29"},
		{"timestamp", ts, Timestamp, "2024-02-29T13:04:05.123Z"},
		{"timestamp other zone", ts.In(time.FixedZone("X", 3600)), Timestamp, "2024-02-29T13:04:05.123Z"},
		{"decimal", Dec{Unscaled: big.NewInt(-1250), Scale: 2}, Decimal, "-12.50"},
		{"decimal small", Dec{Unscaled: big.NewInt(5), Scale: 3}, Decimal, "0.005"},
		{"decimal scale 0", Dec{Unscaled: big.NewInt(42)}, Decimal, "42"},
		{"bytes", []byte("raw"), Bytes, "raw"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := Format(tt.v, tt.t); got != tt.want {
				t.Errorf("Format(%#v, %v) = %q, want %q", tt.v, tt.t, got, tt.want)
			}
		})
	}
}

func TestSchema(t *testing.T) {
	t.Parallel()
	s := Schema{Fields: []Field{{Name: "id", Type: Int64}, {Name: "name"}}}
	if got := s.Index("name"); got != 1 {
		t.Errorf("Index(name) = %d, want 1", got)
	}
	if got := s.Index("missing"); got != -1 {
		t.Errorf("Index(missing) = %d, want -1", got)
	}
	if got := s.Names(); len(got) != 2 || got[0] != "id" || got[1] != "name" {
		t.Errorf("Names() = %v", got)
	}
	if got := Int64.String(); got != "int64" {
		t.Errorf("Int64.String() = %q", got)
	}
	if got := Type(99).String(); got != "type(99)" {
		t.Errorf("Type(99).String() = %q", got)
	}
}
