package parse

import (
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
