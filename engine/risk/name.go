package risk

import (
	"fmt"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/namepipe/namepipe/engine/lexicon"
	"github.com/namepipe/namepipe/engine/text"
	"github.com/namepipe/namepipe/nameapi"
)

// Names is what the name checks found for a person's name: the risks, the
// good evidence and what the email checks look for in an address (keys
// from the folded given name and surname). It depends only on the person
// type and the name fields, so a caller may keep it for a name that comes
// again. The zero Names is a person without a name.
//
// A Names value sits in the engine's memo entry of its name, which the
// engine reads on every row (BenchmarkNameChecks in package engine): it is
// kept small (48 bytes, TestNamesSize), with the email keys in its own
// bytes when they fit, and what most names lack (risks, keys too long for
// mail) behind one pointer.
type Names struct {
	more *namesMore // nil: no risks, and the keys fit in mail (or no name)
	good float64

	// What the email checks look for in an address (see mailKeys): the
	// surname key and the given name, one after the other in mail when
	// they fit. A length of -1: not looked for; fits: false when the keys
	// are taken from more's given and surname.
	mail                   [28]byte
	mailSurLen, mailGivLen int8
	fits                   bool
	named                  bool // the name has a given name or a surname
}

// namesMore is the part of Names that most names do not need.
type namesMore struct {
	risks          []nameapi.DetectedRisk
	given, surname string // folded
}

// newNames returns the Names of the checks' risks and good evidence and of
// the folded given name and surname.
func newNames(risks []nameapi.DetectedRisk, good float64, given, surname string) Names {
	n := Names{good: good, named: given != "" || surname != ""}
	n.mailKeys(given, surname)
	if len(risks) > 0 || !n.fits {
		n.more = &namesMore{risks: risks, given: given, surname: surname}
	}
	return n
}

// risks returns the risks of the name checks.
func (n *Names) risks() []nameapi.DetectedRisk {
	if n.more == nil {
		return nil
	}
	return n.more.risks
}

// mailKeys sets what the email checks look for in an address's local
// part: the last word of the surname without hyphens, when the surname has
// three or more bytes, else the given name, when it has three or more.
func (n *Names) mailKeys(given, surname string) {
	sur, giv := mailSurname(surname), mailGiven(given)
	n.fits = len(sur)+len(giv) <= len(n.mail)
	if !n.fits {
		return
	}
	n.mailSurLen, n.mailGivLen = -1, -1
	if len(surname) >= 3 {
		n.mailSurLen = int8(len(sur))
	}
	if len(given) >= 3 {
		n.mailGivLen = int8(len(giv))
	}
	copy(n.mail[copy(n.mail[:], sur):], giv)
}

// mailSurname and mailGiven are the keys of mailKeys ("" when not looked
// for).
func mailSurname(surname string) string {
	if len(surname) < 3 {
		return ""
	}
	return strings.ReplaceAll(text.LastWord(surname), "-", "")
}

func mailGiven(given string) string {
	if len(given) < 3 {
		return ""
	}
	return given
}

// mailEvidence is the good evidence that an email local part (folded)
// carries the name: 0.2 when it holds the surname key of mailKeys, else
// 0.1 when it holds the given name, else 0.
func (n *Names) mailEvidence(local string) float64 {
	if !n.fits {
		m := n.more
		switch {
		case m == nil: // the zero Names
		case len(m.surname) >= 3 && strings.Contains(local, mailSurname(m.surname)):
			return 0.2
		case len(m.given) >= 3 && strings.Contains(local, m.given):
			return 0.1
		}
		return 0
	}
	sur := max(int(n.mailSurLen), 0)
	keys := string(n.mail[:sur+max(int(n.mailGivLen), 0)]) // on the stack
	switch {
	case n.mailSurLen >= 0 && strings.Contains(local, keys[:sur]):
		return 0.2
	case n.mailGivLen >= 0 && strings.Contains(local, keys[sur:]):
		return 0.1
	}
	return 0
}

// CheckNames checks p's name; parse returns the parse of p's name (any
// culture hints will do: only the terms and the person type are used) and
// is called only when p has a name.
func (e *Detector) CheckNames(p *nameapi.InputPerson, parse func() *nameapi.PersonNameParserResult) Names {
	if p.PersonName == nil || len(p.PersonName.NameFields) == 0 {
		return Names{}
	}
	rawAll := rawName(p.PersonName.NameFields)
	if rawAll == "" {
		return Names{}
	}
	var rs riskSet
	given, surname := e.checkName(rawAll, parse(), &rs)
	return newNames(rs.risks(), rs.good, given, surname)
}

