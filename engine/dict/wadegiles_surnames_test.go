package dict

import (
	"strings"
	"testing"
)

// TestWadeGilesTable checks the embedded table: it parses, every reading
// is a syllable of the pinyin counts, every syllable of the counts has a
// Wade-Giles spelling, and the correspondences of the conventions hold.
func TestWadeGilesTable(t *testing.T) {
	b, err := files.ReadFile("data/zh-wadegiles.txt")
	if err != nil {
		t.Fatal(err)
	}
	rd, err := ParseWadeGiles(b)
	if err != nil {
		t.Fatal(err)
	}
	p, err := files.ReadFile("data/zh-pinyin-sex.txt")
	if err != nil {
		t.Fatal(err)
	}
	counts, err := parsePinyinSex(p)
	if err != nil {
		t.Fatal(err)
	}
	spelled := map[string]bool{}
	for wg, rs := range rd {
		for _, r := range rs {
			if _, ok := counts[r]; !ok {
				t.Errorf("%s: reading %q is not a syllable of zh-pinyin-sex.txt", wg, r)
			}
			spelled[r] = true
		}
	}
	for s := range counts {
		if !spelled[s] && s != "m" && s != "n" && s != "ng" {
			t.Errorf("pinyin %q has no Wade-Giles spelling", s)
		}
	}
	for wg, want := range map[string]string{
		"hsiang": "xiang", "chih": "chi,zhi", "chi": "ji,qi", "tsai": "cai,zai", "hsieh": "xie",
		"kuo": "guo,kuo", "chung": "chong,zhong", "jung": "rong", "tzu": "ci,zi", "ssu": "si",
		"kuei": "gui,kui", "erh": "er", "yen": "yan", "i": "yi", "hsueh": "xue", "chuan": "chuan,juan,quan,zhuan",
		"tsu": "cu,zu,ci,zi", "szu": "si",
	} {
		if got := strings.Join(rd[wg], ","); got != want {
			t.Errorf("%s: readings %q, want %q", wg, got, want)
		}
	}
	if _, err := ParseWadeGiles([]byte("chi ji\n")); err == nil {
		t.Error("a line without a TAB parsed")
	}
	if _, err := ParseWadeGiles([]byte("chi\tJi\n")); err == nil {
		t.Error("an upper-case reading parsed")
	}
}
