package readers

import (
	"os"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/parquet-go/parquet-go"
	"github.com/parquet-go/parquet-go/deprecated"
)

// writeTypesParquet writes, with parquet-go's writer, a file of every
// physical type and the logical types OpenParquet converts (unsigned
// integers, times, INT96, decimals on INT32, INT64 and FIXED_LEN_BYTE_ARRAY,
// enum, JSON, bytes), plain and dictionary encoded, with NULLs, in several
// row groups and pages: types the repository's other Parquet files do not
// all have.
func writeTypesParquet(t testing.TB, rows int) string {
	t.Helper()
	dict := func(n parquet.Node) parquet.Node { return parquet.Encoded(n, &parquet.RLEDictionary) }
	schema := parquet.NewSchema("r", parquet.Group{
		"a_str":     parquet.Optional(parquet.String()),
		"b_dictstr": parquet.Optional(dict(parquet.String())),
		"c_u32":     parquet.Uint(32),
		"d_u64":     parquet.Optional(parquet.Uint(64)),
		"e_i96":     parquet.Optional(parquet.Leaf(parquet.Int96Type)),
		"f_tms":     parquet.Time(parquet.Millisecond),
		"g_tus":     parquet.Time(parquet.Microsecond),
		"h_tns":     parquet.Time(parquet.Nanosecond),
		"i_tsns":    parquet.Optional(parquet.Timestamp(parquet.Nanosecond)),
		"j_dec32":   parquet.Optional(parquet.Decimal(2, 9, parquet.Int32Type)),
		"k_dec64":   parquet.Decimal(3, 18, parquet.Int64Type),
		"l_decfix":  parquet.Optional(parquet.Decimal(4, 30, parquet.FixedLenByteArrayType(13))),
		"m_bytes":   parquet.Optional(parquet.Leaf(parquet.ByteArrayType)),
		"n_enum":    dict(parquet.Enum()),
		"o_json":    parquet.JSON(),
		"p_float":   parquet.Leaf(parquet.FloatType),
		"q_bool":    parquet.Optional(parquet.Leaf(parquet.BooleanType)),
		"r_date":    parquet.Optional(parquet.Date()),
		"s_dictint": dict(parquet.Int(64)),
		"t_fixed":   parquet.Leaf(parquet.FixedLenByteArrayType(3)),
		"u_i8":      parquet.Int(8),
	})
	p := filepath.Join(t.TempDir(), "types.parquet")
	f, err := os.Create(p)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	w := parquet.NewWriter(f, schema, parquet.MaxRowsPerRowGroup(700), parquet.PageBufferSize(2048))
	leaves := len(schema.Columns())
	for i := range rows {
		row := make(parquet.Row, 0, leaves)
		null := func(k int) bool { return (i+k)%5 == 0 }
		add := func(v parquet.Value, optional bool, k int) {
			switch {
			case optional && null(k):
				row = append(row, parquet.NullValue().Level(0, 0, len(row)))
			case optional:
				row = append(row, v.Level(0, 1, len(row)))
			default:
				row = append(row, v.Level(0, 0, len(row)))
			}
		}
		s := "név " + strconv.Itoa(i*7919%1000)
		x := int64(i)*2654435761%2000003 - 1000001
		fix := make([]byte, 13)
		for b := range fix {
			fix[b] = byte(x >> (b % 8 * 8))
		}
		add(parquet.ByteArrayValue([]byte(s)), true, 0)
		add(parquet.ByteArrayValue([]byte("d"+strconv.Itoa(i%37))), true, 1)
		add(parquet.Int32Value(int32(uint32(x)*2654435761)), false, 2)
		add(parquet.Int64Value(x*int64(1)<<40), true, 3)
		add(parquet.Int96Value(deprecated.Int96{uint32(x), uint32(i) % 86400, 2451545 + uint32(i)}), true, 4)
		add(parquet.Int32Value(int32(i*1009%86400000)), false, 5)
		add(parquet.Int64Value(int64(i)*1000003%86400000000), false, 6)
		add(parquet.Int64Value(int64(i)*1000000007%86400000000000), false, 7)
		add(parquet.Int64Value(x*1000000007), true, 8)
		add(parquet.Int32Value(int32(x)), true, 9)
		add(parquet.Int64Value(x*1000003), false, 10)
		add(parquet.FixedLenByteArrayValue(fix), true, 11)
		add(parquet.ByteArrayValue([]byte{byte(i), 0, 255}[:i%4%3]), true, 12)
		add(parquet.ByteArrayValue([]byte("E"+strconv.Itoa(i%3))), false, 13)
		add(parquet.ByteArrayValue([]byte(`{"i":`+strconv.Itoa(i)+`}`)), false, 14)
		add(parquet.FloatValue(float32(x)/3), false, 15)
		add(parquet.BooleanValue(i%3 == 0), true, 16)
		add(parquet.Int32Value(int32(x%30000)), true, 17)
		add(parquet.Int64Value(x%11), false, 18)
		add(parquet.FixedLenByteArrayValue([]byte{'a' + byte(i%26), 'b', 'c'}), false, 19)
		add(parquet.Int32Value(int32(int8(i))), false, 20)
		if _, err := w.WriteRows([]parquet.Row{row}); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return p
}
