package cache

// Remember wraps one operation with a Persistent store of its answers:
// Do answers a request from the store when an earlier call (of this run
// or an earlier one) left its answer there, and otherwise makes the call
// and stores what it returned. It is the persistent cache as a decorator
// around an operation, keyed by the request's key (what the request
// reads, normalised) for this backend (Key). It is safe for concurrent
// use when Store is.
type Remember[V any] struct {
	Store Persistent
	// EngineID identifies the backend and its data version; Op the
	// operation (see Key).
	EngineID, Op string
	// Encode and Decode convert an answer for the store. An entry that
	// does not decode (an older format) is a miss, overwritten by the
	// call's answer.
	Encode func(V) ([]byte, error)
	Decode func([]byte) (V, error)
	// Problem, if set, is told of a store that failed to read or write,
	// or of an answer that did not encode ("read", "write", "encode"):
	// the answer goes on without the store.
	Problem func(what string, err error)
}

// Do returns the answer of the request known by key: the stored one (hit
// true), or call's, which it stores when call returned no error.
func (m *Remember[V]) Do(key string, call func() (V, error)) (v V, hit bool, err error) {
	k := Key(m.EngineID, m.Op, key)
	data, ok, err := m.Store.Get(k)
	if err != nil {
		m.problem("read", err)
	} else if ok {
		if v, err := m.Decode(data); err == nil {
			return v, true, nil
		}
	}
	v, err = call()
	if err != nil {
		return v, false, err
	}
	if data, err := m.Encode(v); err != nil {
		m.problem("encode", err)
	} else if err := m.Store.Put(k, data); err != nil {
		m.problem("write", err)
	}
	return v, false, nil
}

func (m *Remember[V]) problem(what string, err error) {
	if m.Problem != nil {
		m.Problem(what, err)
	}
}
