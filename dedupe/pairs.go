package dedupe

import (
	"bytes"
	"encoding/csv"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/gocarina/gocsv"

	"github.com/namepipe/namepipe/record"
)

// PairRow is one line of the pairs file (--pairs): a compared pair at or
// above the pairs threshold with its score, the comparison of every field
// and the terms its match weight is the sum of (Terms). Rows are named as
// in np_match_row: by their dedupe.idColumn IDs, else as 1-based data
// rows; in linking mode row_b is a row of the reference file.
type PairRow struct {
	RowA        string  `csv:"row_a"`
	RowB        string  `csv:"row_b"`
	Score       float64 `csv:"score"`
	MatchWeight float64 `csv:"match_weight"`
	Linked      bool    `csv:"linked"`
	Name        string  `csv:"name"`
	BirthDate   string  `csv:"birth_date"`
	Email       string  `csv:"email"`
	Phone       string  `csv:"phone"`
	Address     string  `csv:"address"`
	NameA       string  `csv:"name_a"`
	NameB       string  `csv:"name_b"`
	// The terms (TermNames), rounded to 4 decimals like match_weight:
	// they add up to it within 0.001.
	WPrior       float64 `csv:"w_prior"`
	WName        float64 `csv:"w_name"`
	WBirthDate   float64 `csv:"w_birth_date"`
	WEmail       float64 `csv:"w_email"`
	WPhone       float64 `csv:"w_phone"`
	WAddress     float64 `csv:"w_address"`
	WTFName      float64 `csv:"w_tf_name"`
	WTFBirthDate float64 `csv:"w_tf_birth_date"`
	WTFEmail     float64 `csv:"w_tf_email"`
	WTFPhone     float64 `csv:"w_tf_phone"`
	WTFAddress   float64 `csv:"w_tf_address"`
	// Extra holds, per extra comparison (dedupe.compare), its level and
	// its term, the columns <column> and w_<column> after the others.
	Extra []string `csv:"-"`
}

// setTerms fills the term columns.
func (p *PairRow) setTerms(t *Terms) {
	vals := t.TermValues()
	for i, dst := range []*float64{&p.WPrior, &p.WName, &p.WBirthDate, &p.WEmail, &p.WPhone, &p.WAddress,
		&p.WTFName, &p.WTFBirthDate, &p.WTFEmail, &p.WTFPhone, &p.WTFAddress} {
		*dst = round4(vals[i])
	}
}

// PairRows returns the pairs file's lines.
func (r *Result) PairRows() []*PairRow { return r.pairRows(0, len(r.Pairs)) }

// pairRows returns the pairs file's lines of pairs lo to hi.
func (r *Result) pairRows(lo, hi int) []*PairRow {
	out := make([]*PairRow, 0, hi-lo)
	nIn := int32(r.NumRows())
	for i := lo; i < hi; i++ {
		p := &r.Pairs[i]
		b := p.B
		if int(r.Summary.ReferenceRows) > 0 {
			b += nIn // index into the row space
		}
		out = append(out, r.Model.PairRow(p, r.idText(p.A, false), r.idText(p.B, true), r.names.name(p.A), r.names.name(b)))
	}
	return out
}

// PairRow returns the pairs file's line of pair p of this model's run,
// whose rows are named rowA and rowB (as in np_match_row) and whose
// names are nameA and nameB (NameText).
func (m *Model) PairRow(p *Pair, rowA, rowB, nameA, nameB string) *PairRow {
	v := p.Pattern.Vector()
	t := m.Terms(p)
	row := &PairRow{
		RowA: rowA, RowB: rowB,
		Score: round4(p.Score), MatchWeight: round4(p.Weight), Linked: p.Linked,
		Name: FieldName.LevelName(v[FieldName]), BirthDate: FieldBirth.LevelName(v[FieldBirth]),
		Email: FieldEmail.LevelName(v[FieldEmail]), Phone: FieldPhone.LevelName(v[FieldPhone]),
		Address: FieldAddress.LevelName(v[FieldAddress]),
		NameA:   nameA, NameB: nameB,
	}
	row.setTerms(&t)
	for f := numFields; f < m.fields(); f++ {
		row.Extra = append(row.Extra, m.LevelName(f, v[f]), strconv.FormatFloat(round4(t.Level[f]), 'f', -1, 64))
	}
	return row
}

