package email

import (
	"math"
	"sort"
	"strings"

	"github.com/namepipe/namepipe/engine/lexicon"
	"github.com/namepipe/namepipe/engine/text"
	"github.com/namepipe/namepipe/nameapi"
)

// functional are mailbox names of roles and departments, not people
// ("info@", "noreply@"). Compared after removing separators and digits.
var functional = wordSet(`
info information infos kontakt contact contacts contactus hello hi hallo hey office buero bureau
admin administrator administration root sysadmin webmaster postmaster hostmaster abuse security
noreply donotreply dontreply reply mailer mailerdaemon daemon bounce bounces notifications notification alerts alert
sales vertrieb verkauf marketing press presse media news newsletter pr
support help helpdesk service services customerservice customercare care kundenservice kundendienst servicedesk
billing invoice invoices rechnung rechnungen accounting accounts buchhaltung finance payments payment orders order bestellung bestellungen shop store
jobs job careers career karriere hr personal recruiting recruitment bewerbung bewerbungen
team staff all everyone group mail email post inbox mailbox
booking bookings reservation reservations reservierung reception rezeption front frontdesk
enquiries enquiry inquiries inquiry feedback questions question request requests
legal privacy datenschutz compliance gdpr dpo
it tech dev devops developers engineering ops operations
management manager ceo cfo cto board direction direktion geschaeftsfuehrung gf leitung
events event partner partners partnership affiliate affiliates investors ir
`)

// placeholders are local parts that are no name at all.
var placeholders = wordSet(`
test tester testing asdf asdfgh asdfasdf qwerty qwertz qwer yxcv zxcv abc abcd abcdef xyz xxx xxxx foo bar foobar baz
dummy example sample null none nil nobody noname anonymous anon fake spam junk trash temp tmp nomail nospam
user username name firstname lastname vorname nachname me myself mail email someone somebody whatever
`)

// pseudoWords are words that nicknames are built from ("darkknight99",
// "sweetangel"), in English and German.
var pseudoWords = wordSet(`
dark knight shadow dragon ninja killer gamer game games gaming cool crazy sexy super hot lil big little baby angel devil demon
master lord king queen prince princess star stars rock rocker wolf lion tiger eagle hawk fire ice storm thunder night death
black white red blue green silver gold golden magic mystic lucky happy sweet cute pretty funny mad bad evil bloody ghost
hunter sniper warrior soldier pro noob boss legend epic ultra mega hyper cyber tech geek nerd hacker pirate monkey bunny
kitty cat dog puppy panda bear fox snake skull zombie vampire witch wizard unicorn rainbow sunshine moon sun sky blade
sword steel iron metal punk emo boy girl guy lady kid dude babe love lover fan music dj surfer rider racer skater player
the my real official bat spider captain doctor mister miss sir fly flying speed fast rider runner jumper xx xxx
schatz maus mausi hase baer engel teufel drache ritter
`)

// titles are dropped from a local part ("dr.mueller").
var titles = wordSet(`dr prof professor ing dipl mag mr mrs ms herr frau`)

// particles join the following word to a surname ("jan.van.der.berg").
var particles = wordSet(`van von vom der den de da di del della dos das du le la ten ter zu zum zur mac st bin ibn al el`)

func wordSet(s string) map[string]bool {
	m := map[string]bool{}
	for f := range strings.FieldsSeq(s) {
		m[f] = true
	}
	return m
}

// token is one word of a local part.
type token struct {
	s      string
	digits bool // digits were attached to the word
	dot    bool // a dot followed the word ("a.berzins")
}

// tokens splits a lower-case local part on separators and digits.
func tokens(local string) (toks []token, digits bool) {
	var cur strings.Builder
	flush := func(d bool) {
		if cur.Len() > 0 {
			toks = append(toks, token{s: cur.String(), digits: d})
			cur.Reset()
		}
	}
	for _, r := range local {
		switch {
		case r >= '0' && r <= '9':
			digits = true
			flush(true)
		case r == '.':
			flush(false)
			if len(toks) > 0 {
				toks[len(toks)-1].dot = true
			}
		case r == '_' || r == '-' || r == '\'' || r == '+':
			flush(false)
		default:
			cur.WriteRune(r)
		}
	}
	flush(false)
	return toks, digits
}

