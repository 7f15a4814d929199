package main

import (
	"math/rand/v2"
	"strings"
	"unicode/utf8"
)

// The corruptions follow the error model of FEBRL's ds-gen (Christen,
// "Probabilistic data generation for deduplication and data linkage"):
// OCR confusions, keyboard slips to a neighbouring key, phonetic
// respellings, single-character edits, swapped fields, nicknames, missing
// values, date errors and changed values, applied to a copy of the
// original record. The tables below are written for this generator.

// corrupt returns p changed one way.
func corrupt(r *rand.Rand, p person, kind string, cs []culture) person {
	q := p
	name := func() *string {
		if r.IntN(2) == 0 {
			return &q.first
		}
		return &q.surname
	}
	switch kind {
	case "ocr":
		f := name()
		*f = ocr(r, *f)
	case "keyboard":
		if r.IntN(4) == 0 && q.email != "" {
			q.email = keyboard(r, q.email)
		} else {
			f := name()
			*f = keyboard(r, *f)
		}
	case "phonetic":
		f := name()
		*f = phonetic(r, *f)
	case "edit":
		f := name()
		*f = edit(r, *f)
	case "swap":
		q.first, q.surname = q.surname, q.first
	case "nickname":
		if nn := nickOf(q.first); len(nn) > 0 && r.IntN(5) > 0 {
			q.first = nn[r.IntN(len(nn))]
		} else if c, _ := utf8.DecodeRuneInString(q.first); c != utf8.RuneError {
			q.first = string(c)
			if r.IntN(2) == 0 {
				q.first += "."
			}
		}
	case "date":
		q.dob = dateError(r, q.dob)
	case "moved":
		c := pickCulture(r, cs)
		q.city = c.cities.Pick(r)
		if r.IntN(2) == 0 {
			q.email = newEmail(r, q.first, q.surname, c)
		}
	case "email":
		if q.email == "" {
			break
		}
		local, _, _ := strings.Cut(q.email, "@")
		switch r.IntN(3) {
		case 0: // another provider
			c := pickCulture(r, cs)
			q.email = local + "@" + c.domains[r.IntN(len(c.domains))]
		case 1:
			q.email = newEmail(r, q.first, q.surname, pickCulture(r, cs))
		default:
			q.email = edit(r, local) + q.email[len(local):]
		}
	case "missing":
		fields := []*string{&q.first, &q.dob, &q.city, &q.email}
		r.Shuffle(len(fields), func(i, j int) { fields[i], fields[j] = fields[j], fields[i] })
		for _, f := range fields[:2] {
			*f = ""
		}
	}
	return q
}

// ocr replaces one group of letters with one a scanner confuses it with.
var ocrPairs = [][2]string{{"m", "rn"}, {"rn", "m"}, {"w", "vv"}, {"d", "cl"}, {"cl", "d"}, {"h", "li"}, {"e", "c"}, {"o", "c"},
	{"l", "i"}, {"i", "l"}, {"u", "v"}, {"n", "h"}, {"a", "o"}, {"g", "q"}, {"b", "h"}, {"f", "t"}, {"S", "5"}, {"O", "0"}, {"I", "l"}}

func ocr(r *rand.Rand, s string) string { return respell(r, s, s, 0, ocrPairs) }

// keyboardRows is the QWERTY layout; a slip hits a key beside the right one.
var keyboardRows = []string{"qwertyuiop", "asdfghjkl", "zxcvbnm"}

func keyboard(r *rand.Rand, s string) string {
	b := []byte(s)
	var pos []int
	for i, c := range b {
		if c >= 'a' && c <= 'z' && i > 0 {
			pos = append(pos, i)
		}
	}
	if len(pos) == 0 {
		return edit(r, s)
	}
	i := pos[r.IntN(len(pos))]
	for ri, row := range keyboardRows {
		k := strings.IndexByte(row, b[i])
		if k < 0 {
			continue
		}
		var near []byte
		if k > 0 {
			near = append(near, row[k-1])
		}
		if k+1 < len(row) {
			near = append(near, row[k+1])
		}
		for _, rr := range []int{ri - 1, ri + 1} {
			if rr >= 0 && rr < len(keyboardRows) && k < len(keyboardRows[rr]) {
				near = append(near, keyboardRows[rr][k])
			}
		}
		b[i] = near[r.IntN(len(near))]
		break
	}
	return string(b)
}

