package main

import "hash/fnv"

// nameHash is the FNV-1a hash of a name.
func nameHash(name string) uint32 {
	h := fnv.New32a()
	h.Write([]byte(name))
	return h.Sum32()
}

// heldOutPart is the part of a held-out set that key falls in, by its
// hash: of every `of` keys one is "tune" (the constants are chosen on it)
// and one "test" (the results are reported on it); the rest, "", build
// the model. With of = 2 every key is held out, half in each part.
func heldOutPart(key string, of uint32) string {
	switch nameHash(key) % of {
	case 0:
		return "tune"
	case 1:
		return "test"
	}
	return ""
}
