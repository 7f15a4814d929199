package cache

import (
	"errors"
	"strconv"
	"sync"
	"testing"
)

// mapStore is a Persistent store in a map, failing where told.
type mapStore struct {
	mu             sync.Mutex
	m              map[string][]byte
	getErr, putErr error
	gets, puts     int
}

func (s *mapStore) Get(k []byte) ([]byte, bool, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.gets++
	if s.getErr != nil {
		return nil, false, s.getErr
	}
	v, ok := s.m[string(k)]
	return v, ok, nil
}

func (s *mapStore) Put(k, v []byte) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.puts++
	if s.putErr != nil {
		return s.putErr
	}
	s.m[string(k)] = v
	return nil
}

func (s *mapStore) Flush() error { return nil }

// TestRemember checks the decorator: a miss calls and stores, a hit does
// not call, an error is not stored, an undecodable entry is a miss that
// gets overwritten, and a failing store is reported but does not stop the
// answer.
func TestRemember(t *testing.T) {
	t.Parallel()
	store := &mapStore{m: map[string][]byte{}}
	var problems []string
	m := &Remember[int]{
		Store: store, EngineID: "local/1", Op: "parse",
		Encode:  func(v int) ([]byte, error) { return []byte(strconv.Itoa(v)), nil },
		Decode:  func(b []byte) (int, error) { return strconv.Atoi(string(b)) },
		Problem: func(what string, err error) { problems = append(problems, what+": "+err.Error()) },
	}
	calls := 0
	answer := func(v int, err error) func() (int, error) {
		return func() (int, error) { calls++; return v, err }
	}
	steps := []struct {
		name    string
		key     string
		call    func() (int, error)
		want    int
		hit     bool
		wantErr bool
		calls   int
	}{
		{"miss calls", "ann", answer(7, nil), 7, false, false, 1},
		{"hit does not call", "ann", answer(8, nil), 7, true, false, 1},
		{"error not stored", "bo", answer(0, errors.New("down")), 0, false, true, 2},
		{"so called again", "bo", answer(3, nil), 3, false, false, 3},
		{"then a hit", "bo", answer(4, nil), 3, true, false, 3},
	}
	for _, s := range steps {
		v, hit, err := m.Do(s.key, s.call)
		if v != s.want || hit != s.hit || (err != nil) != s.wantErr || calls != s.calls {
			t.Errorf("%s: Do = %d, hit %v, err %v, %d calls; want %d, %v, err %v, %d calls", s.name, v, hit, err, calls, s.want, s.hit, s.wantErr, s.calls)
		}
	}
	// Keys are Key's: another engine or operation does not hit.
	if _, ok := store.m[string(Key("local/1", "parse", "ann"))]; !ok || len(store.m) != 2 {
		t.Errorf("store holds %d entries, want ann and bo under Key", len(store.m))
	}
	other := *m
	other.Op = "genderize"
	if _, hit, _ := other.Do("ann", answer(1, nil)); hit {
		t.Error("another operation's entry was a hit")
	}
	// An undecodable entry is a miss, overwritten.
	store.m[string(Key("local/1", "parse", "cy"))] = []byte("not a number")
	if v, hit, _ := m.Do("cy", answer(5, nil)); hit || v != 5 || string(store.m[string(Key("local/1", "parse", "cy"))]) != "5" {
		t.Errorf("undecodable entry: %d, hit %v, stored %q", v, hit, store.m[string(Key("local/1", "parse", "cy"))])
	}
	if len(problems) != 0 {
		t.Errorf("problems %q with a working store", problems)
	}
	// A failing store: the answer still comes, the problem is told.
	store.getErr, store.putErr = errors.New("disk"), errors.New("full")
	if v, hit, err := m.Do("dee", answer(9, nil)); v != 9 || hit || err != nil {
		t.Errorf("failing store: %d, hit %v, err %v", v, hit, err)
	}
	if want := []string{"read: disk", "write: full"}; len(problems) != 2 || problems[0] != want[0] || problems[1] != want[1] {
		t.Errorf("problems %q, want %q", problems, want)
	}
}
