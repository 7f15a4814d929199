package main

import "testing"

func TestGCPercentFor(t *testing.T) {
	t.Parallel()
	env := func(kv map[string]string) func(string) string {
		return func(k string) string { return kv[k] }
	}
	tests := []struct {
		cmd  string
		env  map[string]string
		want int
		set  bool
	}{
		{"run", nil, batchGCPercent, true},
		{"dedupe", nil, batchGCPercent, true},
		{"run", map[string]string{"GOGC": "100"}, 0, false},
		{"run", map[string]string{"GOGC": "off"}, 0, false},
		{"run", map[string]string{"GOMEMLIMIT": "1GiB"}, batchGCPercent, true},
		{"serve", nil, 0, false},
		{"validate", nil, 0, false},
		{"ping", nil, 0, false},
	}
	for _, tt := range tests {
		got, set := gcPercentFor(tt.cmd, env(tt.env))
		if got != tt.want || set != tt.set {
			t.Errorf("gcPercentFor(%q, %v) = %d, %v; want %d, %v", tt.cmd, tt.env, got, set, tt.want, tt.set)
		}
	}
}
