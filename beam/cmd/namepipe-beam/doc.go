// Command namepipe-beam runs namepipe's batch jobs as Apache Beam
// pipelines, for inputs that outgrow one machine: on the in-process prism
// runner, or submitted to Flink, Spark or Google Dataflow.
//
// It reads the same YAML config as namepipe and reuses namepipe's packages
// (config, mapping, readers, writers, pipeline, engine); it lives in its own
// Go module (beam/) so that the namepipe binary does not carry the Beam SDK.
//
// Usage:
//
//	namepipe-beam run    --config FILE --runner prism|flink|spark|dataflow [runner flags]
//	namepipe-beam dedupe --config FILE --runner prism|flink|spark|dataflow [runner flags]
//
// The runner flags are the Beam SDK's own (--endpoint, --environment_type,
// --project, --region, --staging_location, --max_num_workers, …);
// docs/scale-out.md shows them per runner.
//
// Started by a runner as an SDK worker (--worker and the harness flags, no
// command), the binary runs Beam's worker harness instead.
//
// Exit codes: 0 ok, 1 the job failed, 2 usage or config error, 3 input
// error.
package main
