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
		v := p.Pattern.Vector()
		b := p.B
		if int(r.Summary.ReferenceRows) > 0 {
			b += nIn // index into the row space
		}
		t := r.Model.Terms(p)
		row := &PairRow{
			RowA: r.idText(p.A, false), RowB: r.idText(p.B, true),
			Score: round4(p.Score), MatchWeight: round4(p.Weight), Linked: p.Linked,
			Name: FieldName.LevelName(v[FieldName]), BirthDate: FieldBirth.LevelName(v[FieldBirth]),
			Email: FieldEmail.LevelName(v[FieldEmail]), Phone: FieldPhone.LevelName(v[FieldPhone]),
			Address: FieldAddress.LevelName(v[FieldAddress]),
			NameA:   r.names.name(p.A), NameB: r.names.name(b),
		}
		row.setTerms(&t)
		for f := numFields; f < r.Model.fields(); f++ {
			row.Extra = append(row.Extra, r.Model.LevelName(f, v[f]), strconv.FormatFloat(round4(t.Level[f]), 'f', -1, 64))
		}
		out = append(out, row)
	}
	return out
}

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

// WritePairs writes the pairs file as CSV with a fixed header.
func (r *Result) WritePairs(w io.Writer) error {
	if len(r.Pairs) == 0 && len(r.Model.Extra) > 0 {
		var buf bytes.Buffer
		if err := r.writePairsExtra(&buf, []*PairRow{{}}, true); err != nil {
			return err
		}
		head, _, _ := strings.Cut(buf.String(), "\n")
		_, err := io.WriteString(w, head+"\n")
		return err
	}
	if len(r.Pairs) == 0 {
		// gocsv writes no header for an empty slice: write it alone.
		if err := gocsv.Marshal([]*PairRow{{}}, &headerOnly{w: w}); err != nil {
			return fmt.Errorf("pairs: %w", err)
		}
		return nil
	}
	for lo := 0; lo < len(r.Pairs); lo += pairsChunk {
		rows := r.pairRows(lo, min(lo+pairsChunk, len(r.Pairs)))
		var err error
		switch {
		case len(r.Model.Extra) > 0:
			err = r.writePairsExtra(w, rows, lo == 0)
		case lo == 0:
			err = gocsv.Marshal(rows, w)
		default:
			err = gocsv.MarshalWithoutHeaders(rows, w)
		}
		if err != nil {
			return fmt.Errorf("pairs: %w", err)
		}
	}
	return nil
}

// writePairsExtra writes the pairs file's lines of rows, after the
// header when header is set, with the extra comparisons' columns after
// gocsv's.
func (r *Result) writePairsExtra(w io.Writer, rows []*PairRow, header bool) error {
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
			for f := numFields; f < r.Model.fields(); f++ {
				line = append(line, r.Model.FieldName(f), "w_"+r.Model.FieldName(f))
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