// phoneticRules are respellings that sound the same (or nearly).
var phoneticRules = [][2]string{{"ph", "f"}, {"f", "ph"}, {"ck", "k"}, {"c", "k"}, {"k", "c"}, {"y", "i"}, {"i", "y"}, {"ie", "y"},
	{"ei", "ai"}, {"ai", "ei"}, {"ou", "u"}, {"th", "t"}, {"z", "s"}, {"s", "z"}, {"v", "w"}, {"w", "v"}, {"ll", "l"}, {"nn", "n"},
	{"tt", "t"}, {"ss", "s"}, {"l", "ll"}, {"n", "nn"}, {"t", "tt"}, {"ee", "ea"}, {"ea", "ee"}, {"dt", "t"}, {"x", "ks"},
	{"qu", "kw"}, {"gh", "g"}, {"mm", "m"}, {"ey", "y"}, {"an", "en"}, {"en", "an"}, {"son", "sen"}, {"sen", "son"}}

func phonetic(r *rand.Rand, s string) string {
	return respell(r, s, strings.ToLower(s), 1, phoneticRules) // not the first letter
}

// respell replaces in s one place, drawn with r, where a rule's first
// string stands in match (s as the rule reads it, byte for byte) from
// byte from on, with the rule's second; where none stands, it makes an
// edit.
func respell(r *rand.Rand, s, match string, from int, rules [][2]string) string {
	var opts [][2]int // position, rule
	for i, p := range rules {
		for j := from; j < len(match); {
			k := strings.Index(match[j:], p[0])
			if k < 0 {
				break
			}
			opts = append(opts, [2]int{j + k, i})
			j += k + 1
		}
	}
	if len(opts) == 0 {
		return edit(r, s)
	}
	o := opts[r.IntN(len(opts))]
	p := rules[o[1]]
	return s[:o[0]] + p[1] + s[o[0]+len(p[0]):]
}

// edit inserts, deletes, substitutes or transposes one letter (not the
// first).
func edit(r *rand.Rand, s string) string {
	rs := []rune(s)
	if len(rs) < 3 {
		return s
	}
	i := 1 + r.IntN(len(rs)-1)
	c := rune('a' + r.IntN(26))
	switch r.IntN(4) {
	case 0:
		rs = append(rs[:i], append([]rune{c}, rs[i:]...)...)
	case 1:
		rs = append(rs[:i], rs[i+1:]...)
	case 2:
		rs[i] = c
	default:
		if i+1 < len(rs) {
			rs[i], rs[i+1] = rs[i+1], rs[i]
		} else {
			rs[i-1], rs[i] = rs[i], rs[i-1]
		}
	}
	return string(rs)
}

// dateError: day and month swapped (when both could be a month), a digit
// of the year or day changed, the year off by one, or a date known only
// to its year entered as 1 January.
func dateError(r *rand.Rand, d string) string {
	if len(d) != 10 {
		return d
	}
	y, m, day := d[:4], d[5:7], d[8:10]
	switch r.IntN(4) {
	case 0:
		if day <= "12" && day != m {
			return y + "-" + day + "-" + m
		}
		fallthrough
	case 1:
		b := []byte(d)
		pos := []int{2, 3, 9}[r.IntN(3)]
		b[pos] = byte('0' + (int(b[pos]-'0')+1+r.IntN(8))%10)
		if b[8] == '0' && b[9] == '0' {
			b[9] = '1'
		}
		return string(b)
	case 2:
		yy := []byte(y)
		if yy[3] == '9' {
			yy[3] = '8'
		} else {
			yy[3]++
		}
		return string(yy) + d[4:]
	}
	return y + "-01-01"
}

