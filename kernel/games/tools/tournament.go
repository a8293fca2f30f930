package tools

import (
	"fmt"
	"io"
	"maps"
	"math/big"
	"strings"
	"text/tabwriter"

	"gamelab/kernel/builtin"
	"gamelab/kernel/display"
	"gamelab/kernel/games"
	"gamelab/kernel/games/kit"
)

func init() {
	register(&builtin.Builtin{
		Name:      "tournament",
		Signature: `tournament(instances, strategies)`,
		Doc: `Plays every instance (a list of game values, such as map(1..1000, randcoins(20, #))) as match ` +
			`does, with strategies as match takes them ({A: greedy, B: optimal}, or one strategy for every ` +
			`mover), and returns a table: rows (one per instance: instance, its number from 1; moves, the line ` +
			`played; outcome, the totals or the score; loss, each side's, or one number for a game of one ` +
			`player), and summary (per side: games, mean, the mean loss as the nearest float; total, worst, ` +
			`worstAt, the instance of the worst; lost, how many games it lost anything in). json(t) has the ` +
			`same names, its mean exact: the fraction total/games in lowest terms, as a string ("106/3", "55"). ` +
			`Shown with a histogram of the losses (a picture in Jupyter).`,
		Example: `tournament(map(1..100, randcoins(20, #)), {A: greedy, B: optimal}).summary`,
		Returns: []any{&Tournament{}},
		Fn:      fnTournament,
	})
}

// Tournament is tournament(instances, strategies): every instance played
// out, each side's losses, and their summary.
type Tournament struct {
	// Rows has per instance: instance, moves, outcome, loss.
	Rows []map[string]any `expr:"rows"`
	// Summary has per side (or, for one side, itself): games, mean,
	// total, worst, worstAt, lost.
	Summary map[string]any `expr:"summary"`

	game   *games.Game
	sides  []string     // the sides that lose, in order; one "" for a one-player game
	losses [][]*big.Int // losses[k][i]: side k's loss in game i
	hist   display.Histogram
}

func (t *Tournament) TypeName() string { return "tournament" }

// rowBytes is about what one row of a tournament holds: its map, the
// line of moves, the outcome and the losses.
const rowBytes = 1024

func fnTournament(env *builtin.Env, args ...any) (any, error) {
	var list []any
	var strategies any
	if err := kit.Unpack("tournament", args, "instances", &list, "strategies", &strategies); err != nil {
		return nil, err
	}
	if len(list) == 0 {
		return nil, builtin.ArgError("tournament", 1, "instances", "is empty: give a list of game values, such as map(1..100, randcoins(20, #))")
	}
	instances := make([]games.Position, len(list))
	for i, x := range list {
		p, ok := x.(games.Position)
		if !ok {
			return nil, builtin.ArgError("tournament", 1, "instances", "has item %d that is %s, not a game value", i+1, kit.TypeName(x))
		}
		if i > 0 && p.Game() != instances[0].Game() {
			return nil, builtin.ArgError("tournament", 1, "instances", "mixes games: item 1 is %s, item %d %s", instances[0].Game().Title, i+1, p.Game().Title)
		}
		instances[i] = p
	}
	sides, err := ReadSides("tournament", 2, instances[0].Game(), strategies)
	if err != nil {
		return nil, err
	}
	if err := env.Reserve(int64(len(instances)) * rowBytes); err != nil {
		return nil, err
	}
	return PlayTournament(env, "tournament", instances, sides)
}

// PlayTournament plays every instance with sides and tabulates the
// losses.
func PlayTournament(env *builtin.Env, fn string, instances []games.Position, sides *Sides) (*Tournament, error) {
	g := instances[0].Game()
	t := &Tournament{game: g}
	if g.Turns == games.Solo {
		t.sides = []string{""}
	} else if g.Turns != games.Free {
		t.sides = g.Players
	} else {
		t.sides = sides.Players
		if t.sides == nil {
			return nil, builtin.Errorf("", "%s: give each player's strategy, as in {4: greedy, 2: optimal}", fn)
		}
	}
	t.losses = make([][]*big.Int, len(t.sides))
	for i, x := range instances {
		env.Report(int64(i), int64(len(instances)))
		for _, w := range warnings(x) {
			env.Warning(w)
		}
		if err := t.play(env, fn, i+1, x, sides); err != nil {
			if env.Ctx.Err() != nil || isStop(err) {
				return nil, err
			}
			return nil, fmt.Errorf("instance %d: %w", i+1, err)
		}
	}
	env.Report(int64(len(instances)), int64(len(instances)))
	t.summarise(len(instances))
	return t, nil
}

