package engine

import (
	"context"
	"fmt"
	"math"
	"slices"
	"sort"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"
	"unsafe"

	"github.com/namepipe/namepipe/engine/lexicon"

	"github.com/namepipe/namepipe/engine/text"

	"github.com/namepipe/namepipe/nameapi"
)

const opRisk = "riskdetector/person"

// riskSet collects detected risks and evidence that the record is good.
type riskSet struct {
	risks []nameapi.DetectedRisk
	good  float64 // sum of positive evidence, 0..1
}

// add records a risk; the reason is fmt.Sprintf(format, args...). There is
// one risk per data item and type: a second one raises the score (and
// takes the reason) when it is higher.
func (r *riskSet) add(item, typ string, score float64, format string, args ...any) {
	for i := range r.risks {
		k := &r.risks[i]
		if k.DataItem != item || string(k.RiskType) != typ {
			continue
		}
		if k.RiskScore < score {
			k.RiskScore = round3(score)
			k.Reason = fmt.Sprintf(format, args...)
		}
		return
	}
	r.risks = append(r.risks, nameapi.DetectedRisk{
		DataItem:  item,
		RiskType:  nameapi.RiskType(typ),
		RiskScore: round3(score),
		Reason:    fmt.Sprintf(format, args...),
	})
}

// DetectRisk tells whether the person's data looks fake or disguised.
//
// It checks the name (placeholders such as "John Doe" and "test test",
// random keyboard typing, fictional, famous and joke names, refusals and
// vulgar words, given name equal to surname; spaced, stuttered and padded
// typing, mixed case and leetspeak), the email addresses (disposable
// providers, placeholder local parts and domains), the age (impossible
// dates such as 31 February, birth in the future or more than 120 years
// ago, placeholder dates such as 1900-01-01), the phone numbers (1234567,
// 0000000, repeated digits) and the addresses ("Musterstraße 1", "123
// Main St", "Sesame Street").
//
// Impossible dates are reported as AGE risks, not as invalid input: the
// risk detector's purpose is to judge such data. Only a missing person is
// invalid input.
//
// The score is in [-1, 1]: 1-Π(1-riskScore) over the risks when there are
// any; otherwise negative when the record looks good (known given name and
// surname, an email that matches the name, a plausible age) and 0 when
// there is nothing to say.
func (e *Engine) DetectRisk(ctx context.Context, in *nameapi.InputWithPerson) (*nameapi.RiskDetectorResult, error) {
	if err := ctx.Err(); err != nil {
		return nil, fmt.Errorf("detect risk: %w", err)
	}
	if in == nil || in.InputPerson == nil {
		return nil, nameapi.NewInvalidInputError(opRisk, "inputPerson is missing")
	}
	p := in.InputPerson
	var rs riskSet
	given, surname := e.nameRisks(in.Context, p, &rs)
	e.emailRisks(p, given, surname, &rs)
	e.ageRisks(p, &rs)
	telRisks(p, &rs)
	addressRisks(p, &rs)
	return rs.result(), nil
}

func (r *riskSet) result() *nameapi.RiskDetectorResult {
	res := &nameapi.RiskDetectorResult{Risks: r.risks}
	if res.Risks == nil {
		res.Risks = []nameapi.DetectedRisk{}
	}
	if len(r.risks) > 0 {
		sort.SliceStable(res.Risks, func(i, j int) bool { return res.Risks[i].RiskScore > res.Risks[j].RiskScore })
		keep := 1.0
		for _, k := range r.risks {
			keep *= 1 - k.RiskScore
		}
		res.Score = round3(math.Max(0.001, 1-keep))
		return res
	}
	res.Score = -round3(math.Min(0.9, r.good))
	if res.Score == 0 {
		res.Score = 0 // no negative zero
	}
	return res
}

// ---------------------------------------------------------------------------
// Names

// nameRiskMemo is what nameRisks found for a name: the risks, the good
// evidence and the folded given name and surname. The memo keeps it with
// the name's parse: it depends only on what the memo key holds (the person
// type and the name fields), so a name that comes again is not checked
// again.
type nameRiskMemo struct {
	done           bool // the checks were made
	risks          []nameapi.DetectedRisk
	good           float64
	given, surname string
}

