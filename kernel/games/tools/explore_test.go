package tools_test

import (
	"context"
	"encoding/json"
	"fmt"
	"html"
	"math/big"
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"

	"gamelab/kernel"
	"gamelab/kernel/builtin"
	"gamelab/kernel/games"
	"gamelab/kernel/games/pile"
	"gamelab/kernel/games/tools"
	"gamelab/kernel/sessiontest"
)

func init() {
	if games.Lookup("pile") == nil { // the pile game is registered by its own tests only
		games.Register(pile.Game)
	}
}

// exploreDefined are games defined in the language for the explorer's
// tests: a two-player game scored at its end, a one-player game scored by
// its moves that minimises, and one with a rule.
const exploreDefined = `sub = game({name: "sub", rules: {take: 3}, moves: {1..min(#.state, #.rules.take)}, play: {#.state - #.move}, value: {-1}})
hop = game({name: "hop", players: ["you"], goal: "min", moves: {#.state > 0 ? [1, 2] : []}, play: {#.state - #.move}, earn: {#.move * #.move - #.state}})
grab = game({name: "grab", moves: {#.state > 0 ? 1..min(#.state, 3) : []}, play: {#.state - #.move}, earn: {#.move * #.state}})`

// exploreCase is an instance to explore: its expression and the order of
// play explore needs (Life Line), "" for none.
type exploreCase struct{ x, players string }

func exploreCases(r *rand.Rand) []exploreCase {
	var out []exploreCase
	row := func(n int) string {
		v := make([]string, n)
		for i := range v {
			v[i] = fmt.Sprint(r.IntN(25) - 5)
		}
		return "[" + strings.Join(v, ", ") + "]"
	}
	for _, rules := range []string{"{}", "{take: 2}", `{take: "2M"}`, `{ends: "left"}`, `{score: "rest"}`, `{take: 3, score: "rest"}`} {
		out = append(out, exploreCase{fmt.Sprintf("coins(%s, %s)", row(1+r.IntN(6)), rules), ""})
	}
	ops := []string{"+", "*"}
	for _, goal := range []string{"max", "min"} {
		for range 2 {
			n := 3 + r.IntN(3)
			var b strings.Builder
			for i := range n {
				fmt.Fprintf(&b, "%s %d ", ops[r.IntN(2)], r.IntN(11)-5+i*0)
			}
			out = append(out, exploreCase{fmt.Sprintf("with(polygon(%q), {goal: %q})", strings.TrimSpace(b.String()), goal), ""})
		}
	}
	for _, rules := range []string{"{}", `{capture: "others-first"}`, "{suicide: false}"} {
		out = append(out, exploreCase{fmt.Sprintf("with(randboard(%d, %d), %s)", 3+r.IntN(2), r.IntN(1000), rules), "[1, 2]"})
	}
	out = append(out, exploreCase{fmt.Sprintf(`randboard(3, %d, {grid: "square", suicide: false})`, r.IntN(1000)), "[2, 1, 3]"})
	out = append(out,
		exploreCase{fmt.Sprintf("pile(%d)", 1+r.IntN(9)), ""},
		exploreCase{fmt.Sprintf("pile(%d, {take: 2, misere: true})", 1+r.IntN(9)), ""},
		exploreCase{fmt.Sprintf("sub(%d)", 1+r.IntN(12)), ""},
		exploreCase{fmt.Sprintf("sub(%d, {take: 4})", 1+r.IntN(12)), ""},
		exploreCase{fmt.Sprintf("hop(%d)", 1+r.IntN(8)), ""},
		exploreCase{fmt.Sprintf("grab(%d)", 1+r.IntN(9)), ""},
	)
	return out
}