// umlautVariant returns s with German transliterations ae/oe/ue/ss
// turned back into umlauts, for lookups ("mueller" → "müller").
func umlautVariant(s string) string {
	if !strings.Contains(s, "ae") && !strings.Contains(s, "oe") && !strings.Contains(s, "ue") {
		return ""
	}
	return strings.NewReplacer("ae", "ä", "oe", "ö", "ue", "ü").Replace(s)
}

func (e *Checker) isGiven(s string) bool {
	if len(s) < 2 {
		return false
	}
	if e.lex.IsGivenName(s) {
		return true
	}
	v := umlautVariant(s)
	return v != "" && e.lex.IsGivenName(v)
}

// givenStrength is 0 for a word that is no given name, 0.3 for a given
// name without known sex, and up to 1 for a name many sources list.
func (e *Checker) givenStrength(s string) float64 {
	if !e.isGiven(s) {
		return 0
	}
	_, v, known := e.lex.GenderVotes(s, "")
	if !known {
		if u := umlautVariant(s); u != "" {
			_, v, known = e.lex.GenderVotes(u, "")
		}
	}
	if !known {
		return 0.3
	}
	return min(1, 0.5+0.1*float64(v))
}

// givenLean is the log-odds that a word is a given name rather than a
// surname, from how the name lists know it (g is its givenStrength), as
// the parser weighs the order of a name's words: a word only the surname
// lists hold leans strongly to a surname, one both hold by its strength
// as a given name, one only the given-name lists hold to a given name.
func (e *Checker) givenLean(s string, g float64) float64 {
	sur := e.isSurname(s)
	switch {
	case sur && g == 0:
		return -2
	case sur && g < 0.5:
		return -1.4
	case sur:
		return 1.8*g - 1.3
	}
	return g
}

func (e *Checker) isSurname(s string) bool {
	if len(s) < 2 {
		return false
	}
	if e.lex.IsSurname(s) {
		return true
	}
	v := umlautVariant(s)
	return v != "" && e.lex.IsSurname(v)
}

// ParseName reads a person's name from the local part of an email
// address: "john.smith@" → PERSON_NAME (given john, surname smith; the
// order is decided by the name dictionaries, so "smith.john@" reads the
// same); "jsmith@", "j.smith@" → PERSON_NAME too (given initial "j",
// written "j." where the address has the dot, surname smith), as the
// real service answers; initials only ("js@", "jfk@") → INITIALS;
// digits are dropped ("j.smith1984@"); role mailboxes ("info@",
// "noreply@") → FUNCTIONAL; nicknames built from common words
// ("darkknight99@") → PSEUDONYM; keyboard typing and placeholders
// ("asdf@", "test@") → NOT_A_NAME; anything else → UNKNOWN. Alternative
// readings follow the best one, each with its confidence. A malformed
// address gives UNKNOWN with no matches; a missing one is invalid input.
func (e *Checker) ParseName(in *nameapi.InputWithEmail) (*nameapi.EmailNameParserResult, error) {
	if in == nil || strings.TrimSpace(in.EmailAddress) == "" {
		return nil, nameapi.NewInputError(OpEmailName, "emailAddress is missing")
	}
	local, _, ok := split(in.EmailAddress)
	if !ok {
		return result(nameapi.EmailResultUnknown), nil
	}
	return e.parseLocalPart(strings.ToLower(local)), nil
}

func result(t string, rs ...reading) *nameapi.EmailNameParserResult {
	res := &nameapi.EmailNameParserResult{ResultType: t, NameMatches: make([]nameapi.EmailNameParserMatch, 0, len(rs))}
	for _, r := range rs {
		res.NameMatches = append(res.NameMatches, r.match())
	}
	return res
}

