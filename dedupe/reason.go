package dedupe

// LinkReason is what the link rules (Model.Links, Model.Outweighed) make of a pair at
// or above the threshold: linked, or why not. dedupe.Run and
// namepipe-beam count pairs by it (Summary.CountAbove), so that both
// check the rules in one order.
type LinkReason uint8

const (
	// Linked: the pair may link (Links).
	Linked LinkReason = iota
	// NotLinkedOutweighed: one field that namesakes share agrees and two
	// or more disagree (Outweighed; Summary.PairsOutweighed).
	NotLinkedOutweighed
	// NotLinkedNameAlone: the name is the only field that agrees and
	// another disagrees (Summary.PairsNameAlone).
	NotLinkedNameAlone
)

// LinkReasons are all the reasons, in order.
var LinkReasons = []LinkReason{Linked, NotLinkedOutweighed, NotLinkedNameAlone}

// ReasonFor returns the reason of a pair with comparison p at or above
// the threshold, by the model's link rules (Model.Links,
// Model.Outweighed: an extra field whose agreement says little counts
// for neither side). A caller that checks many pairs takes the model's
// LinkRules once.
func (m *Model) ReasonFor(p Pattern) LinkReason { return m.LinkRules().ReasonFor(p) }

// ReasonFor is Model.ReasonFor.
func (r LinkRules) ReasonFor(p Pattern) LinkReason {
	switch {
	case r.Links(p):
		return Linked
	case r.Outweighed(p):
		return NotLinkedOutweighed
	default:
		return NotLinkedNameAlone
	}
}

// String is the reason's name: linked, outweighed or name_alone.
func (r LinkReason) String() string {
	switch r {
	case Linked:
		return "linked"
	case NotLinkedOutweighed:
		return "outweighed"
	case NotLinkedNameAlone:
		return "name_alone"
	}
	return "unknown"
}

// CountAbove adds n pairs at or above the threshold with reason r to the
// summary's counters (PairsAboveThreshold, PairsOutweighed,
// PairsNameAlone).
func (s *Summary) CountAbove(r LinkReason, n int64) {
	s.PairsAboveThreshold += n
	switch r {
	case NotLinkedOutweighed:
		s.PairsOutweighed += n
	case NotLinkedNameAlone:
		s.PairsNameAlone += n
	}
}
