// Package dedupe finds the rows of a file that are the same person entered
// twice or more (or links the rows of a file to an existing reference
// file). It owns the whole record-linkage flow of `namepipe dedupe`:
//
//	extract   row → Features (mapping's Plan.Build turns a row into an
//	          InputPerson; dedupe reduces it to folded, comparable values)
//	block     Features → block keys (sorted name words, surname phonetics,
//	          email address and local part, phone digits, birth date,
//	          address words, one name word's phonetics with the address)
//	group     key → rows (an external sort); a block over MaxBlockSize
//	          compares each row only with its Window neighbours (by birth
//	          date or by name); a pair is compared under the first key it
//	          shares (owns)
//	compare   pair → comparison vector (names through the service's person
//	          matcher, other fields by their own comparators); each field
//	          is one Comparison value (comparison.go: levels, labels,
//	          prior m, comparator, term-frequency rule), the built-in
//	          ones followed by the config's columns (columns.go:
//	          dedupe.compare, and dedupe.blockOn's blocking rule)
//	score     vector → match probability, from Fellegi–Sunter m/u weights
//	          learned by EM without labels (u from random pairs, m per
//	          blocking rule), adjusted for how common an equal value or
//	          an agreeing name's words are
//	cluster   scored pairs → clusters (connected components with guards
//	          against chaining: cluster.go, Clusters)
//
// Around the steps: the rows' own IDs (ids.go, config.Dedupe.IDColumn),
// by which every tie is broken so that the rows' order does not matter;
// a pair's weight taken apart into the terms it is the sum of (explain.go:
// the pairs file's w_ columns, --explain-pair, the report's borderline
// pairs, the warnings of a model that cannot be learned, the report's
// charts); Links, the rule that a name alone never links when another
// field disagrees; the golden records of --merge (merge.go); and
// incremental runs (incremental.go: --previous links new rows to an
// earlier run's clusters, read like a reference file whose rows are never
// compared with each other; --save-model and --model; index.go and
// index_read.go: the index of a run's rows, --save-index, from which an
// incremental run with --index reads only the old rows of the new rows'
// blocks, checked against the previous output, the config and the build).
//
// Each step is a function of its inputs only (no package state), so that
// the steps map onto a distributed runner's keyed group and combine
// stages: the EM step needs only the counts of comparison patterns, a
// combinable aggregate.
//
// # Memory
//
// Run keeps in memory only what is a few bytes per row; what grows with
// the rows goes to a temporary directory (config.Dedupe.TempDir, removed
// when Run returns, also on an error or cancel; its peak size is
// Summary.TempDiskBytes):
//
//	feature store  every row's Features and block keys in their binary
//	               form (featcodec.go), about 260 bytes a row, written in
//	               row order, rewritten in block order by the group step
//	               (featorder.go) and read back a batch of blocks at a
//	               time (featstore.go; a file under 64 MiB is read into
//	               memory)
//	sorter         block-key entries (23 bytes each, about 8 a row),
//	               sorted externally: sorted runs of at most
//	               Options.SortBuffer bytes, merged k ways by a
//	               tournament of losers (spillmerge.go)
//	candidates     the compared pairs that agree somewhere (33 bytes
//	               each, cands.go): spooled as they come, each once (a
//	               row's place in a capped block, in its key, tells a
//	               later block that an earlier one compared the pair)
//	kept pairs     the scored pairs at or above the pairs threshold
//	               (48 bytes each, kept.go), sorted by row externally
//	               as the scoring workers hand them over, and read back
//	               in row order: once for the strong pairs, once for the
//	               rows' best matches
//
// The group step reads the sorted keys twice: once to count every
// block's size (written into the stored rows, for owns and the
// term-frequency adjustment, while the rows are rewritten in the order
// of the first rule's blocks, so that a block's rows lie side by side),
// once to compare; a batch of blocks reads its rows with a few large
// reads, decodes their keys first and the features only of the rows
// whose pairs it owns. The u sample reads its random pairs a chunk at a
// time in the order of their first rows' places (sample.go). Each
// candidate pair carries the block sizes its term-frequency
// adjustment needs, so that training and scoring are each one pass over
// the pairs, in parts on the workers. Per row, Run holds the store's
// offset (8 bytes), its place in block order (4), its name-token block (4) and
// the pairs-per-row count (4) while comparing; while clustering, the
// union-find arrays of the strong pairs' rows (about 24); and for the
// result 24 bytes and a bit (rows.go: cluster, size and the best match's
// row, score and pattern; a RowResult is made when asked for). The pairs
// above the pairs threshold (56 bytes each in memory) and their rows'
// names are held only for a result that keeps them (a pairs file or a
// report: Options.NoPairs and NoNames unset); on dupgen's people they
// grow faster than the rows (0.31 a row at 1M, 0.60 at 5M: namesakes).
// Without them the live heap is about 115 MiB and 27 bytes a row at its
// peak (the compare step), so that under dedupe's soft memory limit of
// 384 MiB (cmd/namepipe/gc.go) the peak RSS is the same from 1M to 5M
// rows (bench/README.md) and stays so up to about 7M.
//
// # Size
//
// One package, one file per step (features, block keys, comparators,
// EM training, the u sample, scoring, clustering, output and pairs file),
// sharing the row and pair types that flow between the steps, plus the
// spill machinery (spill.go, spillmerge.go, featstore.go, featorder.go,
// featcodec.go, cands.go).
package dedupe