// NameText is a row's name as the pairs file shows it (name_a, name_b):
// its name fields' text, joined by spaces.
func NameText(f *Features) string { return nameText(f) }

// idText is rowID as text.
func (r *Result) idText(i int32, ref bool) string {
	return record.Format(r.rowID(i, ref), record.String)
}

func nameText(f *Features) string {
	var parts []string
	for _, n := range f.Names {
		parts = append(parts, n.String)
	}
	return strings.Join(parts, " ")
}

func round4(x float64) float64 {
	return float64(int64(x*10000+0.5*sign(x))) / 10000
}

func sign(x float64) float64 {
	if x < 0 {
		return -1
	}
	return 1
}

// pairsChunk is the number of the pairs file's lines made and written
// at a time: the lines of all pairs (~300 bytes each) are never in
// memory together.
const pairsChunk = 4096

// WritePairs writes the pairs file as CSV with a fixed header, made and
// written pairsChunk lines at a time.
func (r *Result) WritePairs(w io.Writer) error {
	if len(r.Pairs) == 0 {
		return r.Model.WritePairs(w, nil)
	}
	for lo := 0; lo < len(r.Pairs); lo += pairsChunk {
		rows := r.pairRows(lo, min(lo+pairsChunk, len(r.Pairs)))
		if err := r.Model.writePairLines(w, rows, lo == 0); err != nil {
			return err
		}
	}
	return nil
}

// WritePairs writes the lines of a pairs file of this model's run (in
// the order given) as CSV with a fixed header: the PairRow columns, then
// per extra comparison its level and its term.
func (m *Model) WritePairs(w io.Writer, rows []*PairRow) error {
	if len(rows) == 0 && len(m.Extra) > 0 {
		var buf bytes.Buffer
		if err := m.writePairsExtra(&buf, []*PairRow{{}}, true); err != nil {
			return err
		}
		head, _, _ := strings.Cut(buf.String(), "\n")
		_, err := io.WriteString(w, head+"\n")
		return err
	}
	if len(rows) == 0 {
		// gocsv writes no header for an empty slice: write it alone.
		if err := gocsv.Marshal([]*PairRow{{}}, &headerOnly{w: w}); err != nil {
			return fmt.Errorf("pairs: %w", err)
		}
		return nil
	}
	return m.writePairLines(w, rows, true)
}

// writePairLines writes the pairs file's lines of rows, after the header
// when header is set.
func (m *Model) writePairLines(w io.Writer, rows []*PairRow, header bool) error {
	var err error
	switch {
	case len(m.Extra) > 0:
		err = m.writePairsExtra(w, rows, header)
	case header:
		err = gocsv.Marshal(rows, w)
	default:
		err = gocsv.MarshalWithoutHeaders(rows, w)
	}
	if err != nil {
		return fmt.Errorf("pairs: %w", err)
	}
	return nil
}

// writePairsExtra writes the pairs file's lines of rows, after the
// header when header is set, with the extra comparisons' columns after
// gocsv's.
func (m *Model) writePairsExtra(w io.Writer, rows []*PairRow, header bool) error {
	var buf bytes.Buffer
	if err := gocsv.Marshal(rows, &buf); err != nil {
		return fmt.Errorf("pairs: %w", err)
	}
	lines, err := csv.NewReader(&buf).ReadAll()
	if err != nil {
		return fmt.Errorf("pairs: %w", err)
	}
	cw := csv.NewWriter(w)
	for i, line := range lines {
		if i == 0 {
			if !header {
				continue
			}
			for f := numFields; f < m.fields(); f++ {
				line = append(line, m.FieldName(f), "w_"+m.FieldName(f))
			}
		} else {
			line = append(line, rows[i-1].Extra...)
		}
		if err := cw.Write(line); err != nil {
			return fmt.Errorf("pairs: %w", err)
		}
	}
	cw.Flush()
	if err := cw.Error(); err != nil {
		return fmt.Errorf("pairs: %w", err)
	}
	return nil
}

// headerOnly passes only the first line through.
type headerOnly struct {
	w    io.Writer
	done bool
}

func (h *headerOnly) Write(p []byte) (int, error) {
	if h.done {
		return len(p), nil
	}
	if i := strings.IndexByte(string(p), '\n'); i >= 0 {
		h.done = true
		_, err := h.w.Write(p[:i+1])
		return len(p), err
	}
	return h.w.Write(p)
}