// checkName checks the name rawAll (the name fields joined) and
// its parse res.
func (e *Detector) checkName(rawAll string, res *nameapi.PersonNameParserResult, rs *riskSet) (given, surname string) {
	l := text.Lists()

	// Disguise checks work on the text as typed.
	disguiseRisks(e, rawAll, rs)

	pp := res.Best().ParsedPerson
	// shown: the name words without salutation, title, qualifiers; full:
	// shown folded (text.AppendFoldSpace fed the words one after the other
	// folds as it would fold shown whole). Both are built on the stack and
	// copied to the heap in one string.
	var buf, fbuf [256]byte
	sb, fb := buf[:0], fbuf[:0]
	pending := false
	collect := func(pp *nameapi.ParsedPerson) {
		if pp.OutputPersonName == nil {
			return
		}
		for _, t := range pp.OutputPersonName.Terms {
			switch t.TermType {
			case nameapi.TermGivenname, nameapi.TermMiddlename, nameapi.TermSurname, nameapi.TermGivennameInitial,
				nameapi.TermMiddlenameInitial, nameapi.TermSurnameInitial, nameapi.TermNickname, nameapi.TermBusinessName:
				if len(sb) > 0 {
					sb = append(sb, ' ')
					pending = len(fb) > 0 // what text.AppendFoldSpace(fb, pending, " ") does
				}
				sb = append(sb, t.String...)
				fb, pending = text.AppendFoldSpace(fb, pending, t.String)
			}
		}
	}
	if len(pp.People) > 0 {
		for i := range pp.People {
			collect(&pp.People[i])
		}
	} else {
		collect(pp)
	}
	var shown, full string
	if n := len(sb); n > 0 {
		both := string(append(sb, fb...))
		shown, full = both[:n], both[n:]
	} else {
		shown = strings.Join(strings.Fields(rawAll), " ")
		full = text.FoldSpace(shown)
	}
	gp := pp
	if len(pp.People) > 0 {
		gp = &pp.People[0]
	}
	g := gp.OutputPersonName.First(nameapi.TermGivenname)
	sn := surnameOf(gp.OutputPersonName)
	given, surname = foldedParts(shown, full, g, sn)
	// noMiddle: the given name and the surname without the words between
	// them; when it is not full, it is built on the stack (nm) and only
	// looked up.
	var nmBuf [128]byte
	var nm []byte
	noMiddle := surname
	switch {
	case given != "" && surname != "":
		if len(full) == len(given)+1+len(surname) && strings.HasPrefix(full, given) && full[len(given)] == ' ' && strings.HasSuffix(full, surname) {
			noMiddle = full
		} else {
			nm = append(append(append(nmBuf[:0], given...), ' '), surname...)
			noMiddle = ""
		}
	case given != "":
		noMiddle = given
	}

	listed := nameLists()
	for i := range 2 {
		var on onNameLists
		var ok bool
		switch {
		case i == 0:
			if full != "" {
				on, ok = listed[full]
			}
		case nm != nil:
			on, ok = listed[string(nm)]
		case noMiddle != "" && noMiddle != full: // else the same lookups would add nothing new
			on, ok = listed[noMiddle]
		}
		if !ok {
			continue
		}
		if on.placeholder {
			rs.add(nameapi.DataItemName, on.placeholderType, 0.9, fmt.Sprintf("%q is a well-known placeholder name.", shown))
		}
		if on.fictional {
			rs.add(nameapi.DataItemName, nameapi.RiskFictional, 0.95, fmt.Sprintf("%q is the name of a fictional character or place.", shown))
		}
		if on.famous {
			rs.add(nameapi.DataItemName, nameapi.RiskFamous, 0.7, fmt.Sprintf("%q is the name of a famous person.", shown))
		}
		if on.humorous {
			rs.add(nameapi.DataItemName, nameapi.RiskHumorous, 0.8, fmt.Sprintf("%q is a joke name.", shown))
		}
	}
	// Joke names spelled another way ("Seymour Butz").
	if !hasRisk(rs, nameapi.RiskHumorous) {
		for i := range 2 {
			k := full
			if i == 1 {
				if nm == nil && noMiddle == full {
					break // the same lookup would add nothing new
				}
				k = noMiddle
				if nm != nil {
					k = string(nm) // on the stack when short
				}
			}
			if k == "" || !text.IsASCII(k) {
				continue
			}
			if soundsHumorous(k) {
				rs.add(nameapi.DataItemName, nameapi.RiskHumorous, 0.75, fmt.Sprintf("%q sounds like a joke name.", shown))
				break
			}
		}
	}
	// Word-level placeholders and refusals: all words ("test test", "xxx")
	// or some ("Peter Test").
	// full is folded with single blanks: its words are split at ' '.
	nPlace, nWords := 0, 0
	first := ""
	for rest := full; rest != ""; {
		var w string
		if w, rest = cutBlank(rest); w == "" {
			continue
		}
		if nWords == 0 {
			first = w
		}
		nWords++
		if !nameWordShapes().mayHoldWord(w) {
			continue // not on the list: no look-up
		}
		if t, ok := l.NameWords[w]; ok {
			nPlace++
			if t == nameapi.RiskPlaceholder && e.knownWord(w) {
				continue // a real name too ("Kunde", "Baz"): only all-placeholder names count
			}
			score := 0.55
			if t == nameapi.RiskInvalid {
				score = 0.8
			}
			rs.add(nameapi.DataItemName, t, score, fmt.Sprintf("The name contains %q, a placeholder or refusal word.", w))
		}
	}
	if nPlace > 0 && nPlace == nWords {
		t := l.NameWords[first]
		rs.add(nameapi.DataItemName, t, 0.95, fmt.Sprintf("The name %q consists only of placeholder words.", shown))
	}
	// Random typing, in the name's words and in the words as typed that
	// the parse does not show whole ("Mmmmmm" parsed as the initial "M"),
	// but for the words of the curated lists (titles, legal forms, ...).
	// When rawAll is shown, its words are full's (FoldSpace(shown) is
	// full): the loop would add none.
	words := full
	if rawAll != shown && parseDropped(full, rawAll) {
		for w := range strings.SplitSeq(text.FoldSpace(rawAll), " ") {
			if w != "" && !isWordOf(full, w) && !listWord(l, w) {
				words += " " + w
			}
		}
	}
	for rest := words; rest != ""; {
		var w string
		if w, rest = cutBlank(rest); w == "" {
			continue
		}
		// A word the name data knows as a given name or surname is no
		// random typing, whatever its letters ("Nikol", "Mertz").
		if why := randomTyping(w, l); why != "" && !e.knownWord(w) {
			rs.add(nameapi.DataItemName, nameapi.RiskRandomTyping, 0.8, fmt.Sprintf("The name word %q looks like random typing (%s).", w, why))
		}
	}
	// Given name equal or almost equal to the surname.
	if given != "" && surname != "" && len(pp.People) == 0 {
		switch {
		case given == surname && nm == nil: // noMiddle is full, not "Hà Linh Hà"
			rs.add(nameapi.DataItemName, nameapi.RiskStringSimilarity, 0.75, fmt.Sprintf("The given name and the surname are both %q.", given))
		case utf8.RuneCountInString(given) >= 4 && abs(utf8.RuneCountInString(given)-utf8.RuneCountInString(surname)) <= 1 &&
			oneEdit(given, surname) && !(e.lex.IsGivenName(given) && e.lex.IsSurname(surname)):
			// (the look-ups last: most names are far from one edit)
			rs.add(nameapi.DataItemName, nameapi.RiskStringSimilarity, 0.5, fmt.Sprintf("The given name %q and the surname %q are almost the same.", given, surname))
		}
	}
	// Good evidence: a known given name and a known surname.
	if rs.n == 0 && pp.PersonType == nameapi.PersonTypeNatural {
		g, s := g, sn // gp is pp
		if len(pp.People) > 0 {
			g, s = pp.OutputPersonName.First(nameapi.TermGivenname), surnameOf(pp.OutputPersonName)
		}
		if g != "" && lexicon.GivenStrength(e.lex, g) >= 0.5 {
			rs.good += 0.2
		}
		if s != "" && lexicon.IsSurname(e.lex, text.LastWord(s)) {
			rs.good += 0.2
		}
	}
	return given, surname
}

