package risk

import (
	"strings"

	"github.com/namepipe/namepipe/nameapi"
)

func telRisks(p *nameapi.InputPerson, rs *riskSet) {
	for _, tn := range p.TelNumbers {
		raw := strings.TrimSpace(tn.FullNumber)
		if raw == "" {
			continue
		}
		var db [32]byte
		digits := db[:0]
		bad := false
		for _, r := range raw {
			switch r {
			case '0', '1', '2', '3', '4', '5', '6', '7', '8', '9':
				digits = append(digits, byte(r))
			case ' ', '+', '-', '/', '(', ')', '.':
			default:
				bad = true
			}
		}
		switch {
		case bad:
			rs.add(nameapi.DataItemTel, nameapi.RiskInvalid, 0.6, quoted("", raw, " contains characters that do not belong in a phone number."))
			continue
		case len(digits) < 5:
			rs.add(nameapi.DataItemTel, nameapi.RiskInvalid, 0.6, quoted("", raw, " is too short to be a phone number."))
			continue
		case len(digits) > 15:
			rs.add(nameapi.DataItemTel, nameapi.RiskInvalid, 0.6, quoted("", raw, " is longer than any phone number (15 digits)."))
			continue
		}
		if why, score := fakeDigits(digits, strings.HasPrefix(raw, "+")); why != "" {
			rs.add(nameapi.DataItemTel, nameapi.RiskPlaceholder, score, quoted("The phone number ", raw, " ", why, "."))
		}
	}
}

// fakeDigits recognises placeholder phone numbers; intl says the number
// starts with "+" and a country code.
func fakeDigits(d []byte, intl bool) (string, float64) {
	n := len(d)
	counts := [10]int{}
	for _, c := range d {
		counts[c-'0']++
	}
	for _, k := range counts {
		if k == n {
			return "repeats one digit", 0.9
		}
	}
	// A run of ascending or descending digits over the whole number
	// ("1234567", "0123456789") or all of it after a country code ("+49
	// 123456789"); after a country and an area code it is a real
	// subscriber number ("+49 30 1234567").
	run := func(step int) int {
		best := 1
		for i := n - 2; i >= 0; i-- {
			if (int(d[i+1])-int(d[i])+10)%10 == (step+10)%10 {
				best++
			} else {
				break
			}
		}
		return best
	}
	if r := max(run(1), run(-1)); r >= 5 && r == n || intl && r >= 7 && r >= n-2 {
		return "is a run of consecutive digits", 0.85
	}
	// A short pattern repeated: "12121212", "123123123".
	for u := 2; u <= 4 && u*3 <= n; u++ {
		rep := true
		for i := u; i < n; i++ {
			if d[i] != d[i-u] {
				rep = false
				break
			}
		}
		if rep {
			return "repeats a short pattern of digits", 0.75
		}
	}
	for _, k := range counts {
		if k*10 >= n*8 && n >= 7 {
			return "consists almost only of one digit", 0.6
		}
	}
	// The US range 555-0100 to 555-0199 is reserved for fiction.
	if n >= 7 && string(d[n-7:n-2]) == "55501" {
		return "is in the 555-01xx range reserved for fiction", 0.7
	}
	return "", 0
}
