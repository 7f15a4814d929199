package text

import (
	"os"
	"strings"
	"testing"
)

// TestTokenKeys checks that every token's key is NKey of its text (the
// tokenizer takes ASCII keys from the lower-cased name).
func TestTokenKeys(t *testing.T) {
	t.Parallel()
	inputs := []string{"Dr. Peter T. Johnson jr", "MÜLLER, Petra", "Mr. & Mrs. J. Smith", "J.R.R. Tolkien",
		"Prof.Dr.Hans Meyer", "Peter AND Maria Meyer", "O'Neill, Sean (Bobby)", "DE LA CRUZ Maria", "x.", "A.B. C"}
	// The first column of the engine's name evaluation set.
	data, err := os.ReadFile("../testdata/names_eval.tsv")
	if err != nil {
		t.Fatal(err)
	}
	for l := range strings.Lines(string(data)) {
		if l = strings.TrimRight(l, "\r\n"); l != "" && !strings.HasPrefix(l, "#") {
			in, _, _ := strings.Cut(l, "\t")
			inputs = append(inputs, in)
		}
	}
	for _, in := range inputs {
		toks, _ := Tokenize(in)
		for _, tk := range toks {
			if tk.Kind != TokComma && tk.Key != NKey(tk.Text) {
				t.Errorf("%q: token %q has key %q, want %q", in, tk.Text, tk.Key, NKey(tk.Text))
			}
		}
	}
}

func TestCloser(t *testing.T) {
	t.Parallel()
	want := map[rune]rune{'"': '"', '“': '”', '„': '“', '«': '»', '»': '«', '(': ')', '[': ']', '\'': '\'', '‘': '’', '‚': '‘'}
	for r, cl := range want {
		if got := closer(r); got != cl {
			t.Errorf("closer(%q) = %q, want %q", r, got, cl)
		}
	}
	for _, r := range "aZ)]”’ -.,é" {
		if got := closer(r); got != 0 {
			t.Errorf("closer(%q) = %q, want 0", r, got)
		}
	}
}

func TestIsInitial(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		w    string
		want bool
	}{
		{"", false}, {"T", true}, {"T.", true}, {"J.R.", true}, {"J.R.R.", true}, {"JR", false}, {"Jo", false},
		{"É", true}, {"Ж", true}, {"王", false}, {"박", false}, {"王.", true}, {"1", false}, {"\xff", false}, {".", false}, {"J.R", false}, {"-", false}, {"Ab.", false},
	} {
		if got := IsInitial(c.w); got != c.want {
			t.Errorf("IsInitial(%q) = %v, want %v", c.w, got, c.want)
		}
	}
}
