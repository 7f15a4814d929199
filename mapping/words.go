package mapping

import (
	"github.com/namepipe/namepipe/nameapi"
	"github.com/namepipe/namepipe/record"
)

// str returns s as a result value: nil for "" (an empty cell). Putting a
// string made at run time into an interface allocates a header for it,
// once per result column of every answer not remembered; the service's
// enumeration words (genders, person types, YES/NO, risk types and data
// items) come back from a switch on constants instead, which Go boxes
// once, at compile time (BenchmarkStr).
func str(s string) record.Value {
	switch s {
	case "":
		return nil
	case nameapi.GenderMale:
		return nameapi.GenderMale
	case nameapi.GenderFemale:
		return nameapi.GenderFemale
	case nameapi.GenderNeutral:
		return nameapi.GenderNeutral
	case nameapi.GenderUnknown:
		return nameapi.GenderUnknown
	case nameapi.GenderIndeterminable:
		return nameapi.GenderIndeterminable
	case nameapi.GenderConflict:
		return nameapi.GenderConflict
	case nameapi.PersonTypeNatural:
		return nameapi.PersonTypeNatural
	case nameapi.PersonTypeLegal:
		return nameapi.PersonTypeLegal
	case nameapi.PersonTypeMultiple:
		return nameapi.PersonTypeMultiple
	case nameapi.PersonTypeFamily:
		return nameapi.PersonTypeFamily
	case nameapi.DisposableYes:
		return nameapi.DisposableYes
	case nameapi.DisposableNo:
		return nameapi.DisposableNo
	case nameapi.DataItemName:
		return nameapi.DataItemName
	case nameapi.DataItemAddress:
		return nameapi.DataItemAddress
	case nameapi.DataItemAge:
		return nameapi.DataItemAge
	case nameapi.DataItemEmail:
		return nameapi.DataItemEmail
	case nameapi.DataItemTel:
		return nameapi.DataItemTel
	case string(nameapi.RiskRandomTyping):
		return string(nameapi.RiskRandomTyping)
	case string(nameapi.RiskPlaceholder):
		return string(nameapi.RiskPlaceholder)
	case string(nameapi.RiskFictional):
		return string(nameapi.RiskFictional)
	case string(nameapi.RiskFamous):
		return string(nameapi.RiskFamous)
	case string(nameapi.RiskHumorous):
		return string(nameapi.RiskHumorous)
	case string(nameapi.RiskInvalid):
		return string(nameapi.RiskInvalid)
	case string(nameapi.RiskStringSimilarity):
		return string(nameapi.RiskStringSimilarity)
	case string(nameapi.RiskOther):
		return string(nameapi.RiskOther)
	}
	return s
}
