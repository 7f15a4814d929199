package main

import (
	"runtime"
	"testing"
	"time"
)

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

func TestMemoryLimit(t *testing.T) {
	t.Parallel()
	env := func(kv map[string]string) func(string) string {
		return func(k string) string { return kv[k] }
	}
	for _, tt := range []struct {
		cmd  string
		env  map[string]string
		want bool
	}{
		{"dedupe", nil, true},
		{"dedupe", map[string]string{"GOGC": "100"}, true},
		{"dedupe", map[string]string{"GOMEMLIMIT": "1GiB"}, false},
		{"run", nil, false},
		{"serve", nil, false},
	} {
		if got := limitsMemory(tt.cmd, env(tt.env)); got != tt.want {
			t.Errorf("limitsMemory(%q, %v) = %v, want %v", tt.cmd, tt.env, got, tt.want)
		}
	}
	for _, tt := range []struct {
		live uint64
		want int64
	}{
		{0, dedupeMemoryFloor},
		{dedupeMemoryFloor / 2, dedupeMemoryFloor},
		{dedupeMemoryFloor * 4 / 5, dedupeMemoryFloor},
		{dedupeMemoryFloor, dedupeMemoryFloor * 5 / 4},
		{4 << 30, 5 << 30},
	} {
		if got := memoryLimitFor(tt.live); got != tt.want {
			t.Errorf("memoryLimitFor(%d) = %d, want %d", tt.live, got, tt.want)
		}
	}
}

func TestAfterEachGC(t *testing.T) {
	calls := make(chan struct{}, 16)
	afterEachGC(func() {
		select {
		case calls <- struct{}{}:
		default:
		}
	})
	for i := range 3 {
		runtime.GC()
		select {
		case <-calls:
		case <-time.After(10 * time.Second):
			t.Fatalf("no call after collection %d", i+1)
		}
	}
	if liveHeap() == 0 {
		t.Error("liveHeap() = 0 after a collection")
	}
}
