package parse

import (
	"math"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/namepipe/namepipe/engine/lexicon"
	"github.com/namepipe/namepipe/engine/script"

	"github.com/namepipe/namepipe/engine/text"

	"github.com/namepipe/namepipe/nameapi"
)

func isUpperRune(r rune) bool { return unicode.IsUpper(r) }

// wordInfo is what the parser knows about one core word of a name.
type wordInfo struct {
	tok      text.Token
	given    float64 // how strongly the data knows it as a given name (0..1)
	surname  bool    // known surname
	initial  bool
	particle bool // a surname particle (van, de, bin, ...)
	upper    bool // written in capitals ("MÜLLER")
	// patronymic: a Slavic patronymic ("Nikolayevich", "Georgievna"),
	// a MIDDLENAME and never part of the surname.
	patronymic bool
	// cjkGiven: a word the lists do not know, shaped like a Chinese or
	// Korean given name in Latin letters (markCJK).
	cjkGiven bool
	// cjkSurname: the word as written is the Latin spelling of a Chinese
	// or Korean surname (lexicon.Word.CJKSurname; not looked up for an
	// initial).
	cjkSurname bool
	// listed: the lists hold the word as written as a surname
	// (lexicon.Word.Listed; false for an initial).
	listed bool
	// mid is the term type of the word after the first given name:
	// MIDDLENAME (patronymics, American middle names) or GIVENNAME (a
	// second given name of other cultures).
	mid string
}

// parseSegment parses one person's name tokens into candidate readings,
// best first, appended to dst (at most two of them: callers pass a buffer
// on their stack, BenchmarkPerson). inGroup is true when the segment is
// one of several people in one field: a lone word is then read as a given
// name ("Peter and Maria Meyer").
func (e *Parser) parseSegment(dst []candidate, toks []text.Token, inGroup bool) []candidate {
	l := text.Lists()
	var terms []nameTerm
	var wsBuf [12]text.Token
	ws := wsBuf[:0] // words and commas, nicknames removed
	for _, t := range toks {
		switch t.Kind {
		case text.TokNick:
			terms = append(terms, nameTerm{t.Text, nameapi.TermNickname, t.Pos})
		case text.TokWord, text.TokComma:
			ws = append(ws, t)
		}
	}
	// Leading salutations and titles.
	i := 0
	for i < len(ws) && ws[i].Kind == text.TokWord && l.MayBeAffix(ws[i]) {
		t := ws[i]
		rest := countWords(ws[i+1:])
		if i+1 < len(ws) && ws[i+1].Kind == text.TokComma && !strings.HasSuffix(t.Text, ".") {
			// "Sen, Amartya": a word before the comma of "Surname,
			// Given" is the surname, not a title or salutation.
			break
		}
		if _, ok := l.Salutations[t.Key]; ok && (rest > 0 || inGroup) {
			// "Don Johnson": an ambiguous salutation that is also a given
			// name needs two more words to count as salutation.
			if rest < 2 && !inGroup && lexicon.IsGiven(e.lex, t.Text) {
				break
			}
			terms = append(terms, nameTerm{t.Text, nameapi.TermSalutation, t.Pos})
			i++
			continue
		}
		if l.Titles[t.Key] && (rest > 0 || inGroup) {
			// A title written out as a word ("Major", "Judge") needs two
			// more words, since it is also a name.
			if !strings.HasSuffix(t.Text, ".") && len(t.Key) > 4 && rest < 2 {
				break
			}
			// A faculty ("med.", "jur.") is a title only after the title
			// it qualifies ("Dr. jur."): "Jur van den Berg" is a name.
			if faculty(t.Key) && !titleBefore(terms, t.Pos) {
				break
			}
			terms = appendTitle(terms, t.Text, t.Pos)
			i++
			continue
		}
		break
	}
	j := len(ws)
	// A salutation written after the name: "Kovács János úr", "Ahmet Bey".
	if j-i >= 2 && ws[j-1].Kind == text.TokWord && l.MayBeAffix(ws[j-1]) && l.SalutationsAfter[ws[j-1].Key] && countWords(ws[i:j-1]) > 0 {
		terms = append(terms, nameTerm{ws[j-1].Text, nameapi.TermSalutation, ws[j-1].Pos})
		j--
	}
	// Trailing qualifiers and suffixes ("jr", "III", "PhD"), possibly after
	// commas.
	for j > i {
		t := ws[j-1]
		if t.Kind == text.TokComma {
			j--
			continue
		}
		if !l.MayBeAffix(t) {
			break
		}
		q, ok := l.Qualifiers[t.Key]
		if !ok {
			break
		}
		before := countWords(ws[i : j-1])
		afterComma := j-2 >= i && ws[j-2].Kind == text.TokComma
		if before == 0 || (q.TermType == nameapi.TermSuffix && before < 2 && !afterComma) {
			break
		}
		if e.nameLikeAffix(t, q.TermType, ws[i:j]) && !(afterComma && before >= 2) {
			// "Nguyen, Do", "Jack Ma", "Edwin V": a post-nominal that is
			// also a name or an initial, neither after a comma that
			// follows a whole name nor marked as an abbreviation.
			break
		}
		if q.TermType == nameapi.TermQualifier && (t.Key == "sen" || wordQualifier(t.Text)) && !afterComma && before < 2 {
			// "Ana Neto", "Peter Junior": a qualifier that is a word of
			// its own needs a given name and a surname before it.
			break
		}
		if before == 2 && j-i == 3 && e.koreanSurnameGiven(ws[i].Text, ws[i+1].Text, t.Text) {
			// "Kim Do Jun": the last syllable of a Korean given name
			// written as two words after a Korean surname, not "Jun."
			// (junior).
			break
		}
		terms = append(terms, nameTerm{t.Text, q.TermType, t.Pos})
		j--
	}
	core := ws[i:j]
	// A birth name: "Maria Schmidt geb. Weber", "Anne Dupont, née Martin".
	core, terms = birthName(core, terms)
	// A profession after a comma: "Anton Mosimann, Malermeister".
	core, terms = e.profession(core, terms)
	// Trailing titles after a comma ("Müller, Petra, Dr.").
	for len(core) > 2 && core[len(core)-2].Kind == text.TokComma && l.Titles[core[len(core)-1].Key] {
		terms = appendTitle(terms, core[len(core)-1].Text, core[len(core)-1].Pos)
		core = core[:len(core)-2]
	}
	// Trim commas at the ends.
	for len(core) > 0 && core[0].Kind == text.TokComma {
		core = core[1:]
	}
	for len(core) > 0 && core[len(core)-1].Kind == text.TokComma {
		core = core[:len(core)-1]
	}
	if c := indexComma(core); c >= 0 {
		return append(dst, e.parseCommaForm(terms, core[:c], core[c+1:]))
	}
	return e.parseWords(dst, terms, core, inGroup)
}