// foldedParts returns text.FoldSpace(g) and text.FoldSpace(sn), for the
// given name g and the surname sn of a name shown whose folded words are
// full (text.FoldSpace(shown)). Fold (per rune) keeps the words apart, so
// when shown starts with g (ends with sn) at a blank, the folded part is
// that many words of full, taken without folding again.
func foldedParts(shown, full, g, sn string) (given, surname string) {
	cut := -1 // given is full[:cut]
	if fg := foldFields(g); fg > 0 && strings.HasPrefix(shown, g) && (len(shown) == len(g) || shown[len(g)] == ' ') {
		cut = nthBlank(full, fg)
		given = full[:cut]
	} else if g != "" {
		given = text.FoldSpace(g)
	}
	switch {
	case sn == "":
	case cut >= 0 && len(shown) == len(g)+1+len(sn) && strings.HasSuffix(shown, sn) && hasFoldWord(sn):
		surname = full[cut+1:] // shown is "given surname"
	case strings.HasSuffix(shown, sn) && (len(shown) == len(sn) || shown[len(shown)-len(sn)-1] == ' '):
		if sw := foldFields(sn); sw > 0 {
			surname = full[lastNthBlank(full, sw)+1:]
		}
	default:
		surname = text.FoldSpace(sn)
	}
	return given, surname
}

