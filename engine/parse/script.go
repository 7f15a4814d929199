package parse

import (
	"strings"

	"github.com/namepipe/namepipe/engine/lexicon"
	"github.com/namepipe/namepipe/engine/script"
	"github.com/namepipe/namepipe/engine/text"
	"github.com/namepipe/namepipe/nameapi"
)

// parseSurnameFirst reads the names of the cultures that write the surname
// first, by their script: Chinese, Japanese and Korean. "王小明" (one word)
// is split into surname 王 and given name 小明 by the surname data; "山田
// 太郎" and "김 민준" (spaced) take the first word as the surname. ok is
// false for names in other scripts.
func (e *Parser) parseSurnameFirst(terms []nameTerm, core []text.Token) (candidate, bool) {
	if len(core) == 0 || !script.Of(core[0].Text).SurnameFirst() {
		return candidate{}, false
	}
	ts := append(make([]nameTerm, 0, len(terms)+len(core)+1), terms...)
	if len(core) == 1 {
		sur, given, ok := e.lex.SplitSurnameFirst(core[0].Text)
		if !ok {
			return candidate{}, false
		}
		// Both terms come from one token: the stable sort by position
		// keeps the surname first.
		ts = append(ts, nameTerm{sur, nameapi.TermSurname, core[0].Pos}, nameTerm{given, nameapi.TermGivenname, core[0].Pos})
		return candidate{terms: ts, likeliness: 0.9, confidence: 0.8}, true
	}
	ts = append(ts, nameTerm{core[0].Text, nameapi.TermSurname, core[0].Pos})
	for k, t := range core[1:] {
		typ := nameapi.TermGivenname
		if k > 0 {
			typ = nameapi.TermMiddlename
		}
		ts = append(ts, nameTerm{t.Text, typ, t.Pos})
	}
	return candidate{terms: ts, likeliness: 0.9, confidence: 0.8}, true
}

// arabicCompoundHeads are the words that form one given name with the word
// after them in Arabic names: "Abdul Aziz", "Abd al-Rahman", "Abu Bakr"
// ("servant of", "father of"). Written for namepipe from Arabic naming
// usage.
var arabicCompoundHeads = map[string]bool{"abd": true, "abdul": true, "abdel": true, "abdal": true, "abdol": true, "abdu": true, "abu": true, "abou": true,
	"عبد": true, "أبو": true, "ابو": true}

// arabicArticles are the article forms written as a word of their own
// inside a compound ("Abd al Aziz").
var arabicArticles = map[string]bool{"al": true, "el": true, "ul": true, "ar": true, "ad": true, "as": true, "an": true}

// joinArabicCompounds joins each compound given name ("Abdul Aziz", "Abd al
// Rahman") into one word, when another word follows it: the compound is
// one given name, not a given name and a surname. The joined word keeps
// the position of its first word.
func joinArabicCompounds(core []text.Token) []text.Token {
	return joinArabicCompoundsLast(core, false)
}

// joinArabicCompoundsLast is joinArabicCompounds; with last, the compound
// may end the words (the given-name field: "حسّان عبد العزيز").
func joinArabicCompoundsLast(core []text.Token, last bool) []text.Token {
	after := 1 // words that must follow the compound
	if last {
		after = 0
	}
	if len(core) < 2+after {
		return core // a head needs a word to join and another after it
	}
	var out []text.Token
	for k := 0; k < len(core); k++ {
		t := core[k]
		if !arabicCompoundHeads[t.Key] || t.Kind != text.TokWord {
			if out != nil {
				out = append(out, t)
			}
			continue
		}
		end := k + 1 // index of the word the head joins
		if end < len(core)-1 && arabicArticles[core[end].Key] {
			end++
		}
		if end > len(core)-1-after || core[end].Kind != text.TokWord {
			if out != nil {
				out = append(out, t)
			}
			continue
		}
		if out == nil {
			out = append(make([]text.Token, 0, len(core)), core[:k]...)
		}
		parts := make([]string, 0, end-k+1)
		for _, p := range core[k : end+1] {
			parts = append(parts, p.Text)
		}
		j := strings.Join(parts, " ")
		out = append(out, text.Token{Text: j, Key: text.NKey(j), Kind: text.TokWord, Pos: t.Pos})
		k = end
	}
	if out == nil {
		return core
	}
	return out
}

// adjustWord corrects what the name data says of a word for the parser:
//   - a joined Arabic compound ("Abdul Aziz", see joinArabicCompounds) is a
//     given name;
//   - a short form or spelling of the nickname list that the data lacks
//     ("Mohd.") is half known as a given name;
//   - a hyphenated word the data knows whole as a given name ("Jean-Pierre",
//     "Min-jun"; not "Martin-Bernard", whose parts it knows) is a given name
//     and not a surname, whatever its parts are;
//   - a word with a surname ending that marks its bearer's sex ("Стоянов",
//     "Kowalska") is a surname.
func (e *Parser) adjustWord(l *text.WordLists, w *wordInfo) {
	t := w.tok
	switch {
	case w.given == 0:
		if head, _, ok := strings.Cut(t.Text, " "); ok && arabicCompoundHeads[text.NKey(head)] {
			w.given, w.surname = 1, false
			return
		}
		if len(l.Nicknames[t.Key]) > 0 {
			w.given = 0.5
		}
	case w.given < 0.7 && strings.Contains(t.Text, "-"):
		if _, whole := e.lex.GivenVotes(t.Text); whole {
			w.given, w.surname = 0.7, false
			return
		}
	}
	if w.given < 0.7 && koreanGivenShape(t.Text) {
		w.given, w.surname = 0.7, false
		return
	}
	if !w.surname {
		if _, marked := e.lex.SurnameMaleProportion(t.Text); marked {
			w.surname = true
		}
	}
}

