package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
)

// The Indian given names by sex of random-indian-name (lib/names.js:
// first_male, first_female, in Latin letters), read as one more locale
// of language hi ("hi_Names"): a name adds one vote per list it is on.
// Its surnames are left out (a short list, and the surname data has
// them).

// indianList matches one exported array of names.js.
var indianList = regexp.MustCompile(`(?s)module\.exports\.(first_male|first_female)\s*=\s*(\[.*?\])\s*;`)

// loadIndianNames reads the given names of the random-indian-name
// package in dir.
func loadIndianNames(dir string) (fakerLocale, error) {
	var l fakerLocale
	b, err := os.ReadFile(filepath.Join(dir, "lib", "names.js"))
	if err != nil {
		return l, fmt.Errorf("random-indian-name: %w", err)
	}
	for _, m := range indianList.FindAllSubmatch(b, -1) {
		var names []string
		if err := json.Unmarshal(m[2], &names); err != nil {
			return l, fmt.Errorf("random-indian-name: %s: %w", m[1], err)
		}
		switch string(m[1]) {
		case "first_male":
			l.Male = names
		case "first_female":
			l.Female = names
		}
	}
	if len(l.Male) < 1000 || len(l.Female) < 1000 {
		return l, fmt.Errorf("random-indian-name: %d male and %d female names, want 1,000 or more each", len(l.Male), len(l.Female))
	}
	return l, nil
}
