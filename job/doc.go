// Package job owns what a batch command does around the pipeline: it opens
// the input and the output through the Parts it is given, keeps the reject
// sink, applies the cache policy, commits or aborts the outputs, and writes
// the summary and the report. `namepipe run` and `namepipe dedupe`, and
// namepipe-beam's launcher and workers, describe a job and call it; they
// keep only their flags, signals and exit codes.
//
// A new kind of input or output (another file format, a database table)
// plugs in behind readers.Reader and writers.Writer and the Parts that
// construct them; a job does not know which one it got.
package job