// Every move explore marks has the loss analyze gives it, in every game
// and variant and in games defined in the language, along lines made of
// the moves the explorer offers (what the page's clicks play); and the
// page's way back (ExploreAgain with the line as its buttons carry it)
// draws the same explorer.
func TestExploreLossesAreAnalyzes(t *testing.T) {
	r := rand.New(rand.NewPCG(30, 1))
	s := kernel.NewSession()
	sessiontest.Result(t, s, exploreDefined)
	ctx := context.Background()
	checked := 0
	for round := range 4 {
		for _, c := range exploreCases(r) {
			line, places := []any{}, []int{}
			for step := 0; ; step++ {
				lineJSON, _ := json.Marshal(line)
				call := fmt.Sprintf("explore(%s, %s)", c.x, lineJSON)
				if c.players != "" {
					call = fmt.Sprintf("explore(%s, %s, %s)", c.x, lineJSON, c.players)
				}
				if out := s.Execute(ctx, "e = "+call); out.Err != nil {
					t.Fatalf("round %d: %s: %s", round, call, out.Err.Msg)
				}
				v, verr := s.Value(ctx, "e")
				e := v.(*tools.Explorer)
				if verr != nil {
					t.Fatal(verr.Msg)
				}
				for i, m := range e.Moves {
					want := sessiontest.Result(t, s, fmt.Sprintf("analyze(e.position, [%s]).moves[1].loss", moveText(c, e, i)))
					if got := fmt.Sprint(m["loss"]); got != want {
						t.Fatalf("%s: move %v loses %s, analyze says %s", call, m["move"], got, want)
					}
					checked++
				}
				// In a cell: a defined game's parts run in the language.
				if _, err := s.Call(ctx, kernel.ExecOptions{}, func(env *builtin.Env) (any, error) {
					return nil, exhaustiveLosses(env.Ctx, e)
				}); err != nil {
					t.Fatalf("%s: %v", call, err)
				}
				if len(e.Moves) > 0 {
					if got, want := fmt.Sprint(e.Value), sessiontest.Result(t, s, "analyze(e.position, ["+moveText(c, e, 0)+"]).moves[1].value"); got != want {
						t.Fatalf("%s: value %s, analyze says %s", call, got, want)
					}
				}
				placesJSON, _ := json.Marshal(append([]int{}, places...))
				if !strings.Contains(e.HTML(), fmt.Sprintf(`data-line="%s"`, html.EscapeString(string(placesJSON)))) {
					t.Fatalf("%s: the page's line is not %s:\n%s", call, placesJSON, e.HTML())
				}
				id := regexp.MustCompile(`data-explorer="(\d+)"`).FindStringSubmatch(e.HTML())
				again, err := s.Call(ctx, kernel.ExecOptions{}, func(env *builtin.Env) (any, error) { return tools.ExploreAgain(env, id[1], places) })
				if err != nil {
					t.Fatalf("%s: from the page: %v", call, err)
				}
				if got, want := again.(*tools.Explorer).Text(), e.Text(); got != want {
					t.Fatalf("%s: from the page:\n%s\nwant\n%s", call, got, want)
				}
				if len(e.Moves) == 0 || step == 5 {
					break
				}
				i := r.IntN(len(e.Moves))
				var mv any
				json.Unmarshal([]byte(moveText(c, e, i)), &mv)
				line, places = append(line, mv), append(places, i)
			}
		}
	}
	if checked < 300 {
		t.Fatalf("only %d moves checked", checked)
	}
}

// moveText is move i of e as a line's item: its value, with its player
// for a game whose moves name their player (a Life Line stone [r, p, 4]).
func moveText(c exploreCase, e *tools.Explorer, i int) string {
	b, _ := json.Marshal(e.Moves[i]["move"])
	if c.players != "" {
		return fmt.Sprintf("%s, %v]", strings.TrimSuffix(string(b), "]"), e.Mover)
	}
	return string(b)
}

// Losses past 64 bits are exact in the text and in the page's buttons;
// bad arguments say what explore wants, and the session keeps going.
func TestExploreExactAndErrors(t *testing.T) {
	s := kernel.NewSession()
	sessiontest.Result(t, s, `e = explore(coins([100000000000000000000000000, 1, 3]))`)
	text := sessiontest.Result(t, s, "text(e)")
	if !strings.Contains(text, "R loses 199999999999999999999999994") {
		t.Fatalf("the loss is not exact:\n%s", text)
	}
	if h := sessiontest.Result(t, s, "e"); !strings.Contains(h, "In the web page the moves are buttons") {
		t.Fatalf("the text does not say what the page adds:\n%s", h)
	}
	v, _ := s.Value(context.Background(), "e")
	if page := v.(*tools.Explorer).HTML(); !strings.Contains(page, `title="&#34;R&#34; loses 199999999999999999999999994"`) {
		t.Fatalf("the button's title is not the exact loss:\n%s", page)
	}
	for call, want := range map[string]string{
		"explore(3)": "explore: argument 1 (x) must be",
		`explore(board(4, "2  2 3  1 0 4  1 1 4 0"))`:          "explore: argument 3 (players) gives the order of play",
		`explore(coins([1, 2]), "X")`:                          "explore: argument 2 (moves)",
		`explore(coins([1, 2]), "", [1, 2])`:                   "explore: argument 3 (players) gives the order of play",
		`explore(board(4, "2  2 3  1 0 4  1 1 4 0"), [], [0])`: "explore: argument 3 (players) cannot be the order of play: ",
	} {
		out := s.Execute(context.Background(), call)
		if out.Err == nil || !strings.Contains(out.Err.Msg, want) || strings.Contains(out.Err.Msg, "%!") {
			t.Errorf("%s: got %v, want %q", call, out.Err, want)
		}
	}
	if got := sessiontest.Result(t, s, "e.value"); got != "99999999999999999999999998" {
		t.Fatalf("the session lost e: %s", got)
	}
}

// exhaustiveLosses checks e's value and losses against the exhaustive
// search, which knows nothing of the games' own solvers; nil when they agree.
func exhaustiveLosses(ctx context.Context, e *tools.Explorer) error {
	pos := e.Position.(games.Position)
	if games.Over(pos) {
		return nil
	}
	value := func(p games.Position) *big.Int {
		if games.Over(p) {
			return p.Terminal()
		}
		ev, err := games.Exhaustive(ctx, p)
		if err != nil {
			panic(err)
		}
		return ev.Value
	}
	here := value(pos)
	if fmt.Sprint(e.Value) != here.String() {
		return fmt.Errorf("value %v, the exhaustive search says %s", e.Value, here)
	}
	for i, m := range pos.Legal() {
		next, err := pos.Play(m)
		if err != nil {
			return err
		}
		loss := games.Loss(pos, here, games.AfterValue(pos.Step(m), value(next)))
		if got := fmt.Sprint(e.Moves[i]["loss"]); got != loss.String() {
			return fmt.Errorf("move %s loses %s, the exhaustive search says %s", m, got, loss)
		}
	}
	return nil
}
