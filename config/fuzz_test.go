package config

import (
	"errors"
	"strings"
	"testing"
)

// FuzzDecode feeds arbitrary files through Decode, ApplyDefaults and
// Check: no panic, and every problem is reported as "c.yaml…: message".
func FuzzDecode(f *testing.F) {
	f.Add(minimal)
	f.Add(minimal + "run: {rate: 2.5, burst: 0, concurrency: -1}\nengine: {kind: nameapi, timeout: 0s}\n")
	f.Add("input: &a {path: x.csv}\noutput: *a\n")
	f.Add("extra: [1, {2: 3}]\ninput: ~\n---\n")
	f.Add("input: {header: false, delimiter: \"\\t\\t\"}\noutput: {path: -, prefix: \"a b\"}\n")
	f.Fuzz(func(t *testing.T, src string) {
		_, err := load(src)
		if err == nil {
			return
		}
		var es Errors
		var one *Error
		if !errors.As(err, &es) && !errors.As(err, &one) {
			if !strings.HasPrefix(err.Error(), "c.yaml: ") {
				t.Fatalf("error without the file name: %v", err)
			}
			return
		}
		for _, line := range strings.Split(err.Error(), "\n") {
			if !strings.HasPrefix(line, "c.yaml") {
				t.Fatalf("problem without the file name: %q", line)
			}
		}
	})
}
