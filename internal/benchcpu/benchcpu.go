// Package benchcpu measures the CPU time a process has used, for benchmarks
// that report CPU time per operation beside ns/op. On cores shared with
// other jobs a benchmark's wall time per operation grows with the machine's
// load once the benchmark outlasts a scheduler time slice, which a short
// sub-benchmark does not: compare CPU times, not ns/op, across runs and
// across sub-benchmarks of very different lengths.
//
// Only test files import it (internal/arch's test holds non-test code to
// that).
package benchcpu
