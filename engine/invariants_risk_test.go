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
		// Today's shares (main a292283): the typing checks know only
		// Latin vowels. The risk fixes bring every script to the floor.
		floors: map[string]float64{"Arabic": 0.96, "Armenian": 1, "Cyrillic": 1, "Georgian": 1, "Greek": 1,
			"Hangul": 0.02, "Hebrew": 0.96, "Latin": 0.04, "Thai": 0.29},
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
