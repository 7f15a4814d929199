package text

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// Vietnamese names are written surname first, then a middle name, then the
// given name ("Nguyễn Văn An"). The middle names Văn and Thị mark a man and
// a woman. The surnames below are the most common Vietnamese family names,
// borne by most of the population; written for namepipe from the
// well-known list of Vietnamese family names, with and without diacritics.
var vietSurnames = map[string]bool{
	"nguyễn": true, "nguyen": true, "trần": true, "tran": true, "lê": true, "le": true,
	"phạm": true, "pham": true, "hoàng": true, "hoang": true, "huỳnh": true, "huynh": true,
	"phan": true, "vũ": true, "vu": true, "võ": true, "vo": true, "đặng": true, "dang": true,
	"bùi": true, "bui": true, "đỗ": true, "do": true, "hồ": true, "ho": true, "ngô": true, "ngo": true,
	"dương": true, "duong": true, "lý": true, "ly": true, "đinh": true, "dinh": true, "trương": true, "truong": true,
}

// VietnameseMarker returns the sex ("MALE" or "FEMALE") that the middle
// name mid marks in a Vietnamese name whose surname is surname: mid must
// be capitalised or written with its diacritics ("Văn", "văn", not the
// Dutch particle "van") and the surname a Vietnamese one. ok is false
// otherwise.
func VietnameseMarker(surname, mid string) (sex string, ok bool) {
	switch {
	case strings.EqualFold(mid, "văn") || strings.EqualFold(mid, "van"):
		sex = "MALE"
	case strings.EqualFold(mid, "thị") || strings.EqualFold(mid, "thi"):
		sex = "FEMALE"
	default:
		return "", false
	}
	if !IsVietnameseSurname(surname) {
		return "", false
	}
	if mid == "van" || mid == "thi" {
		// Without capitals and diacritics "van" is a particle.
		return "", false
	}
	return sex, true
}

// IsVietnameseSurname reports whether s, in any case, is one of the common
// Vietnamese surnames that VietnameseMarker requires (without allocating
// for surnames of up to 32 bytes). Most surnames are told apart by their
// first letter or their length alone.
func IsVietnameseSurname(s string) bool {
	r, _ := utf8.DecodeRuneInString(s)
	if !strings.ContainsRune(vietFirst, unicode.ToLower(r)) || utf8.RuneCountInString(s) > vietMaxRunes {
		return false // lower-casing keeps the runes' number
	}
	if len(s) > 32 {
		return vietSurnames[strings.ToLower(s)]
	}
	var buf [32 * utf8.UTFMax]byte
	b := buf[:0]
	for _, r := range s {
		b = utf8.AppendRune(b, unicode.ToLower(r))
	}
	return vietSurnames[string(b)]
}

// vietFirst holds the first letters of vietSurnames, vietMaxRunes the
// letters of the longest.
var vietFirst, vietMaxRunes = func() (string, int) {
	first, n := "", 0
	for k := range vietSurnames {
		if r, _ := utf8.DecodeRuneInString(k); !strings.ContainsRune(first, r) {
			first += string(r)
		}
		n = max(n, utf8.RuneCountInString(k))
	}
	return first, n
}()
