package engine

import (
	"context"
	"testing"

	"github.com/namepipe/namepipe/nameapi"
)

// Turkish casing (i ↔ İ, ı ↔ I) where the name's letters or the context
// say Turkish, and the default rules elsewhere.
func TestFormatTurkishCase(t *testing.T) {
	t.Parallel()
	e := realEngine(t)
	tests := []struct {
		in, lang, place, want string
	}{
		{"IŞIK İNCE", "", "", "Işık İnce"},
		{"ismail yılmaz", "", "", "İsmail Yılmaz"},
		{"ığdır çelik", "", "", "Iğdır Çelik"},
		{"IŞIK ÖZTÜRK", "tr", "", "Işık Öztürk"},
		{"IŞIK ÖZTÜRK", "", "TR", "Işık Öztürk"},
		{"IŞIK ÖZTÜRK", "", "", "Işik Öztürk"},       // no Turkish-only letter, no context
		{"ISMAIL YILMAZ", "tr", "", "Ismail Yilmaz"}, // ASCII: I may stand for İ
		{"ŞTEFAN IONESCU", "ro", "", "Ştefan Ionescu"},
		{"INGRID ÖSTERLUND", "", "", "Ingrid Österlund"},
		{"The smith FAMILY", "", "", "The Smith Family"},
	}
	for _, tt := range tests {
		in := &nameapi.PersonNameFormatterInput{
			Context:     &nameapi.Context{Language: tt.lang, Place: tt.place},
			InputPerson: worldFull(tt.in).InputPerson,
		}
		r, err := e.FormatPersonName(context.Background(), in)
		if err != nil {
			t.Fatalf("%q: %v", tt.in, err)
		}
		if r.Formatted != tt.want {
			t.Errorf("%q (language %q, place %q): %q, want %q", tt.in, tt.lang, tt.place, r.Formatted, tt.want)
		}
	}
}