func countWords(ts []text.Token) int {
	n := 0
	for _, t := range ts {
		if t.Kind == text.TokWord {
			n++
		}
	}
	return n
}

func indexComma(ts []text.Token) int {
	for i, t := range ts {
		if t.Kind == text.TokComma {
			return i
		}
	}
	return -1
}

// parseWords parses the core words of a name without a comma, deciding
// between "Given Middle Surname" and "Surname Given Middle", and appends
// the readings to dst.
func (e *Parser) parseWords(dst []candidate, terms []nameTerm, core []text.Token, inGroup bool) []candidate {
	l := text.Lists()
	if indexComma(core) >= 0 {
		core = words(core)
	}
	core = e.joinCompoundGiven(joinArabicCompounds(core), false)
	n := len(core)
	if cd, ok := e.parseSurnameFirst(terms, core); ok {
		return append(dst, cd)
	}
	if n == 0 {
		conf := 0.0
		switch {
		case len(terms) > 0 && inGroup:
			conf = 0.7 // "Mr." in "Mr. & Mrs. Smith"
		case len(terms) > 0:
			conf = 0.2
		}
		return append(dst, candidate{terms: terms, likeliness: 0.5, confidence: conf})
	}
	var infoBuf [8]wordInfo
	info := infoBuf[:0]
	if n > len(infoBuf) {
		info = make([]wordInfo, 0, n)
	}
	info = info[:n]
	// In a name written all in lower case ("ben fischer") letter case says
	// nothing about particles: decide by the data alone, as for capitalised
	// words, so that the answer does not depend on the case of the input.
	allLower := true
	for _, t := range core {
		if !text.IsLower(t.Text) {
			allLower = false
			break
		}
	}
	for k, t := range core {
		w := wordInfo{tok: t, initial: text.IsInitial(t.Text)}
		if w.initial && k > 0 && k < n-1 && !asciiLetters(t.Text) && l.IsParticle(t) {
			// Thai "ณ" (na) in "กฤศณา ณ นคร": one letter, but a particle.
			w.initial = false
		}
		if w.initial && e.koreanVowelWord(core, k) {
			// "Kim A Reum": a Korean syllable, not an initial.
			w.initial = false
		}
		// Capitals mark a word only in a script with letter case (Thai
		// words have no lower-case letters).
		w.upper = !w.initial && text.IsAllUpper(t.Text) && script.Of(t.Text).Cased()
		if !w.initial {
			lw := lexicon.WordOf(e.lex, t.Text)
			w.given, w.surname, w.cjkSurname, w.listed = lw.Given, lw.Surname, lw.CJKSurname, lw.Listed
			e.adjustWord(l, &w)
			if !w.surname && w.given == 0 && e.hyphenNoGiven(t.Text) {
				// "Okonjo-Iweala": a hyphenated word that is no given
				// name and holds none is a double surname.
				w.surname = true
			}
			if k == 0 {
				if g, ok := e.hyphenGiven(t.Text); ok && g > w.given {
					// "Jean-Claude" first: every part a well-known
					// given name (a hyphenated surname, written last,
					// keeps its lookups: "Jean Martin-Bernard").
					w.given, w.surname = g, e.lex.IsSurname(t.Text)
				}
			}
			// A capitalised particle that is also a given name ("Al",
			// "Della") is a particle after the first word unless the data
			// knows it well as a given name ("Ben").
			w.particle = k < n-1 && l.IsParticle(t) &&
				((!allLower && text.IsLower(t.Text)) || w.given < 0.5 || (k > 0 && w.given < 1))
			e.markCJK(&w)
		}
		info[k] = w
	}
	if n == 1 {
		return e.parseOneWord(dst, terms, info[0], inGroup)
	}
	korean := e.koreanSplitOrderPrior(info)
	if korean != 0 {
		// "Ha Bin Kang", "Kim Da Eun": the syllables of a Korean given
		// name are no particles (bin, da, el).
		for k := range info {
			info[k].particle = false
		}
	}
	if n >= 3 && l.ParticlesAfter[info[n-1].tok.Key] && !info[n-2].initial {
		// "Marat Zhanybek uulu": "son of" after the father's name makes
		// the surname with it.
		e.middleTypes(info, nil)
		cd := assignGivenFirst(terms, info, n-2)
		cd.likeliness, cd.confidence = 0.9, 0.85
		return append(dst, cd)
	}
	if n >= 3 {
		if cd, ok := vietnamese(terms, core); ok {
			return append(dst, cd)
		}
		e.middleTypes(info, nil)
	}

	// Capitals mark the surname when the other words are not in capitals
	// (and not typed in random case: "FrAU ANGELA MeRkeL").
	// Initials count for neither side: "H. JAMES SAXTON" is all in
	// capitals; nor does any word of one letter ("KIM A REUM": a Korean
	// syllable, koreanVowelWord).
	nUpper, nWords := 0, 0
	for _, w := range info {
		if w.upper {
			nUpper++
		}
		if !w.initial && utf8.RuneCountInString(w.tok.Text) > 1 {
			nWords++
		}
	}
	if nUpper > 0 && nUpper < nWords && !anyOddCase(core) {
		if info[0].upper {
			k := 0
			for k < n && info[k].upper {
				k++
			}
			if allUpperPrefix(info, k) {
				cd := assignSurnameFirst(terms, info, k)
				cd.likeliness, cd.confidence = 0.9, 0.85
				return append(dst, cd)
			}
		}
		if info[n-1].upper {
			k := n
			for k > 0 && info[k-1].upper {
				k--
			}
			cd := assignGivenFirst(terms, info, k)
			cd.likeliness, cd.confidence = 0.92, 0.85
			return append(dst, cd)
		}
	}

	// A particle first: "van Beethoven Ludwig", "de Gaulle".
	if info[0].particle {
		k := 0
		for k < n-1 && info[k].particle {
			k++
		}
		cd := assignSurnameFirst(terms, info, k+1)
		cd.likeliness, cd.confidence = 0.8, 0.6
		return append(dst, cd)
	}

	// Given-first: the surname starts at the first particle after the given
	// name, or takes in the surname-only words before the last word.
	sA := n - 1
	for k := 1; k < n-1; k++ {
		if info[k].particle {
			sA = k
			break
		}
		// "y", "e", "i" between two surnames that the parser did not
		// read as "and": "Ortega y Gasset", "Puig i Cadafalch".
		if k >= 2 && info[k].tok.WeakConj && info[k].tok.Key != "a" && info[k].tok.Key != "u" {
			sA = k - 1
			break
		}
	}
	// The surname takes in the surname words before the last word or the
	// particle: "García López", "Fernández de la Torre". A word the data
	// also knows as a given name stays a given name ("Andreas Nikolaus
	// Lauda") unless the name is Iberian, where two surnames are the rule.
	iberian := -1 // unknown yet
	isIberian := func() bool {
		if iberian < 0 {
			iberian = 0
			if e.iberian(info) {
				iberian = 1
			}
		}
		return iberian == 1
	}
	// A surname-only word between an English given name and the surname
	// of a name that is not Iberian is an American middle name, often a
	// family name ("Jennifer McBath Tipping").
	american := -1 // unknown yet
	isAmerican := func() bool {
		if american < 0 {
			american = 0
			if e.englishGiven(info) && !isIberian() {
				american = 1
			}
		}
		return american == 1
	}
	for sA > 1 && info[sA-1].surname && !info[sA-1].initial && !info[sA-1].particle && !info[sA-1].patronymic &&
		(info[sA-1].given == 0 && !isAmerican() || (info[sA-1].given < 0.5 || sA == n-1 && k2given(info, sA)) && isIberian()) &&
		!e.koreanGivenBefore(info, sA) {
		sA--
	}
	// The order from how likely the first and the last word are a given
	// name or a surname (orderEvidence), with the given-first order of
	// Latin script as the prior; given-first wins a tie.
	culture := e.cultureOrderPrior(info)
	latin := culture == 0 && script.Of(core[0].Text) == script.Latin
	// The unknown last word of a name of two words counts for a surname
	// (unlistedEvidence, "Volker Diehl"); when the first word is unknown
	// as well, the two say nothing ("test test").
	lastEvidence := orderEvidence(info[n-1], n == 2 && e.unknownWord(&info[n-1], &info[0], latin) && !e.unknownWord(&info[0], &info[n-1], latin))
	if sA < n-1 && info[sA].particle {
		// "D'angelo van de Pol": a surname led by a particle is a surname
		// whatever its last word is.
		lastEvidence = -2
	}
	firstEvidence := orderEvidence(info[0], false)
	if firstEvidence < lastEvidence && e.cjkSurnamesBothEnds(info) {
		// "Ge Yang": both ends are Latin spellings of Chinese or Korean
		// surnames, each a given name as well in those cultures; the
		// lists cannot tell, so the given-first order of Latin script
		// decides (looked up only when the lists lean surname first).
		firstEvidence, lastEvidence = 0, 0
	}
	if korean != 0 {
		// "Kim Ji Won", "Ji Won Kim": one end is a Korean surname and
		// the other two words one Korean given name, and not the other
		// way round; what other cultures' lists say of the end words
		// (Kim is an English given name, Won a surname) says nothing of
		// this order.
		firstEvidence, lastEvidence = 0, 0
	}
	japanese := e.japaneseOrderPrior(info)
	if japanese != 0 {
		// "Matsumoto Riha": a Japanese surname and a Japanese given name
		// (japaneseOrderPrior); what other cultures' lists say of the
		// words says nothing of this order.
		firstEvidence, lastEvidence = 0, 0
	}
	lA := givenFirstPrior + scriptOrderPrior(core) + salutationOrderPrior(terms, core) - koreanOrderPrior(info) + korean + e.cjkOrderPrior(info) - culture +
		japanese + firstEvidence - lastEvidence
	if n == 3 && info[2].patronymic && !info[1].patronymic && !info[1].initial {
		// "Толстой Лев Николаевич": surname, given name, patronymic.
		lA -= 2
	}
	if n == 3 && info[1].initial && !info[0].initial && !info[2].initial {
		// "George V. Voinovich": an initial between two names is the
		// middle initial of the given-first order (a list written
		// surname first puts it last: "Voinovich George V.").
		lA++
	}
	if n == 3 && info[1].patronymic && !info[2].patronymic {
		// "Лев Николаевич Толстой": given name, patronymic, surname.
		lA += 2
	}
	pA := 1 / (1 + math.Exp(-1.6*lA))
	// Only the readings returned are built.
	mkA := func() candidate {
		cd := assignGivenFirst(terms, info, sA)
		cd.likeliness, cd.confidence = pA, confidence(pA, recognized(info, sA, true))
		return cd
	}
	mkB := func() candidate {
		cd := assignSurnameFirst(terms, info, 1)
		cd.likeliness, cd.confidence = 1-pA, confidence(1-pA, recognized(info, 1, false))
		return cd
	}
	if pA >= 0.5 {
		candA := mkA()
		if 1-pA < 0.1 {
			return append(dst, candA)
		}
		return append(dst, candA, mkB())
	}
	candB := mkB()
	if pA < 0.1 {
		return append(dst, candB)
	}
	return append(dst, candB, mkA())
}

