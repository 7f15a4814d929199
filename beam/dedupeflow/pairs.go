package dedupeflow

import (
	"cmp"
	"encoding/json"
	"fmt"
	"reflect"
	"slices"
	"strconv"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"

	"github.com/namepipe/namepipe/dedupe"
	"github.com/namepipe/namepipe/outfile"
)

// The pairs file (--pairs): every scored pair at or above
// dedupe.pairsThreshold, as dedupe.Run writes it. A kept pair asks each
// of its rows for what the file shows of it (its position, cluster root,
// name and ID); the answers are joined back by pair, and one worker
// sorts the pairs in dedupe.Run's order (by the rows' positions) and
// writes the file (holding the pairs in memory, as dedupe.Run does).

// keptPair is a scored pair (row ids in P.A, P.B) and, once joined, what
// the pairs file shows of its rows (side 0: A, side 1: B).
type keptPair struct {
	P     dedupe.Pair
	Sides [2]pairSide
}

// pairSide is what the pairs file shows of a pair's row: its position,
// its cluster root (-1: none), its name and its ID text.
type pairSide struct {
	Pos, Root int64
	Name, ID  string
}

// sideRequest asks a row for its side of the pair Key.
type sideRequest struct {
	Key  int64
	Side int
}

// sideAnswer is a row's side of a pair.
type sideAnswer struct {
	Side int
	S    pairSide
}

func pairKey(a, b int64) int64 { return a<<32 | b }

// rowSide is what a row shows in the pairs file: its position, its
// cluster's root and its name; its ID is added by addIDText.
type rowSide struct {
	ID int64
	S  pairSide
}

// writePairs adds the pairs file's stages: kept are the scored pairs,
// byID the rows by row id, clusters the rows' clusters, idTexts (with
// dedupe.idColumn, else an empty PCollection) the rows' IDs.
func writePairs(s beam.Scope, path string, w workerConfig, link bool, kept, byID, clusters, idTexts, model, infos beam.PCollection, hasIDs bool) {
	s = s.Scope("pairs")
	sides := beam.ParDo(s, &sideOf{W: w}, beam.CoGroupByKey(s, byID, clusters), beam.SideInput{Input: infos})
	if hasIDs {
		sides = beam.ParDo(s, addIDText, beam.CoGroupByKey(s, beam.ParDo(s, sideByID, sides), idTexts))
	}
	answers := beam.ParDo(s, answerSides, beam.CoGroupByKey(s, beam.ParDo(s, sideByID, sides), beam.ParDo(s, requestSides, kept)))
	joined := beam.ParDo(s, joinSides, beam.CoGroupByKey(s, beam.ParDo(s, pairByKey, kept), answers))
	// once, also when no pair is kept (a file with the header alone)
	beam.ParDo0(s, &writePairsFn{Path: path, Link: link, W: w}, beam.Impulse(s), beam.SideInput{Input: joined}, beam.SideInput{Input: model})
}

// sideOf makes a row's side: its position, its cluster root and its name;
// its ID is its 1-based row (of the input, or of the reference) unless
// addIDText gives it its own.
type sideOf struct {
	W workerConfig
	l *layout
}

func (f *sideOf) ProcessElement(id int64, rows func(*row) bool, clusters func(*clusterOf) bool, srcs func(*srcInfo) bool, emit func(rowSide)) {
	var r row
	if !rows(&r) {
		return
	}
	if f.l == nil {
		l := newLayout(f.W.NumInputs, f.W.NumSources, srcs)
		f.l = &l
	}
	side := pairSide{Pos: r.Pos, Root: -1, Name: dedupe.NameText(&r.F)}
	var c clusterOf
	if clusters(&c) {
		side.Root = c.Root
	}
	n := r.Pos + 1
	if r.Pos >= f.l.nIn {
		n -= f.l.nIn // a row of the reference
	}
	side.ID = strconv.FormatInt(n, 10)
	emit(rowSide{ID: id, S: side})
}

func sideByID(r rowSide, emit func(int64, rowSide)) { emit(r.ID, r) }

func addIDText(_ int64, sides func(*rowSide) bool, ids func(*string) bool, emit func(rowSide)) {
	var r rowSide
	if !sides(&r) {
		return
	}
	var id string
	if ids(&id) {
		r.S.ID = id
	}
	emit(r)
}

func requestSides(p keptPair, emit func(int64, sideRequest)) {
	k := pairKey(int64(p.P.A), int64(p.P.B))
	emit(int64(p.P.A), sideRequest{Key: k, Side: 0})
	emit(int64(p.P.B), sideRequest{Key: k, Side: 1})
}

func answerSides(_ int64, sides func(*rowSide) bool, reqs func(*sideRequest) bool, emit func(int64, sideAnswer)) {
	var r rowSide
	if !sides(&r) {
		return
	}
	var q sideRequest
	for reqs(&q) {
		emit(q.Key, sideAnswer{Side: q.Side, S: r.S})
	}
}

