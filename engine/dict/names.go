package dict

// EachName calls yield with every word of the name data (a key as written
// or folded, in lower case) and whether the data lists it as a given name
// and as a surname, in no particular order, until yield returns false.
// It is for models of how names are spelt (engine/email's letter
// statistics of run-together names); lookups use the Lexicon methods.
// A name known only from the US births (BirthsLang) or WGND (WorldLang) is
// no given name here: those lists hold many coined spellings.
func (d *Dict) EachName(yield func(key string, given, surname bool) bool) {
	for k, e := range d.words.all() {
		given := e.isGiven && !d.birthsOnly(e.given)
		if (given || e.surname) && !yield(k, given, e.surname) {
			return
		}
	}
}

// birthsOnly reports whether an entry's every vote is of BirthsLang or
// WorldLang: gap fillers, no given names of their own.
func (d *Dict) birthsOnly(sp span) bool {
	if sp.n == 0 {
		return false
	}
	for _, st := range d.stats[sp.start : sp.start+uint32(sp.n)] {
		if l := d.langs[st.lang]; l != BirthsLang && l != WorldLang {
			return false
		}
	}
	return true
}
