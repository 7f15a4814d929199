package dict

import "testing"

// TestKoreanCustomarySpellings: the customary (McCune–Reischauer-like)
// spellings of Korean syllables that people write in their names read as
// the Revised Romanization the syllable data uses.
func TestKoreanCustomarySpellings(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ in, want string }{
		{"young-hee", "yeonghui"},
		{"myung-soo", "myeongsu"},
		{"byung-chul", "byeongcheol"},
		{"hyung-joon", "hyeongjun"},
		{"kyoung-ja", "gyeongja"},
		{"sang-hyuk", "sanghyeok"},
		{"shin-ae", "sinae"},
		{"jae-shik", "jaesik"},
		{"eui-jin", "uijin"},
		{"kwang-ho", "gwangho"},
		{"kyu-ri", "gyuri"},
		{"keun-woo", "geunu"},
		{"min-jun", "minjun"},
	} {
		if got := koreanRR(tc.in); got != tc.want {
			t.Errorf("koreanRR(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}
