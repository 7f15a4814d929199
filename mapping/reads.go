package mapping

import "slices"

// Reads returns the indexes (ascending, distinct) of the input columns
// whose cells op's request is built from. Two rows with equal values in
// these cells get the same request for op whenever Build gives a request
// for both (Build must still run: it validates the whole row, and under
// run.invalidValues "skip" an unusable value elsewhere means no request
// at all). So a caller may re-use op's answer for a row whose cells it has
// seen, without building or keying the request. The list errs on the side
// of too many columns: an extra column costs re-use, a missing one would
// give a wrong answer.
func (p *Plan) Reads(op Op) []int {
	var cols []colRef
	// Who the person is and the request context: every person operation.
	person := func() {
		cols = append(cols, p.typeCol, p.gender, p.nationality, p.nativeLang, p.corrLang, p.placeCol, p.langCol)
		for _, n := range p.names {
			cols = append(cols, n.colRef)
		}
	}
	in := PersonInput
	if d := lookup(op); d != nil {
		in = d.input()
	}
	switch in {
	case NameInput:
		person()
	case EmailInput:
		// The address, and the request context some email operations send.
		cols = append(cols, p.opEmail[op], p.placeCol, p.langCol)
	default:
		// The whole mapped row.
		cols = p.mapped()
	}
	var idx []int
	for _, c := range cols {
		if c.ok() {
			idx = append(idx, c.idx)
		}
	}
	slices.Sort(idx)
	return slices.Compact(idx)
}

// mapped returns every column that Build reads (some may not be mapped).
func (p *Plan) mapped() []colRef {
	cols := []colRef{p.typeCol, p.gender, p.nationality, p.nativeLang, p.corrLang, p.placeCol, p.langCol}
	for _, n := range p.names {
		cols = append(cols, n.colRef)
	}
	cols = append(cols, p.emails...)
	cols = append(cols, p.phones...)
	cols = append(cols, p.birthDate, p.birthYear, p.ageRange, p.yearStart, p.yearEnd, p.marital, p.religion)
	for _, a := range p.addresses {
		cols = append(cols, a.str, a.street, a.house, a.pobox, a.postal, a.locality, a.region, a.country)
		cols = append(cols, a.lines...)
	}
	for _, c := range p.opEmail {
		cols = append(cols, c)
	}
	return cols
}
