package mapping

// InputColumn is an input column that the plan reads.
type InputColumn struct {
	// Key is the config key that maps the column, such as "person.fullName".
	Key string
	// Name is the column's name and Index its position in the input schema.
	Name  string
	Index int
}

func (c colRef) input() InputColumn { return InputColumn{Key: c.key, Name: c.name, Index: c.idx} }

// InputColumns returns the input columns the plan maps, each once, in the
// order of the config's person section (names, emails, phones, dates,
// addresses, the rest), then the context columns.
func (p *Plan) InputColumns() []InputColumn {
	var refs []colRef
	refs = append(refs, p.typeCol)
	for _, n := range p.names {
		refs = append(refs, n.colRef)
	}
	refs = append(refs, p.emails...)
	refs = append(refs, p.phones...)
	refs = append(refs, p.birthDate, p.birthYear, p.ageRange, p.yearStart, p.yearEnd)
	for _, a := range p.addresses {
		refs = append(refs, a.str)
		refs = append(refs, a.lines...)
		refs = append(refs, a.street, a.house, a.pobox, a.postal, a.locality, a.region, a.country)
	}
	refs = append(refs, p.gender, p.marital, p.nationality, p.nativeLang, p.corrLang, p.religion, p.placeCol, p.langCol)
	for _, op := range p.ops {
		if c, ok := p.opEmail[op]; ok {
			refs = append(refs, c)
		}
	}
	var out []InputColumn
	seen := map[int]bool{}
	for _, c := range refs {
		if c.ok() && !seen[c.idx] {
			seen[c.idx] = true
			out = append(out, c.input())
		}
	}
	return out
}

// PlaceColumn returns the per-row place (country) column,
// context.placeColumn, when one is mapped.
func (p *Plan) PlaceColumn() (InputColumn, bool) {
	return p.placeCol.input(), p.placeCol.ok()
}

// EmailColumn returns the email column that op (disposable, emailname,
// classify) reads, when the plan runs op and it has one.
func (p *Plan) EmailColumn(op Op) (InputColumn, bool) {
	c, ok := p.opEmail[op]
	if !ok || !c.ok() {
		return InputColumn{}, false
	}
	return c.input(), true
}

// ErrorText is err's message as the error column shows it: on one line,
// with the API key redacted.
func (p *Plan) ErrorText(err error) string {
	if err == nil {
		return ""
	}
	return p.clean(err.Error())
}