// parseLocalPart classifies a lower-case local part.
func (e *Checker) parseLocalPart(local string) *nameapi.EmailNameParserResult {
	if i := strings.IndexByte(local, '+'); i > 0 {
		local = local[:i] // sub-address: "john+news"
	}
	toks, digits := tokens(local)
	if len(toks) == 0 {
		return result(nameapi.EmailResultNotAName) // only digits
	}
	for len(toks) > 1 && titles[toks[0].s] {
		toks = toks[1:]
	}
	joined := make([]string, len(toks))
	for i, t := range toks {
		joined[i] = t.s
	}
	all := strings.Join(joined, "")

	// Role mailboxes.
	if functional[all] || functional[toks[0].s] && !e.isGiven(toks[0].s) {
		return result(nameapi.EmailResultFunctional)
	}
	nameless := true
	for _, t := range toks {
		if e.isGiven(t.s) {
			nameless = false
			break
		}
	}
	if nameless {
		for _, t := range toks {
			if functional[t.s] {
				return result(nameapi.EmailResultFunctional)
			}
		}
	}
	if placeholders[all] || placeholders[toks[0].s] && len(toks) <= 2 && nameless {
		return result(nameapi.EmailResultNotAName)
	}

	// Nicknames made of common words: "sweet.angel", "dark_knight".
	if len(toks) >= 2 || digits && !e.isGiven(toks[0].s) {
		pseudo := true
		for _, t := range toks {
			if !pseudoWords[t.s] {
				pseudo = false
				break
			}
		}
		if pseudo {
			return result(nameapi.EmailResultPseudonym)
		}
	}

	var rs []reading
	if len(toks) == 1 {
		rs = e.single(toks[0].s)
		if rs == nil {
			res := e.noName(all, digits)
			if res.ResultType != nameapi.EmailResultUnknown || digits {
				return res
			}
			r, ok := e.byLetters(toks[0].s)
			if !ok {
				return res
			}
			rs = []reading{r}
		}
	} else {
		rs = e.multi(joined)
		if rs == nil {
			return e.noName(all, digits)
		}
	}
	sort.SliceStable(rs, func(i, j int) bool { return rs[i].conf > rs[j].conf })
	t := nameapi.EmailResultPersonName
	if rs[0].initialsOnly() {
		t = nameapi.EmailResultInitials
	}
	dotInitials(rs, toks)
	return result(t, rs...)
}

// noName tells a pseudonym from random typing among local parts that
// hold no name.
func (e *Checker) noName(all string, digits bool) *nameapi.EmailNameParserResult {
	if n := pseudoSegments(all); n >= 2 || n == 1 && digits {
		return result(nameapi.EmailResultPseudonym)
	}
	if looksRandom(all) {
		return result(nameapi.EmailResultNotAName)
	}
	return result(nameapi.EmailResultUnknown)
}

// pseudoSegments returns into how many nickname words s splits entirely
// (0 when it does not).
func pseudoSegments(s string) int {
	// best[i] = fewest words covering s[:i], -1 = impossible
	best := make([]int, len(s)+1)
	for i := 1; i <= len(s); i++ {
		best[i] = -1
		for j := max(0, i-10); j < i; j++ {
			if best[j] >= 0 && pseudoWords[s[j:i]] && (best[i] < 0 || best[j]+1 < best[i]) {
				best[i] = best[j] + 1
			}
		}
	}
	return max(best[len(s)], 0)
}

// keyboardRows are runs of adjacent keys (QWERTY, QWERTZ, AZERTY).
var keyboardRows = []string{"qwertyuiop", "asdfghjkl", "zxcvbnm", "qwertzuiop", "yxcvbnm", "azertyuiop", "qsdfghjklm", "wxcvbn", "abcdefghijklmnopqrstuvwxyz"}

// looksRandom reports keyboard runs, missing vowels and stutters.
func looksRandom(s string) bool {
	if len(s) >= 4 {
		for _, row := range keyboardRows {
			for i := 0; i+4 <= len(s); i++ {
				if strings.Contains(row, s[i:i+4]) {
					return true
				}
			}
		}
	}
	if n := len(s); n >= 4 {
		// A repeated unit: "xyzxyz", "abab".
		for u := 1; u <= n/2; u++ {
			if n%u == 0 && strings.Repeat(s[:u], n/u) == s {
				return true
			}
		}
	}
	vowels, run, maxRun := 0, 0, 0
	var prev rune
	for _, r := range s {
		if strings.ContainsRune("aeiouyäöüéèáàíóú", r) {
			vowels++
		}
		if r == prev {
			run++
		} else {
			run = 1
		}
		maxRun = max(maxRun, run)
		prev = r
	}
	return len(s) >= 4 && vowels == 0 || maxRun >= 3 || len(s) >= 6 && float64(vowels)/float64(len([]rune(s))) < 0.15
}