// nameRisks checks the person's name and returns the folded given name and
// surname for the other checks. rs must be empty.
func (e *Engine) nameRisks(c *nameapi.Context, p *nameapi.InputPerson, rs *riskSet) (given, surname string) {
	if p.PersonName == nil || len(p.PersonName.NameFields) == 0 {
		return "", ""
	}
	rawAll := rawName(p.PersonName.NameFields)
	if rawAll == "" {
		return "", ""
	}
	if e.memo == nil {
		return e.checkName(rawAll, e.parser.Person(c, p), rs)
	}
	// Only the terms and the person type are used here: any memoised parse
	// of the name will do.
	var buf [memoKeyBuf]byte
	key := memoKey(buf[:0], p)
	res, nr, shard := e.memo.getNames(key)
	if nr.done {
		if len(nr.risks) > 0 {
			rs.risks = append(rs.risks, nr.risks...) // a copy: the caller gets rs.risks
		}
		rs.good += nr.good
		return nr.given, nr.surname
	}
	if res == nil {
		res = e.parser.Person(c, p)
		e.memo.put(key, memoAttrs(c, p), res)
	}
	given, surname = e.checkName(rawAll, res, rs)
	e.memo.putNames(shard, key, nameRiskMemo{done: true, risks: slices.Clone(rs.risks), good: rs.good, given: given, surname: surname})
	return given, surname
}

// checkName is nameRisks for the name rawAll (the name fields joined) and
// its parse res.
func (e *Engine) checkName(rawAll string, res *nameapi.PersonNameParserResult, rs *riskSet) (given, surname string) {
	l := text.Lists()

	// Disguise checks work on the text as typed.
	disguiseRisks(e, rawAll, rs)

	pp := res.Best().ParsedPerson
	// shown: the name words without salutation, title, qualifiers; full:
	// shown folded. Both are built on the stack and copied to the heap
	// in one string.
	var buf [256]byte
	sb := buf[:0]
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
				}
				sb = append(sb, t.String...)
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
		// appendFoldSpace into an empty slice is foldSpace.
		var fbuf [256]byte
		f, _ := text.AppendFoldSpace(fbuf[:0], false, unsafe.String(unsafe.SliceData(sb), n))
		both := string(append(sb, f...))
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
	sn := gp.OutputPersonName.First(nameapi.TermSurname)
	if fg := foldFields(g); fg > 0 && foldFields(sn) > 0 && len(shown) == len(g)+1+len(sn) &&
		strings.HasPrefix(shown, g) && shown[len(g)] == ' ' && strings.HasSuffix(shown, sn) {
		// shown is "given surname": fold (per rune) keeps the fields
		// apart, so the folded parts are the first fg words of full and
		// the rest.
		cut := nthBlank(full, fg)
		given, surname = full[:cut], full[cut+1:]
	} else {
		given, surname = text.FoldSpace(g), text.FoldSpace(sn)
	}
	noMiddle := surname
	switch {
	case given != "" && surname != "":
		if len(full) == len(given)+1+len(surname) && strings.HasPrefix(full, given) && full[len(given)] == ' ' && strings.HasSuffix(full, surname) {
			noMiddle = full
		} else {
			noMiddle = given + " " + surname
		}
	case given != "":
		noMiddle = given
	}

	for i, k := range [2]string{full, noMiddle} {
		if k == "" || i == 1 && k == full {
			continue // the same lookups would add nothing new
		}
		if t, ok := l.Placeholders[k]; ok {
			rs.add(nameapi.DataItemName, t, 0.9, "%q is a well-known placeholder name.", shown)
		}
		if l.Fictional[k] {
			rs.add(nameapi.DataItemName, nameapi.RiskFictional, 0.85, "%q is the name of a fictional character or place.", shown)
		}
		if l.Famous[k] {
			rs.add(nameapi.DataItemName, nameapi.RiskFamous, 0.7, "%q is the name of a famous person.", shown)
		}
		if l.Humorous[k] {
			rs.add(nameapi.DataItemName, nameapi.RiskHumorous, 0.8, "%q is a joke name.", shown)
		}
	}
	// Word-level placeholders and refusals: all words ("test test", "xxx")
	// or some ("Peter Test").
	// full is folded with single blanks: its words are split at ' '.
	nPlace, nWords := 0, 0
	first := ""
	for w := range strings.SplitSeq(full, " ") {
		if w == "" {
			continue
		}
		if nWords == 0 {
			first = w
		}
		nWords++
		if t, ok := l.NameWords[w]; ok {
			nPlace++
			score := 0.55
			if t == nameapi.RiskInvalid {
				score = 0.8
			}
			rs.add(nameapi.DataItemName, t, score, "The name contains %q, a placeholder or refusal word.", w)
		}
	}
	if nPlace > 0 && nPlace == nWords {
		t := l.NameWords[first]
		rs.add(nameapi.DataItemName, t, 0.95, "The name %q consists only of placeholder words.", shown)
	}
	// Random typing.
	for w := range strings.SplitSeq(full, " ") {
		if w == "" {
			continue
		}
		if why := randomTyping(w, l); why != "" {
			rs.add(nameapi.DataItemName, nameapi.RiskRandomTyping, 0.8, "The name word %q looks like random typing (%s).", w, why)
		}
	}
	// Given name equal or almost equal to the surname.
	if given != "" && surname != "" && len(pp.People) == 0 {
		switch {
		case given == surname:
			rs.add(nameapi.DataItemName, nameapi.RiskStringSimilarity, 0.75, "The given name and the surname are both %q.", given)
		case len(given) >= 4 && abs(utf8.RuneCountInString(given)-utf8.RuneCountInString(surname)) <= 1 &&
			oneEdit(given, surname):
			rs.add(nameapi.DataItemName, nameapi.RiskStringSimilarity, 0.5, "The given name %q and the surname %q are almost the same.", given, surname)
		}
	}
	// Good evidence: a known given name and a known surname.
	if len(rs.risks) == 0 && pp.PersonType == nameapi.PersonTypeNatural {
		g := pp.OutputPersonName.First(nameapi.TermGivenname)
		s := pp.OutputPersonName.First(nameapi.TermSurname)
		if g != "" && lexicon.GivenStrength(e.lex, g) >= 0.5 {
			rs.good += 0.2
		}
		if s != "" && lexicon.IsSurname(e.lex, text.LastWord(s)) {
			rs.good += 0.2
		}
	}
	return given, surname
}