func pairByKey(p keptPair, emit func(int64, keptPair)) { emit(pairKey(int64(p.P.A), int64(p.P.B)), p) }

func joinSides(_ int64, pairs func(*keptPair) bool, answers func(*sideAnswer) bool, emit func(keptPair)) {
	var p keptPair
	if !pairs(&p) {
		return
	}
	var a sideAnswer
	for answers(&a) {
		p.Sides[a.Side] = a.S
	}
	emit(p)
}

// writePairsFn writes the pairs file: dedupe.Run's lines in its order.
type writePairsFn struct {
	Path string
	Link bool
	W    workerConfig
}

func (f *writePairsFn) ProcessElement(_ []byte, it func(*keptPair) bool, model dedupe.Model) (err error) {
	cfg, err := f.W.parse()
	if err != nil {
		return err
	}
	set := cfg.Dedupe
	var pairs []keptPair
	var p keptPair
	for it(&p) {
		if !f.Link && p.Sides[0].Pos > p.Sides[1].Pos {
			// dedupe.Run's pair: the row first in the input first
			p.Sides[0], p.Sides[1] = p.Sides[1], p.Sides[0]
			p.P.A, p.P.B = p.P.B, p.P.A
		}
		a, b := p.Sides[0], p.Sides[1]
		if f.Link {
			b.Root = int64(p.P.B) // a reference row is its own root
		}
		p.P.Linked = p.P.Score >= set.Threshold && a.Root >= 0 && a.Root == b.Root
		pairs = append(pairs, p)
	}
	slices.SortFunc(pairs, func(x, y keptPair) int {
		return cmp.Or(cmp.Compare(x.Sides[0].Pos, y.Sides[0].Pos), cmp.Compare(x.Sides[1].Pos, y.Sides[1].Pos))
	})
	rows := make([]*dedupe.PairRow, len(pairs))
	for i := range pairs {
		p := &pairs[i]
		rows[i] = model.PairRow(&p.P, p.Sides[0].ID, p.Sides[1].ID, p.Sides[0].Name, p.Sides[1].Name)
	}
	out, err := outfile.Create(f.Path, outfile.Options{})
	if err != nil {
		return fmt.Errorf("--pairs: %w", err)
	}
	if err := model.WritePairs(out, rows); err != nil {
		out.Abort()
		return fmt.Errorf("--pairs %s: %w", f.Path, err)
	}
	if err := out.Commit(); err != nil {
		return fmt.Errorf("--pairs %s: %w", f.Path, err)
	}
	return nil
}

func init() {
	register.DoFn5x0[int64, func(*row) bool, func(*clusterOf) bool, func(*srcInfo) bool, func(rowSide)](&sideOf{})
	register.Function2x0(sideByID)
	register.Function4x0(addIDText)
	register.Function2x0(requestSides)
	register.Function4x0(answerSides)
	register.Function2x0(pairByKey)
	register.Function4x0(joinSides)
	register.DoFn3x1[[]byte, func(*keptPair) bool, dedupe.Model, error](&writePairsFn{})
	register.Emitter1[rowSide]()
	register.Emitter2[int64, rowSide]()
	register.Emitter2[int64, sideRequest]()
	register.Emitter2[int64, sideAnswer]()
	register.Emitter2[int64, keptPair]()
	register.Emitter1[keptPair]()
	register.Iter1[rowSide]()
	register.Iter1[sideRequest]()
	register.Iter1[sideAnswer]()
	register.Iter1[keptPair]()
	register.Iter1[string]()
	beam.RegisterCoder(reflect.TypeFor[keptPair](), encKept, decKept)
	beam.RegisterCoder(reflect.TypeFor[rowSide](), encSide, decSide)
	beam.RegisterCoder(reflect.TypeFor[sideAnswer](), encAnswer, decAnswer)
	beam.RegisterType(reflect.TypeFor[sideRequest]())
}

// The pairs' elements travel as JSON (float64 and float32 values exactly,
// and the pair's arrays).
func encKept(v keptPair) ([]byte, error) { return json.Marshal(v) }

func decKept(b []byte) (keptPair, error) {
	var v keptPair
	err := json.Unmarshal(b, &v)
	return v, err
}

func encSide(v rowSide) ([]byte, error) { return json.Marshal(v) }

func decSide(b []byte) (rowSide, error) {
	var v rowSide
	err := json.Unmarshal(b, &v)
	return v, err
}

func encAnswer(v sideAnswer) ([]byte, error) { return json.Marshal(v) }

func decAnswer(b []byte) (sideAnswer, error) {
	var v sideAnswer
	err := json.Unmarshal(b, &v)
	return v, err
}
