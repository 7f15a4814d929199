package mapping

import (
	"log/slog"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/namepipe/namepipe/country"
)

// The context's place as an ISO 3166-1 alpha-2 code, whatever the list
// wrote ("Italy", "Italia", "ITA", "it"), so that the local engine and
// the remote service get the code either way. A value country does not
// know is sent as it is (a two-letter one upper-cased) and logged once.

// placeCacheMax bounds the remembered place values (a list holds few
// distinct countries; a column of free text must not grow the cache).
const placeCacheMax = 4096

// placeWarnMax bounds the warnings about unknown place values.
const placeWarnMax = 20

var (
	placeCache  sync.Map // value -> code
	placeCached atomic.Int64
	placeWarned atomic.Int64
)

// PlaceCode returns the ISO 3166-1 alpha-2 code of a place value as a
// list writes it ("Italy", "Italia", "ITA", "it" are all "IT"); a value
// it does not know comes back as it is (a two-letter one upper-cased) and
// is logged once. "" stays "".
func PlaceCode(s string) string {
	if len(s) == 2 {
		if code, ok := country.Code(s); ok {
			return code
		}
	}
	if s == "" {
		return ""
	}
	if v, ok := placeCache.Load(s); ok {
		return v.(string)
	}
	code, ok := country.Code(s)
	if !ok {
		code = s
		if len(s) == 2 {
			code = strings.ToUpper(s)
		}
		if placeWarned.Add(1) <= placeWarnMax {
			slog.Warn("context place is neither a country code nor a country name namepipe knows; sent as it is", "value", s)
		}
	}
	if placeCached.Add(1) <= placeCacheMax {
		placeCache.Store(s, code)
	}
	return code
}
