package cache

import (
	"slices"
	"time"
)

// Probe decides whether a Memory pays for one user of it (one worker of
// the pipeline's local path, for one group of operations). A memo pays
// when what its hits save is more than what it costs: a key, a lookup per row and an
// insertion per miss. For an operation whose input rarely repeats (risk
// detection gets the whole person) or that costs less than a lookup (the
// disposable-email check), it does not. So for its first ProbeLookups rows a
// worker times its lookups (with the insertion of a miss) and the
// computing of the answers that missed; then it keeps the memo only if
// the hits saved more time than the memo took, with each kind's median
// time (a median, because a goroutine paused by the scheduler in one of
// them would make a mean say anything). BenchmarkProbeMisses shows what
// switching off saves (and BenchmarkRowsMisses the same for Rows).
type Probe struct {
	lookups, hits int
	// The times (ns) of lookups that hit, of lookups that missed with
	// their insertion, and of computing a miss's answers.
	hitTimes, missTimes, answerTimes []int64
	// Off is set when the memo does not pay (or has none to begin with).
	Off bool
}

// ProbeLookups is the number of lookups a Probe times before it decides;
// a variable for benchmarks.
var ProbeLookups = 4096

// Probing reports whether the probe still times lookups.
func (p *Probe) Probing() bool { return !p.Off && p.lookups < ProbeLookups }

// Count notes a lookup that hit or not, the time it took (with the
// insertion of a miss's answers) and, for a miss, the time of computing
// its answers. After ProbeLookups lookups it decides.
func (p *Probe) Count(hit bool, memoTime, answerTime time.Duration) {
	if !p.Probing() {
		return
	}
	p.lookups++
	if hit {
		p.hits++
		p.hitTimes = append(p.hitTimes, int64(memoTime))
	} else {
		p.missTimes = append(p.missTimes, int64(memoTime))
		p.answerTimes = append(p.answerTimes, int64(answerTime))
	}
	if p.lookups < ProbeLookups {
		return
	}
	if misses := len(p.missTimes); misses > 0 && p.hits > 0 {
		saved := int64(p.hits) * median(p.answerTimes)
		cost := int64(p.hits)*median(p.hitTimes) + int64(misses)*median(p.missTimes)
		p.Off = saved < cost
	} else {
		p.Off = p.hits == 0
	}
	p.hitTimes, p.missTimes, p.answerTimes = nil, nil, nil
}

// median returns the median of xs, which it sorts.
func median(xs []int64) int64 {
	slices.Sort(xs)
	return xs[len(xs)/2]
}
