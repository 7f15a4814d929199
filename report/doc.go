// Package report builds the run report: one self-contained HTML page that
// an analyst reads instead of the output file.
//
// A Collector observes every written row (Observe, from one goroutine, in
// output order) and keeps only bounded aggregates: counters, confidence
// bands, a type × item matrix, heavy-hitter counters of fixed capacity
// (TopK) and the few highest-risk rows. Its memory does not grow with the
// number of rows. At the end, Write renders those aggregates together with
// the run's own counters (Totals, copied from the pipeline's summary so
// that the page and the --summary JSON agree exactly) and the run's facts
// (RunInfo) into one HTML file: inline SVG charts with a table beside each,
// inline CSS, no script, and a Content-Security-Policy that forbids
// loading anything, so the page works offline from a file:// URL.
//
// Every value from the input or the service is HTML-escaped by
// html/template, shown inside <bdi> so that right-to-left text cannot
// reorder its neighbours, and has control and bidi-override characters
// replaced by a visible ⟨U+XXXX⟩ marker.
//
// Another stage can add its own section: the de-duplication summary
// (Clusters, collected with a ClusterCollector) is rendered when
// Report.Dedupe is set.
package report
