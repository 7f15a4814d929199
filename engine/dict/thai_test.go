package dict

import (
	"strings"
	"testing"
)

// TestThaiKey holds the loose key to the spellings people use for one
// Thai name: each group's spellings share a key, and the groups' keys
// differ.
func TestThaiKey(t *testing.T) {
	groups := [][]string{
		{"Kanokphon", "Kanokpon", "KANOKPHON"},              // กนกพร in RTGS, without h
		{"Kanokporn", "Kanokphorn", "kanok-porn"},           // ... as people write -พร
		{"Nattaphol", "Nattapol", "Natthaphol"},             // ณัฐพล, as people write -พล
		{"Wirachet", "Weerachet", "Virachet", "Weerachedh"}, // วีรเชษฐ์
		{"Chirawan", "Jirawan", "Jeerawan"},
		{"Sirilak", "SIRILAK", "Siri-lak"},
		{"Rudiwan", "Rudeewan", "Ruudiwan"},
		{"Chaloem", "Chalerm"},
		{"Kaeo", "Kaew", "KAEW"},
		{"Sombat", "Sombad", "Sombath"},
		{"Wutthichai", "Wuttichai", "Vuthichai", "Wudhichai"},
		{"Suni", "Sunee", "Sunii"},
		{"Chompu", "Chompoo", "Jompoo"},
		{"Kanchana", "Karnchana", "KANCHANA"}, // กาญจนา: -arn is a long a
		{"Piyabut", "Piyabutr", "Piyaboot"},   // ปิยบุตร
	}
	seen := map[string]string{}
	for _, g := range groups {
		k := ThaiKey(g[0])
		if k == "" {
			t.Fatalf("ThaiKey(%q) is empty", g[0])
		}
		for _, s := range g[1:] {
			if got := ThaiKey(s); got != k {
				t.Errorf("ThaiKey(%q) = %q, want %q (the key of %q)", s, got, k, g[0])
			}
		}
		if o, ok := seen[k]; ok {
			t.Errorf("%q and %q share the key %q", g[0], o, k)
		}
		seen[k] = g[0]
	}
	for _, s := range []string{"", "Müller", "Nguyễn", "กนก", "Ann.", "-", strings.Repeat("a", 60)} {
		if k := ThaiKey(s); k != "" {
			t.Errorf("ThaiKey(%q) = %q, want empty", s, k)
		}
	}
}

// TestThaiNames holds the embedded Thai names to their sources' sizes.
func TestThaiNames(t *testing.T) {
	b, err := files.ReadFile("data/th-names.txt")
	if err != nil {
		t.Fatal(err)
	}
	names, err := ParseThaiNames(b)
	if err != nil {
		t.Fatal(err)
	}
	count := map[string]int{}
	for _, n := range names {
		kind := string(n.Sex)
		if n.Surname {
			kind = "s"
		}
		count[n.Source+" "+kind]++
	}
	for k, least := range map[string]int{
		"faker-th m": 450, "faker-th f": 650, "faker-th s": 100,
		"php-faker-th_TH m": 250, "php-faker-th_TH f": 280, "php-faker-th_TH s": 80,
		"ruby-faker-en-TH s": 60,
	} {
		if count[k] < least {
			t.Errorf("%s: %d names, want at least %d", k, count[k], least)
		}
	}
	for _, bad := range []string{"g\tm\tx\tกนก\n", "g\tx\tx\tกนก\tkanok\n", "s\tm\tx\tกนก\tkanok\n", "g\tm\tx\tกนก\tKanok\n"} {
		if _, err := ParseThaiNames([]byte(bad)); err == nil {
			t.Errorf("ParseThaiNames(%q): no error", bad)
		}
	}
}

// TestThaiModel holds the embedded model to a few names of each kind.
func TestThaiModel(t *testing.T) {
	m := MustDefault().Thai()
	for _, c := range []struct {
		name   string
		male   bool
		listed bool
	}{
		{"Kanokporn", false, true},
		{"Somchai", true, true},
		{"Sirilak", false, true},
		{"Somsak", true, true},
		{"Weerapong", true, false},
		{"Rudeewan", false, false},
		{"Supaporn", false, false},
	} {
		j, ok := m.Given(c.name)
		if !ok {
			t.Errorf("Given(%q): no evidence", c.name)
			continue
		}
		if j.Listed != c.listed || (j.P >= 0.5) != c.male {
			t.Errorf("Given(%q) = %+v, want listed %v, male %v", c.name, j, c.listed, c.male)
		}
	}
	for _, s := range []string{"Chaiprasit", "Kongsangchai", "Wongchaisakul", "Rattanakul"} {
		if !m.IsSurname(s) {
			t.Errorf("IsSurname(%q) = false", s)
		}
	}
	for _, s := range []string{"Smith", "Müller", "Nguyen", "Schmidt", "Rodriguez", "Ivanov", "Kowalski", "Rossi"} {
		if m.IsSurname(s) {
			t.Errorf("IsSurname(%q) = true", s)
		}
	}
}

func BenchmarkThaiKey(b *testing.B) {
	for b.Loop() {
		_ = ThaiKey("Kanokporn")
	}
}

// FuzzThaiKey holds the loose key to its form on any input: lower-case
// ASCII letters, no longer than the input, and the empty key only for an
// input without letters or with letters other than ASCII ones.
func FuzzThaiKey(f *testing.F) {
	for _, s := range []string{"Kanokporn", "Weerachet", "Chalerm", "O'Neil", "Müller", "-", "aerrn"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		k := ThaiKey(s)
		if len(k) > 2*len(s) {
			t.Fatalf("ThaiKey(%q) = %q, longer than twice the input", s, k)
		}
		for i := 0; i < len(k); i++ {
			if k[i] < 'a' || k[i] > 'z' {
				t.Fatalf("ThaiKey(%q) = %q, not lower-case ASCII", s, k)
			}
		}
	})
}

// BenchmarkThaiModelLoad is the Thai model's one-time cost on first use
// (reading data/th-names.txt and building the tables).
func BenchmarkThaiModelLoad(b *testing.B) {
	raw, err := files.ReadFile("data/th-names.txt")
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		names, err := ParseThaiNames(raw)
		if err != nil {
			b.Fatal(err)
		}
		_ = NewThaiModel(names, nil)
	}
}

// BenchmarkThaiSurname is the look-up a row with a surname of four or
// more ASCII letters pays when no other model answered its given name.
func BenchmarkThaiSurname(b *testing.B) {
	m := MustDefault().Thai()
	for b.Loop() {
		_ = m.IsSurname("Schneider")
	}
}
