package writers

// EscapeFormula defuses spreadsheet formula injection: a value that starts
// with = + - @ tab or carriage return gets a leading apostrophe, so that a
// spreadsheet shows it as text instead of evaluating it. Other values are
// returned unchanged.
//
// The CSV writer applies it to the columns marked in CSVOptions.Escape.
// The pipeline marks its result columns (which echo customer-supplied
// text), and all columns only with `--escape-formulas all`, so that input
// columns such as phone numbers (+49…) pass through byte for byte by
// default.
func EscapeFormula(s string) string {
	if needsFormulaEscape(s) {
		return "'" + s
	}
	return s
}

func needsFormulaEscape(s string) bool {
	if s == "" {
		return false
	}
	switch s[0] {
	case '=', '+', '-', '@', '\t', '\r':
		return true
	}
	return false
}
