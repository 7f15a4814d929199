package cache

import (
	"bytes"
	"fmt"
	"path/filepath"
	"testing"
	"time"
)

func TestBolt(t *testing.T) {
	path := filepath.Join(t.TempDir(), "c")
	c, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	now := time.Date(2024, 6, 1, 0, 0, 0, 0, time.UTC)
	c.now = func() time.Time { return now }
	c.FlushEvery = 3
	k := func(i int) []byte { return Key("local", "parse", fmt.Sprint(i)) }
	for i := range 5 {
		if err := c.Put(k(i), []byte(fmt.Sprint("v", i))); err != nil {
			t.Fatal(err)
		}
	}
	if n, _ := c.Len(); n != 3 {
		t.Errorf("%d entries committed after 5 puts with FlushEvery 3, want 3", n)
	}
	if v, ok, err := c.Get(k(4)); err != nil || !ok || string(v) != "v4" {
		t.Errorf("buffered entry: %q %v %v", v, ok, err)
	}
	// A second process cannot open it while it is held.
	if _, err := Open(path); err == nil {
		t.Error("second open of a held cache succeeded")
	}
	if err := c.Close(); err != nil {
		t.Fatal(err)
	}
	c, err = Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	c.now = func() time.Time { return now.Add(48 * time.Hour) }
	for i := range 5 {
		if v, ok, err := c.Get(k(i)); err != nil || !ok || !bytes.Equal(v, []byte(fmt.Sprint("v", i))) {
			t.Errorf("after reopen, entry %d: %q %v %v", i, v, ok, err)
		}
	}
	c.MaxAge = 24 * time.Hour
	if _, ok, _ := c.Get(k(0)); ok {
		t.Error("entry older than MaxAge was a hit")
	}
	if _, ok, _ := c.Get(k(99)); ok {
		t.Error("missing key was a hit")
	}
}

func TestKey(t *testing.T) {
	a := Key("local", "parse", "ann")
	if !bytes.HasPrefix(a, []byte("parse\x00")) || len(a) != len("parse")+1+32 {
		t.Errorf("key %x", a)
	}
	for _, b := range [][]byte{Key("remote", "parse", "ann"), Key("local", "genderize", "ann"), Key("local", "parse", "bo")} {
		if bytes.Equal(a, b) {
			t.Errorf("keys collide: %x", b)
		}
	}
	if !bytes.Equal(a, Key("local", "parse", "ann")) {
		t.Error("key not deterministic")
	}
	// Pinned: a cache file written by an earlier build must still be read
	// (mapping's TestKeysPinned pins the request key itself).
	const want = "70617273650098fe6d037d85e68db88036b2d9cbaed9d2913cb5f301a59b5be83650504d02e3"
	if got := fmt.Sprintf("%x", Key("local", "parse", "parse:k2:a2c25940145cfdec1b191830ad9da869fe1d944265ac659c8a436fedc6981720")); got != want {
		t.Errorf("Key = %s, want %s", got, want)
	}
}
