package dedupeflow

import (
	"reflect"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"

	"github.com/namepipe/namepipe/dedupe"
)

// The rows' own IDs (dedupe.idColumn). dedupe.Run breaks every tie by ID
// (a row's best match, equally strong edges, the u sample's rows) and
// names a cluster by its smallest (or largest) member ID, so that the
// same rows in any order give the same clusters. Here the IDs are checked
// and ranked in one step (dedupe.IDs: an empty or repeated ID fails the
// job before any comparison), and each row takes its rank as its row id:
// the stages that break ties by row id then break them by ID. At the end
// each result looks up the IDs of its cluster and its best match.
//
// The ranking step holds every ID in memory on one worker (about the IDs'
// text plus 16 bytes a row): tens of millions of rows, not billions.

// rankFn checks and ranks the IDs of all rows. It emits KV<position, row
// id> and KV<row id, ID>.
type rankFn struct {
	W      workerConfig
	Column string
	// Paths are the sources' files, by source index (for messages).
	Paths []string
}

func (f *rankFn) ProcessElement(_ []byte, cells func(*idCell) bool, srcs func(*srcInfo) bool, emitRank func(int64, int64), emitID func(int64, string)) error {
	l := newLayout(f.W.NumInputs, f.W.NumSources, srcs)
	byPos := make([]idCell, l.nIn+l.nRef)
	var c idCell
	for cells(&c) {
		byPos[l.offsets[c.Prov>>srcShift]+c.Prov&(1<<srcShift-1)] = c
	}
	name := func(pos int32) (string, int64) {
		src, r := l.src(int64(pos))
		return f.Paths[src], r + 1
	}
	ids := dedupe.NewIDs(f.Column)
	for pos, c := range byPos {
		file, r := name(int32(pos))
		if err := ids.Add(c.ID, file, r, c.Line); err != nil {
			return err
		}
	}
	if err := ids.Finish(int32(l.nIn), name); err != nil {
		return err
	}
	in, ref := ids.InOrder()
	for base, rows := range map[int64][]int32{0: in, l.nIn: ref} {
		for k, pos := range rows {
			emitRank(int64(pos), base+int64(k))
			emitID(base+int64(k), ids.ID(pos))
		}
	}
	return nil
}

// setRank gives a row its rank as its row id.
func setRank(_ int64, rows func(*row) bool, ranks func(*int64) bool, emit func(row)) {
	var r row
	var rank int64
	if rows(&r) && ranks(&rank) {
		r.ID = rank
		emit(r)
	}
}

// idRequest asks for the ID of a row for the result of row For: the ID
// of its cluster (Match false) or of its best match.
type idRequest struct {
	For   int64
	Match bool
}

// idAnswer is a requested ID.
type idAnswer struct {
	Match bool
	ID    string
}

// attachIDs gives each result the IDs of its cluster and best match.
func attachIDs(s beam.Scope, results, ids beam.PCollection) beam.PCollection {
	s = s.Scope("ids")
	answers := beam.ParDo(s, answerIDs, beam.CoGroupByKey(s, ids, beam.ParDo(s, requestIDs, results)))
	return beam.ParDo(s, fillIDs, beam.CoGroupByKey(s, beam.ParDo(s, resultByID, results), answers))
}

func requestIDs(r result, emit func(int64, idRequest)) {
	if r.Cluster >= 0 {
		emit(r.Cluster, idRequest{For: r.ID})
	}
	if r.Match >= 0 {
		emit(r.Match, idRequest{For: r.ID, Match: true})
	}
}

func answerIDs(_ int64, ids func(*string) bool, reqs func(*idRequest) bool, emit func(int64, idAnswer)) {
	var id string
	if !ids(&id) {
		return
	}
	var q idRequest
	for reqs(&q) {
		emit(q.For, idAnswer{Match: q.Match, ID: id})
	}
}

func resultByID(r result, emit func(int64, result)) { emit(r.ID, r) }

func fillIDs(_ int64, results func(*result) bool, answers func(*idAnswer) bool, emit func(result)) {
	var r result
	if !results(&r) {
		return
	}
	var a idAnswer
	for answers(&a) {
		if a.Match {
			r.MatchID = a.ID
		} else {
			r.ClusterID = a.ID
		}
	}
	emit(r)
}

func init() {
	register.DoFn5x1[[]byte, func(*idCell) bool, func(*srcInfo) bool, func(int64, int64), func(int64, string), error](&rankFn{})
	register.Function4x0(setRank)
	register.Function2x0(requestIDs)
	register.Function4x0(answerIDs)
	register.Function2x0(resultByID)
	register.Function4x0(fillIDs)
	register.Emitter2[int64, string]()
	register.Emitter2[int64, idRequest]()
	register.Emitter2[int64, idAnswer]()
	register.Iter1[idCell]()
	register.Iter1[string]()
	register.Iter1[idRequest]()
	register.Iter1[idAnswer]()
	beam.RegisterType(reflect.TypeFor[idRequest]())
	beam.RegisterType(reflect.TypeFor[idAnswer]())
}