// play plays game i, instance x, and records its row: what analyze would
// say of the line, without the record of every turn.
func (t *Tournament) play(env *builtin.Env, fn string, i int, x games.Position, sides *Sides) error {
	positions, line, sv, err := playMatch(env, fn, x, sides)
	if err != nil {
		return err
	}
	steps := make([]games.Step, len(line))
	for k, m := range line {
		steps[k] = positions[k].Step(m)
	}
	evals, err := sv.line(positions, line, steps)
	if err != nil {
		return kit.SolverError(fn, err)
	}
	loss := map[string]*big.Int{}
	for k := range line {
		pos := positions[k]
		after := games.AfterValue(steps[k], evals[k+1].Value)
		l := games.Loss(pos, evals[k].Value, after)
		if prev := loss[pos.Mover()]; prev != nil {
			l.Add(l, prev)
		}
		loss[pos.Mover()] = l
	}
	end := positions[len(positions)-1]
	row := map[string]any{"instance": i, "moves": games.LineText(t.game, line)}
	if t.game.Scoring == games.AtEnd {
		row["outcome"] = nil
		if games.Over(end) {
			row["outcome"] = kit.Number(end.Terminal())
		}
	} else {
		totals := map[string]any{}
		for _, side := range t.sides {
			if side == "" && len(t.game.Players) == 1 {
				side = t.game.Players[0] // a game of one player scored by its moves: theirs
			}
			totals[side] = kit.Number(end.History().Total(side))
		}
		row["outcome"] = totals
	}
	perSide := map[string]any{}
	for k, side := range t.sides {
		l := new(big.Int)
		for player, v := range loss {
			if side == "" || player == side {
				l.Add(l, v)
			}
		}
		t.losses[k] = append(t.losses[k], l)
		perSide[side] = kit.Number(l)
	}
	row["loss"] = perSide[""]
	if t.sides[0] != "" {
		row["loss"] = perSide
	}
	t.Rows = append(t.Rows, row)
	return nil
}

// summarise fills Summary and the histogram from the losses of n games.
func (t *Tournament) summarise(n int) {
	t.Summary = map[string]any{}
	for k, side := range t.sides {
		total, worst, worstAt, lost := new(big.Int), new(big.Int), 1, 0
		for i, l := range t.losses[k] {
			total.Add(total, l)
			if l.Cmp(worst) > 0 {
				worst, worstAt = l, i+1
			}
			if l.Sign() > 0 {
				lost++
			}
		}
		// The nearest float to total / n: both are exact as big.Floats, and
		// Quo rounds once to 53 bits.
		mean, _ := new(big.Float).SetPrec(53).Quo(new(big.Float).SetInt(total), new(big.Float).SetInt64(int64(n))).Float64()
		s := map[string]any{"games": n, "mean": mean, "total": kit.Number(total), "worst": kit.Number(worst), "worstAt": worstAt, "lost": lost}
		if side == "" {
			t.Summary = s
		} else {
			t.Summary[side] = s
		}
	}
	t.hist = t.histogram()
}

// histogram bins the losses: one bin per loss while the worst is small,
// else "0" and ten ranges of equal width.
func (t *Tournament) histogram() display.Histogram {
	worst := new(big.Int)
	for _, ls := range t.losses {
		for _, l := range ls {
			if l.Cmp(worst) > 0 {
				worst = l
			}
		}
	}
	const bins = 10
	width := big.NewInt(1)
	if worst.Cmp(big.NewInt(2*bins)) > 0 {
		width.Add(width.Quo(new(big.Int).Sub(worst, big.NewInt(1)), big.NewInt(bins)), big.NewInt(1))
	}
	// bin of a loss: 0 for none, else 1 + (loss − 1) / width.
	nBins := 1 + int(new(big.Int).Quo(new(big.Int).Sub(worst, big.NewInt(1)), width).Int64()) + 1
	if worst.Sign() == 0 {
		nBins = 1
	}
	h := display.Histogram{Caption: fmt.Sprintf("losses over %s", kit.Count(len(t.Rows), "game", "games")), XLabel: "loss per game"}
	h.Bins = append(h.Bins, "0")
	for b := 1; b < nBins; b++ {
		lo := new(big.Int).Add(new(big.Int).Mul(big.NewInt(int64(b-1)), width), big.NewInt(1))
		hi := new(big.Int).Mul(big.NewInt(int64(b)), width)
		if width.Cmp(big.NewInt(1)) == 0 {
			h.Bins = append(h.Bins, lo.String())
		} else {
			h.Bins = append(h.Bins, lo.String()+"–"+hi.String())
		}
	}
	for k, side := range t.sides {
		counts := make([]int, nBins)
		for _, l := range t.losses[k] {
			b := 0
			if l.Sign() > 0 {
				b = 1 + int(new(big.Int).Quo(new(big.Int).Sub(l, big.NewInt(1)), width).Int64())
			}
			counts[b]++
		}
		name := side
		if side == "" {
			name = "loss"
		} else if t.game.Words.Player != "" {
			name = t.game.Words.Player + " " + side
		}
		h.Series = append(h.Series, display.Series{Name: name, Counts: counts})
	}
	return h
}

