package engine

import (
	"context"
	"fmt"

	"github.com/namepipe/namepipe/engine/genderize"
	"github.com/namepipe/namepipe/nameapi"
)

// GenderizePerson detects a natural person's gender; see
// genderize.Genderizer.Person.
func (e *Engine) GenderizePerson(ctx context.Context, in *nameapi.InputWithPerson) (*nameapi.GenderizerResult, error) {
	if err := ctx.Err(); err != nil {
		return nil, fmt.Errorf("engine %s: %w", genderize.Op, err)
	}
	// The terms of the best match do not depend on the input gender or
	// the culture hints, so any memoised parse of the name will do.
	return e.gz.Person(in, func() *nameapi.PersonNameParserResult { return e.parseShared(in.Context, in.InputPerson, true) })
}
