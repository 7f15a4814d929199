package main

import (
	"crypto/sha256"
	"fmt"
	"strings"
	"testing"
)

// TestJPNDSurnames checks that ja-surnames-jpnd.txt is kept as transcribed
// (its SHA-256 taken then) and that jpndSurnames keeps the long surnames
// that are no given name.
func TestJPNDSurnames(t *testing.T) {
	if h := fmt.Sprintf("%x", sha256.Sum256([]byte(jaSurnamesJPND))); h != "8e0b13c21f29fc9dbfbbe98d9f33e8cef8094763cca949a0509e71f595251f26" {
		t.Errorf("ja-surnames-jpnd.txt: SHA-256 %s, not the transcribed file's", h)
	}
	given := map[string]map[string]string{"MALE": {"haruki": "haruki"}, "FEMALE": {"satomi": "satomi"}}
	keys, err := jpndSurnames(given)
	if err != nil {
		t.Fatal(err)
	}
	kept := map[string]bool{}
	for _, k := range keys {
		kept[k] = true
	}
	for _, k := range []string{"watanabe", "takahashi", "ebihara", "nakasone"} {
		if !kept[k] {
			t.Errorf("%s: not kept", k)
		}
	}
	for _, k := range []string{"sato", "abe", "ono", "seo", "haruki", "satomi", "mi"} {
		if kept[k] {
			t.Errorf("%s: kept, want left out (short or a given name)", k)
		}
	}
	if len(keys) < 1600 || strings.Count(jaSurnamesJPND, "\n") != 1999 {
		t.Errorf("%d surnames kept of %d lines, want 1600 or more of 1999", len(keys), strings.Count(jaSurnamesJPND, "\n"))
	}
}
