package readers

import (
	"errors"
	"fmt"
	"math/big"
	"time"

	"github.com/parquet-go/parquet-go/encoding"

	"github.com/namepipe/namepipe/record"
)

var errPqRange = errors.New("corrupt page: a value or dictionary index is out of range")

// value returns the record value of the j-th value of col's page.
func (col *pqColumn) value(j int, boxes *stringBoxes) (record.Value, error) {
	v := &col.data
	if col.index != nil {
		if j >= len(col.index) {
			return nil, errPqRange
		}
		j = int(col.index[j])
		v = &col.dictData
		if col.dictStrs != nil {
			if j < 0 || j >= len(col.dictStrs) {
				return nil, errPqRange
			}
			return boxes.box(col.dictStrs[j]), nil
		}
	}
	if j < 0 {
		return nil, errPqRange
	}
	switch v.Kind() {
	case encoding.Boolean:
		bits := v.Boolean()
		if j/8 >= len(bits) {
			return nil, errPqRange
		}
		return bits[j/8]>>(j%8)&1 != 0, nil
	case encoding.Int32:
		xs := v.Int32()
		if j >= len(xs) {
			return nil, errPqRange
		}
		return convInt32(xs[j], col)
	case encoding.Int64:
		xs := v.Int64()
		if j >= len(xs) {
			return nil, errPqRange
		}
		return convInt64(xs[j], col)
	case encoding.Int96:
		xs := v.Int96()
		if j >= len(xs) {
			return nil, errPqRange
		}
		if col.conv != convInt96 {
			return nil, fmt.Errorf("unexpected INT96 value")
		}
		x := xs[j]
		nanos := int64(uint64(x[0]) | uint64(x[1])<<32)
		julian := int64(x[2])
		return time.Unix((julian-2440588)*86400, nanos).UTC(), nil
	case encoding.Float:
		xs := v.Float()
		if j >= len(xs) {
			return nil, errPqRange
		}
		return xs[j], nil
	case encoding.Double:
		xs := v.Double()
		if j >= len(xs) {
			return nil, errPqRange
		}
		return xs[j], nil
	case encoding.ByteArray:
		data, offs := v.ByteArray()
		if j+1 >= len(offs) || offs[j] > offs[j+1] || int(offs[j+1]) > len(data) {
			return nil, errPqRange
		}
		return convBytesValue(data[offs[j]:offs[j+1]], col, boxes), nil
	case encoding.FixedLenByteArray:
		data, size := v.FixedLenByteArray()
		if size <= 0 || (j+1)*size > len(data) {
			return nil, errPqRange
		}
		return convBytesValue(data[j*size:(j+1)*size], col, boxes), nil
	}
	return nil, fmt.Errorf("unexpected value of kind %v", v.Kind())
}

func convInt32(x int32, col *pqColumn) (record.Value, error) {
	switch col.conv {
	case convNone:
		return x, nil
	case convDate:
		return time.Unix(int64(x)*86400, 0).UTC(), nil
	case convDecInt32:
		return record.Dec{Unscaled: big.NewInt(int64(x)), Scale: col.field.Scale}, nil
	case convUint32:
		return int64(uint32(x)), nil
	case convTimeMillis:
		return time.UnixMilli(int64(x)).UTC().Format("15:04:05.000"), nil
	}
	return nil, fmt.Errorf("unexpected value of type int32")
}

func convInt64(x int64, col *pqColumn) (record.Value, error) {
	switch col.conv {
	case convNone:
		return x, nil
	case convTSMillis:
		return time.UnixMilli(x).UTC(), nil
	case convTSMicros:
		return time.UnixMicro(x).UTC(), nil
	case convTSNanos:
		return time.Unix(0, x).UTC(), nil
	case convDecInt64:
		return record.Dec{Unscaled: big.NewInt(x), Scale: col.field.Scale}, nil
	case convUint64:
		return record.Dec{Unscaled: new(big.Int).SetUint64(uint64(x))}, nil
	case convTimeMicros:
		return time.UnixMicro(x).UTC().Format("15:04:05.000000"), nil
	case convTimeNanos:
		return time.Unix(0, x).UTC().Format("15:04:05.000000000"), nil
	}
	return nil, fmt.Errorf("unexpected value of type int64")
}

// convBytesValue converts a BYTE_ARRAY or FIXED_LEN_BYTE_ARRAY value; b
// belongs to the page and is copied.
func convBytesValue(b []byte, col *pqColumn, boxes *stringBoxes) record.Value {
	switch col.conv {
	case convDecBytes:
		return record.Dec{Unscaled: twosComplement(b), Scale: col.field.Scale}
	case convBytes:
		return append(make([]byte, 0, len(b)), b...)
	}
	return boxes.box(string(b))
}

// twosComplement decodes a big-endian two's complement integer.
func twosComplement(b []byte) *big.Int {
	x := new(big.Int).SetBytes(b)
	if len(b) > 0 && b[0]&0x80 != 0 {
		x.Sub(x, new(big.Int).Lsh(big.NewInt(1), uint(len(b))*8))
	}
	return x
}
