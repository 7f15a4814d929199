package engine

import (
	"context"
	"testing"

	"github.com/namepipe/namepipe/nameapi"
)

// TestGenderScripts: the gender of names in the scripts and forms whose
// data came late — Han, Bengali, Belarusian patronymics, Japanese in
// kanji, kana and romaji — and pet forms.
func TestGenderScripts(t *testing.T) {
	t.Parallel()
	e := realEngine(t)
	tests := []struct{ name, want string }{
		// Han.
		{"王秀英", nameapi.GenderFemale},
		{"李伟", nameapi.GenderMale},
		{"张丽", nameapi.GenderFemale},
		{"陈静", nameapi.GenderFemale},
		// Bengali.
		{"অমিত কুমার", nameapi.GenderMale},
		{"প্রিয়া শর্মা", nameapi.GenderFemale},
		{"সুনীতা দেবী", nameapi.GenderFemale},
		{"রাহুল দাস", nameapi.GenderMale},
		{"মোহাম্মদ রহিম", nameapi.GenderMale},
		{"সুমাইয়া আক্তার", nameapi.GenderFemale},
		// Belarusian, in Cyrillic and Latin letters, given-first and
		// surname-first.
		{"Аляксандр Іванавіч Лукашэнка", nameapi.GenderMale},
		{"Ціханоўская Святлана Георгіеўна", nameapi.GenderFemale},
		{"Лукашэнка Аляксандр Рыгоравіч", nameapi.GenderMale},
		{"Sviatlana Hieorhijeŭna Cichanoŭskaja", nameapi.GenderFemale},
		// Japanese.
		{"山田太郎", nameapi.GenderMale},
		{"やまだ たろう", nameapi.GenderMale},
		{"Keiko Fujimori", nameapi.GenderFemale},
		{"Yukio Mishima", nameapi.GenderMale},
		{"Fumiko Kaneko", nameapi.GenderFemale},
		{"Ryuichi Sakamoto", nameapi.GenderMale},
		{"Mitsuko Uchida", nameapi.GenderFemale},
		// Pet forms the lists do not hold, by the trades of endings the
		// lists show (engine/dict/latin_derived.go).
		{"Kristýnka Smith", nameapi.GenderFemale},
		{"Marienka Smith", nameapi.GenderFemale},
	}
	for _, tt := range tests {
		wantGender(t, e, tt.name, tt.want)
	}
}

// TestGenderPlaceByName: a context place given as a country's name in any
// language or as its ISO-3 code counts as its ISO-2 code ("Andrea" is a
// man in Italy, a woman in Germany).
func TestGenderPlaceByName(t *testing.T) {
	t.Parallel()
	e := realEngine(t)
	for place, want := range map[string]string{
		"IT": nameapi.GenderMale, "Italy": nameapi.GenderMale, "Italia": nameapi.GenderMale, "ITA": nameapi.GenderMale, "italien": nameapi.GenderMale,
		"DE": nameapi.GenderFemale, "Germany": nameapi.GenderFemale, "Deutschland": nameapi.GenderFemale, "DEU": nameapi.GenderFemale,
	} {
		in := fullname("Andrea Rossi")
		in.Context = &nameapi.Context{Place: place}
		g, err := e.GenderizePerson(context.Background(), in)
		if err != nil {
			t.Fatal(err)
		}
		if g.Gender != want {
			t.Errorf("Andrea Rossi in %q: %s, want %s", place, g.Gender, want)
		}
	}
}