// allUpperPrefix reports whether exactly the first k words are written in
// capitals.
func allUpperPrefix(info []wordInfo, k int) bool {
	for i, w := range info {
		if (i < k) != w.upper {
			return false
		}
	}
	return true
}

// confidence combines the order's probability with the share of words the
// lexicon recognised in their role.
func confidence(p, rec float64) float64 {
	return (0.35 + 0.6*rec) * (0.4 + 0.6*p)
}

// recognized is the share of words known in the role the reading gives
// them (sStart: index of the first surname word for given-first, the
// number of surname words for surname-first).
func recognized(info []wordInfo, s int, givenFirst bool) float64 {
	known := 0
	for k, w := range info {
		isSur := k >= s
		if !givenFirst {
			isSur = k < s
		}
		switch {
		case w.initial, w.particle:
			known++
		case isSur && w.surname, !isSur && w.given >= 0.5:
			known++
		case !isSur && w.given > 0 && !w.surname:
			// A given name few sources list ("Maaike") is weak evidence
			// for the order (many surnames are listed as rare given
			// names), but it is recognised in its role all the same.
			known++
		case isSur && k > 0 && info[k-1].particle && w.given < 0.5:
			// "de Vries": the particle vouches for the surname after it.
			known++
		}
	}
	return float64(known) / float64(len(info))
}

