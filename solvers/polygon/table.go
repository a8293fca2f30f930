package polygon

// Table is the DP table a solve filled (Options.KeepTable).
type Table struct {
	t *tables
}

// keep keeps t as the result's table.
func (t *tables) keep(first int, hi bool) *Table { return &Table{t: t} }