// hasRisk reports whether rs holds a NAME risk of type typ.
func hasRisk(rs *riskSet, typ string) bool {
	for i := range rs.n {
		if f := rs.at(i); f.risk.DataItem == nameapi.DataItemName && string(f.risk.RiskType) == typ {
			return true
		}
	}
	return false
}

// parseDropped reports whether the parse's words (full, folded) may miss
// words of the name as typed (raw), so that the typing checks must read
// raw too: full has an initial ("Mmmmmm" parsed as "M") or fewer words
// than raw (a salutation, a title, a word the parse left out).
func parseDropped(full, raw string) bool {
	nf := 0
	for w := range strings.SplitSeq(full, " ") {
		if len(w) == 1 {
			return true
		}
		if w != "" {
			nf++
		}
	}
	return nf < foldFields(raw)
}

// cutBlank returns the text of s before its first ' ' and the rest after
// it (s and "" without one): a loop over cutBlank sees the words of
// strings.Split(s, " ") but a last empty one.
func cutBlank(s string) (w, rest string) {
	for i := 0; i < len(s); i++ {
		if s[i] == ' ' {
			return s[:i], s[i+1:]
		}
	}
	return s, ""
}

// isWordOf reports whether w is one of the blank-separated words of s.
func isWordOf(s, w string) bool {
	for x := range strings.SplitSeq(s, " ") {
		if x == w {
			return true
		}
	}
	return false
}

// listWord reports whether the folded word w is on a curated list of words
// that stand beside a name (salutations, titles, qualifiers, legal forms,
// particles, business words): no random typing, whatever its letters.
func listWord(l *text.WordLists, w string) bool {
	k := text.NKey(w)
	_, sal := l.Salutations[k]
	return sal || l.Titles[k] || l.Qualifiers[k].TermType != "" || l.LegalForms[k] != "" || l.Particles[k] || l.BusinessWords[k]
}

// nameWordShapes returns the wordShapes of text.Lists().NameWords.
var nameWordShapes = sync.OnceValue(func() *wordShapes { return shapesOf(text.Lists().NameWords) })

// onNameLists is what the lists of whole names say of a folded name.
type onNameLists struct {
	placeholder                 bool
	placeholderType             string
	fictional, famous, humorous bool
}

// nameLists returns text.Lists()'s Placeholders, Fictional, Famous and
// Humorous as one map: one lookup per name instead of four.
var nameLists = sync.OnceValue(func() map[string]onNameLists {
	l := text.Lists()
	m := map[string]onNameLists{}
	for k, t := range l.Placeholders {
		on := m[k]
		on.placeholder, on.placeholderType = true, t
		m[k] = on
	}
	for _, list := range []struct {
		names map[string]bool
		set   func(*onNameLists, bool)
	}{
		{l.Fictional, func(on *onNameLists, v bool) { on.fictional = v }},
		{l.Famous, func(on *onNameLists, v bool) { on.famous = v }},
		{l.Humorous, func(on *onNameLists, v bool) { on.humorous = v }},
	} {
		for k, v := range list.names {
			on := m[k]
			list.set(&on, v)
			m[k] = on
		}
	}
	return m
})

