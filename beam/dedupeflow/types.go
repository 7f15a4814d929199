package dedupeflow

import (
	"encoding/binary"
	"encoding/json"
	"errors"
	"math"
	"reflect"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"

	"github.com/namepipe/namepipe/dedupe"
)

// The elements that travel between the stages. Those holding features
// have binary coders (dedupe.Features has unexported fields); the others
// are plain structs of numbers.

// row is one row's features under its row id. Pos is the row's
// position: 0-based over the input files in order, then the reference
// files (as dedupe.Run numbers them). The row id is Pos, or with
// dedupe.idColumn the row's rank in ID order among the input's rows (a
// reference row: the input's row count plus its rank among the
// reference's rows), so that every tie dedupe.Run breaks by ID breaks
// here by row id. Tie orders rows of equal order in a capped block
// (dedupe.IDTie; 0 without IDs), before Pos.
type row struct {
	ID, Pos int64
	Tie     uint32
	F       dedupe.Features
}

// keyedRow is a row with its block keys, sized by the group step.
type keyedRow struct {
	ID, Pos int64
	Tie     uint32
	F       dedupe.Features
	Keys    []dedupe.Key
}

// idCell is a row's ID (dedupe.idColumn) as read, under its provisional
// id, with its record's line (for messages).
type idCell struct {
	Prov, Line int64
	ID         string
}

// keySize is one key of a row with the size of its block.
type keySize struct {
	Hash uint64
	Size int64
}

// cand is a compared pair whose fields agree somewhere, with what the
// train and score steps need: its pattern, the blocks the two rows share
// (S), the other rules they share (Rules, dedupe.SharedRules) and the
// chance their names' words agree (Names, dedupe.NameShares.LogU).
type cand struct {
	A, B  int64
	P     dedupe.Pattern
	S     dedupe.Shared
	Rules uint8
	Names float32
}

// match is a row's candidate best match.
type match struct {
	Other int64
	Score float64
	P     int64
}

// edge is a pair at or above the threshold.
type edge struct {
	A, B int64
	P    float64
}

// clusterOf is a row's cluster: its root row and its size.
type clusterOf struct {
	Root, Size int64
}

// result is what dedupe found for one row, with where the row came from.
// Cluster and Match are the row ids of R's cluster and best match (-1:
// none); with dedupe.idColumn, ClusterID and MatchID are their IDs.
type result struct {
	ID, Src, Row       int64
	R                  dedupe.RowResult
	Cluster, Match     int64
	ClusterID, MatchID string
}

// counts are the counts of the group and compare steps; they add up.
type counts struct {
	Blocks, Capped, Pairs                   int64
	Calls, Failed, Local, NotSent, MemoHits int64
}

func init() {
	beam.RegisterCoder(reflect.TypeFor[row](), encRow, decRow)
	beam.RegisterCoder(reflect.TypeFor[keyedRow](), encKeyedRow, decKeyedRow)
	beam.RegisterCoder(reflect.TypeFor[cand](), encCand, decCand)
	beam.RegisterCoder(reflect.TypeFor[result](), encResult, decResult)
	beam.RegisterCoder(reflect.TypeFor[dedupe.Model](), encModel, decModel)
	beam.RegisterCoder(reflect.TypeFor[dedupe.FieldRows](), encFieldRows, decFieldRows)
	beam.RegisterCoder(reflect.TypeFor[dedupe.WordCounts](), encWords, decWords)
	beam.RegisterType(reflect.TypeFor[keySize]())
	beam.RegisterType(reflect.TypeFor[match]())
	beam.RegisterType(reflect.TypeFor[edge]())
	beam.RegisterType(reflect.TypeFor[clusterOf]())
	beam.RegisterType(reflect.TypeFor[counts]())
	beam.RegisterType(reflect.TypeFor[idCell]())
}

var errCoding = errors.New("dedupeflow: bad element encoding")

// Results, the model and the field counts travel as JSON, which keeps
// float64 values exactly (shortest round-trip form). (Beam registers
// coder functions by name: no generic ones.)
func encResult(v result) ([]byte, error) { return json.Marshal(v) }

func decResult(b []byte) (result, error) {
	var v result
	err := json.Unmarshal(b, &v)
	return v, err
}

func encModel(v dedupe.Model) ([]byte, error) { return json.Marshal(v) }

func decModel(b []byte) (dedupe.Model, error) {
	var v dedupe.Model
	err := json.Unmarshal(b, &v)
	return v, err
}