// oneEdit reports whether damerauLevenshtein(a, b) == 1: one rune
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

// foldFields is the number of words foldSpace(s) has: runs between white
// space, dots and commas (fold maps every other rune to letters).
func foldFields(s string) int {
	n, in := 0, false
	for _, r := range s {
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

// randomTyping returns why w looks like random typing, or "".
func randomTyping(w string, l *text.WordLists) string {
	if len(w) < 3 {
		return "" // fewer than three letters
	}
	if asciiLetters(w) {
		return randomTypingASCII(w, l)
	}
	return randomTypingRunes(w, l)
}

// randomTypingRunes is randomTyping for any word.
func randomTypingRunes(w string, l *text.WordLists) string {
	n := 0
	ascii := true
	for _, r := range w {
		if !unicode.IsLetter(r) {
			return ""
		}
		if r >= utf8.RuneSelf {
			ascii = false
		}
		n++
	}
	if n < 3 {
		return ""
	}
	// One unit of 1-3 letters repeated at least three times: "jkjkjk", "aaa".
	if ascii {
		if repeatedUnit(n, func(i int) rune { return rune(w[i]) }) {
			return "a repeated pattern"
		}
	} else if rs := []rune(w); repeatedUnit(n, func(i int) rune { return rs[i] }) {
		return "a repeated pattern"
	}
	if n < 4 {
		return ""
	}
	// A run along a keyboard row: "asdf", "qwertz", "poiuz".
	best := 0
	for _, row := range l.KeyboardRows {
		if !l.MayRunAlongRow(w) {
			break
		}
		if m := longestRowRun(w, row); m > best {
			best = m
		}
	}
	if best >= 5 || (best >= 4 && float64(best) >= 0.75*float64(n)) {
		return "keys next to each other on the keyboard"
	}
	// No vowel at all in a word of four or more letters.
	for _, r := range w {
		if isVowel(r) {
			return ""
		}
	}
	return "no vowels"
}

// asciiLetters reports whether w consists of ASCII letters only.
func asciiLetters(w string) bool {
	for i := 0; i < len(w); i++ {
		if c := w[i] | 0x20; c < 'a' || c > 'z' {
			return false
		}
	}
	return true
}

// randomTypingASCII is randomTyping for a word of three or more ASCII
// letters.
func randomTypingASCII(w string, l *text.WordLists) string {
	n := len(w)
	for u := 1; u <= 3 && u*3 <= n; u++ {
		if n%u == 0 && w[u:] == w[:n-u] {
			return "a repeated pattern"
		}
	}
	if n < 4 {
		return ""
	}
	if l.MayRunAlongRow(w) {
		best := 0
		for _, row := range l.KeyboardRows {
			if m := longestRowRunASCII(w, row); m > best {
				best = m
			}
		}
		if best >= 5 || (best >= 4 && float64(best) >= 0.75*float64(n)) {
			return "keys next to each other on the keyboard"
		}
	}
	for i := 0; i < n; i++ {
		switch w[i] {
		case 'a', 'e', 'i', 'o', 'u', 'y':
			return ""
		}
	}
	return "no vowels"
}

// repeatedUnit reports whether the n letters (at(i) is the i-th) are one
// unit of 1-3 letters repeated at least three times ("jkjkjk", "aaa").
func repeatedUnit(n int, at func(int) rune) bool {
	for u := 1; u <= 3 && u*3 <= n; u++ {
		if n%u != 0 {
			continue
		}
		rep := true
		for i := u; i < n; i++ {
			if at(i) != at(i-u) {
				rep = false
				break
			}
		}
		if rep {
			return true
		}
	}
	return false
}

// isVowel reports whether r is a (lower-case) vowel, with or without
// diacritics.
func isVowel(r rune) bool {
	switch r {
	case 'a', 'e', 'i', 'o', 'u', 'y':
		return true
	}
	return r >= utf8.RuneSelf && strings.ContainsRune("äöüàáâãåæèéêëìíîïòóôõøùúûýœ", r)
}

// rowRun tracks, key by key, the longest run of neighbouring keys along a
// keyboard row, forwards or backwards. Positions are 1-based; 0 is a key
// that is not on the row.
type rowRun struct{ best, cur, dir, prev int }

func newRowRun(first int) rowRun { return rowRun{best: 1, cur: 1, prev: first} }

// next adds the key at row position b.
func (r *rowRun) next(b int) {
	a := r.prev
	r.prev = b
	d := b - a
	adjacent := a != 0 && b != 0 && (d == 1 || d == -1)
	switch {
	case adjacent && (r.cur == 1 || d == r.dir):
		r.cur++
		r.dir = d
	case adjacent:
		r.cur, r.dir = 2, d
	default:
		r.cur, r.dir = 1, 0
	}
	r.best = max(r.best, r.cur)
}

// length is the longest run seen, 0 when there is none of two keys.
func (r *rowRun) length() int {
	if r.best < 2 {
		return 0
	}
	return r.best
}

// longestRowRun is the length of the longest substring of w that runs
// along row, forwards or backwards (0 when there is none of two keys).
func longestRowRun(w string, row *text.KBRow) int {
	var run rowRun
	first := true
	for _, r := range w {
		if first {
			run, first = newRowRun(row.Pos(r)), false
			continue
		}
		run.next(row.Pos(r))
	}
	return run.length()
}

// longestRowRunASCII is longestRowRun for an ASCII word.
func longestRowRunASCII(w string, row *text.KBRow) int {
	run := newRowRun(int(row.Lo[w[0]]))
	for i := 1; i < len(w); i++ {
		run.next(int(row.Lo[w[i]]))
	}
	return run.length()
}

// disguiseRisks checks the name as typed for spaced, stuttered and padded
// typing, odd mixed case and leetspeak.
func disguiseRisks(e *Engine, raw string, rs *riskSet) {
	// Spaced typing: three or more single letters in a row without dots.
	run := 0
	for f := range strings.FieldsSeq(raw) {
		if r, n := utf8.DecodeRuneInString(f); n == len(f) && unicode.IsLetter(r) {
			run++
			if run >= 3 {
				rs.add(nameapi.DataItemName, nameapi.RiskSpacedTyping, 0.85, "The name %q is typed with spaces between its letters.", raw)
				break
			}
			continue
		}
		run = 0
	}
	for f := range strings.FieldsSeq(raw) {
		w := trimPunct(f)
		if w == "" {
			continue
		}
		// Stutter: a letter three or more times in a row inside a word
		// that is not just that letter.
		if core, ok := e.padded(w); ok {
			rs.add(nameapi.DataItemName, nameapi.RiskPadding, 0.8, "The name word %q pads the name %q with filler characters.", w, core)
			continue
		}
		if plainWord(w) {
			continue // no stutter, odd case, digits or leet
		}
		if stutter(w) {
			rs.add(nameapi.DataItemName, nameapi.RiskStutterTyping, 0.7, "The name word %q repeats a letter three or more times.", w)
		}
		odd := text.OddCase(w)
		digits := hasDigit(w)
		if !odd && !digits && !strings.ContainsAny(w, "@$") {
			continue // nothing more to report (see leet)
		}
		k := text.NKey(w)
		if l := text.Lists(); l.LegalForms[k] != "" || l.Qualifiers[k].TermType != "" || l.Titles[k] {
			continue
		}
		if odd {
			rs.add(nameapi.DataItemName, nameapi.RiskOther, 0.5, "The name word %q mixes upper and lower case in an unusual way.", w)
		}
		if dec, ok := e.leet(w); ok {
			rs.add(nameapi.DataItemName, nameapi.RiskOther, 0.75, "The name word %q spells %q in leetspeak (digits for letters).", w, dec)
		} else if digits {
			rs.add(nameapi.DataItemName, nameapi.RiskOther, 0.5, "The name word %q contains digits.", w)
		}
	}
}

// trimPunct is strings.Trim(f, ".,;:\"'()") without building the cut set
// for every word.
func trimPunct(f string) string {
	isPunct := func(c byte) bool {
		switch c {
		case '.', ',', ';', ':', '"', '\'', '(', ')':
			return true
		}
		return false
	}
	i, j := 0, len(f)
	for i < j && isPunct(f[i]) {
		i++
	}
	for j > i && isPunct(f[j-1]) {
		j--
	}
	return f[i:j]
}

// plainWord reports whether w is ASCII letters in lower case, upper case
// or capitalised, without a letter three times in a row: a word in which
// disguiseRisks finds neither stutter nor odd case nor digits nor leet.
func plainWord(w string) bool {
	up, low := 0, 0
	var p1, p2 byte // the previous two letters, lower-cased
	for i := 0; i < len(w); i++ {
		c := w[i]
		switch {
		case c >= 'a' && c <= 'z':
			low++
		case c >= 'A' && c <= 'Z':
			if i > 0 {
				up++ // the first letter may be a capital
			}
			c += 'a' - 'A'
		default:
			return false
		}
		if c == p1 && c == p2 {
			return false
		}
		p1, p2 = c, p1
	}
	// up counts the capitals after the first letter.
	return up == 0 || low == 0
}

func hasDigit(s string) bool {
	for _, r := range s {
		if unicode.IsDigit(r) {
			return true
		}
	}
	return false
}

func stutter(w string) bool {
	// A letter three or more times in a row (case-insensitively), in a
	// word of at least two different letters.
	var prev rune
	run, distinct := 0, false
	var first rune
	found := false
	for i, r := range w {
		r = unicode.ToLower(r)
		if i == 0 {
			first = r
		} else if r != first {
			distinct = true
		}
		if run > 0 && r == prev && unicode.IsLetter(r) {
			run++
			if run >= 3 {
				found = true
			}
		} else {
			run = 1
		}
		prev = r
	}
	return found && distinct
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// padded reports whether w is a known name wrapped in filler ("xxxPeterxxx",
// "__Peter__", "...Peter...") and returns the name.
func (e *Engine) padded(w string) (string, bool) {
	isFill := func(r rune) bool {
		return !unicode.IsLetter(r) || r == 'x' || r == 'X' || r == 'z' || r == 'Z'
	}
	// Most words neither start nor end with filler.
	if r0, _ := utf8.DecodeRuneInString(w); !isFill(r0) {
		if r1, _ := utf8.DecodeLastRuneInString(w); !isFill(r1) {
			return "", false
		}
	}
	rs := []rune(w)
	i, j := 0, len(rs)
	for i < j && isFill(rs[i]) {
		i++
	}
	for j > i && isFill(rs[j-1]) {
		j--
	}
	if i+len(rs)-j < 2 || j-i < 3 {
		return "", false
	}
	// Try widening back letters the trim took from a real name ("Max").
	for a := i; a >= 0; a-- {
		for b := j; b <= len(rs); b++ {
			if a == 0 && b == len(rs) {
				continue
			}
			core := string(rs[a:b])
			if lexicon.GivenStrength(e.lex, core) >= 0.5 || lexicon.IsSurname(e.lex, core) {
				return core, true
			}
		}
	}
	return "", false
}

var leetMap = map[rune]rune{'0': 'o', '1': 'i', '3': 'e', '4': 'a', '5': 's', '7': 't', '@': 'a', '$': 's', '8': 'b'}

// leet decodes leetspeak ("J0hn", "P3t3r") and reports whether the result
// is a known name.
func (e *Engine) leet(w string) (string, bool) {
	if !hasDigit(w) && !strings.ContainsAny(w, "@$") {
		return "", false
	}
	letters := 0
	var b strings.Builder
	for _, r := range w {
		if m, ok := leetMap[r]; ok {
			b.WriteRune(m)
			continue
		}
		if !unicode.IsLetter(r) {
			return "", false
		}
		letters++
		b.WriteRune(r)
	}
	if letters == 0 {
		return "", false
	}
	dec := b.String()
	if lexicon.GivenStrength(e.lex, dec) >= 0.5 || lexicon.IsSurname(e.lex, dec) {
		return dec, true
	}
	// "1" may stand for "l" too.
	alt := strings.ReplaceAll(dec, "i", "l")
	if alt != dec && (lexicon.GivenStrength(e.lex, alt) >= 0.5 || lexicon.IsSurname(e.lex, alt)) {
		return alt, true
	}
	return "", false
}

// ---------------------------------------------------------------------------
// Emails

var placeholderLocals = map[string]bool{
	"test": true, "tester": true, "testing": true, "asdf": true, "qwerty": true, "noreply": true, "no-reply": true,
	"donotreply": true, "do-not-reply": true, "example": true, "foo": true, "foobar": true, "none": true, "nobody": true,
	"null": true, "xxx": true, "dummy": true, "fake": true, "spam": true, "nospam": true, "nomail": true, "no": true,
	"abc": true, "user": true, "email": true, "mail": true, "name": true, "sample": true, "anonymous": true, "a": true,
	"123": true, "1234": true, "12345": true, "me": true, "you": true, "keine": true, "kein": true,
}

var placeholderDomains = map[string]bool{
	"example.com": true, "example.org": true, "example.net": true, "example.de": true, "test.com": true, "test.de": true,
	"domain.com": true, "sample.com": true, "email.test": true, "localhost": true, "mail.test": true, "foo.com": true,
	"bar.com": true, "asdf.com": true, "nowhere.com": true, "none.com": true, "invalid.com": true, "abc.com": true,
	"xxx.com": true, "mustermann.de": true, "muster.de": true, "beispiel.de": true,
}

func (e *Engine) emailRisks(p *nameapi.InputPerson, given, surname string, rs *riskSet) {
	for _, em := range p.EmailAddresses {
		addr := strings.TrimSpace(em.EmailAddress)
		if addr == "" {
			continue
		}
		at := strings.LastIndexByte(addr, '@')
		if at <= 0 || at == len(addr)-1 || !strings.Contains(addr[at+1:], ".") && addr[at+1:] != "localhost" {
			rs.add(nameapi.DataItemEmail, nameapi.RiskInvalid, 0.7, "%q is not a valid email address.", addr)
			continue
		}
		local := strings.ToLower(addr[:at])
		domain := strings.TrimSuffix(strings.ToLower(addr[at+1:]), ".")
		switch {
		case placeholderDomains[domain] || strings.HasSuffix(domain, ".example") || strings.HasSuffix(domain, ".invalid") ||
			strings.HasSuffix(domain, ".test") || strings.HasPrefix(domain, "example."):
			rs.add(nameapi.DataItemEmail, nameapi.RiskPlaceholder, 0.85, "The email domain %q is a placeholder or reserved domain.", domain)
		case e.lex.IsDisposableDomain(domain):
			rs.add(nameapi.DataItemEmail, nameapi.RiskOther, 0.8, "The email address uses %q, a disposable (throwaway) email provider.", domain)
		}
		base := local
		if i := strings.IndexByte(base, '+'); i > 0 {
			base = base[:i]
		}
		l := text.Lists()
		switch {
		case placeholderLocals[base]:
			rs.add(nameapi.DataItemEmail, nameapi.RiskPlaceholder, 0.7, "The email local part %q is a placeholder.", base)
		default:
			// The letters of base, on the stack: randomTyping keeps no
			// reference to its word.
			var lb [64]byte
			letters := lb[:0]
			for _, r := range base {
				if unicode.IsLetter(r) {
					letters = utf8.AppendRune(letters, r)
				}
			}
			if len(letters) >= 4 {
				if why := randomTyping(unsafe.String(unsafe.SliceData(letters), len(letters)), l); why != "" {
					rs.add(nameapi.DataItemEmail, nameapi.RiskRandomTyping, 0.6, "The email local part %q looks like random typing (%s).", base, why)
				}
			}
		}
		// Good evidence: the address carries the person's name.
		fl := text.Fold(base)
		if surname != "" && len(surname) >= 3 && strings.Contains(fl, strings.ReplaceAll(text.LastWord(surname), "-", "")) {
			rs.good += 0.2
		} else if given != "" && len(given) >= 3 && strings.Contains(fl, given) {
			rs.good += 0.1
		}
	}
}

// ---------------------------------------------------------------------------
// Age

// placeholderDates are birth dates that forms default to or that people
// type to get past a required field.
var placeholderDates = map[[3]int32]float64{
	{1900, 1, 1}: 0.8, {1901, 1, 1}: 0.7, {1970, 1, 1}: 0.5, {1111, 11, 11}: 0.9, {1234, 5, 6}: 0.9,
	{2000, 1, 1}: 0.4, {1999, 12, 31}: 0.4, {1800, 1, 1}: 0.9, {1, 1, 1}: 0.9,
}

func (e *Engine) ageRisks(p *nameapi.InputPerson, rs *riskSet) {
	a := p.Age
	if a.Empty() {
		return
	}
	now := e.now()
	legal := p.IsLegal()
	checkYear := func(y int32) bool {
		age := now.Year() - int(y)
		switch {
		case int(y) > now.Year():
			rs.add(nameapi.DataItemAge, nameapi.RiskInvalid, 0.9, "The year %d lies in the future.", y)
			return false
		case age > 120 && !legal:
			rs.add(nameapi.DataItemAge, nameapi.RiskInvalid, 0.85, "A birth in %d would make the person %d years old.", y, age)
			return false
		}
		return true
	}
	switch a.Type {
	case nameapi.TypeBirthDate, "":
		y, m, d := a.Year, a.Month, a.Day
		if m < 1 || m > 12 || d < 1 || d > 31 {
			rs.add(nameapi.DataItemAge, nameapi.RiskInvalid, 0.9, "%04d-%02d-%02d is not a date.", y, m, d)
			return
		}
		t := time.Date(int(y), time.Month(m), int(d), 0, 0, 0, 0, time.UTC)
		if t.Day() != int(d) {
			rs.add(nameapi.DataItemAge, nameapi.RiskInvalid, 0.9, "%04d-%02d-%02d does not exist (that month has fewer days).", y, m, d)
			return
		}
		if t.After(now) {
			rs.add(nameapi.DataItemAge, nameapi.RiskInvalid, 0.9, "The birth date %s lies in the future.", t.Format("2006-01-02"))
			return
		}
		if s, ok := placeholderDates[[3]int32{y, m, d}]; ok {
			rs.add(nameapi.DataItemAge, nameapi.RiskPlaceholder, s, "%s is a common placeholder birth date.", t.Format("2006-01-02"))
			return
		}
		if checkYear(y) && !legal {
			if age := now.Sub(t).Hours() / 24 / 365.25; age >= 14 && age <= 100 {
				rs.good += 0.1
			}
		}
	case nameapi.TypeBirthYear:
		checkYear(a.Year)
	case nameapi.TypeBirthYearMonth:
		if a.Month < 1 || a.Month > 12 {
			rs.add(nameapi.DataItemAge, nameapi.RiskInvalid, 0.9, "Month %d does not exist.", a.Month)
			return
		}
		checkYear(a.Year)
	case nameapi.TypeBirthYearRange:
		if r := a.YearRange; r != nil {
			if r.StartIncluding != nil && r.EndIncluding != nil && *r.StartIncluding > *r.EndIncluding {
				rs.add(nameapi.DataItemAge, nameapi.RiskInvalid, 0.8, "The year range %d-%d ends before it starts.", *r.StartIncluding, *r.EndIncluding)
				return
			}
			if r.StartIncluding != nil {
				checkYear(*r.StartIncluding)
			}
		}
	}
}

// ---------------------------------------------------------------------------
// Phone numbers

func telRisks(p *nameapi.InputPerson, rs *riskSet) {
	for _, tn := range p.TelNumbers {
		raw := strings.TrimSpace(tn.FullNumber)
		if raw == "" {
			continue
		}
		var digits []byte
		bad := false
		for _, r := range raw {
			switch {
			case r >= '0' && r <= '9':
				digits = append(digits, byte(r))
			case strings.ContainsRune(" +-/().", r):
			default:
				bad = true
			}
		}
		switch {
		case bad:
			rs.add(nameapi.DataItemTel, nameapi.RiskInvalid, 0.6, "%q contains characters that do not belong in a phone number.", raw)
			continue
		case len(digits) < 5:
			rs.add(nameapi.DataItemTel, nameapi.RiskInvalid, 0.6, "%q is too short to be a phone number.", raw)
			continue
		case len(digits) > 15:
			rs.add(nameapi.DataItemTel, nameapi.RiskInvalid, 0.6, "%q is longer than any phone number (15 digits).", raw)
			continue
		}
		if why, score := fakeDigits(digits); why != "" {
			rs.add(nameapi.DataItemTel, nameapi.RiskPlaceholder, score, "The phone number %q %s.", raw, why)
		}
	}
}

// fakeDigits recognises placeholder phone numbers.
func fakeDigits(d []byte) (string, float64) {
	n := len(d)
	counts := [10]int{}
	for _, c := range d {
		counts[c-'0']++
	}
	for _, k := range counts {
		if k == n {
			return "repeats one digit", 0.95
		}
	}
	// A run of ascending or descending digits of seven or more at the end
	// (the subscriber part) or over the whole number.
	run := func(step int) int {
		best := 1
		for i := n - 2; i >= 0; i-- {
			if (int(d[i+1])-int(d[i])+10)%10 == (step+10)%10 {
				best++
			} else {
				break
			}
		}
		return best
	}
	if r := max(run(1), run(-1)); r >= 7 || (r >= 5 && r == n) {
		return "is a run of consecutive digits", 0.85
	}
	// A short pattern repeated: "12121212", "123123123".
	for u := 2; u <= 4 && u*3 <= n; u++ {
		rep := true
		for i := u; i < n; i++ {
			if d[i] != d[i-u] {
				rep = false
				break
			}
		}
		if rep {
			return "repeats a short pattern of digits", 0.75
		}
	}
	for _, k := range counts {
		if k*10 >= n*8 && n >= 7 {
			return "consists almost only of one digit", 0.6
		}
	}
	// The US range 555-0100 to 555-0199 is reserved for fiction.
	if n >= 7 && string(d[n-7:n-2]) == "55501" {
		return "is in the 555-01xx range reserved for fiction", 0.7
	}
	return "", 0
}

// ---------------------------------------------------------------------------
// Addresses

func addressRisks(p *nameapi.InputPerson, rs *riskSet) {
	l := text.Lists()
	var buf [192]byte
	for _, rel := range p.Addresses {
		a := rel.Address
		if a == nil {
			continue
		}
		// text is foldSpace of the address parts joined with " | ",
		// written in one pass.
		b, pending, n := buf[:0], false, 0
		part := func(x, sep, y string) {
			if n > 0 {
				b, pending = text.AppendFoldSpace(b, pending, " | ")
			}
			n++
			b, pending = text.AppendFoldSpace(b, pending, x)
			if sep != "" {
				b, pending = text.AppendFoldSpace(b, pending, sep)
				b, pending = text.AppendFoldSpace(b, pending, y)
			}
		}
		switch a.Type {
		case nameapi.TypeSingleStringAddress:
			part(a.String, "", "")
		case nameapi.TypeMultiLineAddress:
			for _, s := range a.AddressLines {
				part(s, "", "")
			}
		default:
			if s := a.StreetInfo; s != nil {
				part(s.String, "", "")
				part(s.StreetName, " ", s.HouseNumber)
				part(s.HouseNumber, " ", s.StreetName)
				part(s.StreetNameAndNumber, "", "")
				part(s.AsString, "", "")
			}
			if pl := a.PlaceInfo; pl != nil {
				part(pl.PostalCode, " ", pl.Locality)
				part(pl.LocalityAndPostalCode, "", "")
				part(pl.AsString, "", "")
			}
		}
		if len(b) == 0 {
			continue
		}
		// text lives on the stack: what a risk keeps of it is cloned.
		addr := unsafe.String(unsafe.SliceData(b), len(b))
		found := addrPhraseRisks(addr, l, rs)
		// The words of addr, split at ' ', '|' and '-'.
		for i := 0; i < len(addr); {
			if c := addr[i]; c == ' ' || c == '|' || c == '-' {
				i++
				continue
			}
			j := i + 1
			for j < len(addr) && addr[j] != ' ' && addr[j] != '|' && addr[j] != '-' {
				j++
			}
			w := addr[i:j]
			i = j
			if t, ok := l.AddrWords[w]; ok {
				rs.add(nameapi.DataItemAddress, t, 0.85, "The address contains %q, a placeholder or fictional name.", strings.Clone(w))
				found = true
			}
			if !found && len(w) >= 4 {
				if why := randomTyping(w, l); why != "" && why != "no vowels" {
					rs.add(nameapi.DataItemAddress, nameapi.RiskRandomTyping, 0.6, "The address word %q looks like random typing (%s).", strings.Clone(w), why)
				}
			}
		}
		if pl := a.PlaceInfo; pl != nil {
			if pc := strings.TrimSpace(pl.PostalCode); pc != "" && strings.Trim(pc, "0") == "" || pc == "12345" || pc == "99999" {
				rs.add(nameapi.DataItemAddress, nameapi.RiskPlaceholder, 0.6, "The postal code %q is a placeholder.", pc)
			}
		}
	}
}

// addrPhraseRisks adds a risk for each placeholder or fictional address
// phrase in text at word boundaries (see containsPhrase), in list order,
// and reports whether there was one.
func addrPhraseRisks(addr string, l *text.WordLists, rs *riskSet) bool {
	// A phrase starts at the start of a word: look there for the phrases
	// with that first byte.
	var hit [text.MaxAddrPhrases / 64]uint64
	found := false
	for s := 0; s < len(addr); s++ {
		if s > 0 && addr[s-1] != ' ' && addr[s-1] != '|' {
			continue
		}
		for _, i := range l.AddrPhrase1[addr[s]] {
			ph := l.AddrPhrases[i].Text
			if e := s + len(ph); strings.HasPrefix(addr[s:], ph) && (e == len(addr) || addr[e] == ' ' || addr[e] == '|') {
				hit[i/64] |= 1 << (i % 64)
				found = true
			}
		}
	}
	if !found {
		return false
	}
	for i, ph := range l.AddrPhrases {
		if hit[i/64]&(1<<(i%64)) != 0 {
			rs.add(nameapi.DataItemAddress, ph.Type, 0.85, "The address contains %q, a placeholder or fictional address.", ph.Text)
		}
	}
	return true
}

// containsPhrase reports whether phrase occurs in text at word boundaries.
func containsPhrase(addr, phrase string) bool {
	for i := 0; ; {
		j := strings.Index(addr[i:], phrase)
		if j < 0 {
			return false
		}
		s, e := i+j, i+j+len(phrase)
		if (s == 0 || addr[s-1] == ' ' || addr[s-1] == '|') && (e == len(addr) || addr[e] == ' ' || addr[e] == '|') {
			return true
		}
		i = s + 1
	}
}
