package readers

import (
	"fmt"

	"github.com/parquet-go/parquet-go/deprecated"
	"github.com/parquet-go/parquet-go/format"

	"github.com/namepipe/namepipe/record"
)

type pqConv int

const (
	convNone       pqConv = iota // value is already the record value
	convBytes                    // string → []byte
	convDate                     // int32 days → time.Time
	convTSMillis                 // int64 → time.Time
	convTSMicros                 // int64 → time.Time
	convTSNanos                  // int64 → time.Time
	convInt96                    // 12-byte string → time.Time
	convDecInt32                 // int32 unscaled → Dec
	convDecInt64                 // int64 unscaled → Dec
	convDecBytes                 // big-endian two's complement → Dec
	convUint32                   // int32 holding a uint32 → int64
	convUint64                   // int64 holding a uint64 → Dec scale 0
	convTimeMillis               // int32 ms of day → "15:04:05.000"
	convTimeMicros               // int64 µs of day → "15:04:05.000000"
	convTimeNanos                // int64 ns of day → "15:04:05.000000000"
)

// pqColumnFor maps a Parquet leaf to a record field and a conversion.
func pqColumnFor(e *format.SchemaElement) (pqColumn, error) {
	name := e.Name
	rt, _ := e.RepetitionType.Get()
	f := record.Field{Name: name, Nullable: rt == format.Optional}
	col := pqColumn{optional: rt == format.Optional}
	lt := e.LogicalType.Value
	ct, hasCT := e.ConvertedType.Get()
	isCT := func(c deprecated.ConvertedType) bool { return hasCT && ct == c }
	ltDec, isLTDec := lt.(*format.DecimalType)
	decimal := isCT(deprecated.Decimal) || isLTDec
	if decimal {
		f.Type = record.Decimal
		p, _ := e.Precision.Get()
		s, _ := e.Scale.Get()
		f.Precision, f.Scale = int(p), int(s)
		if isLTDec {
			f.Precision, f.Scale = int(ltDec.Precision), int(ltDec.Scale)
		}
	}
	typ, ok := e.Type.Get()
	if !ok {
		return col, fmt.Errorf("column %q has no physical type", clip(name))
	}
	ltInt, isLTInt := lt.(*format.IntType)
	ltTime, isLTTime := lt.(*format.TimeType)
	ltTS, isLTTS := lt.(*format.TimestampType)
	_, isLTDate := lt.(*format.DateType)
	switch typ {
	case format.Boolean:
		f.Type = record.Bool
	case format.Int32:
		switch {
		case decimal:
			col.conv = convDecInt32
		case isCT(deprecated.Date) || isLTDate:
			f.Type, col.conv = record.Date, convDate
		case isCT(deprecated.Uint32) || (isLTInt && !ltInt.IsSigned && ltInt.BitWidth == 32):
			f.Type, col.conv = record.Int64, convUint32
		case isCT(deprecated.TimeMillis) || isLTTime:
			f.Type, col.conv = record.String, convTimeMillis
		default:
			f.Type = record.Int32
		}
	case format.Int64:
		switch {
		case decimal:
			col.conv = convDecInt64
		case isCT(deprecated.TimestampMillis):
			f.Type, f.TimeUnit, col.conv = record.Timestamp, "millis", convTSMillis
		case isCT(deprecated.TimestampMicros):
			f.Type, f.TimeUnit, col.conv = record.Timestamp, "micros", convTSMicros
		case isLTTS:
			f.Type = record.Timestamp
			switch ltTS.Unit.Value.(type) {
			case *format.MilliSeconds:
				f.TimeUnit, col.conv = "millis", convTSMillis
			case *format.MicroSeconds:
				f.TimeUnit, col.conv = "micros", convTSMicros
			default:
				f.TimeUnit, col.conv = "nanos", convTSNanos
			}
		case isCT(deprecated.TimeMicros):
			f.Type, col.conv = record.String, convTimeMicros
		case isLTTime:
			f.Type, col.conv = record.String, convTimeMicros
			if _, ns := ltTime.Unit.Value.(*format.NanoSeconds); ns {
				col.conv = convTimeNanos
			}
		case isCT(deprecated.Uint64) || (isLTInt && !ltInt.IsSigned):
			f.Type, f.Precision, col.conv = record.Decimal, 20, convUint64
		default:
			f.Type = record.Int64
		}
	case format.Int96:
		f.Type, f.TimeUnit, col.conv = record.Timestamp, "nanos", convInt96
	case format.Float:
		f.Type = record.Float
	case format.Double:
		f.Type = record.Double
	case format.ByteArray, format.FixedLenByteArray:
		if typ == format.FixedLenByteArray {
			n, _ := e.TypeLength.Get()
			if n <= 0 {
				return col, fmt.Errorf("column %q is a FIXED_LEN_BYTE_ARRAY of length %d", clip(name), n)
			}
			col.flba = int(n)
		}
		var isLTString bool
		switch lt.(type) {
		case *format.StringType, *format.EnumType, *format.JsonType:
			isLTString = true
		}
		switch {
		case decimal:
			col.conv = convDecBytes
		case isLTString, isCT(deprecated.UTF8), isCT(deprecated.Enum), isCT(deprecated.Json):
			f.Type = record.String
			col.str = typ == format.ByteArray
		default:
			f.Type, col.conv = record.Bytes, convBytes
		}
	default:
		return col, fmt.Errorf("column %q has an unsupported Parquet type %v", clip(name), typ)
	}
	if f.Type == record.Timestamp && isLTTS {
		f.LocalTime = !ltTS.IsAdjustedToUTC
	}
	col.field = f
	return col, nil
}
