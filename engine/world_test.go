package engine

import (
	"context"
	"testing"

	"github.com/namepipe/namepipe/nameapi"
)

// Table tests of the names of other scripts and cultures (issue classes:
// scripts, transliterations, matcher across scripts, formatter); the
// accuracy over the labelled sets is TestWorldEval's.

func worldFull(s string) *nameapi.InputWithPerson {
	return &nameapi.InputWithPerson{InputPerson: nameapi.NewNaturalPerson(nameapi.Field(nameapi.FieldFullname, s))}
}

func TestWorldParse(t *testing.T) {
	t.Parallel()
	e, err := New()
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct{ in, given, surname string }{
		{"王小明", "小明", "王"},
		{"李娜", "娜", "李"},
		{"佐藤太郎", "太郎", "佐藤"},
		{"山田 太郎", "太郎", "山田"},
		{"김민준", "민준", "김"},
		{"Abdul Aziz Al-Saud", "Abdul Aziz", "Al-Saud"},
		{"Abd al-Rahman Al-Dosari", "Abd al-Rahman", "Al-Dosari"},
		{"Abu Bakr Al-Jaziri", "Abu Bakr", "Al-Jaziri"},
		{"Mohammed bin Salman", "Mohammed", "bin Salman"},
		{"Fatima binti Hussain", "Fatima", "binti Hussain"},
		{"Олена Шевченко", "Олена", "Шевченко"},
		{"Անահիտ Հովհաննիսյան", "Անահիտ", "Հովհաննիսյան"},
	}
	for _, tt := range tests {
		r, err := e.ParsePersonName(context.Background(), worldFull(tt.in))
		if err != nil {
			t.Fatalf("%q: %v", tt.in, err)
		}
		n := r.Best().ParsedPerson.OutputPersonName
		if g, s := n.First(nameapi.TermGivenname), wholeSurname(n); g != tt.given || s != tt.surname {
			t.Errorf("%q: given %q surname %q, want %q %q", tt.in, g, s, tt.given, tt.surname)
		}
	}
}

func TestWorldGender(t *testing.T) {
	t.Parallel()
	e, err := New()
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct{ in, want string }{
		{"Sasha Ivanov", nameapi.GenderMale},
		{"Sasha Ivanova", nameapi.GenderFemale},
		{"Nikita Popov", nameapi.GenderMale},
		{"Min-jun", nameapi.GenderMale},
		{"Seo-yeon Park", nameapi.GenderFemale},
		{"Mohd. Rizal Hamid", nameapi.GenderMale},
		{"王伟", nameapi.GenderMale},
		{"李娜", nameapi.GenderFemale},
		{"佐藤花子", nameapi.GenderFemale},
		{"김민준", nameapi.GenderMale},
		{"فاطمة الزهراني", nameapi.GenderFemale},
		{"محمد العلي", nameapi.GenderMale},
		{"Անահիտ Հովհաննիսյան", nameapi.GenderFemale},
		{"ნინო ბერიძე", nameapi.GenderFemale},
		{"გიორგი ბერიძე", nameapi.GenderMale},
		{"Γιώργος Παπαδόπουλος", nameapi.GenderMale},
		{"Αικατερίνη Παπαδοπούλου", nameapi.GenderFemale},
		{"Десислава Петрова", nameapi.GenderFemale},
		{"Олександр Шевченко", nameapi.GenderMale},
		{"प्रिया शर्मा", nameapi.GenderFemale},
		{"שרה כהן", nameapi.GenderFemale},
		{"דוד לוי", nameapi.GenderMale},
	}
	for _, tt := range tests {
		g, err := e.GenderizePerson(context.Background(), worldFull(tt.in))
		if err != nil {
			t.Fatalf("%q: %v", tt.in, err)
		}
		if g.Gender != tt.want {
			t.Errorf("%q: %s (%.2f), want %s", tt.in, g.Gender, g.Confidence, tt.want)
		}
	}
}

func TestWorldMatch(t *testing.T) {
	t.Parallel()
	e, err := New()
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct{ a, b, want string }{
		{"Hassan Abdul-Aziz Al-Masri", "حسّان عبد العزيز المصري", nameapi.MatchMatching},
		{"Mohammed Ishaq Nadiri", "Mohd. Nadiri", nameapi.MatchMatching},
		{"Fatima binti Hussain", "Fatima Hussain", nameapi.MatchMatching},
		{"Petra Müller", "Müller Petra", nameapi.MatchMatching},
		{"Müller, Petra", "Petra Müller", nameapi.MatchEqual},
		{"Ivan Petrov", "Иван Петров", nameapi.MatchMatching},
		{"Anahit Hovhannisyan", "Անահիտ Հովհաննիսյան", nameapi.MatchMatching},
		{"Tamar Cohen", "תמר כהן", nameapi.MatchMatching},
		{"Nino Beridze", "ნინო ბერიძე", nameapi.MatchMatching}, // Italian Nino is a man, Georgian Nino a woman
		{"Aleksandr Ivanov", "Sasha Ivanov", nameapi.MatchMatching},
		{"Muhammad Al-Qahtani", "Mohammed Al-Qahtani", nameapi.MatchMatching},
		{"Ivan Petrov", "Сергей Смирнов", nameapi.MatchDifferent},
		{"Anahit Hovhannisyan", "Aram Sargsyan", nameapi.MatchDifferent},
	}
	for _, tt := range tests {
		in := &nameapi.InputWithTwoPeople{InputPerson1: worldFull(tt.a).InputPerson, InputPerson2: worldFull(tt.b).InputPerson}
		r, err := e.MatchPersons(context.Background(), in)
		if err != nil {
			t.Fatalf("%q ~ %q: %v", tt.a, tt.b, err)
		}
		if r.MatchType != tt.want {
			t.Errorf("%q ~ %q: %s, want %s", tt.a, tt.b, r.MatchType, tt.want)
		}
	}
}

func TestWorldFormat(t *testing.T) {
	t.Parallel()
	e, err := New()
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct{ in, want string }{
		{"աՆաՀիՏ", "Անահիտ"},
		{"աՆաՀիՏ հՈՎՀԱՆՆԻՍՅԱՆ", "Անահիտ Հովհաննիսյան"},
		{"Jigme tenzin", "Jigme Tenzin"},
		{"FrAU ANGELA MeRkeL", "Frau Angela Merkel"},
		{"иВАН пЕТРОВ", "Иван Петров"},
		{"ОЛЕНА ШЕВЧЕНКО", "Олена Шевченко"},
		{"γιώργος παπαδόπουλος", "Γιώργος Παπαδόπουλος"},
		{"ΓΙΏΡΓΟΣ ΠΑΠΑΔΌΠΟΥΛΟΣ", "Γιώργος Παπαδόπουλος"},
		{"ნინო ბერიძე", "ნინო ბერიძე"},
		{"王小明", "王小明"},
		{"山田 太郎", "山田太郎"},
		{"김민준", "김민준"},
		{"MÜLLER, Petra", "Petra Müller"},
		{"herr dr. hans müller", "Herr Dr. Hans Müller"},
	}
	for _, tt := range tests {
		r, err := e.FormatPersonName(context.Background(), &nameapi.PersonNameFormatterInput{InputPerson: worldFull(tt.in).InputPerson})
		if err != nil {
			t.Fatalf("%q: %v", tt.in, err)
		}
		if r.Formatted != tt.want {
			t.Errorf("%q: %q, want %q", tt.in, r.Formatted, tt.want)
		}
	}
}