// Text is the rows (a long table shows its first and last), the summary
// and the histogram.
func (t *Tournament) Text() string { return kit.TextOf(t, false) }

func (t *Tournament) WriteText(w io.Writer, full bool) error {
	var b strings.Builder
	tw := tabwriter.NewWriter(&b, 0, 0, 2, ' ', 0)
	head := "instance\toutcome"
	for _, side := range t.sides {
		head += "\t" + strings.TrimSpace("loss "+side)
	}
	fmt.Fprintln(tw, head+"\tmoves")
	skipped := kit.TraceRows(len(t.Rows), full, func(i int) {
		row := t.Rows[i]
		line := fmt.Sprintf("%d\t%s", i+1, t.outcomeText(row["outcome"]))
		for k := range t.sides {
			line += "\t" + t.losses[k][i].String()
		}
		moves := row["moves"].(string)
		if len(moves) > 40 && !full {
			moves = moves[:40] + "…"
		}
		fmt.Fprintln(tw, line+"\t"+moves)
	}, func(int) { fmt.Fprintln(tw, "…"+strings.Repeat("\t", 2+len(t.sides))) }) // tabs keep one grid above and below
	tw.Flush()
	text := kit.TrimLines(b.String())
	if skipped > 0 {
		text += fmt.Sprintf("(%d rows not shown: t.rows[i] has each; text(t) lists them all)\n", skipped)
	}
	for k, side := range t.sides {
		s := t.Summary
		if side != "" {
			s = t.Summary[side].(map[string]any)
		}
		who := strings.TrimSpace(t.game.Words.Player + " " + side)
		if who == "" {
			who = "loss"
		}
		worst := t.losses[k][s["worstAt"].(int)-1].String()
		if worst != "0" {
			worst += fmt.Sprintf(" (instance %d)", s["worstAt"])
		}
		text += fmt.Sprintf("%s: mean %s, worst %s, lost something in %d of %d games\n",
			who, kit.FormatValue(s["mean"]), worst, s["lost"], s["games"])
	}
	return kit.WriteString(w, text+"\n"+t.hist.Text())
}

// outcomeText writes an outcome: a score, or the totals "A 110, B 100".
func (t *Tournament) outcomeText(x any) string {
	m, ok := x.(map[string]any)
	if !ok {
		return kit.FormatValue(x)
	}
	var parts []string
	for _, p := range kit.SortedKeys(m) {
		parts = append(parts, strings.TrimSpace(t.game.Words.Player+" "+p)+" "+kit.FormatValue(m[p]))
	}
	return strings.Join(parts, ", ")
}

// SVG is the histogram of the losses.
func (t *Tournament) SVG() string { return t.hist.SVG() }

func (t *Tournament) WriteSVG(w io.Writer, _ bool) error { return t.hist.WriteSVG(w) }

// JSONValue is rows and summary, as the fields name them.
func (t *Tournament) JSONValue() any {
	type row struct {
		Instance int    `json:"instance"`
		Moves    string `json:"moves"`
		Outcome  any    `json:"outcome"`
		Loss     any    `json:"loss"`
	}
	rows := make([]row, len(t.Rows))
	for i, r := range t.Rows {
		rows[i] = row{r["instance"].(int), r["moves"].(string), r["outcome"], r["loss"]}
	}
	var summary map[string]any
	if t.sides[0] == "" {
		summary = exactMean(t.Summary)
	} else {
		summary = map[string]any{}
		for side, s := range t.Summary {
			summary[side] = exactMean(s.(map[string]any))
		}
	}
	return struct {
		Rows    []row          `json:"rows"`
		Summary map[string]any `json:"summary"`
	}{rows, summary}
}

// exactMean is a side's summary as json writes it: its mean exact, the
// fraction total/games in lowest terms as a string ("106/3", "55"), where
// the float would not be (past 2^53 it looks like an integer it is not).
func exactMean(s map[string]any) map[string]any {
	total, _ := kit.ToBig(s["total"])
	out := maps.Clone(s)
	out["mean"] = new(big.Rat).SetFrac(total, big.NewInt(int64(s["games"].(int)))).RatString()
	return out
}
