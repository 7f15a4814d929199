package engine

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/namepipe/namepipe/engine/internal/corpus"
	"github.com/namepipe/namepipe/nameapi"
)

// nameRisks returns the name risks the risk detector finds in p that say
// a name is fake or disguised: every NAME risk but FAMOUS (a real person
// may share a famous person's name).
func nameRisks(e *Engine, p *nameapi.InputPerson) (string, error) {
	r, err := e.DetectRisk(context.Background(), &nameapi.InputWithPerson{InputPerson: p})
	if err != nil {
		return "", err
	}
	var out []string
	for _, k := range r.Risks {
		if k.DataItem == nameapi.DataItemName && k.RiskType != nameapi.RiskFamous {
			out = append(out, fmt.Sprintf("%s %.2f %s", k.RiskType, k.RiskScore, k.Reason))
		}
	}
	return strings.Join(out, "; "), nil
}

// TestInvariantRiskRealNames: a real person's name never carries a fake or
// disguise risk, written whole or as given name and surname fields.
func TestInvariantRiskRealNames(t *testing.T) {
	holdInvariant(t, invariant{
		op: "risk", name: "real name is not fake",
		floor: 0.01,
		check: func(e *Engine, n *corpus.Name) (bool, string) {
			why, err := nameRisks(e, nameapi.NewNaturalPerson(nameapi.Field(nameapi.FieldFullname, n.Full())))
			if err != nil {
				return true, err.Error()
			}
			if why == "" && n.HasParts() {
				fs := []nameapi.NameField{nameapi.Field(nameapi.FieldGivenname, n.Given)}
				if n.Middle != "" {
					fs = append(fs, nameapi.Field(nameapi.FieldGivenname, n.Middle))
				}
				fs = append(fs, nameapi.Field(nameapi.FieldSurname, n.Surname))
				if why, err = nameRisks(e, nameapi.NewNaturalPerson(fs...)); err != nil {
					return true, err.Error()
				}
				if why != "" {
					why = "as fields: " + why
				}
			}
			return true, why
		},
	})
}