// nicknames are the familiar forms of given names, written for this
// generator (common knowledge).
var nicknames = map[string][]string{
	"Alexander": {"Alex", "Sasha", "Xander"}, "Alexandra": {"Alex", "Sandra", "Lexi"}, "Andrew": {"Andy", "Drew"},
	"Anthony": {"Tony", "Ant"}, "Benjamin": {"Ben", "Benji"}, "Catherine": {"Cathy", "Kate", "Cat"}, "Christopher": {"Chris", "Kit"},
	"Christine": {"Chris", "Tina"}, "Daniel": {"Dan", "Danny"}, "Deborah": {"Debbie", "Deb"}, "Dorothy": {"Dot", "Dottie"},
	"Edward": {"Ed", "Eddie", "Ted", "Ned"}, "Elizabeth": {"Liz", "Lizzie", "Beth", "Betsy", "Eliza"}, "Frederick": {"Fred", "Freddie"},
	"Gregory": {"Greg"}, "Harold": {"Harry", "Hal"}, "Henry": {"Harry", "Hank"}, "Jacob": {"Jake"}, "James": {"Jim", "Jimmy", "Jamie"},
	"Jennifer": {"Jen", "Jenny"}, "John": {"Johnny", "Jack"}, "Jonathan": {"Jon", "Jonny"}, "Joseph": {"Joe", "Joey"},
	"Joshua": {"Josh"}, "Katherine": {"Kate", "Katie", "Kathy"}, "Kimberly": {"Kim"}, "Lawrence": {"Larry"}, "Leonard": {"Leo", "Len"},
	"Margaret": {"Maggie", "Meg", "Peggy", "Marge"}, "Matthew": {"Matt"}, "Michael": {"Mike", "Mikey", "Mick"}, "Nathaniel": {"Nate", "Nat"},
	"Nicholas": {"Nick", "Nicky"}, "Patricia": {"Pat", "Patty", "Trish"}, "Patrick": {"Pat", "Paddy"}, "Peter": {"Pete"},
	"Philip": {"Phil"}, "Raymond": {"Ray"}, "Rebecca": {"Becky", "Becca"}, "Richard": {"Rich", "Rick", "Dick"},
	"Robert": {"Rob", "Bob", "Bobby", "Robbie"}, "Ronald": {"Ron", "Ronnie"}, "Samantha": {"Sam", "Sammy"}, "Samuel": {"Sam", "Sammy"},
	"Stephen": {"Steve"}, "Steven": {"Steve"}, "Susan": {"Sue", "Susie"}, "Theodore": {"Ted", "Theo"}, "Thomas": {"Tom", "Tommy"},
	"Timothy": {"Tim"}, "Victoria": {"Vicky", "Tori"}, "Walter": {"Walt"}, "William": {"Will", "Bill", "Billy", "Liam"},
	"Zachary": {"Zach"}, "Abigail": {"Abby"}, "Charlotte": {"Lottie", "Charlie"}, "Eleanor": {"Ellie", "Nell"},
	"Gabriel": {"Gabe"}, "Isabel": {"Izzy", "Bel"}, "Jessica": {"Jess", "Jessie"}, "Madeline": {"Maddie"}, "Nancy": {"Nan"},
	"Pamela": {"Pam"}, "Sandra": {"Sandy"}, "Virginia": {"Ginny"}, "Douglas": {"Doug"}, "Kenneth": {"Ken", "Kenny"},
	"Donald": {"Don", "Donny"}, "Gerald": {"Gerry", "Jerry"}, "Albert": {"Al", "Bert"}, "Alfred": {"Alf", "Fred"},
	"Johannes": {"Hannes", "Jo"}, "Wolfgang": {"Wolf"}, "Friedrich": {"Fritz"}, "Franziska": {"Franzi"}, "Elisabeth": {"Lisa", "Elli"},
	"Josef": {"Sepp", "Seppi"}, "Maximilian": {"Max"}, "Alexandre": {"Alex"}, "Guillaume": {"Guy"}, "Nicolas": {"Nico"},
	"Francisco": {"Paco", "Pancho", "Fran"}, "José": {"Pepe"}, "Manuel": {"Manolo", "Manu"}, "Antonio": {"Toni", "Tonio"},
	"Dolores": {"Lola"}, "Concepción": {"Concha"}, "Guadalupe": {"Lupe"}, "Giuseppe": {"Peppe", "Pino"}, "Giovanni": {"Gianni", "Nanni"},
	"Francesco": {"Franco", "Checco"}, "Salvatore": {"Totò", "Turi"}, "Vincenzo": {"Enzo"}, "Roberto": {"Berto"},
}

func nickOf(first string) []string { return nicknames[first] }
