// Package enrich is namepipe's `run` as an Apache Beam pipeline: the input
// shards are the elements, a ParDo enriches each shard with namepipe's own
// pipeline (readers, mapping, the local engine or the remote client,
// writers) into an output shard of the same format, and a combiner adds the
// shards' summaries into the run's one summary, written at the end.
//
// A shard is one element, processed whole by one worker: a CSV file cannot
// be cut at a byte offset without reading it from the start (a quoted cell
// may hold line breaks), and an input that outgrows one machine comes as
// many files. Each worker process enriches one shard at a time with all its
// cores (run.concurrency goroutines, batches of rows, a memo of recent
// names) and builds its engine once, in Setup, shared by the DoFn instances
// of the process. With the remote engine each worker gets rate/workers of
// the configured rate.
//
// Every output row carries its source file and 1-based data row in two
// columns appended after namepipe's (prefix + source_file, source_row), so
// that shards can be ordered or joined back.
package enrich