func encWords(v dedupe.WordCounts) ([]byte, error) { return json.Marshal(v) }

func decWords(b []byte) (dedupe.WordCounts, error) {
	var v dedupe.WordCounts
	err := json.Unmarshal(b, &v)
	return v, err
}

func encFieldRows(v dedupe.FieldRows) ([]byte, error) { return json.Marshal(v) }

func decFieldRows(b []byte) (dedupe.FieldRows, error) {
	var v dedupe.FieldRows
	err := json.Unmarshal(b, &v)
	return v, err
}

// appendIDs appends a row's id, position and tie.
func appendIDs(b []byte, id, pos int64, tie uint32) []byte {
	b = binary.AppendVarint(b, id)
	b = binary.AppendVarint(b, pos)
	return binary.LittleEndian.AppendUint32(b, tie)
}

// readIDs reads what appendIDs wrote and returns the rest of b.
func readIDs(b []byte) (id, pos int64, tie uint32, rest []byte, err error) {
	id, n := binary.Varint(b)
	if n <= 0 {
		return 0, 0, 0, nil, errCoding
	}
	b = b[n:]
	pos, n = binary.Varint(b)
	if n <= 0 || len(b) < n+4 {
		return 0, 0, 0, nil, errCoding
	}
	return id, pos, binary.LittleEndian.Uint32(b[n:]), b[n+4:], nil
}

func encRow(r row) ([]byte, error) {
	return r.F.AppendBinary(appendIDs(nil, r.ID, r.Pos, r.Tie))
}

func decRow(b []byte) (row, error) {
	var r row
	var err error
	if r.ID, r.Pos, r.Tie, b, err = readIDs(b); err != nil {
		return r, err
	}
	return r, r.F.UnmarshalBinary(b)
}

func encKeyedRow(r keyedRow) ([]byte, error) {
	b := appendIDs(nil, r.ID, r.Pos, r.Tie)
	b = binary.AppendUvarint(b, uint64(len(r.Keys)))
	for _, k := range r.Keys {
		b = binary.LittleEndian.AppendUint64(b, k.Hash)
		b = binary.AppendUvarint(b, uint64(k.Size))
		b = append(b, byte(k.Rule))
	}
	return r.F.AppendBinary(b)
}

func decKeyedRow(b []byte) (keyedRow, error) {
	var r keyedRow
	var err error
	if r.ID, r.Pos, r.Tie, b, err = readIDs(b); err != nil {
		return r, err
	}
	nk, n := binary.Uvarint(b)
	if n <= 0 || nk > uint64(len(b)) {
		return r, errCoding
	}
	b = b[n:]
	r.Keys = make([]dedupe.Key, nk)
	for i := range r.Keys {
		if len(b) < 8 {
			return r, errCoding
		}
		r.Keys[i].Hash, b = binary.LittleEndian.Uint64(b), b[8:]
		size, n := binary.Uvarint(b)
		if n <= 0 || size > math.MaxUint32 || len(b) < n+1 {
			return r, errCoding
		}
		r.Keys[i].Size, r.Keys[i].Rule, b = uint32(size), dedupe.Rule(b[n]), b[n+1:]
	}
	return r, r.F.UnmarshalBinary(b)
}

func encCand(c cand) ([]byte, error) {
	b := binary.AppendVarint(nil, c.A)
	b = binary.AppendVarint(b, c.B)
	b = binary.AppendUvarint(b, uint64(c.P))
	for _, s := range c.S {
		b = binary.AppendUvarint(b, uint64(s))
	}
	b = append(b, c.Rules)
	return binary.LittleEndian.AppendUint32(b, math.Float32bits(c.Names)), nil
}

func decCand(b []byte) (cand, error) {
	var c cand
	var vals [3 + len(dedupe.Shared{})]uint64
	for i := range vals {
		var n int
		if i < 2 {
			var v int64
			v, n = binary.Varint(b)
			vals[i] = uint64(v)
		} else {
			vals[i], n = binary.Uvarint(b)
		}
		if n <= 0 {
			return c, errCoding
		}
		b = b[n:]
	}
	c.A, c.B, c.P = int64(vals[0]), int64(vals[1]), dedupe.Pattern(vals[2])
	for i := range c.S {
		c.S[i] = uint32(vals[3+i])
	}
	if len(b) != 5 {
		return c, errCoding
	}
	c.Rules, c.Names = b[0], math.Float32frombits(binary.LittleEndian.Uint32(b[1:]))
	return c, nil
}
