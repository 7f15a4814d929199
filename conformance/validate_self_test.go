package conformance

import (
	"strings"
	"testing"
)

// TestValidatorCatchesViolations shows that the validator rejects each kind
// of answer the official clients reject, and accepts good ones.
func TestValidatorCatchesViolations(t *testing.T) {
	tests := []struct {
		op   op
		raw  string
		want string // substring of a violation; "" = valid
	}{
		{opParse, `{"matches":[{"parsedPerson":{"personType":"NATURAL","personRole":"PRIMARY","outputPersonName":{"terms":[{"string":"Petra","termType":"GIVENNAME"}]}},"parserDisputes":[],"likeliness":0.5,"confidence":0.9}]}`, ""},
		{opParse, `{"matches":[{"parsedPerson":{"personType":"NATURAL","personRole":"PRIMARY"},"likeliness":0.5}]}`, "confidence: required"},
		{opParse, `{"matches":[{"parsedPerson":{"personType":"MULTIPLE","personRole":"GROUP","people":[{"personType":"NATURAL"}]},"likeliness":0.5,"confidence":1}]}`, "people[0].personRole: required"},
		{opParse, `{"matches":[{"parsedPerson":{"personType":"PERSON","personRole":"PRIMARY"},"likeliness":0.5,"confidence":1}]}`, `"PERSON" is not one of`},
		{opParse, `{"matches":[{"parsedPerson":{"personType":"NATURAL","personRole":"PRIMARY","gender":{"gender":"MALE","confidence":1.2}},"likeliness":0.5,"confidence":1}]}`, "gender.confidence: 1.2 outside"},
		{opParse, `{"matches":null}`, "matches: required"},
		{opGenderize, `{"gender":"MALE"}`, "confidence: required"},
		{opGenderize, `{"gender":"FEMALE","confidence":0.9,"maleProportion":0.1}`, ""},
		{opRisk, `{"score":0.5,"risks":[{"dataItem":"NAME","riskType":["FakeRiskType","PLACEHOLDER"],"riskScore":0.5,"reason":"x"}]}`, "riskType: want a string"},
		{opRisk, `{"score":0.5,"risks":[{"dataItem":"NAME","riskType":"PLACEHOLDER","riskScore":0,"reason":"x"}]}`, "riskScore: 0 outside (0"},
		{opRisk, `{"score":-0.2,"risks":[]}`, ""},
		{opRisk, `{"score":0.2,"risks":[]}`, "without risks"},
		{opRisk, `{"score":-1.5,"risks":[]}`, "score: -1.5 outside"},
		{opFormat, `{"formatted":"Petra Müller"}`, "unknown: required"},
		{opEmailName, `{"resultType":"PERSON_NAME","nameMatches":[{"givenNames":[{"name":"john","nameType":"NAME"}],"surnames":[]}]}`, "confidence: required"},
		{opDisposable, `{"disposable":"MAYBE"}`, "not one of"},
		{opMatch, `{"matchType":"EQUAL","personMatchComposition":"FULL","points":1,"confidence":1,"personNameMatcherResult":{"matchType":"EQUAL"},"genderMatcherResult":{"matchType":"EQUAL"},"ageMatcherResult":{}}`, "ageMatcherResult.matchType: required"},
		{opMatch, `{"matchType":"EQUAL","personMatchComposition":"FULL","points":1,"confidence":1,"personNameMatcherResult":{"matchType":"EQUAL"},"genderMatcherResult":{"matchType":"EQUAL"},"ageMatcherResult":{"matchType":"NOT_APPLICABLE"}}`, ""},
		{opMatch, `not json`, "not JSON"},
	}
	for i, tt := range tests {
		errs := validate(tt.op, []byte(tt.raw))
		if tt.want == "" {
			if len(errs) != 0 {
				t.Errorf("%d %s: valid answer rejected: %v", i, tt.op, errs)
			}
			continue
		}
		if !strings.Contains(strings.Join(errs, "\n"), tt.want) {
			t.Errorf("%d %s: violations %v lack %q", i, tt.op, errs, tt.want)
		}
	}
}
