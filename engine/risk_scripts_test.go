package engine

import (
	"context"
	"testing"

	"github.com/namepipe/namepipe/nameapi"
)

// TestRiskRealNamesEveryScript: real names of every script carry no name
// risk (issue 23: every Russian, Greek, Armenian, Georgian, Arabic and
// Persian name was "random typing (no vowels)"), while typing without
// vowels in a script that writes vowels is still caught.
func TestRiskRealNamesEveryScript(t *testing.T) {
	e, err := New()
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name, full string
		fake       bool // a NAME risk of type RANDOM_TYPING expected
	}{
		// The examples.
		{"vietnamese diacritics", "Quang Dũng Nguyễn", false},
		{"bulgarian patronymic", "Nikol Georgievna Dimitrova", false},
		{"kana", "やまもと たけし", false},
		// Our own, one or more per script.
		{"russian", "Сергей Владимирович Кузнецов", false},
		{"ukrainian", "Олександр Шевченко", false},
		{"serbian", "Горан Ђорђевић", false},
		{"greek", "Γιώργος Παπαδόπουλος", false},
		{"armenian", "Տիգրան Պետրոսյան", false},
		{"georgian", "ნიკოლოზ გიორგაძე", false},
		{"arabic", "مصطفى الأنصاري", false},
		{"persian", "مهدی رضایی", false},
		{"hebrew", "יצחק ביטון", false},
		{"thai", "สมศักดิ์ รักไทย", false},
		{"devanagari", "राहुल शर्मा", false},
		{"han", "王小明", false},
		{"hangul", "김민준", false},
		{"azerbaijani schwa", "Fərəh Əliyeva", false},
		{"czech syllabic r", "Petr Smrž", false},
		{"polish", "Eleonora Mikołajczyk", false},
		{"camel double surname", "Agata ŠimićŠebalj", false},
		{"latin no vowels", "Xzcvbn Prstklm", true},
		{"cyrillic no vowels", "Прстн Клмнвщ", true},
		{"greek no vowels", "Γκλμν Ξρτσπ", true},
		{"keyboard run", "Asdfgh Qwertz", true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r, err := e.DetectRisk(context.Background(), &nameapi.InputWithPerson{
				InputPerson: nameapi.NewNaturalPerson(nameapi.Field(nameapi.FieldFullname, c.full))})
			if err != nil {
				t.Fatal(err)
			}
			typing := false
			for _, k := range r.Risks {
				if k.DataItem != nameapi.DataItemName {
					continue
				}
				if k.RiskType == nameapi.RiskRandomTyping {
					typing = true
				}
				if !c.fake {
					t.Errorf("%q: %s %.2f %s", c.full, k.RiskType, k.RiskScore, k.Reason)
				}
			}
			if c.fake && !typing {
				t.Errorf("%q: no RANDOM_TYPING risk in %+v", c.full, r.Risks)
			}
		})
	}
}