// assignGivenFirst reads info as given name, middle names, then the
// surname from index s on.
func assignGivenFirst(terms []nameTerm, info []wordInfo, s int) candidate {
	ts := append(make([]nameTerm, 0, len(terms)+len(info)+1), terms...)
	for k := 0; k < s; k++ {
		ts = appendGivenPart(ts, info[k], k == 0)
	}
	ts = appendSurname(ts, info[s:])
	return candidate{terms: ts}
}

// assignSurnameFirst reads the first s words as the surname and the rest
// as given name and middle names.
func assignSurnameFirst(terms []nameTerm, info []wordInfo, s int) candidate {
	ts := append(make([]nameTerm, 0, len(terms)+len(info)+1), terms...)
	ts = appendSurname(ts, info[:s])
	for k := s; k < len(info); k++ {
		ts = appendGivenPart(ts, info[k], k == s)
	}
	return candidate{terms: ts}
}

func appendGivenPart(ts []nameTerm, w wordInfo, first bool) []nameTerm {
	if w.initial {
		// Every initial of the given names is a GIVENNAMEINITIAL, as the
		// real service types them ("John F. Kennedy"); the mapping puts
		// those after the first given name in the middle-name column.
		for _, in := range text.SplitInitials(w.tok.Text) {
			ts = append(ts, nameTerm{in, nameapi.TermGivennameInitial, w.tok.Pos})
		}
		return ts
	}
	typ := nameapi.TermMiddlename
	switch {
	case first:
		typ = nameapi.TermGivenname
	case w.mid != "":
		typ = w.mid
	}
	return append(ts, nameTerm{w.tok.Text, typ, w.tok.Pos})
}