// oneEdit reports whether text.DamerauLevenshtein(a, b) == 1: one rune
// replaced, inserted or deleted, or two neighbours swapped. It needs no
// allocation for ASCII strings.
func oneEdit(a, b string) bool {
	if !text.IsASCII(a) || !text.IsASCII(b) {
		return text.DamerauLevenshtein(a, b) == 1
	}
	if len(a) < len(b) {
		a, b = b, a
	}
	if len(a)-len(b) > 1 || a == b {
		return false
	}
	// Without the common prefix and suffix, what is left must be one
	// edit.
	i := 0
	for i < len(b) && a[i] == b[i] {
		i++
	}
	ja, jb := len(a), len(b)
	for jb > i && a[ja-1] == b[jb-1] {
		ja--
		jb--
	}
	switch ra, rb := ja-i, jb-i; {
	case ra == 1 && rb <= 1:
		return true
	case ra == 2 && rb == 2:
		return a[i] == b[i+1] && a[i+1] == b[i]
	}
	return false
}

// foldFields is the number of words text.FoldSpace(s) has: runs between white
// space, dots and commas (fold maps every other rune to letters).
func foldFields(s string) int {
	n := 0
	var prev uint8 // 1 after a byte of a word
	i := 0
	for ; i < len(s); i++ {
		c := s[i]
		if c >= utf8.RuneSelf {
			break
		}
		w := asciiWord[c]
		n += int(w &^ prev)
		prev = w
	}
	in := prev == 1
	for _, r := range s[i:] {
		if unicode.IsSpace(r) || r == '.' || r == ',' {
			in = false
			continue
		}
		if !in {
			n++
			in = true
		}
	}
	return n
}

// hasFoldWord reports whether foldFields(s) > 0, reading s only up to
// its first word.
func hasFoldWord(s string) bool {
	for _, r := range s {
		if r < utf8.RuneSelf {
			if c := byte(r); !asciiSpace[c] && c != '.' && c != ',' {
				return true
			}
			continue
		}
		if !unicode.IsSpace(r) {
			return true
		}
	}
	return false
}

// asciiWord marks with 1 the ASCII bytes of words for foldFields: all
// but white space, dots and commas.
var asciiWord = func() (t [utf8.RuneSelf]uint8) {
	for c := range t {
		if !asciiSpace[c] && c != '.' && c != ',' {
			t[c] = 1
		}
	}
	return t
}()

// asciiSpace marks the ASCII bytes unicode.IsSpace holds white space.
var asciiSpace = [utf8.RuneSelf]bool{'\t': true, '\n': true, '\v': true, '\f': true, '\r': true, ' ': true}

// nthBlank returns the index of the n-th ' ' in s (len(s) if fewer).
func nthBlank(s string, n int) int {
	for i := 0; i < len(s); i++ {
		if s[i] == ' ' {
			n--
			if n == 0 {
				return i
			}
		}
	}
	return len(s)
}

// lastNthBlank returns the index of the n-th ' ' from the end of s (-1
// if fewer).
func lastNthBlank(s string, n int) int {
	for i := len(s) - 1; i >= 0; i-- {
		if s[i] == ' ' {
			n--
			if n == 0 {
				return i
			}
		}
	}
	return -1
}

// rawName joins the non-blank name fields, trimmed, with single blanks
// between them (without copying for a single field).
func rawName(fs []nameapi.NameField) string {
	out := ""
	for i, f := range fs {
		s := strings.TrimSpace(f.String)
		if s == "" {
			continue
		}
		if out == "" {
			out = s
			continue
		}
		var b strings.Builder
		b.WriteString(out)
		for _, g := range fs[i:] {
			if t := strings.TrimSpace(g.String); t != "" {
				b.WriteByte(' ')
				b.WriteString(t)
			}
		}
		return b.String()
	}
	return out
}

// surnameOf returns a person's whole surname: its SURNAME terms joined by
// a space (the parser writes "García López" as two terms).
func surnameOf(n *nameapi.OutputPersonName) string {
	if n == nil {
		return ""
	}
	s := ""
	for _, t := range n.Terms {
		if t.TermType != nameapi.TermSurname {
			continue
		}
		if s == "" {
			s = t.String
		} else {
			s += " " + t.String
		}
	}
	return s
}