// multi reads a local part of several words ("john.smith",
// "smith.john", "j.smith", "john.f.kennedy", "jan.van.der.berg").
func (e *Checker) multi(words []string) []reading {
	// Join particles to the word after them.
	var chunks []string
	for i := 0; i < len(words); i++ {
		w := words[i]
		if i > 0 && i < len(words)-1 && particles[w] {
			j := i
			for j < len(words)-1 && particles[words[j]] {
				j++
			}
			chunks = append(chunks, strings.Join(words[i:j+1], " "))
			i = j
			continue
		}
		chunks = append(chunks, w)
	}
	if len(chunks) == 1 {
		return e.single(chunks[0])
	}
	if len(chunks) > 2 {
		first, last := chunks[0], chunks[len(chunks)-1]
		c := 0.6
		if e.isGiven(first) || len([]rune(first)) == 1 {
			c += 0.15
		}
		if e.isSurname(last) || strings.Contains(last, " ") {
			c += 0.1
		}
		return []reading{{given: chunks[:len(chunks)-1], surname: []string{last}, conf: c}}
	}
	a, b := chunks[0], chunks[1]
	la, lb := len([]rune(a)), len([]rune(b))
	switch {
	case la == 1 && lb == 1:
		return []reading{{given: []string{a}, surname: []string{b}, conf: 0.45}}
	case la == 1:
		c := 0.6
		if e.isSurname(b) {
			c = 0.8
		}
		return []reading{{given: []string{a}, surname: []string{b}, conf: c}}
	case lb == 1:
		if e.isSurname(a) && !e.isGiven(a) {
			return []reading{{given: []string{b}, surname: []string{a}, conf: 0.65}}
		}
		return []reading{{given: []string{a}, surname: []string{b}, conf: 0.65}}
	}
	// A word's strength as a given name (how much data calls it one), and
	// as a surname (a strong given name is a weak surname).
	gs := func(x string) float64 { return e.givenStrength(x) }
	sur := func(x string) float64 {
		if strings.Contains(x, " ") {
			return 1 // with a particle: "van der berg"
		}
		if !e.isSurname(x) {
			return 0
		}
		return 1 - 0.5*gs(x)
	}
	score := func(g, s string) float64 { return gs(g) + sur(s) }
	fwd, rev := score(a, b), score(b, a)
	if r, ok := e.eastAsianFirst(a, b); ok {
		// "lee.donghai", "nguyen.quangdung": the surname written first.
		return []reading{r}
	}
	if fwd == 0 && rev == 0 {
		if looksRandom(a) || looksRandom(b) || pseudoSegments(a+b) >= 2 {
			return nil
		}
		return []reading{{given: []string{a}, surname: []string{b}, conf: 0.4}}
	}
	conf := func(v float64) float64 { return 0.45 + 0.25*v } // 2 → 0.95
	first := reading{given: []string{a}, surname: []string{b}, conf: conf(fwd)}
	second := reading{given: []string{b}, surname: []string{a}, conf: conf(rev)}
	if rev > fwd {
		first, second = second, first
	} else {
		second.conf = min(second.conf, first.conf-0.05) // ties: given name first, the usual order
	}
	if second.conf >= 0.5 {
		return []reading{first, second}
	}
	return []reading{first}
}

func round3(f float64) float64 { return math.Round(f*1000) / 1000 }

// nameShaped reports whether s could be a surname the lists do not hold:
// three letters or more, with a vowel, not keyboard typing and not a
// nickname word.
func nameShaped(s string) bool {
	if len(s) < 3 || looksRandom(s) || pseudoWords[s] || functional[s] || placeholders[s] {
		return false
	}
	return strings.ContainsAny(s, "aeiouyäöüéèáàíóú")
}

// eastAsianFirst reads "surname.given" where the first word is the Latin
// spelling of a Chinese, Korean or Vietnamese surname and the second a
// word of four letters or more that no list holds ("lee.donghai",
// "nguyen.quangdung": given names written in Latin letters are seldom
// listed, surnames are); a listed second word ("lee.smith", "kim.anna")
// leaves the order to the lists.
func (e *Checker) eastAsianFirst(a, b string) (reading, bool) {
	if len([]rune(b)) < 4 || e.isGiven(b) || e.isSurname(b) || !nameShaped(b) {
		return reading{}, false
	}
	if !lexicon.IsCJKSurname(e.lex, a) && !text.IsVietnameseSurname(a) {
		return reading{}, false
	}
	return reading{given: []string{b}, surname: []string{a}, conf: 0.7}, true
}
