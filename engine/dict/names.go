package dict

// EachName calls yield with every word of the name data (a key as written
// or folded, in lower case) and whether the data lists it as a given name
// and as a surname, in no particular order, until yield returns false.
// It is for models of how names are spelt (engine/email's letter
// statistics of run-together names); lookups use the Lexicon methods.
func (d *Dict) EachName(yield func(key string, given, surname bool) bool) {
	for k, e := range d.words.all() {
		if (e.isGiven || e.surname) && !yield(k, e.isGiven, e.surname) {
			return
		}
	}
}
