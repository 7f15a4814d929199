package email

// The disposable answers that the Checker remembers of a domain as
// written (in a domaincache.Cache): a hit skips the domain's syntax check
// and the lookups of it and its parent domains in the disposable list
// (BenchmarkDisposable, 2026-11-27, -cpu 1, two runs at load ~20, CPU per
// address: 53-58 ns with the cache, 110-112 ns without).
const (
	domainInvalid    = 1 + iota // not a valid domain: DisposableUnknown
	domainKept                  // valid, not on a disposable list
	domainDisposable            // on a disposable list (or a parent domain is)
)
