package tools_test

import (
	"context"
	"encoding/json"
	"fmt"
	"html"
	"math/big"
	"math/rand/v2"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"gamelab/kernel"
	"gamelab/kernel/builtin"
	"gamelab/kernel/games"
	"gamelab/kernel/games/coins"
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
				checkMarks(t, call, e, line)
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

// markRE finds a move's mark on a picture: the element carrying the
// move's place (its other markup, then its tooltip first inside it).
var markRE = regexp.MustCompile(`<(?:g|path)([^>]*) data-move="(\d+)" cursor="pointer"><title>([^<]*)</title>`)

// markedGames are the games whose pictures mark their moves.
var markedGames = map[string]bool{"coins": true, "polygon": true, "lifeline": true}

// buttonRE finds a move's button and its colour.
var buttonRE = regexp.MustCompile(`<button type="button" data-move="(\d+)" style="background:([^"]*)"`)

// checkMarks checks the picture of e, at the end of line: in a game that
// draws its moves (coins, the polygon, Life Line) every legal move has
// exactly one mark on it, on the move's own coin, edge or vertex, in its
// button's colour, with its exact loss in its tooltip; in other games none.
// Every move keeps its button.
func checkMarks(t *testing.T, call string, e *tools.Explorer, line []any) {
	t.Helper()
	page := e.HTML()
	picture := page[strings.Index(page, `class="explore-position"`):strings.Index(page, `class="explore-moves"`)]
	buttons := buttonRE.FindAllStringSubmatch(page, -1)
	if len(buttons) != len(e.Moves) {
		t.Fatalf("%s: %d buttons for %d moves", call, len(buttons), len(e.Moves))
	}
	pos := e.Position.(games.Position)
	marks := markRE.FindAllStringSubmatchIndex(picture, -1)
	if _, ok := pos.(games.MarkedPicturer); !ok {
		if markedGames[pos.Game().Name] {
			t.Fatalf("%s: the %s game draws no marked picture", call, pos.Game().Name)
		}
		if len(marks) > 0 {
			t.Fatalf("%s: a game without a marked picture has marks:\n%s", call, picture)
		}
		return
	}
	if len(marks) != len(e.Moves) {
		t.Fatalf("%s: %d marks on the picture for %d moves:\n%s", call, len(marks), len(e.Moves), picture)
	}
	legal, seen := pos.Legal(), map[int]bool{}
	for _, at := range marks {
		attrs, title := picture[at[2]:at[3]], html.UnescapeString(picture[at[6]:at[7]])
		i, _ := strconv.Atoi(picture[at[4]:at[5]])
		if seen[i] || i >= len(legal) {
			t.Fatalf("%s: move %d marked twice or not a move:\n%s", call, i, picture)
		}
		seen[i] = true
		want := games.Describe(legal[i]) + " loses " + fmt.Sprint(e.Moves[i]["loss"])
		if fmt.Sprint(e.Moves[i]["loss"]) == "0" {
			want += " (optimal)"
		}
		body := picture[at[1]:]
		body = body[:strings.Index(body, "</g>")]
		where := markedElement(pos, legal[i], line)
		if !strings.HasPrefix(title, where) || !strings.HasSuffix(title, "\n"+want) {
			t.Fatalf("%s: move %d's mark says %q, want %q then %q", call, i, title, where, want)
		}
		if colour := `"` + buttons[i][2] + `"`; !strings.Contains(attrs+body, colour) {
			t.Fatalf("%s: move %d's mark is not in its button's colour %s: %s%s", call, i, colour, attrs, body)
		}
	}
}

// markedElement is how the tooltip of move m's element starts: the last
// coin it takes (coins numbered from 1 in the whole row: line took some
// from each end), the edge it deletes or merges, the vertex it fills.
func markedElement(pos games.Position, m games.Move, line []any) string {
	switch pos.Game().Name {
	case "coins":
		lo, hi := 0, len(pos.(*coins.Coins).Row())
		for _, mv := range line {
			taken := mv.(string)
			k, err := strconv.Atoi(taken[1:])
			if err != nil {
				k = 1
			}
			if taken[0] == 'L' {
				lo += k
			} else {
				hi -= k
			}
		}
		k, err := strconv.Atoi(m.String()[1:])
		if err != nil {
			k = 1
		}
		if m.String()[0] == 'L' {
			return fmt.Sprintf("coin %d = ", lo+k)
		}
		return fmt.Sprintf("coin %d = ", hi-k+1)
	case "polygon":
		return "edge " + m.String() + " ("
	}
	return m.String() + " empty"
}

// Where two moves take the same coin last (L2 and R of two coins), each
// has its half of the coin.
func TestExploreMarksShareACoin(t *testing.T) {
	s := kernel.NewSession()
	sessiontest.Result(t, s, `e = explore(coins([10, 80, 90, 30], {take: 2}), "LR")`)
	v, _ := s.Value(context.Background(), "e")
	page := v.(*tools.Explorer).HTML()
	halves := regexp.MustCompile(`<path d="[^"]*" fill="[^"]*" stroke="#ffffff" data-move="(\d)" cursor="pointer"><title>coin 3 = 90&#xA;&#34;(\w+)&#34; loses`).FindAllStringSubmatch(page, -1)
	if len(halves) != 2 || halves[0][2] != "L2" || halves[1][2] != "R" {
		t.Fatalf("coin 3 is not shared by L2 and R: %q\n%s", halves, page)
	}
}