// givenFirstPrior is the score bonus of the given-first order.
const givenFirstPrior = 0.85

// unlistedEvidence is orderEvidence of the last word of a Latin-script
// name of two words when no list holds it (unknownWord), against its
// being a given name: of the words of the labelled sets' given names (no initials, no
// Chinese or Korean shapes), 25 of 589 are unknown so, of their surnames
// 238 of 635, so 90 % of the unknown words are surnames: ln(0.043/0.375)
// = -2.16, -1.35 in the units of the order's score
// (TestUnlistedWordEvidence measures it). It counts for the last word
// only, and not when the first word is unknown too (counted for both, it
// would cancel): it confirms the given-first order of Latin script and
// never overturns it. Counted against an unknown first word as well, it
// reversed rare given names before surnames the lists also hold as given
// names ("Aalimah Johnson"), since the listed words' evidence is set on
// another scale than these sets measure (a listed surname only -1.29, a
// weakly listed given name that is a surname -0.55). The sets measure
// names of one given name and one surname; in longer names the middle
// words speak too, and there it moved Vietnamese names the lists know
// only in parts ("Hà Bích Duyên", surname first) to the given-first
// order (faker:vi in TestInvariantParseShapes).
const unlistedEvidence = -1.35

// salutationOrderPrior is the bonus of the given-first order when a
// salutation is written before the name ("Proua Kadri Tamm"): the
// languages that put it first write the given name first, while those
// writing the surname first put it after ("Kovács János úr").
func salutationOrderPrior(terms []nameTerm, core []text.Token) float64 {
	for _, t := range terms {
		if t.typ == nameapi.TermSalutation && len(core) > 0 && t.pos < core[0].Pos {
			return 1
		}
	}
	return 0
}

// scriptOrderPrior is the extra score of the given-first order for a name
// written in a script other than Latin (the cultures written surname first
// are handled before, by parseSurnameFirst): in Arabic, Hebrew, Thai,
// Cyrillic, Greek … the given name comes first unless the name says
// otherwise. An Arabic family name with the article ("الدوسري") at the end
// adds to it.
func scriptOrderPrior(core []text.Token) float64 {
	sc := script.Of(core[0].Text)
	if sc == script.Latin || sc == script.None {
		return 0
	}
	p := 1.0
	if last := core[len(core)-1].Text; sc == script.Arabic && strings.HasPrefix(last, "ال") {
		p += 1
	}
	return p
}

// anyOddCase reports whether a word is typed in random case ("MeRkeL"):
// then capitals mark nothing.
func anyOddCase(core []text.Token) bool {
	for _, t := range core {
		if text.OddCase(t.Text) {
			return true
		}
	}
	return false
}

// vietnamese parses a Vietnamese name of three or more words whose middle
// name marks the sex ("Nguyen Van An", "Nguyễn Thị Minh Khai"): the
// surname first, the middle names, the given name last.
func vietnamese(terms []nameTerm, core []text.Token) (candidate, bool) {
	n := len(core)
	if n < 3 {
		return candidate{}, false
	}
	if _, ok := text.VietnameseMarker(core[0].Text, core[1].Text); !ok {
		return candidate{}, false
	}
	ts := append(make([]nameTerm, 0, len(terms)+n), terms...)
	for k, t := range core {
		typ := nameapi.TermMiddlename
		switch k {
		case 0:
			typ = nameapi.TermSurname
		case n - 1:
			typ = nameapi.TermGivenname
		}
		ts = append(ts, nameTerm{t.Text, typ, t.Pos})
	}
	return candidate{terms: ts, likeliness: 0.9, confidence: 0.8}, true
}

// joinCompoundGiven joins a given name with particles and a second given
// name into one given name, as Spanish and Portuguese write them: "María
// de los Ángeles", "María del Carmen", "Maria de Fátima". The word after
// the particles must be a given name the data knows well and no surname
// ("Maria dos Santos", "Leonardo da Vinci" stay given name + surname), and,
// unless last is set (the given-name field), a word must follow it.
func (e *Parser) joinCompoundGiven(core []text.Token, last bool) []text.Token {
	l := text.Lists()
	if len(core) < 3 || core[0].Kind != text.TokWord || !l.IsParticle(core[1]) {
		return core
	}
	k := 1
	for k < len(core) && core[k].Kind == text.TokWord && l.IsParticle(core[k]) {
		k++
	}
	if k >= len(core) || core[k].Kind != text.TokWord || !last && k == len(core)-1 {
		return core
	}
	w := core[k].Text
	if text.IsInitial(w) || lexicon.GivenStrength(e.lex, core[0].Text) < 0.5 || lexicon.GivenStrength(e.lex, w) < 0.7 || lexicon.IsSurname(e.lex, w) {
		return core
	}
	parts := make([]string, 0, k+1)
	for _, t := range core[:k+1] {
		parts = append(parts, t.Text)
	}
	j := strings.Join(parts, " ")
	out := make([]text.Token, 0, len(core)-k)
	out = append(out, text.Token{Text: j, Key: text.NKey(j), Kind: text.TokWord, Pos: core[0].Pos})
	return append(out, core[k+1:]...)
}