func appendSurname(ts []nameTerm, ws []wordInfo) []nameTerm {
	if len(ws) == 0 {
		return ts
	}
	if len(ws) == 1 {
		typ := nameapi.TermSurname
		if ws[0].initial {
			typ = nameapi.TermSurnameInitial
		}
		return append(ts, nameTerm{ws[0].tok.Text, typ, ws[0].tok.Pos})
	}
	var b strings.Builder
	for k, w := range ws {
		if k > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(w.tok.Text)
	}
	return append(ts, nameTerm{b.String(), nameapi.TermSurname, ws[0].tok.Pos})
}

// koreanGivenBefore reports whether info[sA], the last word, is a Korean
// surname and the two words before it are the syllables of one Korean
// given name written apart ("Min Ji Kim", "Dan Bi Park"): the word before
// the surname is then no part of a double surname, which Korean surnames
// are not (Namgung is one word), though the lists hold it as a surname
// too (지, 빈).
func (e *Parser) koreanGivenBefore(info []wordInfo, sA int) bool {
	return sA == len(info)-1 && sA >= 2 && !info[sA-2].initial &&
		lexicon.IsKoreanSurname(e.lex, info[sA].tok.Text) &&
		lexicon.KoreanGivenPair(e.lex, info[sA-2].tok.Text, info[sA-1].tok.Text)
}
