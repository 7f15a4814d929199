// Package dedupe finds the rows of a file that are the same person entered
// twice or more (or links the rows of a file to an existing reference
// file). It owns the whole record-linkage flow of `namepipe dedupe`:
//
//	extract   row → Features (mapping's Plan.Build turns a row into an
//	          InputPerson; dedupe reduces it to folded, comparable values)
//	block     Features → block keys (sorted name words, surname phonetics,
//	          email address and local part, phone digits, birth date,
//	          address words, one name word's phonetics with the address)
//	group     key → rows; a block over MaxBlockSize compares each row only
//	          with its Window neighbours (by birth date or by name); a pair
//	          is compared under the first key it shares (owns)
//	compare   pair → comparison vector (names through the service's person
//	          matcher, other fields by their own comparators)
//	score     vector → match probability, from Fellegi–Sunter m/u weights
//	          learned by EM without labels (u from random pairs, m per
//	          blocking rule), adjusted for how common an equal value or
//	          an agreeing name's words are
//	cluster   scored pairs → clusters (connected components with a guard
//	          against chaining)
//
// Each step is a function of its inputs only (no package state), so that
// the steps map onto a distributed runner's keyed group and combine
// stages: the EM step needs only the counts of comparison patterns, a
// combinable aggregate.
//
// # Size
//
// About 2,500 lines: one file per step (features, block keys, comparators,
// EM training, scoring, clustering, output and pairs file), sharing the row
// and pair types that flow between the steps.
package dedupe
